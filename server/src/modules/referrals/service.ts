import { sql } from 'drizzle-orm';
import { addDaysToDay, dayKey, referralSchedule, type ProductConfig, type ProjectId, type ReferralRow, type ReferralsAnswer, type ReferralsQuery } from '@pc/core';
import type { Database } from '../../db/client.ts';
import { num, str } from '../../db/sql.ts';

/**
 * The referrals page's read: the partners the signed-in partner invited (level 1) and those invited by them
 * (level 2), with the commissions the day closes booked from each in one project (referral_commissions).
 */

/** An e-mail shown to the inviter: first letter of the name and of the domain, the top-level domain kept. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `${email.slice(0, 1)}***`;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/** The current rate of a referral, and when and to what it drops next. */
export function currentRate(level: 1 | 2, registeredAt: Date, now: Date, product: ProductConfig) {
  if (level === 2) return { percent_bp: product.referral.secondLevelBp, percent_drops_at: null, next_percent_bp: null };
  const today = dayKey(now);
  const periods = referralSchedule(registeredAt, product);
  const i = periods.findIndex((p) => p.until === null || today < p.until);
  const period = i < 0 ? periods[periods.length - 1] : periods[i];
  const next = i < 0 ? undefined : periods[i + 1];
  return {
    percent_bp: period?.rateBp ?? 0,
    percent_drops_at: next && period?.until ? `${period.until}T00:00:00.000Z` : null,
    next_percent_bp: next ? next.rateBp : null,
  };
}

/** Ties of every sort, and the default order: first level first, then the newest registration first. */
const TIEBREAK = sql`c.level asc, c.created_at desc, c.id desc`;

/** The list's order for a sort key (the contract's REFERRAL_SORT_KEYS) and direction. */
function orderBy(key: ReferralsQuery['sort_key'], dir: ReferralsQuery['sort_dir']) {
  const d = dir === 'asc' ? sql`asc` : sql`desc`;
  switch (key) {
    case 'registration_date':
      return sql`c.created_at ${d}, c.id ${d}`;
    case 'level':
      return sql`c.level ${d}, c.created_at desc, c.id desc`;
    case 'today':
    case 'week':
    case 'total':
      return sql`${sql.identifier(key)} ${d}, ${TIEBREAK}`;
  }
}

export async function listReferrals(
  database: Database,
  userId: number,
  project: ProjectId,
  q: Pick<ReferralsQuery, 'page' | 'per_page' | 'sort_key' | 'sort_dir'>,
  now: Date,
  product: ProductConfig,
  publicUrl: string,
): Promise<Omit<ReferralsAnswer, 'data'> & { data: ReferralRow[] }> {
  const today = dayKey(now);
  const weekFrom = addDaysToDay(today, -6);
  const chain = sql`
    with chain as (
      select u.id, u.email, u.created_at, 1 as level from users u where u.referred_by = ${userId}
      union all
      select u.id, u.email, u.created_at, 2 as level from users u join users p on p.id = u.referred_by
      where p.referred_by = ${userId} and u.id <> ${userId}
    )`;
  const [counts] = await database.query<{ total: unknown; first: unknown; second: unknown; earned: unknown }>(sql`
    ${chain}
    select count(*) as total, count(*) filter (where level = 1) as first, count(*) filter (where level = 2) as second,
           (select coalesce(sum(amount_micro), 0)::bigint from referral_commissions where referrer_id = ${userId} and project = ${project}) as earned
    from chain`);
  const offset = (q.page - 1) * q.per_page;
  const list = await database.query<Record<string, unknown>>(sql`
    ${chain}
    select c.id, c.email, c.created_at, c.level,
           coalesce(sum(rc.amount_micro) filter (where rc.day = ${today}::date), 0)::bigint as today,
           coalesce(sum(rc.amount_micro) filter (where rc.day >= ${weekFrom}::date), 0)::bigint as week,
           coalesce(sum(rc.amount_micro), 0)::bigint as total
    from chain c
    left join referral_commissions rc on rc.referrer_id = ${userId} and rc.referral_id = c.id and rc.project = ${project}
    group by c.id, c.email, c.created_at, c.level
    order by ${orderBy(q.sort_key, q.sort_dir)}
    limit ${q.per_page} offset ${offset}`);
  const data = list.map((r): ReferralRow => {
    const level = num(r.level) === 2 ? 2 : 1;
    const registered = r.created_at instanceof Date ? r.created_at : new Date(str(r.created_at));
    return {
      user: maskEmail(str(r.email)),
      level,
      registration_date: registered.toISOString(),
      today: num(r.today),
      week: num(r.week),
      total: num(r.total),
      ...currentRate(level, registered, now, product),
    };
  });
  const code = String(userId);
  return {
    summary: { total: num(counts?.total), first_level: num(counts?.first), second_level: num(counts?.second), total_earned: num(counts?.earned) },
    invite: { code, link: `${publicUrl.replace(/\/$/, '')}/auth/register?ref=${encodeURIComponent(code)}` },
    data,
    meta: { page: q.page, per_page: q.per_page, total: num(counts?.total) },
  };
}
