import { sql, type SQL } from 'drizzle-orm';
import {
  resolveRange,
  dayOf,
  type DayRange,
  type ProjectId,
  type SourcesBaseAnswer,
  type SourcesBaseQuery,
  type SourcesDetailsAnswer,
  type SourcesDetailsQuery,
} from '@pc/core';
import type { Database } from '../../../db/client.ts';
import { num, str, type Row } from '../../../db/sql.ts';
import { coverParts } from './month-cover.ts';
import { anyNonZero, likeEscape, dir, offsetOf, pageWithTotals, underTag } from './common.ts';

/** The sources screen's reads (statistics; shared parts in common.ts). */
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
 * The rows a domain range is summed from, each with `day_rows`, how many day rows it stands for (negative for days
 * taken off): whole months from the monthly read table (migration 0253), a cut month as its days in the range or as
 * its month row less its days outside (monthCover, decision 0223). A domain has a day row in the range where its
 * `day_rows` add up to more than zero.
 */
function sourceDomainRows(userId: number, project: ProjectId, range: DayRange, search: SQL, today: string): SQL {
  const parts = coverParts(range, today, {
    months: (months) => sql`
      select domain, hits, downloads, unique_downloads, purchases, day_rows from stats_source_months
      where user_id = ${userId} and project = ${project} and month between ${months.from}::date and ${months.to}::date ${search}`,
    days: (r, sign) => sql`
      select domain, ${sql.raw(SOURCE_FIGURES.map((c) => `${sign}${c} as ${c}`).join(', '))}, ${sql.raw(sign)}1 as day_rows
      from ingest_daily_source
      where user_id = ${userId} and project = ${project} and day between ${r.from}::date and ${r.to}::date ${search}`,
  });
  return sql.join(parts, sql` union all `);
}

const SOURCE_FIGURES = ['hits', 'downloads', 'unique_downloads', 'purchases'] as const;

/**
 * The domain rows of the range (with their `day_rows`), or of one tag's figures in it (decision 0209; groups whose
 * figures are all zero are left out there, so `day_rows` is not needed).
 */
function domainRows(userId: number, project: ProjectId, range: DayRange, search: SQL, subId: string | undefined, today: string): SQL {
  const whole = sourceDomainRows(userId, project, range, search, today);
  if (subId === undefined) return whole;
  return underTag({
    whole: sql`select domain, ${sql.raw(SOURCE_FIGURES.join(', '))} from (${whole}) w`,
    twinTable: 'ingest_daily_source_tag',
    keys: ['domain'],
    figures: SOURCE_FIGURES,
    where: sql`user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date ${search}`,
    subId,
  });
}

export async function sourcesBase(
  database: Database,
  userId: number,
  q: SourcesBaseQuery,
  now: Date,
): Promise<SourcesBaseAnswer> {
  const range = resolveRange(q, now);
  const search = q.search ? sql`and domain ilike ${`%${likeEscape(q.search.toLowerCase())}%`}` : sql``;
  const { total, sums, page } = await pageWithTotals(database, {
    rows: sql`
      select domain, sum(hits)::bigint as hits, sum(downloads)::bigint as downloads,
             sum(unique_downloads)::bigint as unique_downloads, sum(purchases)::bigint as purchases
      from (${domainRows(userId, q.app, range, search, q.sub_id, dayOf(now))}) r
      group by domain
      having ${q.sub_id === undefined ? sql`sum(day_rows) > 0` : anyNonZero(SOURCE_FIGURES)}`,
    order: sql`${sql.raw(SOURCE_SORT[q.sort_key]!)} ${dir(q.sort_dir)}, domain asc`,
    limit: q.per_page,
    offset: offsetOf(q),
    columns: ['domain', ...SOURCE_FIGURES],
    summed: SOURCE_FIGURES,
    // Prepared (one statement per shape of the cover): the cover bounds the rows a range reads to its months and at
    // most about half a month of days, so one plan serves every range; planned at each call it answered 7-47 % less
    // often (decision 0223).
  });
  return {
    data: page.map((r) => ({ domain: str(r.domain), ...sourceRow(r) })),
    meta: { page: q.page, per_page: q.per_page, total },
    totals: sourceRow(sums),
    range,
  };
}

/** A domain's URL rows of the range, or of one tag's figures in it (decision 0209). */
function urlRows(userId: number, q: SourcesDetailsQuery, range: DayRange): SQL {
  const where = sql`user_id = ${userId} and project = ${q.app} and domain = ${q.domain.toLowerCase()}
        and day between ${range.from}::date and ${range.to}::date`;
  const whole = sql`select url, hits, downloads, unique_downloads, purchases from ingest_daily_source where ${where}`;
  if (q.sub_id === undefined) return whole;
  return underTag({ whole, twinTable: 'ingest_daily_source_tag', keys: ['url'], figures: SOURCE_FIGURES, where, subId: q.sub_id });
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
      from (${urlRows(userId, q, range)}) r
      group by url
      ${q.sub_id === undefined ? sql`` : sql`having ${anyNonZero(SOURCE_FIGURES)}`}
    )
    select u.*, count(*) over () as total_rows from u
    order by ${sql.raw(SOURCE_SORT[q.sort_key]!)} ${dir(q.sort_dir)}, url asc
    limit ${q.per_page} offset ${offsetOf(q)}`, { prepared: true });
  return {
    domain: q.domain.toLowerCase(),
    data: rows.map((r) => ({ url: str(r.url), ...sourceRow(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(rows[0]?.total_rows) },
  };
}
