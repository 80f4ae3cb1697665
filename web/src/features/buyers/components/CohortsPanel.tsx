import { useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CohortRow, CohortsAnswer } from '@pc/core/contracts/buyers';
import { DataTable, type TableColumn } from '../../../components/data-table/DataTable.tsx';
import { Chart } from '../../../components/charts/Chart.tsx';
import { Panel } from '../../../components/layout/QueryState.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { formatCohortMonth } from './month.ts';

type Figure = 'share' | 'per_buyer';

/** How many cohorts the chart draws (the newest); the table holds them all. */
const CHART_COHORTS = 6;

/**
 * The cohorts: one row per month of first purchase, one column per month since it, showing either the share of the
 * cohort's buyers who rebilled in that month or the earnings per buyer; and a chart of the earnings per buyer of the
 * newest cohorts by month since the first purchase.
 */
export function CohortsPanel({ answer, loading, app }: { answer: CohortsAnswer; loading: boolean; app: string }) {
  const { t } = useTranslation('buyers');
  const [figure, setFigure] = useState<Figure>('share');
  const span = answer.data.reduce((max, c) => Math.max(max, c.months.length), 0);
  const offsets = Array.from({ length: span }, (_, k) => k);
  const cell = (row: CohortRow, k: number) => row.months[k];
  const columns: TableColumn<CohortRow>[] = [
    { field: 'month', header: t('cohorts.cohort'), minWidth: 140, hideable: false, value: (row) => row.month, render: (row) => formatCohortMonth(row.month) },
    { field: 'buyers', header: t('cohorts.buyers'), kind: 'count', minWidth: 100 },
    ...offsets.map(
      (k): TableColumn<CohortRow> =>
        figure === 'share'
          ? {
              field: `m${k}`,
              header: t('cohorts.month', { n: formatNumber(k) }),
              kind: 'count',
              minWidth: 110,
              // Exported as a plain fraction (0.5), shown as a percentage with the buyers behind it.
              value: (row) => (cell(row, k) ? Math.round(cell(row, k)!.rebill_share * 10_000) / 10_000 : null),
              render: (row) => {
                const m = cell(row, k);
                if (!m) return '';
                return (
                  <span title={t('cohorts.shareOf', { n: formatNumber(m.rebill_buyers), total: formatNumber(row.buyers) })}>
                    {formatPercent(m.rebill_share)}
                  </span>
                );
              },
            }
          : {
              field: `m${k}`,
              header: t('cohorts.month', { n: formatNumber(k) }),
              kind: 'money',
              minWidth: 110,
              value: (row) => cell(row, k)?.earned_per_buyer ?? null,
            },
    ),
  ];
  const newest = answer.data.slice(-CHART_COHORTS);
  const chartSpan = newest.reduce((max, c) => Math.max(max, c.months.length), 0);
  return (
    <Panel
      id="cohorts"
      title={t('cohorts.title')}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={figure}
          onChange={(_e, next: Figure | null) => next && setFigure(next)}
          aria-label={t('cohorts.figure')}
        >
          <ToggleButton value="share" data-testid="figure-share">
            {t('cohorts.share')}
          </ToggleButton>
          <ToggleButton value="per_buyer" data-testid="figure-per-buyer">
            {t('cohorts.perBuyer')}
          </ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('cohorts.hint')}
      </Typography>
      <DataTable
        label={t('cohorts.label')}
        columns={columns}
        rows={[...answer.data].reverse()}
        getRowId={(row) => row.month}
        loading={loading}
        initialSort={{ key: 'month', dir: 'desc' }}
        emptyTitle={t('cohorts.empty')}
        emptyMessage={t('emptyHint')}
        export={{ fileName: `cohorts-${figure === 'share' ? 'rebill-share' : 'earnings-per-buyer'}-${app}` }}
      />
      {newest.length > 0 ? (
        <Box sx={{ mt: 3 }} data-testid="cohorts-chart">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('cohorts.chartTitle', { n: formatNumber(newest.length) })}
          </Typography>
          <Chart
            type="line"
            title={t('cohorts.chartTitle', { n: formatNumber(newest.length) })}
            categoryLabel={t('cohorts.sinceFirst')}
            categories={Array.from({ length: chartSpan }, (_, k) => t('cohorts.month', { n: formatNumber(k) }))}
            series={newest.map((c) => ({
              key: c.month,
              label: formatCohortMonth(c.month, true),
              data: Array.from({ length: chartSpan }, (_, k) => c.months[k]?.earned_per_buyer ?? null),
            }))}
            valueKind="money"
            height={280}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            {t('cohorts.chartNote')}
          </Typography>
        </Box>
      ) : null}
    </Panel>
  );
}
