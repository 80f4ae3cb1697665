import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../../components/data-table/table-state.ts';
import { FilterBar } from '../../../../components/filters/DateRangeFilter.tsx';
import { FilterSelect } from '../../../../components/filters/FilterSelect.tsx';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { feedback } from '../../../../components/feedback/feedback-store.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { refusalMessage } from '../../../lib/errors.ts';
import { useExportLedgerCsv } from '../api/export-ledger-csv.ts';
import { useLedger } from '../api/get-ledger.ts';
import type { PartnerLedgerRow } from '../api/get-partner.ts';
import { KIND_OPTIONS, ledgerFilters, PROJECT_OPTIONS, SOURCE_OPTIONS } from './ledger-filters.ts';

/** The partner's ledger: filtered by kind, source, project and days (in the URL), paged by the server, exported as CSV. */
export function LedgerTab({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const [params, update] = useUrlParams();
  const filters = ledgerFilters(params);
  const table = useTableParams(['id'] as const, { key: 'id', dir: 'desc' }, 50);
  const ledger = useLedger(id, { ...filters, page: table.query.page, per_page: table.query.per_page });
  const exportCsv = useExportLedgerCsv();
  const kindLabel = (kind: string) => t(`partners.ledger.kinds.${kind}`, { defaultValue: kind });
  const sourceLabel = (source: string) => t(`partners.ledger.sources.${source}`, { defaultValue: source });

  const columns: TableColumn<PartnerLedgerRow>[] = [
    { field: 'id', header: t('partners.ledger.columns.id'), minWidth: 80, flex: 0.5, value: (r) => `#${r.id}` },
    { field: 'day', header: t('partners.ledger.columns.day'), kind: 'day', minWidth: 150 },
    { field: 'project', header: t('partners.ledger.columns.project'), minWidth: 90, flex: 0.5, value: (r) => r.project?.toUpperCase() ?? '—' },
    { field: 'kind', header: t('partners.ledger.columns.kind'), minWidth: 130, value: (r) => kindLabel(r.kind) },
    { field: 'source', header: t('partners.ledger.columns.source'), minWidth: 130, value: (r) => sourceLabel(r.source) },
    { field: 'amount', header: t('partners.ledger.columns.amount'), kind: 'money', minWidth: 120 },
    { field: 'available_at', header: t('partners.ledger.columns.availableAt'), kind: 'datetime', minWidth: 160 },
    { field: 'note', header: t('partners.ledger.columns.note'), minWidth: 180, flex: 1.5 },
  ];

  const date = (key: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      fullWidth={false}
      label={t(`partners.ledger.filters.${key}`)}
      value={params.get(key) ?? ''}
      onChange={(event) => update({ [key]: event.target.value || null })}
      sx={{ minWidth: 150, flex: { xs: '1 1 40%', sm: '0 1 160px' } }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `ledger-${key}` } }}
    />
  );

  return (
    <Box data-testid="partner-ledger">
      <FilterBar>
        <FilterSelect label={t('partners.ledger.filters.kind')} value={filters.kind ?? 'all'} options={KIND_OPTIONS} labelOf={(v) => (v === 'all' ? t('partners.ledger.filters.any') : kindLabel(v))} onChange={(next) => update({ kind: next === 'all' ? null : next })} testId="ledger-kind" />
        <FilterSelect label={t('partners.ledger.filters.source')} value={filters.source ?? 'all'} options={SOURCE_OPTIONS} labelOf={(v) => (v === 'all' ? t('partners.ledger.filters.any') : sourceLabel(v))} onChange={(next) => update({ source: next === 'all' ? null : next })} testId="ledger-source" />
        <FilterSelect label={t('partners.ledger.filters.project')} value={filters.project ?? 'all'} options={PROJECT_OPTIONS} labelOf={(v) => (v === 'all' ? t('partners.ledger.filters.any') : v.toUpperCase())} onChange={(next) => update({ project: next === 'all' ? null : next })} testId="ledger-project" minWidth={130} />
        {date('from')}
        {date('to')}
      </FilterBar>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary" data-testid="ledger-sum">
          {ledger.data ? t('partners.ledger.sum', { amount: formatMoney(ledger.data.sum) }) : '\u00a0'}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={exportCsv.isPending}
          data-testid="ledger-export"
          onClick={() => exportCsv.mutate({ id, filters }, { onError: (error) => feedback.snackbar(refusalMessage(error, t('partners.ledger.exportFailed'))) })}
        >
          {t('partners.ledger.export')}
        </Button>
      </Box>
      {ledger.isError && !ledger.data ? (
        <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : (
        <DataTable
          label={t('partners.ledger.tableLabel')}
          columns={columns}
          rows={ledger.data?.data ?? []}
          getRowId={(r) => r.id}
          loading={ledger.isFetching}
          paging={table.paging(ledger.data?.meta.total ?? 0)}
          emptyTitle={t('partners.ledger.empty')}
          rowHeight="auto"
        />
      )}
    </Box>
  );
}
