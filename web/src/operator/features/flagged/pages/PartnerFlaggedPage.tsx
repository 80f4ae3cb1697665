import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../components/data-table/fetch-all.ts';
import { useTableParams } from '../../../../components/data-table/table-state.ts';
import { useRangeFilter } from '../../../../components/filters/range.ts';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { formatDay, formatMoney, NO_VALUE } from '../../../../lib/format.ts';
import { getFlaggedSales, useFlaggedSales, type FlaggedSaleRow } from '../api/get-flagged-sales.ts';
import { FlaggedFilterBar } from '../components/FlaggedFilterBar.tsx';
import { flaggedFilters, keptFilters } from '../components/flagged-filters.ts';
import { KindChip } from '../components/KindChip.tsx';

/** One partner's flagged sales of the period (flagged.read), newest first, with a link to the partner's page. */
export default function PartnerFlaggedPage() {
  const { t } = useTranslation('console');
  const id = Number(useParams().id);
  const [params] = useUrlParams();
  const range = useRangeFilter('30d');
  const filters = flaggedFilters(params, range.query);
  const table = useTableParams(['at'] as const, { key: 'at', dir: 'desc' }, 50);
  const answer = useFlaggedSales(id, { ...filters, page: table.query.page, per_page: table.query.per_page });
  const rows = answer.data?.data ?? [];
  const lostOnPage = rows.reduce((sum, r) => sum + r.earnings_lost, 0);

  const columns: TableColumn<FlaggedSaleRow>[] = [
    { field: 'at', header: t('flagged.sales.columns.at'), kind: 'datetime', minWidth: 150, hideable: false },
    { field: 'project', header: t('flagged.sales.columns.project'), minWidth: 75, value: (r) => r.project.toUpperCase() },
    { field: 'sale_id', header: t('flagged.sales.columns.sale'), minWidth: 120, flex: 0.6 },
    {
      field: 'file',
      header: t('flagged.sales.columns.file'),
      minWidth: 140,
      flex: 1,
      value: (r) => r.file_name || r.file_id || NO_VALUE,
      render: (r) => (
        <Box sx={{ py: 0.75, minWidth: 0, lineHeight: 1.3 }}>
          <Typography noWrap sx={{ fontSize: 14 }}>
            {r.file_name || NO_VALUE}
          </Typography>
          {r.file_id ? (
            <Typography noWrap variant="caption" color="text.secondary" component="div">
              {r.file_id}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { field: 'amount', header: t('flagged.sales.columns.amount'), kind: 'money', minWidth: 95 },
    { field: 'kind', header: t('flagged.sales.columns.kind'), minWidth: 125, value: (r) => t(`flagged.saleKinds.${r.kind}`), render: (r) => <KindChip kind={r.kind} /> },
    { field: 'status', header: t('flagged.sales.columns.status'), minWidth: 95, value: (r) => t(`flagged.statuses.${r.status}`) },
    { field: 'flagged_at', header: t('flagged.sales.columns.flaggedAt'), kind: 'datetime', minWidth: 150 },
    { field: 'earnings_lost', header: t('flagged.sales.columns.lost'), kind: 'money', minWidth: 110 },
  ];

  const back = (
    <Button component={RouterLink} to={`/flagged${keptFilters(params)}`} startIcon={<ArrowBackOutlined />} size="small" data-testid="flagged-back">
      {t('flagged.sales.back')}
    </Button>
  );

  return (
    <PageLayout title={t('flagged.sales.title', { id })} breadcrumbs={false} updatedAt={answer.dataUpdatedAt} actions={back}>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} data-testid="flagged-partner-head">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }} data-testid="flagged-partner-email">
            {answer.data?.partner.email ?? '\u00a0'}
          </Typography>
          <Link component={RouterLink} to={`/partners/${id}`} data-testid="flagged-open-partner">
            {t('flagged.sales.openPartner')}
          </Link>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="flagged-partner-summary">
          {answer.data
            ? t('flagged.sales.summary', { count: answer.data.meta.total, from: formatDay(filters.date_from), to: formatDay(filters.date_to) })
            : '\u00a0'}
          {answer.data && answer.data.meta.total <= answer.data.meta.per_page ? ` ${t('flagged.sales.lost', { amount: formatMoney(lostOnPage) })}` : ''}
        </Typography>
      </Paper>
      <FlaggedFilterBar range={range} />
      {answer.isError && !answer.data ? (
        <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 1, sm: 2 } }}>
          <DataTable
            label={t('flagged.sales.tableLabel')}
            columns={columns}
            rows={rows}
            getRowId={(r) => `${r.project}:${r.sale_id}`}
            loading={answer.isFetching}
            paging={table.paging(answer.data?.meta.total ?? 0)}
            emptyTitle={t('flagged.sales.empty')}
            rowHeight="auto"
            export={{ fileName: `flagged-sales-${id}-${filters.date_from}-${filters.date_to}`, fetchAll: (onProgress) => fetchAllPages((page, perPage) => getFlaggedSales(id, { ...filters, page, per_page: perPage }), onProgress) }}
          />
        </Paper>
      )}
    </PageLayout>
  );
}
