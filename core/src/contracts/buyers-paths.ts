/** Paths of the buyers screen's calls, under /api (decision 0201). No zod: the web app imports this at run time. */
export const BUYERS_PATHS = {
  buyers: '/buyers',
  cohorts: '/buyers/cohorts',
} as const;

/** A buyer's status; fraud-flagged wins over refunded (core/src/rules/buyers.ts, `buyerStatus`). */
export const BUYER_STATUSES = ['active', 'refunded', 'fraud_flagged'] as const;
