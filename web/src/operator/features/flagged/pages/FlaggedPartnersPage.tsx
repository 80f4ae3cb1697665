import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../components/data-table/fetch-all.ts';
import { useTableParams } from '../../../../components/data-table/table-state.ts';
import { FilterSelect } from '../../../../components/filters/FilterSelect.tsx';
import { useRangeFilter } from '../../../../components/filters/range.ts';
import { useUrlParams } from '../../../../components/filters/url-state.ts';
import { PageLayout } from '../../../../components/layout/PageLayout.tsx';
import { ErrorState } from '../../../../components/layout/QueryState.tsx';
import { formatDay, formatPercent } from '../../../../lib/format.ts';
import { TextFilter } from '../../../components/TextFilter.tsx';
import { getFlaggedPartners, useFlaggedPartners, type FlaggedPartnerRow } from '../api/get-flagged-partners.ts';
import { FlaggedFilterBar } from '../components/FlaggedFilterBar.tsx';
import { flaggedFilters, keptFilters, shareOf, sortOf, SORT_OPTIONS } from '../components/flagged-filters.ts';

/**
 * Flagged sales (flagged.read): each partner whose sales of the period were marked fraud or refunded, with how many
 * of their sales that is and what they no longer earn, highest share first; a row opens that partner's flagged sales.
 */
export default function FlaggedPartnersPage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const [params, update] = useUrlParams();
  const range = useRangeFilter('30d');
  const filters = flaggedFilters(params, range.query);
  const sort = sortOf(params);
  const partner = params.get('partner')?.trim() ?? '';
  const table = useTableParams(['share'] as const, { key: 'share', dir: 'desc' }, 50);
  const query = { ...filters, ...(partner ? { partner } : {}), sort };
  const answer = useFlaggedPartners({ ...query, page: table.query.page, per_page: table.query.per_page });
  const kept = keptFilters(params);

  const columns: TableColumn<FlaggedPartnerRow>[] = [
    {
      field: 'id',
      header: t('flagged.columns.partner'),
      minWidth: 90,
      flex: 0.5,
      hideable: false,
      value: (r) => `#${r.id}`,
      render: (r) => (
        <Link component={RouterLink} to={`/partners/${r.id}`} data-testid={`flagged-partner-${r.id}`} onClick={(event) => event.stopPropagation()}>
          #{r.id}
        </Link>
      ),
    },
    { field: 'email', header: t('flagged.columns.email'), minWidth: 200, flex: 1.4 },
    { field: 'share_bp', header: t('flagged.columns.share'), minWidth: 125, value: (r) => formatPercent(shareOf(r.share_bp)) },
    { field: 'flagged', header: t('flagged.columns.flagged'), kind: 'count', minWidth: 100 },
    { field: 'sales', header: t('flagged.columns.sales'), kind: 'count', minWidth: 90 },
    { field: 'fraud', header: t('flagged.columns.fraud'), kind: 'count', minWidth: 90 },
    { field: 'refunded', header: t('flagged.columns.refunded'), kind: 'count', minWidth: 100 },
    { field: 'flagged_amount', header: t('flagged.columns.amount'), kind: 'money', minWidth: 130 },
    { field: 'earnings_lost', header: t('flagged.columns.lost'), kind: 'money', minWidth: 130 },
  ];

  return (
    <PageLayout title={t('nav.flagged')} breadcrumbs={false} updatedAt={answer.dataUpdatedAt}>
      <FlaggedFilterBar range={range}>
        <TextFilter label={t('flagged.filters.partner')} value={partner} onApply={(next) => update({ partner: next || null, page: null })} helperText={t('flagged.filters.partnerHint')} testId="flagged-partner" />
        <FilterSelect
          label={t('flagged.filters.sort')}
          value={sort}
          options={SORT_OPTIONS}
          labelOf={(v) => t(`flagged.sorts.${v}`)}
          onChange={(next) => update({ sort: next === 'share' ? null : next, page: null })}
          testId="flagged-sort"
        />
      </FlaggedFilterBar>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="flagged-period">
        {t('flagged.period', { from: formatDay(filters.date_from), to: formatDay(filters.date_to), count: answer.data?.meta.total ?? 0 })}
      </Typography>
      {answer.isError && !answer.data ? (
        <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 1, sm: 2 } }}>
          <DataTable
            label={t('flagged.tableLabel')}
            columns={columns}
            rows={answer.data?.data ?? []}
            getRowId={(r) => r.id}
            loading={answer.isFetching}
            paging={table.paging(answer.data?.meta.total ?? 0)}
            onRowClick={(r) => void navigate(`/flagged/${r.id}${kept}`)}
            emptyTitle={t('flagged.empty')}
            emptyMessage={t('flagged.emptyHint')}
            export={{ fileName: `flagged-sales-${filters.date_from}-${filters.date_to}`, fetchAll: (onProgress) => fetchAllPages((page, perPage) => getFlaggedPartners({ ...query, page, per_page: perPage }), onProgress) }}
          />
        </Paper>
      )}
    </PageLayout>
  );
}
