export type ChartValueKind = 'money' | 'count' | 'gb';

export interface ChartSeries {
  key: string;
  label: string;
  /** One value per category; money in micro-USD. */
  data: ReadonlyArray<number | null>;
  /** Series with the same stack id are stacked (bar charts). */
  stack?: string;
  color?: string;
}

export interface ChartProps {
  type: 'bar' | 'line';
  /** An accessible name: what the chart shows. */
  title: string;
  /** The x axis: one label per category (already formatted: dates in the user's locale). */
  categories: readonly string[];
  /** The header of the category column in the table alternative. */
  categoryLabel: string;
  series: readonly ChartSeries[];
  valueKind: ChartValueKind;
  height?: number;
  /** More columns for the table alternative only (already formatted), e.g. a month's files size. */
  extraColumns?: ReadonlyArray<{ label: string; values: readonly string[] }>;
}
