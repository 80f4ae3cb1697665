import { z } from 'zod';
import { PROJECTS } from '../projects.ts';
import { projectSchema } from './common.ts';
import { count, dayString, micro, refineRange } from './statistics.ts';
import { DASHBOARD_PERIODS } from './keys.ts';

/** The read calls of the dashboard (docs/product.md#statistics). Every figure spans both projects unless it says so. */

export const emptyQuery = z.strictObject({});

export const byProject = z.object(
  Object.fromEntries(PROJECTS.map((p) => [p, micro])) as Record<(typeof PROJECTS)[number], typeof micro>,
);

export const earningsByMonthRow = z.object({
  month: dayString,
  total: micro,
  by_project: byProject,
  /** Size of the partner's files at the month's end (or now), GB (2^30 bytes), 3 decimals. */
  files_size_gb: z.number().min(0),
  storage_cost: micro,
});
/** The last 12 months, the current one included, oldest first. */
export const earningsByMonthAnswer = z.object({ data: z.array(earningsByMonthRow) });
export type EarningsByMonthAnswer = z.infer<typeof earningsByMonthAnswer>;

export const earningsByDayQuery = z
  .strictObject({
    date_from: dayString.optional(),
    date_to: dayString.optional(),
  })
  .superRefine(refineRange());
export const earningsByDayRow = z.object({ date: dayString, total: micro, by_project: byProject });
export const earningsByDayAnswer = z.object({
  range: z.object({ from: dayString, to: dayString }),
  data: z.array(earningsByDayRow),
});
export type EarningsByDayAnswer = z.infer<typeof earningsByDayAnswer>;

export const infoBlocksQuery = z.strictObject({ period: z.enum(DASHBOARD_PERIODS).default('7d') });
export const infoBlocksTodayQuery = z.strictObject({});
export const infoBlocksAnswer = z.object({
  period: z.enum([...DASHBOARD_PERIODS, 'today']),
  range: z.object({ from: dayString, to: dayString }),
  earnings: micro,
  downloads: count,
  purchases: count,
  /** Everything earned minus payouts not rejected or deleted. */
  balance: micro,
  /** The part of the balance still on hold (sale earnings inside their refund window). */
  pending: micro,
});
export type InfoBlocksAnswer = z.infer<typeof infoBlocksAnswer>;

/** Storage terms per activated project (unlimited status is per project). */
export const storagePeriodRow = z.object({
  app: projectSchema,
  /** Days files without downloads are kept; null when unlimited. */
  normal_term: z.number().int().nullable(),
  /** Days files with a sale are kept; null when unlimited. */
  premium_term: z.number().int().nullable(),
  unlimited: z.boolean(),
  /** The last day of the running unlimited period (inclusive), when there is one. */
  unlimited_until: dayString.nullable(),
});
export const storagePeriodAnswer = z.object({
  /** When the terms are next reviewed: 00:00 UTC on the 1st of next month. */
  next_update: z.string(),
  data: z.array(storagePeriodRow),
});
export type StoragePeriodAnswer = z.infer<typeof storagePeriodAnswer>;

export const unlimitedHistoryRow = z.object({
  app: projectSchema,
  /** First day of the period. */
  start: dayString,
  /** Last day of the period (inclusive). */
  end: dayString,
  /** Length in days. */
  period_days: z.number().int(),
  months: z.number().int(),
  kind: z.enum(['auto', 'trial']),
});
/** Every unlimited-status period of the partner, newest first. */
export const unlimitedHistoryAnswer = z.object({ data: z.array(unlimitedHistoryRow) });
export type UnlimitedHistoryAnswer = z.infer<typeof unlimitedHistoryAnswer>;

export const unusedFilesRow = z.object({
  app: projectSchema,
  /** Files with no download (or, never downloaded, no upload) for at least this many days. */
  days: z.number().int(),
  count,
  size_gb: z.number().min(0),
  /** Monthly storage cost of these files, micro-USD. */
  storage_cost: micro,
});
export const unusedFilesAnswer = z.object({ data: z.array(unusedFilesRow) });
export type UnusedFilesAnswer = z.infer<typeof unusedFilesAnswer>;

export { DASHBOARD_PATHS } from './paths.ts';
