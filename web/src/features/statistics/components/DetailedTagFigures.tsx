import { useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProjectId } from '@pc/core/projects';
import type { DetailedAnswer, DetailedTagAnswer, DetailedTagRow, DetailedTagToday, DetailedTodayAnswer } from '@pc/core/contracts/statistics';
import { DETAILED_TAG_SORT_KEYS } from '@pc/core/contracts/keys';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { QueryError, SectionTitle } from '../../../components/layout/QueryState.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import type { GroupingValue, RangeFilterState } from '../../../components/filters/range.ts';
import { oneOf, useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { formatBucket, formatMoney, formatNumber } from '../../../lib/format.ts';
import { getDetailedBase, useDetailedBase } from '../api/get-detailed-base.ts';
import { useDetailedToday } from '../api/get-detailed-today.ts';
import { MetricChartPanel } from './MetricChartPanel.tsx';
import { CountriesDialog } from './CountriesDialog.tsx';

/** The figures the tag rollup keeps, as the chart's choices (earnings first, as on the tags screen). */
const TAG_CHART_METRICS = ['earned_micro', 'downloads', 'counted_downloads', 'sales', 'rebills', 'hits'] as const;
type TagChartMetric = (typeof TAG_CHART_METRICS)[number];
/** The chart shows at most this many of the latest buckets (one page of the call). */
const CHART_POINTS = 200;

/**
 * The answers of this tag only: while a new filter loads, the calls keep the previous answer on screen, which may
 * be another tag's or every figure; none of those numbers show under this tag.
 */
function ofTag(answer: DetailedAnswer | undefined, subId: string): DetailedTagAnswer | undefined {
  return answer && 'sub_id' in answer && answer.sub_id === subId ? answer : undefined;
}
function todayOfTag(answer: DetailedTodayAnswer | undefined, subId: string): DetailedTagToday | undefined {
  return answer && 'sub_id' in answer && answer.sub_id === subId ? answer : undefined;
}

/**
 * The detailed screen filtered by a sub-ID tag (decision 0206): today, the chart and the table from the tag rollup,
 * the same numbers as the tags screen's days. The rollup keeps no reasons downloads did not count and no download and
 * sale earnings apart, so the table has no such columns; a day opens the tag's country groups (kept per tag, decision
 * 0209), which have them. The gold bonus and the copies are not kept per tag at all: a line says so.
 */
export function DetailedTagFigures({
  app,
  subId,
  range,
  grouping,
  filters,
}: {
  app: ProjectId;
  /** The tag; '' for the events without one. */
  subId: string;
  range: RangeFilterState;
  grouping: GroupingValue;
  filters: ReactNode;
}) {
  const { t } = useTranslation('stats');
  // The tag's figures carry the tags screen's names (its namespace loads with this screen).
  const { t: tagsT } = useTranslation('tags');
  const [params, update] = useUrlParams();
  const metric = oneOf(params.get('chart'), TAG_CHART_METRICS, 'earned_micro');
  const table = useTableParams(DETAILED_TAG_SORT_KEYS, { key: 'date', dir: 'desc' });
  const base = { app, ...range.query, grouping, sub_id: subId };
  const answer = useDetailedBase({ ...base, ...table.query });
  const chart = useDetailedBase({ ...base, page: 1, per_page: CHART_POINTS, sort_key: 'date', sort_dir: 'desc' });
  const today = useDetailedToday({ app, sub_id: subId });
  const rows = ofTag(answer.data, subId);
  const chartRows = [...(ofTag(chart.data, subId)?.data ?? [])].reverse();
  const todayRow = todayOfTag(today.data, subId);
  const [countriesOf, setCountriesOf] = useState<string | null>(null);

  const label = (key: TagChartMetric) => tagsT(`table.${key === 'earned_micro' ? 'earned' : key === 'counted_downloads' ? 'countedDownloads' : key}`);
  const columns: TableColumn<DetailedTagRow>[] = [
    { field: 'date', header: t('detailed.date'), kind: 'day', sortable: true, minWidth: 120, render: (row) => formatBucket(row.date, grouping) },
    { field: 'hits', header: label('hits'), kind: 'count', minWidth: 90 },
    { field: 'downloads', header: label('downloads'), kind: 'count', sortable: true, minWidth: 110 },
    { field: 'counted_downloads', header: label('counted_downloads'), kind: 'count', minWidth: 130 },
    { field: 'sales', header: label('sales'), kind: 'count', sortable: true, minWidth: 90 },
    { field: 'rebills', header: label('rebills'), kind: 'count', minWidth: 90 },
    // Sorted as `total`, the detailed table's sort key of what a row earned.
    { field: 'total', header: label('earned_micro'), kind: 'money', sortable: true, minWidth: 120, value: (row) => row.earned_micro },
  ];
  const fileTag = subId || 'none';
  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <SectionTitle first>{t('detailed.today')}</SectionTitle>
      <QueryError query={today} />
      <StatGrid>
        <StatCard label={label('downloads')} value={todayRow ? formatNumber(todayRow.downloads) : ''} loading={!todayRow && !today.isError} testId="today-downloads" />
        <StatCard label={label('counted_downloads')} value={todayRow ? formatNumber(todayRow.counted_downloads) : ''} loading={!todayRow && !today.isError} testId="today-counted" />
        <StatCard label={label('sales')} value={todayRow ? formatNumber(todayRow.sales) : ''} loading={!todayRow && !today.isError} testId="today-sales" />
        <StatCard label={label('earned_micro')} value={todayRow ? formatMoney(todayRow.earned_micro) : ''} loading={!todayRow && !today.isError} testId="today-earned" />
      </StatGrid>
      {filters}
      <MetricChartPanel
        metric={metric}
        metrics={TAG_CHART_METRICS}
        defaultMetric={'earned_micro'}
        label={label}
        isMoney={(m) => m === 'earned_micro'}
        rows={chartRows}
        grouping={grouping}
        query={chart}
        onMetric={(next) => update({ chart: next }, { resetPage: false })}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {grouping === 'day' ? t('detailed.rowHint') : t('detailed.rowHintGrouped')}
      </Typography>
      {/* What a tag's figures do not have. */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="tag-figures-note">
        {t('detailed.tagNote')}
      </Typography>
      <QueryError query={answer} />
      <DataTable
        label={t('detailed.tableLabel')}
        columns={columns}
        rows={rows?.data ?? []}
        getRowId={(row) => row.date}
        loading={answer.isFetching}
        paging={table.paging(rows?.meta.total ?? 0)}
        sort={table.sort}
        onRowClick={grouping === 'day' ? (row) => setCountriesOf(row.date) : undefined}
        emptyTitle={t('detailed.empty')}
        emptyMessage={t('detailed.emptyHint')}
        export={{
          fileName: `detailed-${app}-${grouping}-tag-${fileTag}`,
          fetchAll: (progress) =>
            fetchAllPages(async (page, perPage) => {
              const part = ofTag(await getDetailedBase({ ...base, ...table.query, page, per_page: perPage }), subId);
              if (!part) throw new Error('detailed/base answered other figures than the tag’s');
              return part;
            }, progress),
        }}
      />
      <CountriesDialog app={app} date={countriesOf} subId={subId} onClose={() => setCountriesOf(null)} />
    </PageLayout>
  );
}
