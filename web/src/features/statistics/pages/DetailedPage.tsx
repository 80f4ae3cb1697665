import { useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DetailedAnswer, DetailedBaseAnswer, DetailedRow } from '@pc/core/contracts/statistics';
import type { ProjectId } from '@pc/core/projects';
import { DETAILED_SORT_KEYS } from '@pc/core/contracts/keys';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryError, SectionTitle } from '../../../components/layout/QueryState.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import { DateRangeFilter, FilterBar, GroupingToggle } from '../../../components/filters/DateRangeFilter.tsx';
import { useGrouping, useRangeFilter, type GroupingValue, type RangeFilterState } from '../../../components/filters/range.ts';
import { oneOf, useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { formatBucket, formatMoney, formatNumber } from '../../../lib/format.ts';
import { getDetailedBase, useDetailedBase } from '../api/get-detailed-base.ts';
import { useDetailedToday } from '../api/get-detailed-today.ts';
import { MetricChartPanel } from '../components/MetricChartPanel.tsx';
import { useProject } from '../components/use-project.ts';
import { CountriesDialog } from '../components/CountriesDialog.tsx';
import { DownloadsBreakdown } from '../components/DownloadsBreakdown.tsx';
import { DetailedTagFigures } from '../components/DetailedTagFigures.tsx';
import { TagFilter } from '../components/TagFilter.tsx';
import { useTagFilter } from '../components/tag-filter.ts';

const CHART_METRICS = ['total', 'downloads', 'sum', 'sales', 'per_1000', 'copies'] as const;
type ChartMetric = (typeof CHART_METRICS)[number];
const MONEY_METRICS = new Set<ChartMetric>(['total', 'sum', 'sales', 'per_1000']);
/** The chart shows at most this many of the latest buckets (one page of the call). */
const CHART_POINTS = 200;

/** Asked without `sub_id`, the call answers every figure (never a tag's). */
function allFigures(answer: DetailedAnswer): DetailedBaseAnswer {
  if ('sub_id' in answer) throw new Error('detailed/base answered a tag’s figures without a tag asked');
  return answer;
}

/**
 * Detailed statistics: today, the chosen figure as a chart, the table; a day opens its country groups. Filtered by
 * a sub-ID tag (decision 0206), the figures are the tag's alone (DetailedTagFigures).
 */
export default function DetailedPage() {
  const app = useProject();
  const range = useRangeFilter('30d');
  const [grouping, setGrouping] = useGrouping();
  const tag = useTagFilter();
  const filters = (
    <FilterBar>
      <DateRangeFilter state={range} />
      <GroupingToggle value={grouping} onChange={setGrouping} />
      <TagFilter app={app} range={range.query} value={tag.subId} onChange={tag.setSubId} />
    </FilterBar>
  );
  return tag.subId === undefined ? (
    <DetailedAllFigures app={app} range={range} grouping={grouping} filters={filters} />
  ) : (
    <DetailedTagFigures app={app} subId={tag.subId} range={range} grouping={grouping} filters={filters} />
  );
}

/** Every figure of the partner's days: the rollups' own, split by country group on demand. */
function DetailedAllFigures({
  app,
  range,
  grouping,
  filters,
}: {
  app: ProjectId;
  range: RangeFilterState;
  grouping: GroupingValue;
  filters: ReactNode;
}) {
  const { t } = useTranslation('stats');
  const [params, update] = useUrlParams();
  const metric = oneOf(params.get('chart'), CHART_METRICS, 'total');
  const table = useTableParams(DETAILED_SORT_KEYS, { key: 'date', dir: 'desc' });
  const base = { app, ...range.query, grouping };
  const answer = useDetailedBase({ ...base, ...table.query });
  const chart = useDetailedBase({
    ...base,
    page: 1,
    per_page: CHART_POINTS,
    sort_key: 'date',
    sort_dir: 'desc',
  });
  const today = useDetailedToday({ app });
  // A tag's answer that the calls keep on screen while these load (after the tag filter was cleared) is not shown.
  const answerRows = answer.data && !('sub_id' in answer.data) ? answer.data : undefined;
  const chartAnswer = chart.data && !('sub_id' in chart.data) ? chart.data : undefined;
  const todayRow = today.data && !('sub_id' in today.data) ? today.data : undefined;
  const [countriesOf, setCountriesOf] = useState<string | null>(null);

  const label = (key: string) => t(`detailed.${key === 'per_1000' ? 'per1000' : key}`);
  const columns: TableColumn<DetailedRow>[] = [
    {
      field: 'date',
      header: t('detailed.date'),
      kind: 'day',
      sortable: true,
      minWidth: 120,
      render: (row) => formatBucket(row.date, grouping),
    },
    {
      field: 'downloads',
      header: t('detailed.downloadsCounted'),
      kind: 'count',
      sortable: true,
      minWidth: 150,
      render: (row) => (
        <DownloadsBreakdown downloads={row.downloads} counted={row.counted_downloads} notCounted={row.not_counted} testId={`downloads-${row.date}`} />
      ),
    },
    { field: 'sum', header: label('sum'), kind: 'money', sortable: true },
    { field: 'avg_sales', header: t('detailed.avgSales'), kind: 'money' },
    { field: 'sales_count', header: t('detailed.salesCount'), kind: 'count' },
    { field: 'sales', header: label('sales'), kind: 'money', sortable: true },
    { field: 'gold', header: t('detailed.gold'), kind: 'money' },
    { field: 'copies', header: t('detailed.copies'), kind: 'count' },
    { field: 'total', header: label('total'), kind: 'money', sortable: true },
    { field: 'per_1000', header: label('per_1000'), kind: 'money' },
  ];
  const chartRows = [...(chartAnswer?.data ?? [])].reverse();
  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <SectionTitle first>{t('detailed.today')}</SectionTitle>
      <QueryError query={today} />
      <StatGrid>
        <StatCard
          label={label('downloads')}
          value={todayRow ? formatNumber(todayRow.downloads) : ''}
          note={
            todayRow ? (
              <>
                {t('detailed.countedNote')}{' '}
                <DownloadsBreakdown
                  downloads={todayRow.downloads}
                  counted={todayRow.counted_downloads}
                  notCounted={todayRow.not_counted}
                  testId="today-downloads-breakdown"
                />
              </>
            ) : undefined
          }
          loading={today.isPending}
          testId="today-downloads"
        />
        <StatCard
          label={label('sales')}
          value={todayRow ? formatMoney(todayRow.sales) : ''}
          note={todayRow ? t('detailed.salesNote', { count: todayRow.sales_count }) : undefined}
          loading={today.isPending}
        />
        <StatCard
          label={t('detailed.copies')}
          value={todayRow ? formatNumber(todayRow.copies) : ''}
          loading={today.isPending}
        />
        <StatCard
          label={label('total')}
          value={todayRow ? formatMoney(todayRow.total) : ''}
          loading={today.isPending}
          testId="today-total"
        />
      </StatGrid>
      {filters}
      <MetricChartPanel
        metric={metric}
        metrics={CHART_METRICS}
        defaultMetric={'total'}
        label={label}
        isMoney={(m) => MONEY_METRICS.has(m)}
        rows={chartRows}
        grouping={grouping}
        query={chart}
        onMetric={(next) => update({ chart: next }, { resetPage: false })}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, mb: 1 }}>
        {grouping === 'day' ? t('detailed.rowHint') : t('detailed.rowHintGrouped')}
      </Typography>
      <QueryError query={answer} />
      <DataTable
        label={t('detailed.tableLabel')}
        columns={columns}
        rows={answerRows?.data ?? []}
        getRowId={(row) => row.date}
        loading={answer.isFetching}
        paging={table.paging(answerRows?.meta.total ?? 0)}
        sort={table.sort}
        onRowClick={grouping === 'day' ? (row) => setCountriesOf(row.date) : undefined}
        emptyTitle={t('detailed.empty')}
        emptyMessage={t('detailed.emptyHint')}
        export={{
          fileName: `detailed-${app}-${grouping}`,
          fetchAll: (progress) =>
            fetchAllPages(
              async (page, perPage) => allFigures(await getDetailedBase({ ...base, ...table.query, page, per_page: perPage })),
              progress,
            ),
        }}
      />
      <CountriesDialog app={app} date={countriesOf} onClose={() => setCountriesOf(null)} />
    </PageLayout>
  );
}
