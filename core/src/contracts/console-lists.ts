/**
 * The lists of the console's calls without zod: the web app imports these at run time (zod stays out of its
 * bundles), and the contracts build their schemas from them.
 */

/** The statuses of a payout request, as the operator API names them. */
export const OPERATOR_PAYOUT_STATUSES = ['created', 'review', 'process', 'accepted', 'rejected', 'deleted'] as const;

/** How the payouts queue can be sorted (`-` for descending). */
export const QUEUE_SORTS = ['created_at', '-created_at', 'amount', '-amount', 'id', '-id'] as const;
