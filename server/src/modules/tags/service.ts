import { sql } from 'drizzle-orm';
import { resolveRange, type TagDaysAnswer, type TagDaysQuery, type TagsAnswer, type TagsQuery } from '@pc/core';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';
import { tagBuckets, tagFiguresOf, tagNonZero, tagSums, tagTotals } from '../../plumbing/tag-figures.ts';

/**
 * Statistics by sub-ID tag (decision 0206), from the tag rollup only (ingest_daily_tag): every query keyed by the
 * signed-in partner first. A tag whose figures in the range are all zero is left out.
 */

export async function tagsList(database: Database, userId: number, q: TagsQuery, now: Date): Promise<TagsAnswer> {
  const range = resolveRange(q, now);
  // Sorting by tag puts "no tag" ('') first ascending; ties by tag, in code-unit order.
  const order = sql.raw(`${q.sort_key} ${q.sort_dir === 'asc' ? 'asc' : 'desc'}, sub_id collate "C" asc`);
  const rows = await database.query<Row>(sql`
    with g as (
      select sub_id, ${tagSums} from ingest_daily_tag
      where user_id = ${userId} and project = ${q.app} and day between ${range.from}::date and ${range.to}::date
      group by sub_id having ${tagNonZero})
    select g.*, count(*) over () as total_rows, ${tagTotals}
    from g order by ${order}
    limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
  const first = rows[0] ?? {};
  return {
    data: rows.map((r) => ({ sub_id: str(r.sub_id), ...tagFiguresOf(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(first.total_rows) },
    totals: rows.length ? tagFiguresOf(first, 't_') : tagFiguresOf({}),
    range,
  };
}

export async function tagDays(database: Database, userId: number, q: TagDaysQuery, now: Date): Promise<TagDaysAnswer> {
  const range = resolveRange(q, now);
  const days = await tagBuckets(database, userId, {
    project: q.app,
    subId: q.sub_id,
    range,
    unit: 'day',
    order: sql.raw(`date ${q.sort_dir === 'asc' ? 'asc' : 'desc'}`),
    page: q.page,
    perPage: q.per_page,
  });
  return {
    sub_id: q.sub_id,
    data: days.rows,
    meta: { page: q.page, per_page: q.per_page, total: days.total },
    totals: days.totals,
    range,
  };
}
