import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  addDaysToDay,
  dayKey,
  parseSiteUrl,
  siteCheckNeedsPage,
  siteCheckVerdict,
  siteConversionBp,
  siteRecheckDueAt,
  siteRecheckLapsesAt,
  siteVerificationFileName,
  siteVerificationLogin,
  siteVerificationMetaTag,
  type ProductConfig,
  type ProjectId,
  type SiteCheckAttempt,
  type SiteCheckFailure,
  type SiteCheckVerdict,
  type SiteFetchFailure,
  type SiteRow,
  type SitesAnswer,
  type SiteStatus,
} from '@pc/core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/sql.ts';
import { isUniqueViolation, num, rows, str, timestampOf } from '../../db/sql.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { OutboundError, outboundFetch, type OutboundPolicy, type PinnedHost } from '../../lib/outbound.ts';
import { loadProduct } from '../../money/product.ts';

/**
 * Site referrals (docs/product.md#site-referrals; decision 0141): a partner's sites per project, the ownership check
 * over real HTTP(S) under the outbound rules (lib/outbound.ts: public addresses only, checked after DNS and on every
 * redirect, 5 s, 1 MB, 3 redirects), and the figures of each site. The engine reads partner_sites: an `active`
 * domain earns its owner the site-referral bonus.
 */

type User = { id: number; email: string };

// ---------------------------------------------------------------------------------------------------------------
// Where checks may connect

const pins = new WeakMap<AppContext, Map<string, PinnedHost>>();

/**
 * Answers `host` with a given address (and port) in this app's site checks, instead of DNS: set by code, never by a
 * partner. Tests use it to make a name resolve to a private address (refused unless `trusted`) or to their local
 * server; the demo uses it for its own local site. Answers a function that removes the pin.
 */
export function pinSiteHost(ctx: AppContext, host: string, pin: PinnedHost): () => void {
  const map = pins.get(ctx) ?? new Map<string, PinnedHost>();
  pins.set(ctx, map);
  const key = host.toLowerCase();
  map.set(key, pin);
  return () => {
    if (map.get(key) === pin) map.delete(key);
  };
}

const policyOf = (ctx: AppContext): OutboundPolicy => ({
  allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE,
  standardPortsOnly: ctx.config.NODE_ENV === 'production',
  pinnedHosts: pins.get(ctx),
});

// ---------------------------------------------------------------------------------------------------------------
// The partner's token

/** A new verification token: letters, digits and one dash, safe in a file, a meta tag and a URL. */
export const newSiteToken = () => `pcv-${randomBytes(16).toString('hex')}`;

/** The partner's verification token, made on first need (one per partner, the same for every site). */
export async function siteTokenOf(tx: Pick<Tx, 'execute'>, userId: number): Promise<string> {
  await tx.execute(sql`insert into partner_site_tokens (user_id, token) values (${userId}, ${newSiteToken()}) on conflict (user_id) do nothing`);
  const [row] = await rows<{ token: string }>(tx, sql`select token from partner_site_tokens where user_id = ${userId}`);
  return row!.token;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

const iso = (v: unknown): string | null => (v == null ? null : timestampOf(v).toISOString());

/**
 * The sites' rows with their figures. Visits and purchases (every partner's files, all time, from the monthly
 * sources rollup) are shown for sites whose ownership was proven (active, or banned after it); the bonus comes from
 * the sales that named the partner as the site's owner (ingest_sales.site_user_id, their current contribution).
 */
async function siteRows(ctx: AppContext, where: ReturnType<typeof sql>, page: { limit: number; offset: number } | null, now: Date): Promise<SiteRow[]> {
  const today = dayKey(now);
  const weekFrom = addDaysToDay(today, -6);
  const product = await loadProduct(ctx.database.db);
  const list = await ctx.database.query<Record<string, unknown>>(sql`
    select s.id, s.domain, coalesce(s.origin, 'https://' || s.domain) as origin, s.status, s.created_at, s.verified_at, s.verified_by,
           s.checked_at, s.check_error, s.check_status, coalesce(s.proved_at, s.verified_at, s.created_at) as proved_at,
           s.recheck_failures, s.lapsed_at,
           v.visits, v.purchases, e.today, e.week, e.total
    from partner_sites s
    left join lateral (
      select coalesce(sum(m.hits), 0)::bigint as visits, coalesce(sum(m.purchases), 0)::bigint as purchases
      from stats_source_months m where m.project = s.project and m.domain = lower(s.domain)
    ) v on s.status in ('active', 'banned')
    left join lateral (
      select coalesce(sum(x.applied_site_micro) filter (where x.at >= ${`${today}T00:00:00Z`}::timestamptz), 0)::bigint as today,
             coalesce(sum(x.applied_site_micro) filter (where x.at >= ${`${weekFrom}T00:00:00Z`}::timestamptz), 0)::bigint as week,
             coalesce(sum(x.applied_site_micro), 0)::bigint as total
      from ingest_sales x where x.site_user_id = s.user_id and x.project = s.project and x.site_domain = lower(s.domain)
    ) e on true
    where ${where}
    order by s.created_at desc, s.id desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  return list.map((r): SiteRow => {
    const shown = r.visits != null;
    const status = str(r.status) as SiteStatus;
    const visits = num(r.visits);
    const purchases = num(r.purchases);
    return {
      id: num(r.id),
      domain: str(r.domain),
      url: str(r.origin),
      status,
      visits: shown ? visits : null,
      purchases: shown ? purchases : null,
      conversion_bp: shown ? siteConversionBp(visits, purchases) : null,
      today: num(r.today),
      week: num(r.week),
      total: num(r.total),
      created_at: iso(r.created_at)!,
      verified_at: iso(r.verified_at),
      verified_by: (r.verified_by as 'file' | 'meta' | null) ?? null,
      checked_at: iso(r.checked_at),
      check_error: (r.check_error as SiteCheckFailure | null) ?? null,
      check_status: r.check_status == null ? null : num(r.check_status),
      recheck: status === 'active' ? recheckView(timestampOf(r.proved_at), num(r.recheck_failures), r.checked_at == null ? null : timestampOf(r.checked_at), product) : null,
      lapsed_at: status === 'not_verified' ? iso(r.lapsed_at) : null,
    };
  });
}

/** An active site's re-checks as the list shows them (core siteRecheckDueAt, siteRecheckLapsesAt). */
function recheckView(provedAt: Date, failures: number, checkedAt: Date | null, product: ProductConfig): NonNullable<SiteRow['recheck']> {
  const lapsesAt = failures > 0 && checkedAt ? siteRecheckLapsesAt(failures, checkedAt, product) : null;
  return {
    proved_at: provedAt.toISOString(),
    failures,
    next_at: siteRecheckDueAt({ provedAt, failures, checkedAt }, product).toISOString(),
    lapses_at: lapsesAt?.toISOString() ?? null,
  };
}

async function siteRow(ctx: AppContext, userId: number, id: number): Promise<SiteRow> {
  const [row] = await siteRows(ctx, sql`s.id = ${id} and s.user_id = ${userId}`, null, ctx.clock.now());
  if (!row) throw notFound();
  return row;
}

/** The promo link: the project's site with the partner's id there (the file host counts its sales as promo_link). */
export function promoLink(ctx: AppContext, appUserId: number | null, project: ProjectId): string {
  const base = (project === 'fd1' ? ctx.config.PROJECT_URL_FD1 : ctx.config.PROJECT_URL_FD2).replace(/\/$/, '');
  return appUserId === null ? `${base}/` : `${base}/?aff=${appUserId}`;
}

/** GET /sites?app=: the partner's sites in the project (not the deleted ones), how to verify, the promo link. */
export async function listSites(ctx: AppContext, user: User, project: ProjectId, q: { page: number; per_page: number }): Promise<SitesAnswer> {
  const where = sql`s.user_id = ${user.id} and s.project = ${project} and s.status <> 'deleted'`;
  const [counted] = await ctx.database.query<{ total: unknown }>(sql`select count(*) as total from partner_sites s where ${where}`);
  const data = await siteRows(ctx, where, { limit: q.per_page, offset: (q.page - 1) * q.per_page }, ctx.clock.now());
  const token = await siteTokenOf(ctx.database.db, user.id);
  const [program] = await ctx.database.query<{ app_user_id: unknown }>(
    sql`select app_user_id from partner_programs where user_id = ${user.id} and project = ${project}`,
  );
  return {
    data,
    meta: { page: q.page, per_page: q.per_page, total: num(counted?.total) },
    verification: {
      login: siteVerificationLogin(user.email),
      file_name: siteVerificationFileName(user.email),
      token,
      meta_tag: siteVerificationMetaTag(token),
    },
    promo: { link: promoLink(ctx, program ? num(program.app_user_id) : null, project) },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

const notFound = () => new AppError('not_found', { key: 'sites:errors.not_found' });
const banned = () => new AppError('conflict', { key: 'sites:errors.banned' });

/**
 * POST /sites?app=: a new site (not verified). The address must be a real site (core parseSiteUrl); a partner lists
 * a domain once per project; a domain verified by another partner, or banned in the project, cannot be claimed.
 */
export async function addSite(ctx: AppContext, userId: number, project: ProjectId, raw: string): Promise<SiteRow> {
  const parsed = parseSiteUrl(raw, { allowLocal: ctx.config.OUTBOUND_ALLOW_PRIVATE });
  if (!parsed.ok) throw fieldError('url', `sites:url.${parsed.problem}`);
  const { domain, origin } = parsed;
  const id = await ctx.database.db.transaction(async (tx) => {
    const others = await rows<{ user_id: unknown; status: string }>(
      tx,
      sql`select user_id, status from partner_sites where project = ${project} and lower(domain) = ${domain} and status <> 'deleted'`,
    );
    const own = others.find((o) => num(o.user_id) === userId);
    if (own?.status === 'banned' || others.some((o) => o.status === 'banned')) throw fieldError('url', 'sites:url.banned', { domain });
    if (own) throw fieldError('url', 'sites:url.duplicate', { domain });
    if (others.some((o) => o.status === 'active')) throw fieldError('url', 'sites:url.taken', { domain });
    const token = await siteTokenOf(tx, userId);
    try {
      const [row] = await rows<{ id: unknown }>(
        tx,
        sql`insert into partner_sites (user_id, project, domain, origin, status, token, created_at)
            values (${userId}, ${project}, ${domain}, ${origin}, 'not_verified', ${token}, ${ctx.clock.now()}) returning id`,
      );
      return num(row!.id);
    } catch (error) {
      // Added twice at once: the second meets the unique index.
      if (isUniqueViolation(error)) throw fieldError('url', 'sites:url.duplicate', { domain });
      throw error;
    }
  });
  return siteRow(ctx, userId, id);
}

/** DELETE /sites/{id}: the site leaves the list (status deleted) and stops earning; a banned site stays banned. */
export async function deleteSite(ctx: AppContext, userId: number, id: number): Promise<void> {
  const gone = await ctx.database.query(
    sql`update partner_sites set status = 'deleted', deleted_at = ${ctx.clock.now()}
        where id = ${id} and user_id = ${userId} and status in ('not_verified', 'active') returning id`,
  );
  if (gone.length) return;
  const [row] = await ctx.database.query<{ status: string }>(sql`select status from partner_sites where id = ${id} and user_id = ${userId}`);
  if (row?.status === 'banned') throw banned();
  throw notFound();
}

// ---------------------------------------------------------------------------------------------------------------
// The ownership check

/** An outbound refusal or failure as the check's reason. */
export function fetchFailureOf(error: OutboundError): SiteFetchFailure {
  switch (error.reason) {
    case 'timeout':
    case 'too_large':
    case 'too_many_redirects':
      return error.reason;
    case 'host_not_found':
    case 'network':
      return 'no_answer';
    default:
      // An address or a redirect target the rules refuse (private, loopback, another scheme, credentials).
      return 'address_not_allowed';
  }
}

/** One request of a check: its answer (any status; the body as text) or why there was none. */
async function attempt(url: string, policy: OutboundPolicy): Promise<SiteCheckAttempt> {
  try {
    const res = await outboundFetch(url, { ...policy, headers: { accept: 'text/plain, text/html;q=0.9, */*;q=0.5' } });
    return { kind: 'answer', status: res.status, body: res.body.toString('utf8') };
  } catch (error) {
    if (error instanceof OutboundError) return { kind: 'failed', reason: fetchFailureOf(error) };
    throw error;
  }
}

/** Fetches `<origin>/<login>.txt` and, when that does not prove it, the home page; answers the verdict. */
export async function checkSite(ctx: AppContext, origin: string, fileName: string, token: string): Promise<SiteCheckVerdict> {
  const policy = policyOf(ctx);
  const file = await attempt(`${origin}/${encodeURIComponent(fileName)}`, policy);
  const page = siteCheckNeedsPage(file, token) ? await attempt(`${origin}/`, policy) : null;
  return siteCheckVerdict(file, page, token);
}

export interface VerifyOutcome {
  verdict: SiteCheckVerdict;
  site: SiteRow;
  /** The site was active before this call (nothing was fetched). */
  already: boolean;
}

/**
 * POST /sites/{id}/verify: checks a not-verified site now. Verified: the site becomes active (and earns from the
 * next sale on). Not verified: the reason is kept on the site and answered. No transaction stays open during the
 * requests; becoming active is one guarded update, and the unique index on active domains decides a race between two
 * partners.
 */
export async function verifySite(ctx: AppContext, user: User, id: number): Promise<VerifyOutcome> {
  const [site] = await ctx.database.query<{ project: ProjectId; domain: string; origin: string; status: SiteStatus; recheck_failures: unknown }>(
    sql`select project, lower(domain) as domain, coalesce(origin, 'https://' || domain) as origin, status, recheck_failures
        from partner_sites where id = ${id} and user_id = ${user.id} and status <> 'deleted'`,
  );
  if (!site) throw notFound();
  if (site.status === 'banned') throw banned();
  if (site.status === 'active' && num(site.recheck_failures) > 0) return { verdict: await proveAgain(ctx, user, id, site.origin), site: await siteRow(ctx, user.id, id), already: false };
  if (site.status === 'active') return { verdict: { verified: true, method: 'file' }, site: await siteRow(ctx, user.id, id), already: true };

  const record = async (verdict: SiteCheckVerdict) => {
    const now = ctx.clock.now();
    if (verdict.verified) {
      await ctx.database.query(
        sql`update partner_sites set status = 'active', verified_at = ${now}, verified_by = ${verdict.method}, checked_at = ${now},
              check_error = null, check_status = null, proved_at = ${now}, recheck_failures = 0, lapsed_at = null
            where id = ${id} and status = 'not_verified'`,
      );
    } else {
      await ctx.database.query(
        sql`update partner_sites set checked_at = ${now}, check_error = ${verdict.reason}, check_status = ${verdict.status ?? null}
            where id = ${id} and status = 'not_verified'`,
      );
    }
  };
  const takenByOther = async () =>
    (
      await ctx.database.query(
        sql`select 1 from partner_sites where project = ${site.project} and lower(domain) = ${site.domain} and user_id <> ${user.id} and status in ('active', 'banned')`,
      )
    ).length > 0;

  let verdict: SiteCheckVerdict = { verified: false, reason: 'taken' };
  if (!(await takenByOther())) {
    const token = await siteTokenOf(ctx.database.db, user.id);
    verdict = await checkSite(ctx, site.origin, siteVerificationFileName(user.email), token);
  }
  try {
    await record(verdict);
  } catch (error) {
    // Another partner's site with this domain became active meanwhile.
    if (!verdict.verified || !isUniqueViolation(error)) throw error;
    verdict = { verified: false, reason: 'taken' };
    await record(verdict);
  }
  return { verdict, site: await siteRow(ctx, user.id, id), already: false };
}

/**
 * The partner's own check of an active site whose re-check failed (decision 0152): the proof put back is found at
 * once and the failures are forgotten. A check that still fails changes nothing: the re-checks keep their course.
 */
async function proveAgain(ctx: AppContext, user: User, id: number, origin: string): Promise<SiteCheckVerdict> {
  const verdict = await checkSite(ctx, origin, siteVerificationFileName(user.email), await siteTokenOf(ctx.database.db, user.id));
  if (verdict.verified) {
    const now = ctx.clock.now();
    await ctx.database.query(
      sql`update partner_sites set proved_at = ${now}, checked_at = ${now}, recheck_failures = 0, verified_by = ${verdict.method},
            check_error = null, check_status = null
          where id = ${id} and status = 'active'`,
    );
  }
  return verdict;
}
