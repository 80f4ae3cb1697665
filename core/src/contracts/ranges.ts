/**
 * The days a ranged query covers, without zod: the server resolves its queries with these, and the web app
 * turns a named period into dates with the same function.
 */
import type { PERIODS } from './keys.ts';
import { addDaysToDay, dayKey, daysBetween } from '../rules/time.ts';

/** Statistics tables reach back two years (docs/product.md#statistics): 731 days including today. */
export const STATS_HISTORY_DAYS = 731;

export type Period = (typeof PERIODS)[number];

export interface RangeLike {
  period?: Period | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}

// Day arithmetic is core's one UTC calendar module (rules/time.ts); these are its names in the ranged calls.
export const dayNumber = (day: string) => daysBetween('1970-01-01', day);
export const dayOf = (date: Date) => dayKey(date);
export const addDays = (day: string, n: number) => addDaysToDay(day, n);

export interface DayRange {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/**
 * The UTC days a query covers, given "now". A period wins; a missing end is today, a missing start is
 * `defaultDays` before the end; the start is never earlier than the history limit and the end never later than today.
 */
export function resolveRange(
  q: RangeLike,
  now: Date,
  defaultDays = 30,
  historyDays = STATS_HISTORY_DAYS,
): DayRange {
  const today = dayOf(now);
  let from: string;
  let to: string;
  const monthStart = `${today.slice(0, 8)}01`;
  switch (q.period) {
    case 'today':
      from = to = today;
      break;
    case 'yesterday':
      from = to = addDays(today, -1);
      break;
    case '7d':
      from = addDays(today, -6);
      to = today;
      break;
    case '30d':
      from = addDays(today, -29);
      to = today;
      break;
    case 'week': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
      from = addDays(today, -weekday);
      to = today;
      break;
    }
    case 'month':
      from = monthStart;
      to = today;
      break;
    case 'last_month':
      to = addDays(monthStart, -1);
      from = `${to.slice(0, 8)}01`;
      break;
    case 'year':
      from = addDays(today, -364);
      to = today;
      break;
    default:
      to = q.date_to ?? today;
      from = q.date_from ?? addDays(to, -(defaultDays - 1));
  }
  const earliest = addDays(today, -(historyDays - 1));
  if (from < earliest) from = earliest;
  if (to > today) to = today;
  return { from, to };
}
