import { z } from 'zod';
import { REVENUE_TYPES } from '../product.ts';
import { isoDate, projectSchema } from './common.ts';
import { BUYER_STATUSES } from './buyers-paths.ts';

export * from './buyers-paths.ts';

/**
 * The buyers screen (decision 0201): the premium buyers of the partner's own sales in one project over the last
 * 24 UTC months, and cohorts by the month of their first purchase. Money is integer micro-USD.
 */

const micro = z.number().int().describe('integer micro-USD');

export const buyersQuery = z.strictObject({ app: projectSchema });
export type BuyersQuery = z.infer<typeof buyersQuery>;

export const buyerRow = z.object({
  /** The sale id of the buyer's first purchase (a row id that reveals nothing of the e-mail). */
  id: z.string(),
  /** The buyer's e-mail, masked as on the sales screen: `jo***@gm***.com`. */
  email: z.string(),
  first_purchase: isoDate,
  last_purchase: isoDate,
  first_revenue_type: z.enum(REVENUE_TYPES),
  /** The referring domain of the first purchase, as on the sources screen; '' when none. */
  first_source: z.string(),
  /** The sub-ID tag of the first purchase (decision 0206); '' when it came without one. */
  first_sub_id: z.string(),
  purchases: z.number().int().min(1),
  /** Rebills that still count (status ok or hold). */
  rebills: z.number().int().min(0),
  /** What the buyer's sales pay the partner now: file share plus the own site's bonus. */
  earned: micro,
  status: z.enum(BUYER_STATUSES),
});
export type BuyerRow = z.infer<typeof buyerRow>;

export const buyersAnswer = z.object({
  /** Newest first purchase first. */
  data: z.array(buyerRow),
  /** Sales that carry no buyer e-mail: in no buyer and no cohort. */
  unidentified: z.object({ sales: z.number().int().min(0), earned: micro }),
  /** The first day of the window read (UTC, YYYY-MM-DD): the first day of the month 23 months back. */
  since: z.string(),
});
export type BuyersAnswer = z.infer<typeof buyersAnswer>;

export const cohortsQuery = buyersQuery;
export type CohortsQuery = BuyersQuery;

export const cohortMonth = z.object({
  /** Months since the cohort's month (0: the month of the first purchase). */
  offset: z.number().int().min(0),
  rebill_buyers: z.number().int().min(0),
  /** rebill_buyers / buyers, 0 to 1. */
  rebill_share: z.number().min(0).max(1),
  earned: micro,
  /** earned / buyers, rounded half-up to a whole micro-dollar. */
  earned_per_buyer: micro,
});
export type CohortMonthRow = z.infer<typeof cohortMonth>;

export const cohortRow = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  buyers: z.number().int().min(1),
  /** From the cohort's month up to the current month. */
  months: z.array(cohortMonth),
});
export type CohortRow = z.infer<typeof cohortRow>;

export const cohortsAnswer = z.object({
  /** Oldest cohort first. */
  data: z.array(cohortRow),
  /** The current UTC month, `YYYY-MM`. */
  month: z.string(),
  since: z.string(),
});
export type CohortsAnswer = z.infer<typeof cohortsAnswer>;
