import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlayerFilter, VideoRow } from '@pc/core/contracts/statistics';
import { PLAYER_FILTERS } from '@pc/core/contracts/keys';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ErrorState, Panel, QueryError, SectionTitle } from '../../../components/layout/QueryState.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import { DateRangeFilter, FilterBar, GroupingToggle } from '../../../components/filters/DateRangeFilter.tsx';
import { FilterSelect } from '../../../components/filters/FilterSelect.tsx';
import { useGrouping, useRangeFilter } from '../../../components/filters/range.ts';
import { oneOf, useUrlParams } from '../../../components/filters/url-state.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { useTableParams } from '../../../components/data-table/table-state.ts';
import { fetchAllPages } from '../../../components/data-table/fetch-all.ts';
import { Chart } from '../../../components/charts/Chart.tsx';
import { formatBucket, formatMoney, formatNumber, NO_VALUE } from '../../../lib/format.ts';
import { getVideosStat, useVideosStat } from '../api/get-videos-stat.ts';
import { useVideosToday } from '../api/get-videos-today.ts';
import { useProject } from '../components/use-project.ts';
import { TagFilter } from '../components/TagFilter.tsx';
import { tagFileSuffix, useTagFilter } from '../components/tag-filter.ts';

const CHART_POINTS = 200;

/** The figures that are not kept per sub-ID tag: null in the answers under a tag (decision 0209). */
const NOT_PER_TAG: ReadonlySet<string> = new Set<keyof VideoRow>(['video_files', 'unique_viewers', 'embed_viewers']);

/** A count that may be absent (not kept per tag): a dash, never 0. */
const countOrNone = (value: number | null) => (value === null ? NO_VALUE : formatNumber(value));

/**
 * Video statistics: today, views per bucket as a chart, and the table, for one player type or all, and for one
 * sub-ID tag or all (decision 0206). Under a tag, distinct viewers and video files are not kept: those columns, the
 * chart's unique viewers and today's card are not shown, and a line says so.
 */
export default function VideosPage() {
  const { t } = useTranslation('stats');
  const app = useProject();
  const range = useRangeFilter('30d');
  const [grouping, setGrouping] = useGrouping();
  const [params, update] = useUrlParams();
  const player = oneOf<PlayerFilter>(params.get('player'), PLAYER_FILTERS, 'all');
  const tag = useTagFilter();
  const perTag = tag.subId !== undefined;
  const table = useTableParams(['date'] as const, { key: 'date', dir: 'desc' });
  const base = { app, ...range.query, grouping, player_type: player, sub_id: tag.subId };
  const answer = useVideosStat({
    ...base,
    page: table.query.page,
    per_page: table.query.per_page,
    sort_dir: table.query.sort_dir,
  });
  const chart = useVideosStat({ ...base, page: 1, per_page: CHART_POINTS, sort_dir: 'desc' });
  const today = useVideosToday({ app, player_type: player, sub_id: tag.subId });
  const allColumns: TableColumn<VideoRow>[] = [
    {
      field: 'date',
      header: t('videos.date'),
      kind: 'day',
      sortable: true,
      minWidth: 120,
      render: (row) => formatBucket(row.date, grouping),
    },
    { field: 'video_files', header: t('videos.videoFiles'), kind: 'count' },
    { field: 'views', header: t('videos.views'), kind: 'count' },
    { field: 'unique_viewers', header: t('videos.uniqueViewers'), kind: 'count' },
    { field: 'embed_viewers', header: t('videos.embedViewers'), kind: 'count' },
    { field: 'sales', header: t('videos.sales'), kind: 'count' },
    { field: 'sum', header: t('videos.sum'), kind: 'money' },
  ];
  const columns = perTag ? allColumns.filter((column) => !NOT_PER_TAG.has(column.field)) : allColumns;
  const chartRows = [...(chart.data?.data ?? [])].reverse();
  const todayRow = today.data;
  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <FilterBar>
        <FilterSelect
          label={t('videos.playerType')}
          value={player}
          options={PLAYER_FILTERS}
          labelOf={(p) => t(`videos.players.${p}`)}
          onChange={(next) => update({ player: next === 'all' ? null : next })}
          testId="filter-player"
        />
        <DateRangeFilter state={range} />
        <GroupingToggle value={grouping} onChange={setGrouping} />
        <TagFilter app={app} range={range.query} value={tag.subId} onChange={tag.setSubId} />
      </FilterBar>
      <SectionTitle first>{t('videos.today')}</SectionTitle>
      <QueryError query={today} />
      <StatGrid>
        <StatCard
          label={t('videos.views')}
          value={todayRow ? formatNumber(todayRow.views) : ''}
          loading={today.isPending}
          testId="today-views"
        />
        {perTag ? null : (
          <StatCard
            label={t('videos.uniqueViewers')}
            value={todayRow ? countOrNone(todayRow.unique_viewers) : ''}
            loading={today.isPending}
            testId="today-unique-viewers"
          />
        )}
        <StatCard
          label={t('videos.sales')}
          value={todayRow ? formatNumber(todayRow.sales) : ''}
          loading={today.isPending}
        />
        <StatCard
          label={t('videos.sum')}
          value={todayRow ? formatMoney(todayRow.sum) : ''}
          loading={today.isPending}
        />
      </StatGrid>
      <Panel title={t('videos.chartTitle')}>
        {chart.isError ? (
          <ErrorState error={chart.error} onRetry={() => void chart.refetch()} />
        ) : (
          <Chart
            type="line"
            title={t('videos.chartTitle')}
            categoryLabel={t('videos.date')}
            categories={chartRows.map((row) => formatBucket(row.date, grouping))}
            series={[
              { key: 'views', label: t('videos.views'), data: chartRows.map((row) => row.views) },
              ...(perTag
                ? []
                : [
                    {
                      key: 'unique_viewers',
                      label: t('videos.uniqueViewers'),
                      data: chartRows.map((row) => row.unique_viewers),
                    },
                  ]),
            ]}
            valueKind="count"
          />
        )}
      </Panel>
      {perTag ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, mb: 1 }} data-testid="tag-figures-note">
          {t('videos.tagNote')}
        </Typography>
      ) : (
        <div style={{ height: 24 }} />
      )}
      <QueryError query={answer} />
      <DataTable
        label={t('videos.tableLabel')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.date}
        loading={answer.isFetching}
        paging={table.paging(answer.data?.meta.total ?? 0)}
        sort={table.sort}
        emptyTitle={t('videos.empty')}
        emptyMessage={t('videos.emptyHint')}
        export={{
          fileName: `videos-${app}-${player}-${grouping}${tagFileSuffix(tag.subId)}`,
          fetchAll: (progress) =>
            fetchAllPages(
              (page, perPage) =>
                getVideosStat({ ...base, sort_dir: table.query.sort_dir, page, per_page: perPage }),
              progress,
            ),
        }}
      />
    </PageLayout>
  );
}
