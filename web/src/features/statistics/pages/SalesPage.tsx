import { useTranslation } from 'react-i18next';
import type { SaleRow } from '@pc/core/contracts/statistics';
import { SALE_SORT_KEYS } from '@pc/core/contracts/keys';
import { REVENUE_TYPES, SALE_STATUSES, type RevenueType, type SaleStatus } from '@pc/core/product';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryError } from '../../../components/layout/QueryState.tsx';
import { DateRangeFilter, FilterBar } from '../../../components/filters/DateRangeFilter.tsx';
import { useRangeFilter } from '../../../components/filters/range.ts';
import { FilterSelect } from '../../../components/filters/FilterSelect.tsx';
import { oneOf, useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { getSales, useSales } from '../api/get-sales.ts';
import { useProject } from '../components/use-project.ts';
import { SaleStatusChip } from '../components/StatusChip.tsx';
import { TagFilter } from '../components/TagFilter.tsx';
import { useTagFilter } from '../components/tag-filter.ts';
import { formatDay } from '../../../lib/format.ts';

const ALL = 'all';

/**
 * Statistics by sales: every sale of the last two years with its source, revenue type, payment and status; filtered
 * by revenue type, status and sub-ID tag (decision 0206).
 */
export default function SalesPage() {
  const { t } = useTranslation('stats');
  const app = useProject();
  const range = useRangeFilter('30d');
  const [params, update] = useUrlParams();
  const revenueType = oneOf<RevenueType | typeof ALL>(params.get('type'), [ALL, ...REVENUE_TYPES], ALL);
  const status = oneOf<SaleStatus | typeof ALL>(params.get('status'), [ALL, ...SALE_STATUSES], ALL);
  const tag = useTagFilter();
  const table = useTableParams(SALE_SORT_KEYS, { key: 'date', dir: 'desc' });
  const query = {
    app,
    ...range.query,
    ...table.query,
    revenue_type: revenueType === ALL ? undefined : revenueType,
    status: status === ALL ? undefined : status,
    sub_id: tag.subId,
  };
  const answer = useSales(query);
  const columns: TableColumn<SaleRow>[] = [
    { field: 'date', header: t('sales.date'), kind: 'datetime', sortable: true, minWidth: 160 },
    { field: 'email', header: t('sales.email'), minWidth: 170 },
    { field: 'file', header: t('sales.file'), value: (row) => row.file?.name ?? '', minWidth: 180, flex: 2 },
    {
      field: 'source',
      header: t('sales.source'),
      value: (row) => t(`sales.sources.${row.source}`),
      minWidth: 150,
    },
    {
      field: 'revenue_type',
      header: t('sales.revenueType'),
      value: (row) => t(`sales.revenueTypes.${row.revenue_type}`),
      minWidth: 130,
    },
    { field: 'payment_system', header: t('sales.paymentSystem'), minWidth: 130 },
    { field: 'tariff', header: t('sales.tariff'), minWidth: 130 },
    { field: 'file_sales', header: t('sales.fileSales'), kind: 'money', sortable: true },
    { field: 'site_sales', header: t('sales.siteSales'), kind: 'money', sortable: true },
    {
      field: 'status',
      header: t('sales.status'),
      value: (row) => t(`sales.statuses.${row.status}`),
      render: (row) => <SaleStatusChip status={row.status} />,
      minWidth: 120,
    },
    {
      // While a sale's earnings are on hold: the day they become available, as the balance releases them.
      field: 'on_hold_until',
      header: t('sales.availableFrom'),
      value: (row) => (row.on_hold_until ? formatDay(row.on_hold_until) : ''),
      minWidth: 140,
    },
  ];
  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <FilterBar>
        <DateRangeFilter state={range} />
        <FilterSelect
          label={t('sales.revenueType')}
          value={revenueType}
          options={[ALL, ...REVENUE_TYPES]}
          labelOf={(o) => (o === ALL ? t('all') : t(`sales.revenueTypes.${o}`))}
          onChange={(next) => update({ type: next === ALL ? null : next })}
          testId="filter-type"
        />
        <FilterSelect
          label={t('sales.status')}
          value={status}
          options={[ALL, ...SALE_STATUSES]}
          labelOf={(o) => (o === ALL ? t('all') : t(`sales.statuses.${o}`))}
          onChange={(next) => update({ status: next === ALL ? null : next })}
          testId="filter-status"
        />
        <TagFilter app={app} range={range.query} value={tag.subId} onChange={tag.setSubId} />
      </FilterBar>
      <QueryError query={answer} />
      <DataTable
        label={t('sales.tableLabel')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.id}
        loading={answer.isFetching}
        paging={table.paging(answer.data?.meta.total ?? 0)}
        sort={table.sort}
        emptyTitle={t('sales.empty')}
        emptyMessage={t('sales.emptyHint')}
        export={{
          fileName: `sales-${app}`,
          fetchAll: (progress) =>
            fetchAllPages((page, perPage) => getSales({ ...query, page, per_page: perPage }), progress),
        }}
      />
    </PageLayout>
  );
}
