import { sql, type SQL } from 'drizzle-orm';
import { maskEmail, resolveRange, addDays, dayOf, saleHeldUntil, type DayRange, type ProjectId, type SalesAnswer, type SalesQuery } from '@pc/core';
import { readProduct } from '../../../money/product.ts';
import type { Database } from '../../../db/client.ts';
import { jsonRows, num, rowsOfJson, str, type JsonRowValue, type Row } from '../../../db/sql.ts';
import { dir, offsetOf } from './common.ts';
import { coverParts } from './month-cover.ts';

/** The sales screen's reads (statistics; shared parts in common.ts). */
/** What each sort orders a branch's sales by: the partner's own sales (`own`) or those their sites referred. */
function saleSortValue(sortKey: SalesQuery['sort_key'], own: boolean, userId: number): SQL {
  switch (sortKey) {
    case 'date':
      return sql`s.at`;
    case 'file_sales':
      return own ? sql`s.applied_share_micro` : sql`0::bigint`;
    case 'site_sales':
      return sql`case when s.site_user_id = ${userId} then s.applied_site_micro else 0 end`;
    case 'amount':
      return sql`s.amount_micro`;
  }
}

function sourceKind(
  revenueType: string,
  siteDomain: string | null,
): 'site_referral' | 'promo_link' | 'unknown' {
  if (revenueType === 'site_referral' || siteDomain) return 'site_referral';
  if (revenueType === 'promo_link') return 'promo_link';
  return 'unknown';
}

/**
 * The sums the list's total adds up (each a row of one column `n`): the sales kept counted by month for the months the
 * range holds whole, and for a month it cuts its days in the range or its month less its days outside, whichever
 * reads fewer rows (monthCover, decisions 0223 and 0227). `filters` are on the counts (`d`).
 */
function countedParts(userId: number, project: ProjectId, range: DayRange, today: string, filters: SQL): SQL {
  const parts = coverParts(range, today, {
    months: (months) => sql`
      select sum(d.sales) as n from stats_sale_months d
      where d.user_id = ${userId} and d.project = ${project} and d.month between ${months.from}::date and ${months.to}::date ${filters}`,
    days: (r, sign) => sql`
      select ${sql.raw(sign)}sum(d.sales) as n from stats_sale_days d
      where d.user_id = ${userId} and d.project = ${project} and d.day between ${r.from}::date and ${r.to}::date ${filters}`,
  });
  return sql.join(parts, sql` union all `);
}

/**
 * The page's columns: the name each is read under, and its value (`c` the cut's keys, `s` the sale, `f` its file);
 * the site bonus is the partner's when the sale came through their site, whichever side it is listed on.
 */
const saleColumns = (userId: number): ReadonlyArray<readonly [string, JsonRowValue]> => [
  ['sale_id', 's.sale_id'],
  ['at', 's.at'],
  ['buyer_email', 's.buyer_email'],
  ['file_id', 'case when c.own then s.file_id end'],
  ['revenue_type', 's.revenue_type'],
  ['site_domain', 's.site_domain'],
  ['payment_system', 's.payment_system'],
  ['tariff', 's.tariff'],
  ['status', 's.status'],
  ['file_sales', { number: 'case when c.own then s.applied_share_micro else 0 end' }],
  ['site_sales', { number: sql`case when s.site_user_id = ${userId} then s.applied_site_micro else 0 end` }],
  ['file_name', 'f.name'],
];

/**
 * The partner's sales: those of their files, and those their verified sites referred (a site owner sees the
 * sale but not another partner's file).
 */
export async function sales(
  database: Database,
  userId: number,
  q: SalesQuery,
  now: Date,
): Promise<SalesAnswer> {
  // The last 30 days unless asked; explicit ranges reach back two years (the contract's limit).
  const range = resolveRange(q, now);
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(`${addDays(range.to, 1)}T00:00:00Z`);
  // The screen's filters, on the sales (`s`) and on their counts by day (`d`).
  const filtersOn = (alias: 's' | 'd') => {
    const filters: SQL[] = [];
    if (q.revenue_type) filters.push(sql`and ${sql.raw(alias)}.revenue_type = ${q.revenue_type}`);
    if (q.status) filters.push(sql`and ${sql.raw(alias)}.status = ${q.status}`);
    return sql.join(filters, sql` `);
  };
  const extra = filtersOn('s');
  // The sub-ID tag filter (decision 0206): own sales of that tag; the site bonus of others' sales counts under "no tag".
  const ownTag = q.sub_id === undefined ? sql`` : sql`and s.sub_id = ${q.sub_id}`;
  const referredTag = q.sub_id === undefined || q.sub_id === '' ? sql`` : sql`and false`;
  // The same on the counts by day, which keep the referred sales under "no tag" already.
  const countTag = q.sub_id === undefined ? sql`` : sql`and d.sub_id = ${q.sub_id}`;
  const own = sql`s.user_id = ${userId} and s.project = ${q.app} and s.known and s.at >= ${from.toISOString()}::timestamptz and s.at < ${to.toISOString()}::timestamptz ${extra} ${ownTag}`;
  const referred = sql`s.site_user_id = ${userId} and s.user_id <> ${userId} and s.project = ${q.app} and s.known and s.at >= ${from.toISOString()}::timestamptz and s.at < ${to.toISOString()}::timestamptz ${extra} ${referredTag}`;
  const d = dir(q.sort_dir);
  // Each branch is ordered and cut on its own, reading only the keys (the date order walks the index of (user,
  // project, at, sale id) that holds the filters' columns too, without a row's visit), then the two are merged and
  // the page's rows and file names read by key (decision 0223).
  const upTo = q.page * q.per_page;
  const columns = saleColumns(userId);
  // One statement answers the page and the list's size (decision 0226): the page's sales as one JSON text, the total
  // from the sales kept counted by day and month (decisions 0215 and 0227; the range is whole UTC days).
  const [[answer], product] = await Promise.all([
    database.query<Row>(sql`
      with keys as (
        (select ${saleSortValue(q.sort_key, true, userId)} as sort_value, s.sale_id, true as own
         from ingest_sales s where ${own} order by 1 ${d}, 2 ${d} limit ${upTo})
        union all
        (select ${saleSortValue(q.sort_key, false, userId)}, s.sale_id, false
         from ingest_sales s where ${referred} order by 1 ${d}, 2 ${d} limit ${upTo})
      ),
      cut as (select * from keys k order by k.sort_value ${d}, k.sale_id ${d} limit ${q.per_page} offset ${offsetOf(q)})
      select
        (select coalesce(sum(n), 0) from (${countedParts(userId, q.app, range, dayOf(now), sql`${filtersOn('d')} ${countTag}`)}) counted) as total,
        (select ${jsonRows(columns.map(([, value]) => value), sql`c.sort_value ${d}, c.sale_id ${d}`)}
         from cut c
         join ingest_sales s on s.project = ${q.app} and s.sale_id = c.sale_id
         left join ingest_files f on c.own and f.project = s.project and f.file_id = s.file_id and f.user_id = ${userId}) as page`,
      { prepared: true }),
    readProduct(database),
  ]);
  const rows = rowsOfJson(answer?.page, columns.map(([name]) => name));
  return {
    data: rows.map((r) => {
      const status = str(r.status) as SalesAnswer['data'][number]['status'];
      const earned = num(r.file_sales) + num(r.site_sales);
      const heldUntil = saleHeldUntil({ at: new Date(r.at as string), earned, status }, now, product);
      return {
        id: str(r.sale_id),
        date: new Date(r.at as string).toISOString(),
        email: r.buyer_email ? maskEmail(str(r.buyer_email)) : '',
        file: r.file_id ? { id: str(r.file_id), name: str(r.file_name) } : null,
        source: sourceKind(str(r.revenue_type), (r.site_domain as string | null) ?? null),
        revenue_type: str(r.revenue_type || 'direct') as SalesAnswer['data'][number]['revenue_type'],
        payment_system: str(r.payment_system),
        tariff: str(r.tariff),
        file_sales: num(r.file_sales),
        site_sales: num(r.site_sales),
        status,
        on_hold_until: heldUntil ? heldUntil.toISOString() : null,
      };
    }),
    meta: { page: q.page, per_page: q.per_page, total: num(answer?.total) },
    range,
  };
}
