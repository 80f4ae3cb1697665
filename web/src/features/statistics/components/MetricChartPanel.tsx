import { useTranslation } from 'react-i18next';
import { ErrorState, Panel, type QueryLike } from '../../../components/layout/QueryState.tsx';
import { FilterSelect } from '../../../components/filters/FilterSelect.tsx';
import { Chart } from '../../../components/charts/Chart.tsx';
import type { GroupingValue } from '../../../components/filters/range.ts';
import { formatBucket } from '../../../lib/format.ts';

/**
 * The detailed screen's chart: one metric of its rows (oldest first) as bars, the metric chosen beside the title and
 * kept in the URL (`chart`, absent for the default). Shared by the whole figures and a tag's.
 */
export function MetricChartPanel<M extends string>({
  metric,
  metrics,
  defaultMetric,
  label,
  isMoney,
  rows,
  grouping,
  query,
  onMetric,
}: {
  metric: M;
  metrics: readonly M[];
  defaultMetric: M;
  label: (metric: M) => string;
  isMoney: (metric: M) => boolean;
  rows: readonly ({ date: string } & Record<M, number>)[];
  grouping: GroupingValue;
  query: Pick<QueryLike<unknown>, 'isError' | 'error' | 'refetch'>;
  onMetric: (next: M | null) => void;
}) {
  const { t } = useTranslation('stats');
  return (
    <Panel
      title={t('detailed.chartTitle')}
      action={
        <FilterSelect
          label={t('detailed.chartMetric')}
          value={metric}
          options={metrics}
          labelOf={label}
          onChange={(next) => onMetric(next === defaultMetric ? null : next)}
          testId="chart-metric"
          minWidth={200}
        />
      }
    >
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Chart
          type="bar"
          title={`${t('detailed.chartTitle')}: ${label(metric)}`}
          categoryLabel={t('detailed.date')}
          categories={rows.map((row) => formatBucket(row.date, grouping))}
          series={[{ key: metric, label: label(metric), data: rows.map((row) => row[metric]) }]}
          valueKind={isMoney(metric) ? 'money' : 'count'}
        />
      )}
    </Panel>
  );
}
