import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PayoutsInfoAnswer, PursesAnswer, PurseRow } from '@pc/core/contracts/payouts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { useDeletePurse } from '../api/delete-purse.ts';
import { useResendPurseLink } from '../api/resend-purse-link.ts';
import { useSetMainPurse } from '../api/set-main-purse.ts';
import { isRefusal, refusalOf } from './server-errors.ts';
import { WalletStateChip } from './StatusChips.tsx';
import { formatTerms } from './terms.ts';

/** Confirmed wallets first (as the server lists them), then those still waiting for their e-mailed link. */
export function allWallets(purses: PursesAnswer): PurseRow[] {
  return [...purses.purses, ...purses.purses_not_confirmed];
}

/**
 * Payout details: every wallet with its system, details, date, fee and minimum, state and main mark; set a
 * confirmed one as main, send a waiting one's confirmation link again, remove any but the main one (docs/product.md#payouts:
 * another verified wallet must become main first).
 */
export function WalletsTable({
  purses,
  info,
}: {
  purses: PursesAnswer;
  info: PayoutsInfoAnswer | undefined;
}) {
  const { t } = useTranslation(['payouts', 'dialogs']);
  const [removing, setRemoving] = useState<PurseRow | null>(null);
  const remove = useDeletePurse();
  const setMain = useSetMainPurse();
  const resendLink = useResendPurseLink();
  const rows = allWallets(purses);
  const waiting = purses.purses_not_confirmed;
  const systemName = (row: PurseRow) => t(`systems.${row.type}`);
  const walletName = (row: PurseRow) => `${systemName(row)} ${row.summary}`;

  const refused = (error: unknown, fallback: string) => {
    if (!isRefusal(error)) return;
    const { general, fields } = refusalOf(error, [], fallback);
    feedback.message(
      'error',
      t('wallets.refusedTitle'),
      [...general, ...Object.values(fields)].join(' ') || fallback,
    );
  };

  const askRemove = (row: PurseRow) => {
    // docs/product.md#dialogs-and-messages: the main wallet is never removed; say why at once instead of asking first.
    if (row.main)
      feedback.message('info', t('wallets.mainCannotBeRemovedTitle'), t('wallets.mainCannotBeRemoved'));
    else setRemoving(row);
  };

  const columns: TableColumn<PurseRow>[] = [
    {
      field: 'type',
      header: t('wallets.columns.type'),
      value: systemName,
      minWidth: 120,
      hideable: false,
    },
    {
      field: 'summary',
      header: t('wallets.columns.details'),
      minWidth: 220,
      flex: 1.5,
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            component="span"
            dir="ltr"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', unicodeBidi: 'isolate' }}
          >
            {row.summary}
          </Box>
          {row.main ? (
            <Chip size="small" color="primary" label={t('wallets.main')} data-testid="main-badge" />
          ) : null}
        </Box>
      ),
    },
    {
      field: 'created_at',
      header: t('wallets.columns.date'),
      value: (row) => formatDate(row.created_at),
      minWidth: 110,
    },
    {
      field: 'terms',
      header: t('wallets.columns.terms'),
      value: (row) => formatTerms(t, row),
      minWidth: 170,
    },
    {
      field: 'state',
      header: t('wallets.columns.status'),
      value: (row) =>
        t(`wallets.states.${row.state}`, { date: row.active_from ? formatDate(row.active_from) : '' }),
      render: (row) => <WalletStateChip wallet={row} />,
      minWidth: 260,
      flex: 1.5,
    },
    {
      field: 'actions',
      header: t('wallets.columns.actions'),
      value: () => '',
      minWidth: 220,
      hideable: false,
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          {row.confirmed_at && !row.main ? (
            <Button
              size="small"
              aria-label={t('wallets.setMainLabel', { wallet: walletName(row) })}
              disabled={setMain.isPending}
              onClick={() =>
                setMain.mutate(row.id, {
                  onSuccess: () => feedback.snackbar(t('wallets.mainSet', { wallet: walletName(row) })),
                  onError: (error) => refused(error, t('wallets.setMainFailed')),
                })
              }
            >
              {t('wallets.setMain')}
            </Button>
          ) : null}
          {row.confirmed_at ? null : (
            <Button
              size="small"
              aria-label={t('wallets.resendLinkLabel', { wallet: walletName(row) })}
              disabled={resendLink.isPending}
              onClick={() =>
                resendLink.mutate(row.id, {
                  onSuccess: (answer) => feedback.snackbar(answer.message),
                  onError: (error) => refused(error, t('wallets.resendFailed')),
                })
              }
            >
              {t('wallets.resendLink')}
            </Button>
          )}
          <Button
            size="small"
            color="error"
            aria-label={t('wallets.removeLabel', { wallet: walletName(row) })}
            onClick={() => askRemove(row)}
          >
            {t('wallets.remove')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {waiting.length ? (
        <Alert severity="info" data-testid="verification-in-progress">
          <AlertTitle>{t('wallets.verificationTitle')}</AlertTitle>
          {t('wallets.verificationMessage', {
            count: waiting.length,
            wallets: waiting.map(walletName).join(', '),
          })}
        </Alert>
      ) : null}
      <DataTable
        label={t('wallets.tableLabel')}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyTitle={t('wallets.empty')}
        emptyMessage={t('wallets.emptyHint')}
      />
      {info ? (
        <Typography variant="body2" color="text.secondary">
          {t('wallets.waitingPeriod', { count: info.hold_period })}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('wallets.removeTitle')}
        message={t('wallets.removeConfirm')}
        confirmLabel={t('wallets.remove')}
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const row = removing;
          if (!row) return;
          remove.mutate(row.id, {
            onSuccess: () => {
              setRemoving(null);
              feedback.snackbar(t('wallets.removed'));
            },
            onError: (error) => {
              // A security check keeps the question open: the call is repeated once the check passes.
              if (isApiError(error) && error.status === 403) return;
              setRemoving(null);
              refused(error, t('wallets.removeFailed'));
            },
          });
        }}
      />
    </Box>
  );
}
