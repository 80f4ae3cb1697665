import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import { useTranslation } from 'react-i18next';
import type { PayoutRow } from '@pc/core/contracts/payouts';
import type { PayoutSystem } from '@pc/core/product';
import { PAYOUT_SYSTEMS } from '@pc/core/product';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { NO_VALUE } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/http.ts';
import { PAYOUT_SORT_KEYS, getPayouts, usePayouts } from '../api/get-payouts.ts';
import { useDeletePayout } from '../api/delete-payout.ts';
import { statementUrl } from '../api/get-statement.ts';
import { convertedText, useConversionRateLine } from './ConvertedAmount.tsx';
import { AutomaticLabel, PayoutStatusChip } from './StatusChips.tsx';
import { refusalOf } from './server-errors.ts';
import { TimelineDialog } from './TimelineDialog.tsx';

const isSystem = (type: string): type is PayoutSystem => (PAYOUT_SYSTEMS as readonly string[]).includes(type);

/**
 * The payout requests, paged and sorted on the server (page, size and sort in the URL): date, amount, fee,
 * what was received, the wallet, the status. A request still `created` may be deleted after a confirmation;
 * a row (or its timeline button) opens the request's timeline.
 */
export function PayoutHistory({ processingDays }: { processingDays: number | undefined }) {
  const { t } = useTranslation('payouts');
  const { t: ts, i18n } = useTranslation('statements');
  const table = useTableParams(PAYOUT_SORT_KEYS, { key: 'created_date', dir: 'desc' });
  const answer = usePayouts(table.query);
  const remove = useDeletePayout();
  const [deleting, setDeleting] = useState<PayoutRow | null>(null);
  const [timelineOf, setTimelineOf] = useState<number | null>(null);
  const rateLine = useConversionRateLine();
  // The column only when the page has a payout converted to roubles or hryvnias: most partners are paid in dollars.
  const anyConverted = Boolean(answer.data?.data.some((row) => row.conversion));
  const walletOf = (row: PayoutRow) =>
    `${isSystem(row.wallet_type) ? t(`systems.${row.wallet_type}`) : row.wallet_type} ${row.payment_details}`.trim();

  // A card in roubles or hryvnias: what arrives in its currency, at the rate the request was quoted at.
  const convertedColumn: TableColumn<PayoutRow> = {
    field: 'conversion',
    header: t('history.columns.converted'),
    value: (row) => convertedText(row.conversion),
    minWidth: 130,
    render: (row) =>
      row.conversion ? (
        <Tooltip title={rateLine(row.conversion)}>
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', unicodeBidi: 'isolate' }} tabIndex={0}>
            {convertedText(row.conversion)}
          </Box>
        </Tooltip>
      ) : (
        NO_VALUE
      ),
  };
  const columns: TableColumn<PayoutRow>[] = [
    {
      field: 'created_date',
      header: t('history.columns.date'),
      kind: 'datetime',
      sortable: true,
      minWidth: 175,
    },
    { field: 'amount', header: t('history.columns.amount'), kind: 'money', sortable: true },
    { field: 'fee', header: t('history.columns.fee'), kind: 'money', minWidth: 90 },
    { field: 'received', header: t('history.columns.received'), kind: 'money' },
    ...(anyConverted ? [convertedColumn] : []),
    {
      field: 'payment_details',
      header: t('history.columns.details'),
      value: walletOf,
      minWidth: 170,
      flex: 1.5,
      render: (row) => (
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', unicodeBidi: 'isolate' }}>
          {walletOf(row)}
        </Box>
      ),
    },
    {
      field: 'status',
      header: t('history.columns.status'),
      sortable: true,
      value: (row) => (row.automatic ? `${t(`history.statuses.${row.status}`)} · ${t('auto.label')}` : t(`history.statuses.${row.status}`)),
      render: (row) => (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
          <PayoutStatusChip status={row.status} />
          {row.automatic ? <AutomaticLabel /> : null}
        </Box>
      ),
      minWidth: 170,
    },
    {
      field: 'actions',
      header: t('history.columns.actions'),
      value: () => '',
      hideable: false,
      minWidth: 110,
      flex: 0.5,
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <Tooltip title={t('history.timeline')}>
            <IconButton
              size="small"
              aria-label={t('history.timelineLabel', { id: row.id })}
              onClick={(event) => {
                event.stopPropagation();
                setTimelineOf(row.id);
              }}
            >
              <TimelineOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {row.status === 'accepted' ? (
            <Tooltip title={ts('screen.history.statement')}>
              <IconButton
                size="small"
                component="a"
                href={statementUrl(row.id, i18n.language)}
                download
                aria-label={ts('screen.history.statementLabel', { id: row.id })}
                data-testid={`statement-${row.id}`}
                onClick={(event) => event.stopPropagation()}
              >
                <ReceiptLongOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {row.can_delete ? (
            <Tooltip title={t('history.delete')}>
              <IconButton
                size="small"
                color="error"
                aria-label={t('history.deleteLabel', { id: row.id })}
                onClick={(event) => {
                  event.stopPropagation();
                  setDeleting(row);
                }}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      ),
    },
  ];

  return (
    <>
      <QueryError query={answer} />
      <DataTable
        label={t('history.tableLabel')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.id}
        loading={answer.isFetching}
        paging={table.paging(answer.data?.meta.total ?? 0)}
        sort={table.sort}
        onRowClick={(row) => setTimelineOf(row.id)}
        emptyTitle={t('history.empty')}
        emptyMessage={t('history.emptyHint')}
        export={{
          fileName: 'payouts',
          fetchAll: (progress) =>
            fetchAllPages(
              (page, perPage) => getPayouts({ ...table.query, page, per_page: perPage }),
              progress,
            ),
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('history.deleteTitle')}
        message={t('history.deleteConfirm')}
        confirmLabel={t('history.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting;
          if (!row) return;
          remove.mutate(row.id, {
            onSuccess: () => {
              setDeleting(null);
              feedback.snackbar(t('history.deleted'));
            },
            onError: (error) => {
              // A security check keeps the question open: the call is repeated once the check passes.
              if (isApiError(error) && error.status === 403) return;
              setDeleting(null);
              if (isApiError(error) && error.status >= 500) return;
              const { general, fields } = refusalOf(error, [], t('history.deleteFailed'));
              feedback.message(
                'error',
                t('wallets.refusedTitle'),
                [...general, ...Object.values(fields)].join(' '),
              );
            },
          });
        }}
      />
      <TimelineDialog
        id={timelineOf}
        processingDays={processingDays}
        onClose={() => setTimelineOf(null)}
        walletOf={walletOf}
      />
    </>
  );
}
