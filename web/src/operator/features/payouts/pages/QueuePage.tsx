import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayoutSystem } from '@pc/core/product';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../../components/data-table/table-state.ts';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useExportBatch, type ExportAnswer } from '../api/export-batch.ts';
import { useQueue, type QueuePayout } from '../api/get-queue.ts';
import { QueueFilters } from '../components/QueueFilters.tsx';
import { queueParams, SORT_FIELDS, WAITING } from '../components/queue-filters.ts';
import { StatusChip } from '../components/StatusChip.tsx';

/** A request that may go into a new batch: waiting and in no batch yet. */
const exportable = (r: QueuePayout) => (WAITING as readonly string[]).includes(r.status) && r.batch_id === null;

/** Payouts queue (payouts.read): the requests, filtered, sorted and paged in the URL; picked ones exported as a batch. */
export default function QueuePage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const [params] = useUrlParams();
  const table = useTableParams(SORT_FIELDS, { key: 'created_at', dir: 'asc' }, 50);
  const query = queueParams(params, table.query);
  const queue = useQueue(query);
  const exportBatch = useExportBatch();
  const [picked, setPicked] = useState<number[]>([]);
  const [exported, setExported] = useState<ExportAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayExport = mayDo(me, 'payouts.export');

  const rows = queue.data?.data ?? [];
  const pickedRows = rows.filter((r) => picked.includes(r.id));
  const systems = [...new Set(pickedRows.map((r) => r.wallet_type))];

  const columns: TableColumn<QueuePayout>[] = [
    {
      field: 'id',
      header: t('payouts.columns.id'),
      sortable: true,
      minWidth: 90,
      flex: 0.5,
      hideable: false,
      render: (r) => (
        <Link component={RouterLink} to={`/payouts/${r.id}`} data-testid={`queue-open-${r.id}`}>
          #{r.id}
        </Link>
      ),
    },
    { field: 'created_at', header: t('payouts.columns.created'), kind: 'datetime', sortable: true, minWidth: 160, value: (r) => r.created_date },
    {
      field: 'partner',
      header: t('payouts.columns.partner'),
      minWidth: 200,
      flex: 1.4,
      value: (r) => r.email,
      render: (r) => (
        <Box sx={{ py: 0.75, minWidth: 0, lineHeight: 1.3 }}>
          <Typography noWrap sx={{ fontSize: 14 }}>
            {r.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            #{r.user_id}
          </Typography>
        </Box>
      ),
    },
    { field: 'system', header: t('payouts.columns.system'), minWidth: 120, value: (r) => t(`payouts.systems.${r.wallet_type}`, { defaultValue: r.wallet_type }) },
    { field: 'amount', header: t('payouts.columns.amount'), kind: 'money', sortable: true, minWidth: 120 },
    { field: 'fee', header: t('payouts.columns.fee'), kind: 'money', minWidth: 100 },
    { field: 'status', header: t('payouts.columns.status'), minWidth: 120, value: (r) => t(`payouts.statuses.${r.status}`), render: (r) => <StatusChip status={r.status} /> },
    {
      field: 'four_eyes',
      header: t('payouts.columns.fourEyes'),
      minWidth: 150,
      value: (r) => (r.approval ? t('payouts.fourEyes.approvedBy', { name: r.approval.name }) : r.needs_approval ? t('payouts.fourEyes.needed') : ''),
    },
    {
      field: 'batch_id',
      header: t('payouts.columns.batch'),
      minWidth: 90,
      flex: 0.5,
      render: (r) =>
        r.batch_id ? (
          <Link component={RouterLink} to={`/payouts/batches/${r.batch_id}`}>
            #{r.batch_id}
          </Link>
        ) : null,
    },
  ];

  const runExport = () => {
    const system = systems[0] as PayoutSystem | undefined;
    if (!system || systems.length !== 1) return;
    setRefusal(null);
    exportBatch.mutate(
      { ids: pickedRows.map((r) => r.id), system },
      {
        onSuccess: (answer) => {
          setExported(answer);
          setPicked([]);
        },
        onError: (error) => setRefusal(refusalMessage(error, t('payouts.export.failed'))),
      },
    );
  };

  const exportBar = mayExport ? (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
      <Button size="small" variant="contained" startIcon={<FileDownloadOutlined />} disabled={pickedRows.length === 0 || systems.length !== 1} loading={exportBatch.isPending} onClick={runExport} data-testid="queue-export">
        {t('payouts.export.button')}
      </Button>
      <Typography variant="body2" color="text.secondary" data-testid="queue-picked">
        {pickedRows.length === 0 ? t('payouts.export.pickHint') : systems.length > 1 ? t('payouts.export.oneSystem') : t('payouts.export.picked', { count: pickedRows.length, system: t(`payouts.systems.${systems[0]}`) })}
      </Typography>
    </Box>
  ) : undefined;

  return (
    <PageLayout title={t('nav.payouts')} breadcrumbs={false} updatedAt={queue.dataUpdatedAt}>
      <QueueFilters />
      {exported ? (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="queue-exported"
          onClose={() => setExported(null)}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/payouts/batches/${exported.batch.id}`}>
              {t('payouts.export.openBatch')}
            </Button>
          }
        >
          {t('payouts.export.done', { id: exported.batch.id, count: exported.batch.items.length, file: exported.file.name })}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="queue-refusal" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      {queue.isError && !queue.data ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 1, sm: 2 } }}>
          {exportBar}
          <DataTable
            label={t('payouts.tableLabel')}
            columns={columns}
            rows={rows}
            getRowId={(r) => r.id}
            loading={queue.isFetching}
            paging={table.paging(queue.data?.meta.total ?? 0)}
            sort={table.sort}
            emptyTitle={t('payouts.empty')}
            emptyMessage={t('payouts.emptyHint')}
            rowHeight="auto"
            {...(mayExport ? { selection: { selected: picked, onChange: (ids) => setPicked(ids.map(Number)), isSelectable: exportable } } : {})}
          />
        </Paper>
      )}
    </PageLayout>
  );
}
