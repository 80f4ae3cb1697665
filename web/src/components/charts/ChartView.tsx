import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTheme } from '@mui/material/styles';
import { formatChartValue } from './format-value.ts';
import type { ChartProps } from './types.ts';

const PALETTE = ['#2196f3', '#304156', '#00b894', '#f39c12', '#9b59b6', '#e74c3c'];
/** The same hues, lighter, for the dark scheme: the slate second series would vanish on a dark surface. */
const DARK_PALETTE = ['#64b5f6', '#b0bfd4', '#2fd8b0', '#f5b041', '#c39bd3', '#f1948a'];

/** The chart itself (MUI X Charts), loaded on demand by Chart. */
export default function ChartView({ type, categories, series, valueKind, height = 300 }: ChartProps) {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const palette = theme.palette.mode === 'dark' ? DARK_PALETTE : PALETTE;
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: [...categories],
      reverse: rtl,
      id: 'x',
      height: 'auto' as const,
      tickLabelStyle: { fontSize: 11 },
    },
  ];
  const yAxis = [
    {
      id: 'y',
      position: rtl ? ('right' as const) : ('left' as const),
      valueFormatter: (value: number) => formatChartValue(valueKind, value, true),
      width: 'auto' as const,
    },
  ];
  const chartSeries = series.map((s, i) => ({
    id: s.key,
    label: s.label,
    data: [...s.data],
    stack: s.stack,
    color: s.color ?? palette[i % palette.length],
    valueFormatter: (value: number | null) => formatChartValue(valueKind, value),
  }));
  const common = {
    height,
    xAxis,
    yAxis,
    margin: { top: 8, bottom: 8, left: 8, right: 8 },
    slotProps: { legend: { direction: 'horizontal' as const } },
  };
  if (type === 'line')
    return (
      <LineChart
        {...common}
        xAxis={[{ ...xAxis[0]!, scaleType: 'point' as const }]}
        series={chartSeries.map((s) => ({ ...s, showMark: categories.length <= 31 }))}
      />
    );
  return <BarChart {...common} series={chartSeries} />;
}
