import { addDaysToDay, dayKey, dayRange, monthKey } from '@pc/core';

/**
 * Which days and months the closes run, in which order (decision 0051): pure, so that the order is tested without a
 * database; jobs/close.ts runs the steps.
 */

/** One step of a run of closes. */
export type CloseStep =
  /** The month before a month's first day, if its last day is closed and it is not (catching up after a crash). */
  | { kind: 'month-if-due'; month: string }
  | { kind: 'day'; day: string }
  /** The month whose last day was just closed. */
  | { kind: 'month'; month: string };

/** The month a day is the last day of ('YYYY-MM'), or null. */
export function monthEndingOn(day: string): string | null {
  return addDaysToDay(day, 1).endsWith('-01') ? monthKey(day) : null;
}

/** A range of days closed in order, each month right after its last day. */
export function rangeSteps(from: string, to: string): CloseStep[] {
  const steps: CloseStep[] = [];
  for (const day of dayRange(from, to)) {
    if (day.endsWith('-01')) steps.push({ kind: 'month-if-due', month: monthKey(addDaysToDay(day, -1)) });
    steps.push({ kind: 'day', day });
    const month = monthEndingOn(day);
    if (month) steps.push({ kind: 'month', month });
  }
  return steps;
}

/**
 * The days due at `now`: every day up to yesterday not closed yet, from the day after the last close or, before the
 * first close, from the first day with rollups (never later than yesterday). Empty when `from` > `to`.
 */
export function dueDays(now: Date, lastClosed: string | null, firstRollup: string | null): { from: string; to: string } {
  const yesterday = addDaysToDay(dayKey(now), -1);
  let from: string;
  if (lastClosed) from = addDaysToDay(lastClosed, 1);
  else from = firstRollup && firstRollup < yesterday ? firstRollup : yesterday;
  return { from, to: yesterday };
}
