/** Paths of the "this was not me" link's calls (decision 0191). No zod: the web app imports this at run time. */
export const NOT_ME_PATHS = {
  /** GET: what the link is about; POST: confirm. The token is in the path (redacted from logs, decision 0176). */
  link: (token: string) => `/not-me/${encodeURIComponent(token)}`,
  pattern: '/not-me/:token',
} as const;
