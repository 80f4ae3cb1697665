import { addDaysToDay, dayKey, dayRange, monthKey } from '@pc/core';
import type { Pair } from '../money/close-ledger.ts';

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

/** A partner and project whose closed days are re-run from `day` on (a late event, or a referrer of one). */
export interface RevisitStart extends Pair {
  day: string;
}

/** One step of a re-run: a closed day or a closed month, for the pairs whose re-run has begun by then. */
export type RevisitStep = { kind: 'day'; day: string; pairs: Pair[] } | { kind: 'month'; month: string; pairs: Pair[] };

/**
 * Where each partner's re-run begins after late events (decision 0094): the earliest closed day a late event
 * touched, for the partner and project it touched and for their two referrers in that project. A referrer's
 * referral income of that day moves with it, so their efficiency, coins and later month decisions do too; their
 * own files earnings do not, so the chain stops there. In pair order.
 */
export function revisitStarts(dirty: Array<{ user_id: number; project: string; day: string }>, uplines: Map<number, { r1: number | null; r2: number | null }>): RevisitStart[] {
  const start = new Map<string, RevisitStart>();
  const touch = (userId: number, project: string, day: string) => {
    const key = `${userId}|${project}`;
    const current = start.get(key);
    if (!current || day < current.day) start.set(key, { userId, project, day });
  };
  for (const d of dirty) {
    touch(d.user_id, d.project, d.day);
    const up = uplines.get(d.user_id);
    if (up?.r1) touch(up.r1, d.project, d.day);
    if (up?.r2) touch(up.r2, d.project, d.day);
  }
  return [...start.values()].sort((a, b) => a.userId - b.userId || (a.project < b.project ? -1 : a.project > b.project ? 1 : 0));
}

/**
 * The re-run after late events, in the order the closes first ran (decision 0094): every closed day from the earliest
 * start on, each for the pairs whose start is at or before it, and each closed month right after its last day for
 * the same pairs, so a day's gold bonus sees the level its month was (re)decided with, and a month decision the coins
 * and efficiency its days were (re)closed with. `closedDays` are the closed days (any order), `closedMonths`
 * the closed months ('YYYY-MM').
 */
export function revisitSteps(starts: RevisitStart[], closedDays: string[], closedMonths: Set<string>): RevisitStep[] {
  if (!starts.length) return [];
  const first = starts.reduce((min, s) => (s.day < min ? s.day : min), starts[0]!.day);
  const steps: RevisitStep[] = [];
  for (const day of [...closedDays].filter((d) => d >= first).sort()) {
    const pairs = starts.filter((s) => s.day <= day).map(({ userId, project }) => ({ userId, project }));
    steps.push({ kind: 'day', day, pairs });
    const month = monthEndingOn(day);
    if (month && closedMonths.has(month)) steps.push({ kind: 'month', month, pairs });
  }
  return steps;
}
