import { z } from 'zod';
import { isoDate, pageMeta, pagingQuery, projectSchema } from './common.ts';
import { SITE_CHECK_FAILURES, SITE_STATUSES, SITE_URL_MAX_LENGTH } from '../rules/sites.ts';

/**
 * The site referrals page (issue #11; decision 0141): GET/POST /api/sites?app=, POST /api/sites/{id}/verify,
 * DELETE /api/sites/{id}. A partner registers sites, proves ownership by a file or a meta tag, and a verified
 * (active) site earns the site-referral bonus on the sales of visitors it sent.
 */

const micro = z.number().int();
const count = z.number().int().min(0);

export const sitesQuery = z.strictObject({ app: projectSchema, ...pagingQuery.shape });
export type SitesQuery = z.infer<typeof sitesQuery>;

/** POST /sites?app=: the project comes in the query, like every call of a project's page. */
export const siteProjectQuery = z.strictObject({ app: projectSchema });
export type SiteProjectQuery = z.infer<typeof siteProjectQuery>;

/** The site's address as typed; the server checks it (core parseSiteUrl) and keeps its domain. */
export const siteAddBody = z.object({ url: z.string().trim().min(1).max(SITE_URL_MAX_LENGTH) });
export type SiteAddBody = z.infer<typeof siteAddBody>;

export const siteIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const siteStatusSchema = z.enum(SITE_STATUSES);
export const siteCheckFailureSchema = z.enum(SITE_CHECK_FAILURES);

export const siteRow = z.object({
  id: z.number().int(),
  /** The domain the site is known by (what the file hosts report as a sale's site). */
  domain: z.string(),
  /** Where the checks fetch from: scheme, host and a non-default port. */
  url: z.string(),
  status: siteStatusSchema,
  /**
   * Visits from the site to the project's file pages and purchases by visitors from it (every partner's files, all
   * time): shown once the site has been verified, null before.
   */
  visits: count.nullable(),
  purchases: count.nullable(),
  /** purchases / visits in basis points (1% = 100); null without visits or before verification. */
  conversion_bp: z.number().int().min(0).nullable(),
  /** The site-referral bonus it earned the partner today, in the last 7 days and in total, micro-USD. */
  today: micro,
  week: micro,
  total: micro,
  created_at: isoDate,
  verified_at: isoDate.nullable(),
  /** How it was verified. */
  verified_by: z.enum(['file', 'meta']).nullable(),
  /** The last check and, when it failed, why (and the HTTP status for bad_status). */
  checked_at: isoDate.nullable(),
  check_error: siteCheckFailureSchema.nullable(),
  check_status: z.number().int().nullable(),
  /**
   * An active site's re-checks (decision 0152): when its ownership was last proven, the failed re-checks in a row
   * since, when it is checked next, and when it stops being verified if every check until then fails (null while
   * none has failed). Null for a site that is not active.
   */
  recheck: z
    .object({ proved_at: isoDate, failures: z.number().int().min(0), next_at: isoDate, lapses_at: isoDate.nullable() })
    .nullable(),
  /** When the re-checks ended the site's verification; null when they did not (or it was verified again since). */
  lapsed_at: isoDate.nullable(),
});
export type SiteRow = z.infer<typeof siteRow>;

export const sitesAnswer = z.object({
  data: z.array(siteRow),
  meta: pageMeta,
  /** How to prove ownership: the file `<login>.txt` at the site's root holding the token, or the meta tag. */
  verification: z.object({ login: z.string(), file_name: z.string(), token: z.string(), meta_tag: z.string() }),
  /** The partner's promo link to the project (banners link to it). */
  promo: z.object({ link: z.string() }),
});
export type SitesAnswer = z.infer<typeof sitesAnswer>;

export const siteAddAnswer = z.object({ success: z.literal(true), message: z.string(), data: siteRow });
export type SiteAddAnswer = z.infer<typeof siteAddAnswer>;

/** A check's outcome: verified or not, the localized message (with the reason), and the site after it. */
export const siteVerifyAnswer = z.object({
  verified: z.boolean(),
  reason: siteCheckFailureSchema.nullable(),
  message: z.string(),
  data: siteRow,
});
export type SiteVerifyAnswer = z.infer<typeof siteVerifyAnswer>;

export const siteDeleteAnswer = z.object({ success: z.literal(true), message: z.string() });
export type SiteDeleteAnswer = z.infer<typeof siteDeleteAnswer>;

export { SITES_PATHS } from './paths.ts';
