import { sql, type SQL } from 'drizzle-orm';
import {
  COUNTRY_GROUPS,
  DOWNLOAD_REASONS,
  type NotCountedDownloads,
  resolveRange,
  dayOf,
  type DayRange,
  type DetailedAnswer,
  type DetailedBaseQuery,
  type DetailedTagAnswer,
  type DetailedTodayAnswer,
  type DetailedCountriesAnswer,
  type DetailedRow,
  type ProjectId,
} from '@pc/core';
import type { Database } from '../../../db/client.ts';
import { num, str, type Row } from '../../../db/sql.ts';
import { DOWNLOAD_COLUMNS, FILE_SALE_COLUMNS, sumOf } from '../../../money/earning-columns.ts';
import { ratio, dir, offsetOf, pageWithTotals, underTag } from './common.ts';
import { tagBuckets } from '../../../plumbing/tag-figures.ts';

/** The detailed screen's reads (statistics; shared parts in common.ts). */
interface DetailedSums {
  downloads: number;
  counted_downloads: number;
  not_counted: NotCountedDownloads;
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
    counted_downloads: s.counted_downloads,
    not_counted: s.not_counted,
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

/** The rollups' columns of the downloads not counted, by reason (decision 0200). */
const UNCOUNTED = DOWNLOAD_REASONS.map((reason) => [reason, `uncounted_${reason}`] as const);

/** The reasons from a row's `uncounted_*` columns. */
const notCountedOf = (r: Row): NotCountedDownloads =>
  Object.fromEntries(UNCOUNTED.map(([reason, column]) => [reason, num(r[column])])) as NotCountedDownloads;

/** The figure columns of a detailed row, as detailedDays names them. */
const FIGURES = ['downloads', 'sum', 'sales_count', 'sales', 'gold', 'copies', 'counted_downloads', ...UNCOUNTED.map(([, c]) => c)];

const sumsOf = (r: Row): DetailedSums => ({
  downloads: num(r.downloads),
  counted_downloads: num(r.counted_downloads),
  not_counted: notCountedOf(r),
  sum: num(r.sum),
  sales_count: num(r.sales_count),
  sales: num(r.sales),
  gold: num(r.gold),
  copies: num(r.copies),
});

/**
 * Days (or weeks, months) of the detailed table. sum = download earnings (own files and their copies); sales =
 * sale earnings (own files, video and copies) and sales_count their number (ok and hold); copies = file copies
 * made; gold = the gold bonus the day close booked in the ledger (none yet for days not closed), read from the
 * money day table (decision 0221). A day is a row when it has a rollup row or a gold bonus entry. By day, the rows
 * are the days themselves: grouping them again would cost more than the rest of the statement.
 */
function detailedDays(
  userId: number,
  project: ProjectId,
  range: DayRange,
  unit: 'day' | 'week' | 'month',
): SQL {
  const days = sql`
    select coalesce(d.day, m.day) as day, coalesce(d.downloads, 0) as downloads, coalesce(${sumOf(DOWNLOAD_COLUMNS, 'd')}, 0) as sum,
           coalesce(d.sales, 0) as sales_count, coalesce(${sumOf(FILE_SALE_COLUMNS, 'd')}, 0) as sales, coalesce(m.gold_bonus, 0) as gold,
           coalesce(d.copies, 0) as copies, coalesce(d.counted_downloads, 0) as counted_downloads,
           ${sql.raw(UNCOUNTED.map(([, c]) => `coalesce(d.${c}, 0) as ${c}`).join(', '))}
    from (
      select * from ingest_daily
      where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date
    ) d
    full join (
      select day, gold_bonus from earning_days_money
      where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date and gold_entries > 0
    ) m on m.day = d.day`;
  if (unit === 'day') return sql`select to_char(day, 'YYYY-MM-DD') as date, ${sql.raw(FIGURES.join(', '))} from (${days}) days`;
  return sql`
    select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as date,
           ${sql.raw(FIGURES.map((c) => `sum(${c})::bigint as ${c}`).join(', '))}
    from (${days}) days group by 1`;
}

/**
 * Today's figures; with a sub-ID tag (decision 0206), the tag's from the tag rollup only (never the partner's
 * untagged figures under a tag filter).
 */
export async function detailedToday(
  database: Database,
  userId: number,
  project: ProjectId,
  now: Date,
  subId?: string,
): Promise<DetailedTodayAnswer> {
  const today = dayOf(now);
  if (subId !== undefined) {
    const day = await tagBuckets(database, userId, { project, subId, range: { from: today, to: today }, unit: 'day', order: sql.raw('date'), page: 1, perPage: 1 });
    return { sub_id: subId, date: today, ...day.totals };
  }
  const rows = await database.query<Row>(detailedDays(userId, project, { from: today, to: today }, 'day'), { prepared: true });
  return detailedOf(today, sumsOf(rows[0] ?? {}));
}

const DETAILED_SORT: Record<string, string> = {
  date: 'date',
  downloads: 'downloads',
  sum: 'sum',
  sales: 'sales',
  total: '(sum + sales + gold)',
};

/** The detailed table's sort keys under a tag: the tag rollup's columns (DETAILED_TAG_SORT_KEYS). */
const DETAILED_TAG_SORT: Record<string, string> = {
  date: 'date',
  downloads: 'downloads',
  sales: 'sales',
  total: 'earned_micro',
};

/**
 * The detailed table of one sub-ID tag (decision 0206): its days (weeks, months) from the tag rollup only, the
 * numbers of the tags screen's days. The rollup keeps no split by country group, by reason a download did not
 * count or by kind of earning, no gold bonus and no copies (file events carry no tag): the answer has none of them.
 */
async function detailedOfTag(database: Database, userId: number, q: DetailedBaseQuery, subId: string, now: Date): Promise<DetailedTagAnswer> {
  const range = resolveRange(q, now);
  const buckets = await tagBuckets(database, userId, {
    project: q.app,
    subId,
    range,
    unit: q.grouping,
    order: sql.raw(`${DETAILED_TAG_SORT[q.sort_key]!} ${q.sort_dir === 'asc' ? 'asc' : 'desc'}, date desc`),
    page: q.page,
    perPage: q.per_page,
  });
  return {
    sub_id: subId,
    data: buckets.rows,
    meta: { page: q.page, per_page: q.per_page, total: buckets.total },
    totals: buckets.totals,
    range,
  };
}

export async function detailedBase(
  database: Database,
  userId: number,
  q: DetailedBaseQuery,
  now: Date,
): Promise<DetailedAnswer> {
  if (q.sub_id !== undefined) return detailedOfTag(database, userId, q, q.sub_id, now);
  const range = resolveRange(q, now);
  const { total, sums, page } = await pageWithTotals(database, {
    rows: detailedDays(userId, q.app, range, q.grouping),
    order: sql`${sql.raw(DETAILED_SORT[q.sort_key]!)} ${dir(q.sort_dir)}, date desc`,
    limit: q.per_page,
    offset: offsetOf(q),
    columns: ['date', ...FIGURES],
    summed: FIGURES,
  });
  const { date: _date, ...totals } = detailedOf(range.from, sumsOf(sums));
  return {
    data: page.map((r) => detailedOf(str(r.date), sumsOf(r))),
    meta: { page: q.page, per_page: q.per_page, total },
    totals,
    range,
  };
}

/** One day broken down by country group (the gold bonus is not split by country). */
export async function detailedCountries(
  database: Database,
  userId: number,
  project: ProjectId,
  date: string,
  subId?: string,
): Promise<DetailedCountriesAnswer> {
  const figures = ['downloads', 'download_earned_micro', 'sales', 'sale_earned_micro', 'counted_downloads', ...UNCOUNTED.map(([, c]) => c)];
  const where = sql`user_id = ${userId} and project = ${project} and day = ${date}::date`;
  const whole = sql`select country_group, ${sql.raw(figures.join(', '))} from ingest_daily_country where ${where}`;
  // Under a tag, the country rollup's tagged twin (decision 0209); "no tag" is the whole less the tagged.
  const source = subId === undefined ? whole : underTag({ whole, twinTable: 'ingest_daily_country_tag', keys: ['country_group'], figures, where, subId });
  const rows = await database.query<Row>(sql`
    select country_group, sum(downloads)::bigint as downloads, sum(download_earned_micro)::bigint as sum,
           sum(sales)::bigint as sales_count, sum(sale_earned_micro)::bigint as sales,
           sum(counted_downloads)::bigint as counted_downloads,
           ${sql.raw(UNCOUNTED.map(([, c]) => `sum(${c})::bigint as ${c}`).join(', '))}
    from (${source}) r
    group by country_group`, { prepared: true });
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
        counted_downloads: row.counted_downloads,
        not_counted: row.not_counted,
        sum: row.sum,
        sales_count: row.sales_count,
        sales: row.sales,
        total: row.total,
        per_1000: row.per_1000,
      };
    }),
  };
}
