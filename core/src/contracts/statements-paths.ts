/** Paths of the payout statements' calls (decision 0205). No zod: the web app imports this at run time. */
export const STATEMENT_PATHS = {
  businessDetails: '/settings/business-details',
  /** `:id` a completed payout request. */
  statement: '/payouts/:id/statement.pdf',
  /** `:year` a calendar year, `:format` pdf or csv. */
  yearly: '/payouts/summary/:year.:format',
} as const;

/** The same documents under the webmaster API (`/webmaster/v1` + these). */
export const WEBMASTER_STATEMENT_PATHS = {
  statement: '/payouts/:id/statement.pdf',
  yearly: '/payouts/summary/:year.:format',
} as const;
