import { dayKey, type DayKey, type Instant } from './time.ts';

/**
 * Automatic payouts (decision 0202, docs/product.md#payouts): a partner may have everything available paid to the
 * main wallet without asking each time, either when the available amount reaches a threshold, or on a weekday, or on
 * a day of the month. This file is the rule of when a run is due; the server's job acts on it.
 */

export const AUTO_PAYOUT_MODES = ['threshold', 'weekly', 'monthly'] as const;
export type AutoPayoutMode = (typeof AUTO_PAYOUT_MODES)[number];

/** The last day of the month a monthly payout may choose: every month has it. */
export const AUTO_PAYOUT_LAST_MONTH_DAY = 28;

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export type AutoPayoutChoice =
  | { mode: 'threshold'; thresholdMicro: number }
  | { mode: 'weekly'; weekday: number }
  | { mode: 'monthly'; monthDay: number };

/** The ISO weekday (1 Monday … 7 Sunday) of an instant, in UTC. */
export function isoWeekdayUtc(at: Instant): number {
  const d = new Date(typeof at === 'string' ? at : at.getTime()).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * Whether an automatic payout should be tried for a partner at `now`:
 * - never twice on one UTC day (`lastAttemptDay`, the day of the last try, whatever came of it): a refusal is
 *   therefore not retried in a loop, and a threshold partner gets at most one request a day;
 * - threshold: when what is available has reached the threshold;
 * - weekly: on that UTC weekday; monthly: on that UTC day of the month.
 */
export function autoPayoutDue(choice: AutoPayoutChoice, input: { now: Instant; availableMicro: number; lastAttemptDay: DayKey | null }): boolean {
  const today = dayKey(input.now);
  if (input.lastAttemptDay !== null && input.lastAttemptDay >= today) return false;
  switch (choice.mode) {
    case 'threshold':
      return input.availableMicro >= choice.thresholdMicro;
    case 'weekly':
      return isoWeekdayUtc(input.now) === choice.weekday;
    case 'monthly':
      return Number(today.slice(8, 10)) === choice.monthDay;
  }
}
