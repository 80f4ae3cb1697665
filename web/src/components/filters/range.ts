import { useMemo } from 'react';
import { dayParam, oneOf, useUrlParams } from './url-state.ts';

/** The presets of the date-range filter; custom reads `from` and `to` from the URL. */
export const RANGE_PRESETS = ['today', '7d', '30d', 'week', 'month', 'last_month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const GROUPINGS = ['day', 'week', 'month'] as const;
export type GroupingValue = (typeof GROUPINGS)[number];

/** The query fields of the statistics calls: a named period, or both ends of a range. */
export interface RangeQuery {
  period?: Exclude<RangePreset, 'custom'>;
  date_from?: string;
  date_to?: string;
}

export interface RangeFilterState {
  preset: RangePreset;
  from: string | undefined;
  to: string | undefined;
  query: RangeQuery;
  setPreset(preset: Exclude<RangePreset, 'custom'>): void;
  setCustom(from: string, to: string): void;
}

/**
 * The date range in the URL (`?period=7d`, or `?from=2026-11-01&to=2026-11-20`). A custom range with a
 * missing or malformed end falls back to the default preset.
 */
export function useRangeFilter(defaultPreset: Exclude<RangePreset, 'custom'> = '30d'): RangeFilterState {
  const [params, update] = useUrlParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const custom = from !== undefined && to !== undefined && from <= to;
  const preset = custom ? 'custom' : oneOf(params.get('period'), RANGE_PRESETS, defaultPreset);
  const period = preset === 'custom' ? defaultPreset : preset;
  return useMemo(
    () => ({
      preset,
      from,
      to,
      query: custom ? { date_from: from, date_to: to } : { period },
      setPreset: (next) => update({ period: next === defaultPreset ? null : next, from: null, to: null }),
      setCustom: (f, t) => update({ period: null, from: f, to: t }),
    }),
    [preset, from, to, custom, period, update, defaultPreset],
  );
}

/** The grouping in the URL (`?group=week`); day when absent. */
export function useGrouping(): [GroupingValue, (next: GroupingValue) => void] {
  const [params, update] = useUrlParams();
  const grouping = oneOf(params.get('group'), GROUPINGS, 'day');
  return [grouping, (next) => update({ group: next === 'day' ? null : next })];
}
