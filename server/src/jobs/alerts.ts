import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDaysToDay, dayKey, dayStart, formatMoney, type LangCode } from '@pc/core';
import type { AppContext } from '../context.ts';
import { rows } from '../db/sql.ts';
import { t } from '../lib/i18n.ts';
import { alertPrefsOf, sendAlert } from '../mail/alerts.ts';
import { publicLink } from '../mail/send.ts';
import { balanceOf } from '../money/balance.ts';
import { loadProduct } from '../money/product.ts';

/**
 * The scheduled e-mail alerts (decision 0124): the weekly summary (Mondays, for the week before, UTC) and the
 * sale alerts (new sales batched per partner: one mail per run listing them). Only partners who switched the kind on.
 */

/** Sale alerts run at most this often: a partner gets at most one sale mail per period. */
export const SALE_ALERTS_EVERY_MS = 15 * 60_000;
/** A sale whose event time is older than this when the job sees it is not alerted any more (late events). */
export const SALE_ALERT_WINDOW_MS = 3 * 86_400_000;
/** The sales listed in one mail; the rest are counted ("…and 12 more sales"). */
export const SALE_ALERT_LINES = 20;

const projectName = (project: string) => project.toUpperCase();

/** The Monday (UTC) of the last full week before `now`, and that week's Sunday. */
export function lastFullWeek(now: Date): { week: string; sunday: string } {
  const today = dayKey(now);
  const weekday = (dayStart(today).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thisMonday = addDaysToDay(today, -weekday);
  return { week: addDaysToDay(thisMonday, -7), sunday: addDaysToDay(thisMonday, -1) };
}

function dateLabel(day: string, lang: LangCode): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(dayStart(day));
}

/**
 * Mails the weekly summary of the last full week to every partner who switched it on and has not had it for that
 * week. Waits until that week's Sunday is closed (its earnings are in the ledger), so a server down on Monday
 * catches up when it runs again; only the last full week is ever sent (a summary weeks late would be noise).
 * Each (partner, week) is claimed in alert_weekly_sent before its mail goes out: several instances or runs never
 * send it twice.
 */
export async function sendWeeklySummaries(ctx: AppContext, log: FastifyBaseLogger, now: Date): Promise<number> {
  const { week, sunday } = lastFullWeek(now);
  const [closes] = await ctx.database.query<{ last: string | null }>(sql`select max(day)::text as last from day_closes`);
  if (closes?.last && closes.last < sunday) return 0;
  const due = await ctx.database.query<{ user_id: number }>(
    sql`select s.user_id from alert_settings s join users u on u.id = s.user_id
        where s.weekly_summary and u.is_active and u.confirmed_at is not null and u.created_at < ${dayStart(addDaysToDay(sunday, 1))}
          and not exists (select 1 from alert_weekly_sent w where w.user_id = s.user_id and w.week = ${week}::date)
        order by s.user_id`,
  );
  if (!due.length) return 0;
  const product = await loadProduct(ctx.database.db);
  let sent = 0;
  for (const { user_id } of due) {
    const userId = Number(user_id);
    const claimed = await ctx.database.query(
      sql`insert into alert_weekly_sent (user_id, week, sent_at) values (${userId}, ${week}::date, ${now}) on conflict do nothing returning user_id`,
    );
    if (!claimed.length) continue;
    const prefs = await alertPrefsOf(ctx.database.db, userId);
    if (!prefs) continue;
    const { lang } = prefs;
    const byProject = await rows<{ project: string; amount: number }>(
      ctx.database.db,
      sql`select project, sum(amount_micro)::bigint as amount from ledger_entries
          where user_id = ${userId} and source <> 'payout' and project is not null and day between ${week}::date and ${sunday}::date
          group by project order by project`,
    );
    const total = byProject.reduce((n, r) => n + Number(r.amount), 0);
    const lines = byProject.length
      ? byProject.map((r) => t(lang, 'mail:weekly_summary.line', { project: projectName(r.project), amount: formatMoney(Number(r.amount), lang) })).join('\n')
      : t(lang, 'mail:weekly_summary.none');
    const balance = await balanceOf(ctx.database.db, userId, now, product);
    await sendAlert(ctx, log, prefs, 'weekly_summary', 'weekly_summary', {
      link: publicLink(ctx, '/dashboard'),
      from: dateLabel(week, lang),
      to: dateLabel(sunday, lang),
      lines,
      total: formatMoney(total, lang),
      available: formatMoney(balance.available, lang),
    });
    sent++;
  }
  if (sent) log.info({ week, sent }, 'weekly summaries mailed');
  return sent;
}

interface SaleRow {
  project: string;
  sale_id: string;
  user_id: number;
  at: Date | string;
  share: number;
  file_id: string | null;
  file_name: string | null;
}

/**
 * Mails each partner who switched sale alerts on the sales that arrived since the last run: known sales that count
 * (ok or on hold, not fraud) and earned the partner something, whose time is after the partner switched the alerts
 * on and within the alert window. One mail per partner per run; each sale is claimed in alert_sales_sent first, so
 * it is mailed once whatever happens to its later events.
 */
export async function sendSaleAlerts(ctx: AppContext, log: FastifyBaseLogger, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - SALE_ALERT_WINDOW_MS);
  await ctx.database.query(sql`delete from alert_sales_sent where sale_at < ${windowStart}`);
  const partners = await ctx.database.query<{ user_id: number; since: Date | string }>(
    sql`select s.user_id, s.sale_since as since from alert_settings s join users u on u.id = s.user_id
        where s.sale and s.sale_since is not null and u.is_active order by s.user_id`,
  );
  let mails = 0;
  for (const partner of partners) {
    const userId = Number(partner.user_id);
    const since = new Date(Math.max(new Date(partner.since).getTime(), windowStart.getTime()));
    const claimed = await ctx.database.db.transaction(async (tx) => {
      const fresh = await rows<SaleRow>(
        tx,
        sql`select s.project, s.sale_id, s.user_id, s.at, s.applied_share_micro as share, s.file_id, f.name as file_name
            from ingest_sales s left join ingest_files f on f.project = s.project and f.file_id = s.file_id
            where s.user_id = ${userId} and s.known and s.at >= ${since} and s.at <= ${now}
              and s.status in ('ok', 'hold') and not s.fraud and s.applied_share_micro > 0
              and not exists (select 1 from alert_sales_sent a where a.project = s.project and a.sale_id = s.sale_id)
            order by s.at, s.project, s.sale_id`,
      );
      if (!fresh.length) return [];
      const values = sql.join(
        fresh.map((r) => sql`(${r.project}, ${r.sale_id}, ${userId}, ${new Date(r.at)}, ${now})`),
        sql`, `,
      );
      const inserted = await rows<{ project: string; sale_id: string }>(
        tx,
        sql`insert into alert_sales_sent (project, sale_id, user_id, sale_at, sent_at) values ${values} on conflict do nothing returning project, sale_id`,
      );
      const mine = new Set(inserted.map((r) => `${r.project}/${r.sale_id}`));
      return fresh.filter((r) => mine.has(`${r.project}/${r.sale_id}`));
    });
    if (!claimed.length) continue;
    const prefs = await alertPrefsOf(ctx.database.db, userId);
    if (!prefs) continue;
    const { lang } = prefs;
    const lines = claimed.slice(0, SALE_ALERT_LINES).map((r) =>
      t(lang, 'mail:alert_sale.line', {
        project: projectName(r.project),
        file: r.file_name || t(lang, 'mail:alert_sale.unnamed_file', { id: r.file_id ?? '—' }),
        amount: formatMoney(Number(r.share), lang),
      }),
    );
    const more = claimed.length - lines.length;
    if (more > 0) lines.push(t(lang, 'mail:alert_sale.more', { count: more }));
    await sendAlert(ctx, log, prefs, 'sale', 'alert_sale', {
      link: publicLink(ctx, `/app/${claimed[0]!.project}/statistics/sales`),
      count: claimed.length,
      total: formatMoney(claimed.reduce((n, r) => n + Number(r.share), 0), lang),
      sales: lines.join('\n'),
    });
    mails++;
  }
  if (mails) log.info({ mails }, 'sale alerts mailed');
  return mails;
}

export interface AlertJob {
  /** Runs what is due (sale alerts every SALE_ALERTS_EVERY_MS, weekly summaries whenever a week is owed). Never throws. */
  runIfDue(): Promise<void>;
}

export function alertJob(ctx: AppContext, log: FastifyBaseLogger): AlertJob {
  let lastSales: number | null = null;
  return {
    async runIfDue() {
      const now = ctx.clock.now();
      try {
        await sendWeeklySummaries(ctx, log, now);
      } catch (error) {
        log.error({ err: error }, 'weekly summaries failed; retried at the next tick');
      }
      if (lastSales !== null && now.getTime() - lastSales < SALE_ALERTS_EVERY_MS) return;
      lastSales = now.getTime();
      try {
        await sendSaleAlerts(ctx, log, now);
      } catch (error) {
        log.error({ err: error }, 'sale alerts failed; retried at the next run');
      }
    },
  };
}
