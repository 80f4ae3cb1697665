import { z } from 'zod';
import { isoDate, pageMeta, pagingQuery, projectSchema } from './common.ts';
import { REFERRAL_SORT_KEYS } from './keys.ts';

/** The referrals page (issue #11): invited partners of two levels and the commissions earned from them in one project. */

const micro = z.number().int();

/**
 * Sorted by one of REFERRAL_SORT_KEYS; ties (and the default, level ascending) go first level first, then the
 * newest registration first.
 */
export const referralsQuery = z.strictObject({
  app: projectSchema,
  ...pagingQuery.shape,
  sort_key: z.enum(REFERRAL_SORT_KEYS).default('level'),
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
});
export type ReferralsQuery = z.infer<typeof referralsQuery>;

export const referralRow = z.object({
  /** The invited partner's e-mail, masked (j***@e***.com). */
  user: z.string(),
  /** 1: invited by the partner; 2: invited by one of the partner's first-level referrals. */
  level: z.union([z.literal(1), z.literal(2)]),
  registration_date: isoDate,
  /** Commission earned from this partner today, this week (the last 7 days) and in total, micro-USD. */
  today: micro,
  week: micro,
  total: micro,
  /** The commission rate now, basis points. */
  percent_bp: z.number().int().min(0),
  /** When the rate drops next (first level only), else null. */
  percent_drops_at: isoDate.nullable(),
  /** The rate after the drop, else null. */
  next_percent_bp: z.number().int().min(0).nullable(),
});
export type ReferralRow = z.infer<typeof referralRow>;

export const referralsAnswer = z.object({
  summary: z.object({
    total: z.number().int().min(0),
    first_level: z.number().int().min(0),
    second_level: z.number().int().min(0),
    /** Every commission earned in this project, micro-USD. */
    total_earned: micro,
  }),
  invite: z.object({ code: z.string(), link: z.string() }),
  data: z.array(referralRow),
  meta: pageMeta,
});
export type ReferralsAnswer = z.infer<typeof referralsAnswer>;

export { REFERRALS_PATHS } from './paths.ts';
export { REFERRAL_SORT_KEYS };
