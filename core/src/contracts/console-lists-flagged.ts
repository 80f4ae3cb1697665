/**
 * The Flagged sales section's lists without zod (the console imports these at run time; zod stays out of its bundles).
 */

/** Which flags a query counts: fraud, refunded, or either. */
export const FLAGGED_KINDS = ['both', 'fraud', 'refund'] as const;
export type FlaggedKind = (typeof FLAGGED_KINDS)[number];

/** Why one sale is flagged. */
export const FLAGGED_SALE_KINDS = ['fraud', 'refund', 'both'] as const;
export type FlaggedSaleKind = (typeof FLAGGED_SALE_KINDS)[number];

/** How the partner rows are ordered, highest first: by flagged share (then amount) or by flagged amount (then share). */
export const FLAGGED_SORTS = ['share', 'amount'] as const;
export type FlaggedSort = (typeof FLAGGED_SORTS)[number];

/** The longest period one query covers, in days (a year, leap day included). */
export const FLAGGED_MAX_DAYS = 366;
