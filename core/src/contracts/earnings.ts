import { z } from 'zod';
import { projectSchema } from './common.ts';
import { dayString, micro, refineRange, sortDir } from './statistics.ts';
import { EARNINGS_GROUPINGS } from './keys.ts';

/** The read calls of the earnings page (docs/product.md#statistics). Money is integer micro-USD. */

/** Earnings ranges are at most two years (731 days). */
export const earningsStatQuery = z
  .strictObject({
    app: projectSchema,
    date_from: dayString.optional(),
    date_to: dayString.optional(),
    grouping: z.enum(EARNINGS_GROUPINGS).default('days'),
    sort_dir: sortDir.default('desc'),
  })
  .superRefine(refineRange());
export type EarningsStatQuery = z.infer<typeof earningsStatQuery>;

export const earningsFigures = {
  /** Files: downloads, sales, rebills, copies and video, plus the gold bonus. */
  files: micro,
  /** Site referrals: the extra share of sales made by visitors of the partner's verified sites. */
  sites: micro,
  /** Commissions from invited partners (both levels). */
  referrals: micro,
  /** Additional income entered by the project's staff. */
  additional: micro,
  total: micro,
  /** Revenue minus storage cost over the row's days. */
  efficiency: micro,
};
export const earningsRow = z.object({
  date: dayString,
  ...earningsFigures,
  /** Gold coins at the end of the row's last closed day (null before the first close). */
  coins: z.number().int().min(0).nullable(),
});
export type EarningsRow = z.infer<typeof earningsRow>;

export const earningsMonthRow = z.object({
  /** First day of the month. */
  month: dayString,
  /** Earnings received in the month (every source). */
  received: micro,
  /** Size of the partner's files in the project at the month's last day, in GB (2^30 bytes), 3 decimals. */
  files_size_gb: z.number().min(0),
  storage_cost: micro,
});

export const earningsStatAnswer = z.object({
  range: z.object({ from: dayString, to: dayString }),
  data: z.array(earningsRow),
  totals: z.object(earningsFigures),
  months: z.array(earningsMonthRow),
});
export type EarningsStatAnswer = z.infer<typeof earningsStatAnswer>;

export const earningsTodayQuery = z.strictObject({ app: projectSchema });
export const earningsTodayAnswer = z.object({ date: dayString, ...earningsFigures });
export type EarningsTodayAnswer = z.infer<typeof earningsTodayAnswer>;

export const GOLD_LEVEL_NAMES = [
  'standard',
  'gold',
  'poster',
  'master',
  'manager',
  'hero',
  'magnate',
] as const;
export const goldLevel = z.object({
  level: z.number().int().min(0).max(6),
  /** A translation key of the level's name: standard, gold, poster, master, manager, hero, magnate. */
  name: z.enum(GOLD_LEVEL_NAMES),
  /** Bonus on files and sites earnings, percent. */
  percent: z.number(),
  /** Coins needed to reach this level. */
  coins: z.number().int().nullable(),
  /** Last month's efficiency needed to reach this level, micro-USD (reaching level 1 needs more than 0). */
  efficiency: micro.nullable(),
});

export const goldStatusQuery = z.strictObject({ app: projectSchema });
export const goldStatusAnswer = z.object({
  current: goldLevel,
  next: goldLevel.nullable(),
  /** Efficiency of the last calendar month (what the month close looks at), micro-USD. */
  efficiency: micro,
  /** Efficiency of the current month so far (what the next-level hint looks at), micro-USD. */
  efficiency_month: micro,
  /** Efficiency over the last 30 days, micro-USD. */
  efficiency_30d: micro,
  coins: z.number().int().min(0),
  /** The next-level hint. */
  hint: z.object({
    kind: z.enum(['wait_month_end', 'raise_efficiency', 'add_coins', 'max_level']),
    /** micro-USD for raise_efficiency, coins for add_coins. */
    value: z.number().int().nullable(),
  }),
  /** When levels next move: 00:00 UTC on the 1st of next month. */
  next_review: z.string(),
});
export type GoldStatusAnswer = z.infer<typeof goldStatusAnswer>;

export { EARNINGS_PATHS } from './paths.ts';
