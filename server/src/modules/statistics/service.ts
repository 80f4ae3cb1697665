import { sql, type SQL } from 'drizzle-orm';
import {
  COUNTRY_GROUPS,
  DEFAULT_PRODUCT,
  maskEmail,
  resolveRange,
  type DayRange,
  type DetailedBaseAnswer,
  type DetailedBaseQuery,
  type DetailedCountriesAnswer,
  type DetailedRow,
  type FilesAnswer,
  type FilesQuery,
  type ProjectId,
  type SalesAnswer,
  type SalesQuery,
  type SourcesBaseAnswer,
  type SourcesBaseQuery,
  type SourcesDetailsAnswer,
  type SourcesDetailsQuery,
  type VideosStatAnswer,
  type VideosStatQuery,
  dayOf,
  addDays,
  fileHints,
} from '@pc/core';
import type { Database } from '../../db/client.ts';
import { dayStr as day, num, str, type Row } from '../../db/sql.ts';
import { DOWNLOAD_COLUMNS, FILE_SALE_COLUMNS, sumOf } from '../../money/earning-columns.ts';

/**
 * The statistics screens' reads. Everything comes from the ingest rollups (ingest_daily*), the current-state
 * fact tables (ingest_files, ingest_sales), the ledger (gold bonus) and the read-side file totals of migration
 * 0250; never from raw events. Every query is keyed by the signed-in partner's id first.
 */

/** A whole number of micro-USD, a / b rounded half-up (b > 0), 0 when b is 0. */
const ratio = (a: number, b: number) => (b > 0 ? Math.round(a / b) : 0);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const dir = (d: 'asc' | 'desc') => sql.raw(d === 'asc' ? 'asc' : 'desc');
const offsetOf = (q: { page: number; per_page: number }) => (q.page - 1) * q.per_page;

// ---------------------------------------------------------------------------------------------------------
// Sources

const SOURCE_SORT: Record<string, string> = {
  domain: 'domain',
  url: 'url',
  hits: 'hits',
  downloads: 'downloads',
  unique_downloads: 'unique_downloads',
  purchases: 'purchases',
};

const sourceRow = (r: Row) => ({
  hits: num(r.hits),
  downloads: num(r.downloads),
  unique_downloads: num(r.unique_downloads),
  purchases: num(r.purchases),
});

/**
 * The rows a domain range is summed from: whole calendar months inside the range from the monthly read table
 * (migration 0253), the days of a partial first or last month from the daily rollup.
 */
function sourceDomainRows(userId: number, project: ProjectId, range: DayRange, search: SQL): SQL {
  const firstMonth = `${range.from.slice(0, 8)}01`;
  const firstFull = range.from === firstMonth ? firstMonth : nextMonth(firstMonth);
  const lastMonth = `${range.to.slice(0, 8)}01`;
  const lastFullEnd = addDays(nextMonth(lastMonth), -1) === range.to ? range.to : addDays(lastMonth, -1);
  const daily = (from: string, to: string) => sql`
    select domain, hits, downloads, unique_downloads, purchases from ingest_daily_source
    where user_id = ${userId} and project = ${project} and day between ${from}::date and ${to}::date ${search}`;
  if (firstFull > lastFullEnd) return daily(range.from, range.to);
  const parts: SQL[] = [
    sql`select domain, hits, downloads, unique_downloads, purchases from stats_source_months
        where user_id = ${userId} and project = ${project} and month between ${firstFull}::date and ${lastFullEnd}::date ${search}`,
  ];
  if (range.from < firstFull) parts.push(daily(range.from, addDays(firstFull, -1)));
  if (lastFullEnd < range.to) parts.push(daily(addDays(lastFullEnd, 1), range.to));
  return sql.join(parts, sql` union all `);
}

function nextMonth(monthStart: string): string {
  const d = new Date(`${monthStart}T00:00:00Z`);
  return dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

export async function sourcesBase(
  database: Database,
  userId: number,
  q: SourcesBaseQuery,
  now: Date,
): Promise<SourcesBaseAnswer> {
  const range = resolveRange(q, now);
  const search = q.search ? sql`and domain ilike ${`%${likeEscape(q.search.toLowerCase())}%`}` : sql``;
  const rows = await database.query<Row>(sql`
    with d as (
      select domain, sum(hits)::bigint as hits, sum(downloads)::bigint as downloads,
             sum(unique_downloads)::bigint as unique_downloads, sum(purchases)::bigint as purchases
      from (${sourceDomainRows(userId, q.app, range, search)}) r
      group by domain
    )
    select d.*, count(*) over () as total_rows,
           sum(hits) over () as t_hits, sum(downloads) over () as t_downloads,
           sum(unique_downloads) over () as t_unique, sum(purchases) over () as t_purchases
    from d
    order by ${sql.raw(SOURCE_SORT[q.sort_key]!)} ${dir(q.sort_dir)}, domain asc
    limit ${q.per_page} offset ${offsetOf(q)}`);
  const first = rows[0];
  let total = first ? num(first.total_rows) : 0;
  let totals = first
    ? { hits: num(first.t_hits), downloads: num(first.t_downloads), unique_downloads: num(first.t_unique), purchases: num(first.t_purchases) }
    : { hits: 0, downloads: 0, unique_downloads: 0, purchases: 0 };
  if (!first && q.page > 1) {
    // Past the last page: the totals still describe the whole range.
    const t = await database.query<Row>(sql`
      select count(distinct domain) as total_rows, sum(hits) as hits, sum(downloads) as downloads,
             sum(unique_downloads) as unique_downloads, sum(purchases) as purchases
      from (${sourceDomainRows(userId, q.app, range, search)}) r`);
    total = num(t[0]?.total_rows);
    totals = sourceRow(t[0] ?? {});
  }
  return {
    data: rows.map((r) => ({ domain: str(r.domain), ...sourceRow(r) })),
    meta: { page: q.page, per_page: q.per_page, total },
    totals,
    range,
  };
}

export async function sourcesDetails(
  database: Database,
  userId: number,
  q: SourcesDetailsQuery,
  now: Date,
): Promise<SourcesDetailsAnswer> {
  const range = resolveRange(q, now);
  const rows = await database.query<Row>(sql`
    with u as (
      select url, sum(hits)::bigint as hits, sum(downloads)::bigint as downloads,
             sum(unique_downloads)::bigint as unique_downloads, sum(purchases)::bigint as purchases
      from ingest_daily_source
      where user_id = ${userId} and project = ${q.app} and domain = ${q.domain.toLowerCase()}
        and day between ${range.from}::date and ${range.to}::date
      group by url
    )
    select u.*, count(*) over () as total_rows from u
    order by ${sql.raw(SOURCE_SORT[q.sort_key]!)} ${dir(q.sort_dir)}, url asc
    limit ${q.per_page} offset ${offsetOf(q)}`);
  return {
    domain: q.domain.toLowerCase(),
    data: rows.map((r) => ({ url: str(r.url), ...sourceRow(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(rows[0]?.total_rows) },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Sales

const SALE_SORT: Record<string, string> = {
  date: 's.at',
  file_sales: 'file_sales',
  site_sales: 'site_sales',
  amount: 's.amount_micro',
};

function sourceKind(revenueType: string, siteDomain: string | null): 'site_referral' | 'promo_link' | 'unknown' {
  if (revenueType === 'site_referral' || siteDomain) return 'site_referral';
  if (revenueType === 'promo_link') return 'promo_link';
  return 'unknown';
}

/**
 * The partner's sales: those of their files, and those their verified sites referred (a site owner sees the
 * sale but not another partner's file).
 */
export async function sales(database: Database, userId: number, q: SalesQuery, now: Date): Promise<SalesAnswer> {
  // The last 30 days unless asked; explicit ranges reach back two years (the contract's limit).
  const range = resolveRange(q, now);
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(`${addDays(range.to, 1)}T00:00:00Z`);
  const filters: SQL[] = [];
  if (q.revenue_type) filters.push(sql`and s.revenue_type = ${q.revenue_type}`);
  if (q.status) filters.push(sql`and s.status = ${q.status}`);
  const extra = sql.join(filters, sql` `);
  const own = sql`s.user_id = ${userId} and s.project = ${q.app} and s.known and s.at >= ${from.toISOString()}::timestamptz and s.at < ${to.toISOString()}::timestamptz ${extra}`;
  const referred = sql`s.site_user_id = ${userId} and s.user_id <> ${userId} and s.project = ${q.app} and s.known and s.at >= ${from.toISOString()}::timestamptz and s.at < ${to.toISOString()}::timestamptz ${extra}`;
  const d = dir(q.sort_dir);
  const order = sql`${sql.raw(SALE_SORT[q.sort_key]!)} ${d}, s.sale_id ${d}`;
  // Each branch is ordered and cut on its own (the date order walks the (user, project, at, sale id) index),
  // then the two are merged; the page's file names are joined last.
  const upTo = q.page * q.per_page;
  const [rows, counted] = await Promise.all([
    database.query<Row>(sql`
      with page as (
        (select s.project, s.sale_id, s.at, s.buyer_email, s.file_id, s.revenue_type, s.site_domain, s.payment_system,
                s.tariff, s.status, s.amount_micro, s.applied_share_micro as file_sales,
                case when s.site_user_id = ${userId} then s.applied_site_micro else 0 end as site_sales, true as own
         from ingest_sales s where ${own} order by ${order} limit ${upTo})
        union all
        (select s.project, s.sale_id, s.at, s.buyer_email, null, s.revenue_type, s.site_domain, s.payment_system,
                s.tariff, s.status, s.amount_micro, 0 as file_sales, s.applied_site_micro as site_sales, false
         from ingest_sales s where ${referred} order by ${order} limit ${upTo})
      ),
      cut as (select * from page s order by ${order} limit ${q.per_page} offset ${offsetOf(q)})
      select s.*, f.name as file_name
      from cut s
      left join ingest_files f on s.own and f.project = s.project and f.file_id = s.file_id and f.user_id = ${userId}
      order by ${order}`),
    database.query<Row>(sql`
      select (select count(*) from ingest_sales s where ${own}) + (select count(*) from ingest_sales s where ${referred}) as n`),
  ]);
  return {
    data: rows.map((r) => ({
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
      status: str(r.status) as SalesAnswer['data'][number]['status'],
    })),
    meta: { page: q.page, per_page: q.per_page, total: num(counted[0]?.n) },
    range,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Files and file copies

/** Sort keys on the file itself, on its all-time totals, and on today's row. */
const FILE_COLUMN_SORT: Record<string, string> = { name: 'f.name', size: 'f.size_bytes', created_at: 'f.uploaded_at' };
const FILE_TOTAL_SORT: Record<string, string> = {
  downloads_total: 't.downloads',
  video_views_total: 't.video_views',
  earned_total: 't.earned_micro',
  sales_total: 't.sales',
};
const FILE_TODAY_SORT: Record<string, string> = {
  downloads_today: 'd.downloads',
  video_views_today: 'd.video_views',
  earned_today: 'd.earned_micro',
  sales_today: 'd.sales',
};

export async function files(
  database: Database,
  userId: number,
  q: FilesQuery,
  now: Date,
  kind: 'file' | 'copy',
): Promise<FilesAnswer> {
  const today = dayOf(now);
  const filters: SQL[] = [];
  if (q.inbox === true) filters.push(sql`and f.folder is null`);
  if (q.inbox === false) filters.push(sql`and f.folder is not null`);
  if (q.folder) filters.push(sql`and f.folder = ${q.folder}`);
  if (q.search) filters.push(sql`and f.name ilike ${`%${likeEscape(q.search)}%`}`);
  const base = sql`f.user_id = ${userId} and f.project = ${q.app} and f.kind = ${kind} and f.known and f.deleted_at is null`;
  const where = sql`${base} ${sql.join(filters, sql` `)}`;
  const d = dir(q.sort_dir);
  // The page's file ids, in order: each sort key walks its own index (migration 0251); ties by file id.
  let pageQuery: SQL;
  if (FILE_TOTAL_SORT[q.sort_key]) {
    pageQuery = sql`
      select t.file_id from stats_file_totals t
      join ingest_files f on f.project = t.project and f.file_id = t.file_id
      where t.user_id = ${userId} and t.project = ${q.app} and ${where}
      order by ${sql.raw(FILE_TOTAL_SORT[q.sort_key]!)} ${d}, t.file_id ${d}
      limit ${q.per_page} offset ${offsetOf(q)}`;
  } else if (FILE_TODAY_SORT[q.sort_key]) {
    pageQuery = sql`
      select f.file_id from ingest_files f
      left join ingest_daily_file d on d.user_id = f.user_id and d.project = f.project and d.day = ${today}::date and d.file_id = f.file_id
      where ${where}
      order by coalesce(${sql.raw(FILE_TODAY_SORT[q.sort_key]!)}, 0) ${d}, f.file_id ${d}
      limit ${q.per_page} offset ${offsetOf(q)}`;
  } else {
    pageQuery = sql`
      select f.file_id from ingest_files f where ${where}
      order by ${sql.raw(FILE_COLUMN_SORT[q.sort_key]!)} ${d}, f.file_id ${d}
      limit ${q.per_page} offset ${offsetOf(q)}`;
  }
  const [page, counted, folders] = await Promise.all([
    database.query<Row>(pageQuery),
    database.query<Row>(sql`select count(*) as n from ingest_files f where ${where}`),
    // The partner's folders by a loose index scan: one index probe per folder instead of reading every file.
    database.query<Row>(sql`
      with recursive fo as (
        (select f.folder from ingest_files f where ${base} and f.folder is not null order by f.folder limit 1)
        union all
        select (select f.folder from ingest_files f where ${base} and f.folder > fo.folder order by f.folder limit 1)
        from fo where fo.folder is not null
      )
      select folder from fo where folder is not null limit 1000`),
  ]);
  const ids = page.map((r) => str(r.file_id));
  const inIds = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const details =
    ids.length === 0
      ? []
      : await database.query<Row>(sql`
    select f.file_id, f.name, f.folder, f.size_bytes, f.uploaded_at,
           coalesce(d.downloads, 0) as downloads_today, coalesce(t.downloads, 0) as downloads_total,
           coalesce(d.video_views, 0) as video_views_today, coalesce(t.video_views, 0) as video_views_total,
           coalesce(d.earned_micro, 0) as earned_today, coalesce(t.earned_micro, 0) as earned_total,
           coalesce(d.sales, 0) as sales_today, coalesce(t.sales, 0) as sales_total, t.last_download_day
    from ingest_files f
    left join stats_file_totals t on t.user_id = f.user_id and t.project = f.project and t.file_id = f.file_id
    left join ingest_daily_file d on d.user_id = f.user_id and d.project = f.project and d.day = ${today}::date and d.file_id = f.file_id
    where f.user_id = ${userId} and f.project = ${q.app} and f.file_id in (${inIds})`);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = details.sort((x, y) => position.get(str(x.file_id))! - position.get(str(y.file_id))!);
  // The "falling" hint compares the last 7 days with the 7 before, for the files of this page only.
  const window = DEFAULT_PRODUCT.fileHints.fallingWindowDays;
  const recent = new Map<string, { last: number; before: number }>();
  if (ids.length > 0) {
    const split = addDays(today, -(window - 1));
    const start = addDays(today, -(2 * window - 1));
    const trend = await database.query<Row>(sql`
      select file_id,
             coalesce(sum(downloads) filter (where day >= ${split}::date), 0) as last,
             coalesce(sum(downloads) filter (where day < ${split}::date), 0) as before
      from ingest_daily_file
      where user_id = ${userId} and project = ${q.app} and day between ${start}::date and ${today}::date
        and file_id in (${inIds})
      group by file_id`);
    for (const r of trend) recent.set(str(r.file_id), { last: num(r.last), before: num(r.before) });
  }
  return {
    data: rows.map((r) => {
      const createdAt = r.uploaded_at ? new Date(r.uploaded_at as string) : null;
      const trend = recent.get(str(r.file_id)) ?? { last: 0, before: 0 };
      return {
        id: str(r.file_id),
        name: str(r.name),
        folder: (r.folder as string | null) ?? null,
        size: num(r.size_bytes),
        created_at: createdAt ? createdAt.toISOString() : '',
        downloads_today: num(r.downloads_today),
        downloads_total: num(r.downloads_total),
        video_views_today: num(r.video_views_today),
        video_views_total: num(r.video_views_total),
        earned_today: num(r.earned_today),
        earned_total: num(r.earned_total),
        sales_today: num(r.sales_today),
        sales_total: num(r.sales_total),
        hints: createdAt
          ? fileHints(
              {
                uploadedAt: createdAt,
                // Rollups are daily: a download on day D happened before the end of D.
                lastDownloadAt: r.last_download_day ? `${addDays(day(r.last_download_day), 1)}T00:00:00Z` : null,
                downloads: num(r.downloads_total),
                purchases: num(r.sales_total),
                downloadsLast7d: trend.last,
                downloadsPrevious7d: trend.before,
              },
              now,
            )
          : [],
      };
    }),
    meta: { page: q.page, per_page: q.per_page, total: num(counted[0]?.n) },
    folders: folders.map((r) => str(r.folder)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Detailed

interface DetailedSums {
  downloads: number;
  sum: number;
  sales_count: number;
  sales: number;
  gold: number;
  copies: number;
}

function detailedOf(date: string, s: DetailedSums): DetailedRow {
  const total = s.sum + s.sales + s.gold;
  return {
    date,
    downloads: s.downloads,
    sum: s.sum,
    sales_count: s.sales_count,
    sales: s.sales,
    avg_sales: ratio(s.sales, s.sales_count),
    gold: s.gold,
    copies: s.copies,
    total,
    per_1000: ratio(total * 1000, s.downloads),
  };
}

const sumsOf = (r: Row): DetailedSums => ({
  downloads: num(r.downloads),
  sum: num(r.sum),
  sales_count: num(r.sales_count),
  sales: num(r.sales),
  gold: num(r.gold),
  copies: num(r.copies),
});

/**
 * Days (or weeks, months) of the detailed table. sum = download earnings (own files and their copies); sales =
 * sale earnings (own files, video and copies) and sales_count their number (ok and hold); copies = file copies
 * made; gold = the gold bonus the day close booked in the ledger (none yet for days not closed).
 */
function detailedDays(userId: number, project: ProjectId, range: DayRange, unit: 'day' | 'week' | 'month'): SQL {
  return sql`
    with days as (
      select day, downloads, ${sumOf(DOWNLOAD_COLUMNS)} as sum, sales as sales_count,
             ${sumOf(FILE_SALE_COLUMNS)} as sales, copies, 0::bigint as gold
      from ingest_daily
      where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date
      union all
      select day, 0, 0, 0, 0, 0, amount_micro
      from ledger_entries
      where user_id = ${userId} and project = ${project} and source = 'gold_bonus'
        and day between ${range.from}::date and ${range.to}::date
    )
    select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as date,
           sum(downloads)::bigint as downloads, sum(sum)::bigint as sum, sum(sales_count)::bigint as sales_count,
           sum(sales)::bigint as sales, sum(gold)::bigint as gold, sum(copies)::bigint as copies
    from days group by 1`;
}

export async function detailedToday(database: Database, userId: number, project: ProjectId, now: Date): Promise<DetailedRow> {
  const today = dayOf(now);
  const rows = await database.query<Row>(detailedDays(userId, project, { from: today, to: today }, 'day'));
  return detailedOf(today, sumsOf(rows[0] ?? {}));
}

const DETAILED_SORT: Record<string, string> = {
  date: 'date',
  downloads: 'downloads',
  sum: 'sum',
  sales: 'sales',
  total: '(sum + sales + gold)',
};

export async function detailedBase(
  database: Database,
  userId: number,
  q: DetailedBaseQuery,
  now: Date,
): Promise<DetailedBaseAnswer> {
  const range = resolveRange(q, now);
  const rows = await database.query<Row>(sql`
    with g as (${detailedDays(userId, q.app, range, q.grouping)})
    select g.*, count(*) over () as total_rows,
           sum(downloads) over () as t_downloads, sum(sum) over () as t_sum, sum(sales_count) over () as t_sales_count,
           sum(sales) over () as t_sales, sum(gold) over () as t_gold, sum(copies) over () as t_copies
    from g
    order by ${sql.raw(DETAILED_SORT[q.sort_key]!)} ${dir(q.sort_dir)}, date desc
    limit ${q.per_page} offset ${offsetOf(q)}`);
  const first = rows[0] ?? {};
  const totals = detailedOf(range.from, {
    downloads: num(first.t_downloads),
    sum: num(first.t_sum),
    sales_count: num(first.t_sales_count),
    sales: num(first.t_sales),
    gold: num(first.t_gold),
    copies: num(first.t_copies),
  });
  const { date: _date, ...totalFigures } = totals;
  return {
    data: rows.map((r) => detailedOf(str(r.date), sumsOf(r))),
    meta: { page: q.page, per_page: q.per_page, total: num(first.total_rows) },
    totals: totalFigures,
    range,
  };
}

/** One day broken down by country group (the gold bonus is not split by country). */
export async function detailedCountries(
  database: Database,
  userId: number,
  project: ProjectId,
  date: string,
): Promise<DetailedCountriesAnswer> {
  const rows = await database.query<Row>(sql`
    select country_group, sum(downloads)::bigint as downloads, sum(download_earned_micro)::bigint as sum,
           sum(sales)::bigint as sales_count, sum(sale_earned_micro)::bigint as sales
    from ingest_daily_country
    where user_id = ${userId} and project = ${project} and day = ${date}::date
    group by country_group`);
  const byGroup = new Map(rows.map((r) => [str(r.country_group), r]));
  return {
    date,
    data: COUNTRY_GROUPS.map((group) => {
      const r = byGroup.get(group) ?? {};
      const s = sumsOf(r);
      const row = detailedOf(date, { ...s, gold: 0, copies: 0 });
      return {
        group,
        downloads: row.downloads,
        sum: row.sum,
        sales_count: row.sales_count,
        sales: row.sales,
        total: row.total,
        per_1000: row.per_1000,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Videos

/**
 * Video rows, all from the per-player rollup: views, viewers, files, and the video sales that count (ok, hold)
 * with the partner's share of them. Embed viewers are the distinct viewers of the embed player. The `all` row
 * holds every video sale, also those whose event named no player type. A day whose figures for the filter are
 * all zero (say a refunded sale) is left out.
 */
function videoDays(userId: number, project: ProjectId, range: DayRange, player: string, unit: 'day' | 'week' | 'month'): SQL {
  const withEmbed = player === 'all' || player === 'embed';
  return sql`
    with v as (
      select day, sum(views) filter (where player_type = ${player}) as views,
             sum(unique_viewers) filter (where player_type = ${player}) as unique_viewers,
             sum(video_files) filter (where player_type = ${player}) as video_files,
             ${withEmbed ? sql`sum(unique_viewers) filter (where player_type = 'embed')` : sql`0::bigint`} as embed_viewers,
             sum(sales) filter (where player_type = ${player}) as sales,
             sum(sale_earned_micro) filter (where player_type = ${player}) as sum
      from ingest_daily_video
      where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date
        and player_type in (${player}, ${withEmbed ? 'embed' : player})
      group by day
    )
    select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as date,
           coalesce(sum(video_files), 0)::bigint as video_files, coalesce(sum(views), 0)::bigint as views,
           coalesce(sum(unique_viewers), 0)::bigint as unique_viewers, coalesce(sum(embed_viewers), 0)::bigint as embed_viewers,
           coalesce(sum(sales), 0)::bigint as sales, coalesce(sum(sum), 0)::bigint as sum
    from v
    where coalesce(views, 0) <> 0 or coalesce(unique_viewers, 0) <> 0 or coalesce(video_files, 0) <> 0
       or coalesce(embed_viewers, 0) <> 0 or coalesce(sales, 0) <> 0 or coalesce(sum, 0) <> 0
    group by 1`;
}

const videoOf = (r: Row) => ({
  video_files: num(r.video_files),
  views: num(r.views),
  unique_viewers: num(r.unique_viewers),
  embed_viewers: num(r.embed_viewers),
  sales: num(r.sales),
  sum: num(r.sum),
});

export async function videosStat(database: Database, userId: number, q: VideosStatQuery, now: Date): Promise<VideosStatAnswer> {
  const range = resolveRange(q, now);
  const rows = await database.query<Row>(sql`
    with g as (${videoDays(userId, q.app, range, q.player_type, q.grouping)})
    select g.*, count(*) over () as total_rows,
           sum(video_files) over () as t_video_files, sum(views) over () as t_views,
           sum(unique_viewers) over () as t_unique_viewers, sum(embed_viewers) over () as t_embed_viewers,
           sum(sales) over () as t_sales, sum(sum) over () as t_sum
    from g order by date ${dir(q.sort_dir)}
    limit ${q.per_page} offset ${offsetOf(q)}`);
  const first = rows[0] ?? {};
  return {
    data: rows.map((r) => ({ date: str(r.date), ...videoOf(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(first.total_rows) },
    totals: {
      video_files: num(first.t_video_files),
      views: num(first.t_views),
      unique_viewers: num(first.t_unique_viewers),
      embed_viewers: num(first.t_embed_viewers),
      sales: num(first.t_sales),
      sum: num(first.t_sum),
    },
    range,
  };
}

export async function videosToday(database: Database, userId: number, project: ProjectId, player: string, now: Date) {
  const today = dayOf(now);
  const rows = await database.query<Row>(videoDays(userId, project, { from: today, to: today }, player, 'day'));
  return { date: today, ...videoOf(rows[0] ?? {}) };
}
