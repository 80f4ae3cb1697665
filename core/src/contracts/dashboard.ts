import { z } from 'zod';
import { PROJECTS } from '../projects.ts';
import { count, dayString, micro, refineRange } from './statistics.ts';

/** The read calls of the dashboard (SPEC.md §1, §7). Every figure spans both projects unless it says so. */

export const emptyQuery = z.strictObject({});

export const byProject = z.object(Object.fromEntries(PROJECTS.map((p) => [p, micro])) as Record<(typeof PROJECTS)[number], typeof micro>);

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

export const DASHBOARD_PERIODS = ['7d', '30d', 'week', 'month'] as const;
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

export const storagePeriodAnswer = z.object({
  /** Days files without downloads are kept; null when unlimited. */
  normal_term: z.number().int().nullable(),
  /** Days files with a sale are kept; null when unlimited. */
  premium_term: z.number().int().nullable(),
  unlimited: z.boolean(),
  /** Until when the unlimited status runs, when it is a trial or granted up to a date. */
  unlimited_until: z.string().nullable(),
  next_update: z.string(),
});
export type StoragePeriodAnswer = z.infer<typeof storagePeriodAnswer>;

export const unlimitedHistoryRow = z.object({
  start: z.string(),
  end: z.string().nullable(),
  /** Length in days (null while open-ended). */
  period_days: z.number().int().nullable(),
  kind: z.string(),
});
export const unlimitedHistoryAnswer = z.object({ data: z.array(unlimitedHistoryRow) });
export type UnlimitedHistoryAnswer = z.infer<typeof unlimitedHistoryAnswer>;

export const unusedFilesRow = z.object({
  days: z.number().int(),
  count,
  size_gb: z.number().min(0),
  /** Monthly storage cost of these files, micro-USD. */
  storage_cost: micro,
});
export const unusedFilesAnswer = z.object({ data: z.array(unusedFilesRow) });
export type UnusedFilesAnswer = z.infer<typeof unusedFilesAnswer>;

export const DASHBOARD_PATHS = {
  earningsByMonth: '/dashboard/earnings-by-month',
  earningsByDay: '/dashboard/earnings-by-day',
  infoBlocks: '/dashboard/info-blocks',
  infoBlocksToday: '/dashboard/info-blocks-today',
  storagePeriod: '/dashboard/storage-period',
  unlimitedActivationHistory: '/dashboard/unlimited-activation-history',
  unusedFiles: '/dashboard/unused-files',
} as const;
