import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SiteRow } from '@pc/core/contracts/sites';
import type { SiteStatus } from '@pc/core/rules/sites';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import type { ServerPaging } from '../../../components/data-table/types.ts';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { formatDate, formatPercent, NO_VALUE } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { useDeleteSite } from '../api/delete-site.ts';
import { useVerifySite } from '../api/verify-site.ts';

const STATUS_COLOR: Record<SiteStatus, 'default' | 'success' | 'error'> = {
  not_verified: 'default',
  active: 'success',
  banned: 'error',
  deleted: 'default',
};

/** One line under the domain; on hover or focus its whole text, or the longer `title`. */
function RowNote({ text, title, testId, warning = false }: { text: string; title?: string; testId: string; warning?: boolean }) {
  return (
    <Tooltip title={title ?? text}>
      <Typography
        variant="caption"
        color={warning ? 'warning.dark' : 'text.secondary'}
        noWrap
        tabIndex={0}
        data-testid={testId}
        sx={{ display: 'block', minWidth: 0, lineHeight: 1.3 }}
      >
        {text}
      </Typography>
    </Tooltip>
  );
}

/** An active site's failed re-check: since when, why, and until when the proof may be put back; null otherwise. */
function recheckFailedText(row: SiteRow, t: TFunction<'sites'>): string | null {
  if (row.status !== 'active' || !row.recheck || row.recheck.failures === 0 || !row.checked_at || !row.recheck.lapses_at) return null;
  const reason = row.check_error ? t(`reason.${row.check_error}`, { status: row.check_status ?? '' }) : '';
  return t('recheck.failed', { date: formatDate(row.checked_at), reason, lapse: formatDate(row.recheck.lapses_at) });
}

/**
 * What the checks of a site said: for a site not verified, the last check's reason (or that the re-checks ended
 * its verification); for an active one, when it was last confirmed and checked next, or, after a failed re-check,
 * until when the proof may be put back (decision 0152).
 */
function LastCheck({ row }: { row: SiteRow }) {
  const { t } = useTranslation('sites');
  const reason = row.check_error ? t(`reason.${row.check_error}`, { status: row.check_status ?? '' }) : '';
  if (row.status === 'active' && row.recheck) {
    const { recheck } = row;
    const failed = recheckFailedText(row, t);
    if (failed) return <RowNote text={failed} testId={`recheck-${row.id}`} warning />;
    return <RowNote text={t('recheck.proved', { date: formatDate(recheck.proved_at), next: formatDate(recheck.next_at) })} testId={`recheck-${row.id}`} />;
  }
  if (row.status !== 'not_verified') return null;
  if (row.lapsed_at) return <RowNote text={t('recheck.lapsed', { date: formatDate(row.lapsed_at) })} testId={`recheck-${row.id}`} warning />;
  if (!reason) return null;
  return (
    <RowNote
      text={t('table.lastCheck', { reason })}
      title={t(`check.failed.${row.check_error}`, { domain: row.domain, status: row.check_status ?? '' })}
      testId={`last-check-${row.id}`}
    />
  );
}

/** The outcome of the latest check started here, shown above the list. */
interface CheckOutcome {
  severity: 'success' | 'warning' | 'error';
  message: string;
}

/**
 * The partner's sites: visits, purchases, conversion and the bonus earned (today, 7 days, total), the status with
 * the last check's reason, and the actions: verify a site not verified yet, remove one (after confirmation).
 */
export function SitesTable({ rows, paging, loading }: { rows: SiteRow[]; paging: ServerPaging; loading: boolean }) {
  const { t } = useTranslation('sites');
  const verify = useVerifySite();
  const remove = useDeleteSite();
  const [removing, setRemoving] = useState<SiteRow | null>(null);
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);

  const refusal = (error: unknown, fallback: string): string | null => {
    if (!isApiError(error)) return fallback;
    if (error.status === 429) return t('check.tooOften');
    if (error.status >= 500 || error.status === 401 || error.status === 403) return null;
    return error.serverMessage || fallback;
  };

  const startCheck = (row: SiteRow) => {
    setOutcome(null);
    verify.mutate(row.id, {
      onSuccess: (answer) => {
        setOutcome({ severity: answer.verified ? 'success' : 'warning', message: answer.message });
        if (answer.verified) feedback.snackbar(answer.message);
      },
      onError: (error) => {
        const message = refusal(error, t('check.error'));
        if (message) setOutcome({ severity: 'error', message });
      },
    });
  };

  const columns: TableColumn<SiteRow>[] = [
    {
      field: 'domain',
      header: t('table.site'),
      minWidth: 200,
      flex: 2,
      hideable: false,
      // The domain, and under it what its checks said.
      render: (row) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Box component="span" dir="ltr" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', unicodeBidi: 'isolate', lineHeight: 1.4 }} title={row.url}>
            {row.domain}
          </Box>
          <LastCheck row={row} />
        </Box>
      ),
    },
    // Not verified yet: no figures (a dash), see table.figuresHint.
    { field: 'visits', header: t('table.visits'), kind: 'count', minWidth: 80 },
    { field: 'purchases', header: t('table.purchases'), kind: 'count', minWidth: 90 },
    {
      field: 'conversion_bp',
      header: t('table.conversion'),
      minWidth: 100,
      value: (row) => (row.conversion_bp === null ? NO_VALUE : formatPercent(row.conversion_bp / 10_000)),
    },
    { field: 'today', header: t('table.today'), kind: 'money', minWidth: 90 },
    { field: 'week', header: t('table.week'), kind: 'money', minWidth: 105 },
    { field: 'total', header: t('table.total'), kind: 'money', minWidth: 115 },
    {
      field: 'status',
      header: t('table.status'),
      minWidth: 130,
      value: (row) => t(`status.${row.status}`),
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <Chip size="small" variant="outlined" color={STATUS_COLOR[row.status]} label={t(`status.${row.status}`)} data-testid={`status-${row.id}`} />
        </Box>
      ),
    },
    {
      field: 'actions',
      header: t('table.actions'),
      minWidth: 180,
      hideable: false,
      value: () => '',
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          {/* Not verified yet, or verified but its last re-check did not find the proof: checked now on request. */}
          {row.status === 'not_verified' || (row.status === 'active' && (row.recheck?.failures ?? 0) > 0) ? (
            <Button
              size="small"
              variant="contained"
              aria-label={t('table.verifyLabel', { domain: row.domain })}
              loading={verify.isPending && verify.variables === row.id}
              disabled={verify.isPending}
              onClick={() => startCheck(row)}
              data-testid={`verify-${row.id}`}
            >
              {t('table.verify')}
            </Button>
          ) : null}
          {row.status !== 'banned' ? (
            <Button size="small" color="error" aria-label={t('table.removeLabel', { domain: row.domain })} onClick={() => setRemoving(row)} data-testid={`remove-${row.id}`}>
              {t('table.remove')}
            </Button>
          ) : null}
        </Box>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      {outcome ? (
        <Alert severity={outcome.severity} onClose={() => setOutcome(null)} data-testid="verify-result">
          {outcome.message}
        </Alert>
      ) : null}
      {/* A verified site whose proof went missing is about to stop earning: said above the list, not only in its row. */}
      {rows.map((row) => {
        const failed = recheckFailedText(row, t);
        return failed ? (
          <Alert severity="warning" key={row.id} data-testid={`recheck-warning-${row.id}`}>
            <AlertTitle sx={{ unicodeBidi: 'isolate' }}>{row.domain}</AlertTitle>
            {failed}
          </Alert>
        ) : null;
      })}
      <DataTable
        label={t('table.label')}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        loading={loading}
        paging={paging}
        emptyTitle={t('table.empty')}
        emptyMessage={t('table.emptyHint')}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('delete.title')}
        message={t('delete.confirm', { domain: removing?.domain ?? '' })}
        confirmLabel={t('delete.action')}
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const row = removing;
          if (!row) return;
          remove.mutate(row.id, {
            onSuccess: (answer) => {
              setRemoving(null);
              setOutcome(null);
              feedback.snackbar(answer.message);
            },
            onError: (error) => {
              setRemoving(null);
              const message = refusal(error, t('delete.failed'));
              if (message) setOutcome({ severity: 'error', message });
            },
          });
        }}
      />
    </Box>
  );
}
