/**
 * The lists of the console's calls without zod: the web app imports these at run time (zod stays out of its
 * bundles), and the contracts build their schemas from them.
 */

/** The statuses of a payout request, as the operator API names them. */
export const OPERATOR_PAYOUT_STATUSES = ['created', 'review', 'process', 'accepted', 'rejected', 'deleted'] as const;

/** How the payouts queue can be sorted (`-` for descending). */
export const QUEUE_SORTS = ['created_at', '-created_at', 'amount', '-amount', 'id', '-id'] as const;

/** The kinds of a partner's ledger entries, as `GET /partners/{id}/ledger?kind=` takes them. */
export const PARTNER_LEDGER_KINDS = ['earning', 'correction', 'additional', 'payout', 'payout_reversal'] as const;

/** The sources of a partner's ledger entries, as `GET /partners/{id}/ledger?source=` takes them. */
export const PARTNER_LEDGER_SOURCES = ['files', 'file_copies', 'video', 'sites', 'referrals', 'additional', 'gold_bonus', 'payout'] as const;

/** What a partner search matched (`GET /partners?q=`). */
export const PARTNER_MATCHES = ['email', 'id', 'name', 'wallet', 'site', 'address'] as const;
