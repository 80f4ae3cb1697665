import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { siteRecheckOutcome, siteVerificationFileName, type ProjectId, type SiteRecheckOutcome } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { num, str, timestampOf } from '../../db/sql.ts';
import { alertPrefsOf } from '../../mail/alerts.ts';
import { publicLink, sendMail } from '../../mail/send.ts';
import { dayIn, t } from '../../lib/i18n.ts';
import { loadProduct } from '../../money/product.ts';
import { checkSite, siteTokenOf } from './service.ts';

/**
 * Verified sites checked again (decision 0152): a site proves its ownership when it is verified, and then again
 * every `siteRecheck.days`. The scheduler calls recheckDueSites on every tick; it takes a few due sites, fetches
 * the file and the home page exactly as the partner's own check does (checkSite), and applies core's
 * siteRecheckOutcome: proven again, failed (the first failure is mailed), or lapsed after `failuresToLapse` failures
 * in a row (mailed; the site is `not_verified` again and new sales from it earn no bonus).
 */

/** Sites checked per call: each check may take up to two requests of 5 s. */
export const RECHECKS_PER_RUN = 5;
/** A site being checked is not taken by another instance (or the next tick) for this long. */
const CLAIM_MS = 10 * 60_000;

interface Claimed {
  id: number;
  userId: number;
  project: ProjectId;
  domain: string;
  origin: string;
  provedAt: Date;
  failures: number;
  checkedAt: Date | null;
}


/**
 * Claims the due sites: active, their next check (core siteRecheckDueAt, in SQL with the same settings) reached,
 * and not claimed in the last CLAIM_MS. The claim sets `checked_at` in the same statement (SKIP LOCKED), so two
 * instances never check one site at once.
 */
async function claimDue(ctx: AppContext, now: Date, rule: { days: number; retryHours: number }): Promise<Claimed[]> {
  const claimed = await ctx.database.query<Record<string, unknown>>(sql`
    with due as (
      select id, checked_at from partner_sites
      where status = 'active'
        and (checked_at is null or checked_at <= ${new Date(now.getTime() - CLAIM_MS)})
        and case when recheck_failures > 0 and checked_at is not null
                 then checked_at + make_interval(hours => ${rule.retryHours}) <= ${now}
                 else coalesce(proved_at, verified_at, created_at) + make_interval(days => ${rule.days}) <= ${now} end
      order by coalesce(proved_at, verified_at, created_at), id
      limit ${RECHECKS_PER_RUN}
      for update skip locked
    )
    update partner_sites s set checked_at = ${now}
    from due where s.id = due.id
    returning s.id, s.user_id, s.project, lower(s.domain) as domain, coalesce(s.origin, 'https://' || s.domain) as origin,
              coalesce(s.proved_at, s.verified_at, s.created_at) as proved_at, s.recheck_failures, due.checked_at as previous_check`);
  return claimed.map((r) => ({
    id: num(r.id),
    userId: num(r.user_id),
    project: str(r.project) as ProjectId,
    domain: str(r.domain),
    origin: str(r.origin),
    provedAt: timestampOf(r.proved_at),
    failures: num(r.recheck_failures),
    checkedAt: r.previous_check == null ? null : timestampOf(r.previous_check),
  }));
}

/** Checks the due sites (a few per call) and applies what each check found; answers what happened to each. */
export async function recheckDueSites(ctx: AppContext, log: FastifyBaseLogger): Promise<Array<{ id: number; outcome: SiteRecheckOutcome['action'] }>> {
  const now = ctx.clock.now();
  const product = await loadProduct(ctx.database.db);
  const done: Array<{ id: number; outcome: SiteRecheckOutcome['action'] }> = [];
  for (const site of await claimDue(ctx, now, product.siteRecheck)) {
    const prefs = await alertPrefsOf(ctx.database.db, site.userId);
    if (!prefs) continue;
    const token = await siteTokenOf(ctx.database.db, site.userId);
    const verdict = await checkSite(ctx, site.origin, siteVerificationFileName(prefs.email), token);
    const at = ctx.clock.now();
    const outcome = siteRecheckOutcome(site, verdict.verified, at, product);
    // Each write is guarded by the status: a site the partner removed or the operator banned meanwhile stays so.
    if (outcome.action === 'proved') {
      await ctx.database.query(sql`
        update partner_sites set proved_at = ${at}, checked_at = ${at}, recheck_failures = 0, check_error = null, check_status = null
        where id = ${site.id} and status = 'active'`);
    } else {
      const lapsed = outcome.action === 'lapsed';
      const changed = await ctx.database.query(sql`
        update partner_sites set checked_at = ${at}, recheck_failures = ${outcome.failures}, check_error = ${verdict.verified ? null : verdict.reason},
          check_status = ${verdict.verified ? null : (verdict.status ?? null)}
          ${lapsed ? sql`, status = 'not_verified', lapsed_at = ${at}` : sql``}
        where id = ${site.id} and status = 'active' returning id`);
      if (changed.length && (outcome.action === 'lapsed' || outcome.firstFailure)) {
        const { lang } = prefs;
        const reason = verdict.verified ? '' : t(lang, `sites:reason.${verdict.reason}`, { status: verdict.status ?? '' });
        const common = { link: publicLink(ctx, `/app/${site.project}/sites`), domain: site.domain, project: site.project.toUpperCase(), reason };
        if (outcome.action === 'lapsed') {
          await sendMail(ctx, log, lang, 'site_lapsed', prefs.email, common);
        } else {
          await sendMail(ctx, log, lang, 'site_check_failed', prefs.email, { ...common, date: dayIn(lang, at), lapse: dayIn(lang, outcome.lapsesAt) });
        }
      }
    }
    done.push({ id: site.id, outcome: outcome.action });
  }
  if (done.length) log.info({ sites: done }, 'verified sites checked again');
  return done;
}
