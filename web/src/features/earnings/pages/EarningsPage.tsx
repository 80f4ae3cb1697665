import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { EarningsRow } from '@pc/core/contracts/earnings';
import { resolveRange } from '@pc/core/contracts/ranges';
import type { ProjectId } from '@pc/core/projects';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import {
  ErrorState,
  LoadingBlock,
  Panel,
  QueryError,
  SectionTitle,
} from '../../../components/layout/QueryState.tsx';
import { StatCard, StatGrid } from '../../../components/layout/StatCard.tsx';
import { DateRangeFilter, FilterBar, GroupingToggle } from '../../../components/filters/DateRangeFilter.tsx';
import { useGrouping, useRangeFilter } from '../../../components/filters/range.ts';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { formatBucket, formatMoney } from '../../../lib/format.ts';
import { useEarningsStat } from '../api/get-earnings-stat.ts';
import { useEarningsToday } from '../api/get-earnings-today.ts';
import { useGoldStatus } from '../api/get-gold-status.ts';
import { GOLD_STATUS_LOADING_HEIGHT, GoldStatusPanel } from '../components/GoldStatusPanel.tsx';

const GROUPING = { day: 'days', week: 'weeks', month: 'months' } as const;
type MonthRow = { month: string; received: number; files_size_gb: number; storage_cost: number };

/** Earnings of a project: today, the gold status, the table by day/week/month and the month table. */
export default function EarningsPage() {
  const { t } = useTranslation('earnings');
  const app = useParams().app as ProjectId;
  const range = useRangeFilter('30d');
  const [grouping, setGrouping] = useGrouping();
  // The earnings call takes dates: a named period becomes the same days the other calls would cover.
  const days = range.query.period
    ? resolveRange({ period: range.query.period }, new Date())
    : { from: range.query.date_from!, to: range.query.date_to! };
  const answer = useEarningsStat({
    app,
    date_from: days.from,
    date_to: days.to,
    grouping: GROUPING[grouping],
  });
  const today = useEarningsToday({ app });
  const gold = useGoldStatus({ app });
  const columns: TableColumn<EarningsRow>[] = [
    {
      field: 'date',
      header: t('table.date'),
      kind: 'day',
      sortable: true,
      minWidth: 120,
      render: (row) => formatBucket(row.date, grouping),
    },
    { field: 'files', header: t('figures.files'), kind: 'money', sortable: true },
    { field: 'sites', header: t('figures.sites'), kind: 'money', sortable: true },
    { field: 'referrals', header: t('figures.referrals'), kind: 'money', sortable: true },
    { field: 'additional', header: t('figures.additional'), kind: 'money', sortable: true },
    { field: 'total', header: t('figures.total'), kind: 'money', sortable: true },
    { field: 'efficiency', header: t('figures.efficiency'), kind: 'money', sortable: true },
    { field: 'coins', header: t('figures.coins'), kind: 'count', sortable: true },
  ];
  const monthColumns: TableColumn<MonthRow>[] = [
    {
      field: 'month',
      header: t('months.month'),
      kind: 'day',
      sortable: true,
      render: (row) => formatBucket(row.month, 'month'),
    },
    { field: 'received', header: t('months.received'), kind: 'money', sortable: true },
    { field: 'files_size_gb', header: t('months.filesSize'), kind: 'gb', sortable: true },
    { field: 'storage_cost', header: t('months.storageCost'), kind: 'money', sortable: true },
  ];
  const todayRow = today.data;
  const totals = answer.data?.totals;
  return (
    <PageLayout updatedAt={answer.dataUpdatedAt}>
      <SectionTitle first>{t('today')}</SectionTitle>
      <QueryError query={today} />
      <StatGrid columns={5}>
        {(['files', 'sites', 'referrals', 'additional', 'total'] as const).map((key) => (
          <StatCard
            key={key}
            label={t(`figures.${key}`)}
            value={todayRow ? formatMoney(todayRow[key]) : ''}
            loading={today.isPending}
            testId={`today-${key}`}
          />
        ))}
      </StatGrid>
      <Panel title={t('gold.title')} id="gold-status">
        {gold.isPending ? (
          <LoadingBlock height={GOLD_STATUS_LOADING_HEIGHT} />
        ) : gold.isError ? (
          <ErrorState error={gold.error} onRetry={() => void gold.refetch()} />
        ) : (
          <GoldStatusPanel status={gold.data} />
        )}
      </Panel>
      <FilterBar>
        <span style={{ display: 'block', width: '100%', height: 8 }} />
        <DateRangeFilter state={range} />
        <GroupingToggle value={grouping} onChange={setGrouping} />
      </FilterBar>
      <QueryError query={answer} />
      <DataTable
        label={t('table.label')}
        columns={columns}
        rows={answer.data?.data ?? []}
        getRowId={(row) => row.date}
        loading={answer.isFetching}
        initialSort={{ key: 'date', dir: 'desc' }}
        emptyTitle={t('table.empty')}
        emptyMessage={t('table.emptyHint')}
        export={{ fileName: `earnings-${app}-${days.from}-${days.to}-${grouping}` }}
      />
      {totals ? (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="earnings-total">
          {t('table.totalForRange', {
            amount: formatMoney(totals.total),
            efficiency: formatMoney(totals.efficiency),
          })}
        </Typography>
      ) : null}
      <SectionTitle>{t('months.title')}</SectionTitle>
      <DataTable
        label={t('months.title')}
        columns={monthColumns}
        rows={answer.data?.months ?? []}
        getRowId={(row) => row.month}
        loading={answer.isFetching}
        initialSort={{ key: 'month', dir: 'desc' }}
        emptyTitle={t('table.empty')}
        export={{ fileName: `earnings-months-${app}-${days.from}-${days.to}` }}
      />
    </PageLayout>
  );
}
