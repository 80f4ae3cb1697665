import { sql } from 'drizzle-orm';
import { resolveRange, type TagDaysAnswer, type TagDaysQuery, type TagsAnswer, type TagsQuery } from '@pc/core';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';

/**
 * Statistics by sub-ID tag (decision 0206), from the tag rollup only (ingest_daily_tag): every query keyed by the
 * signed-in partner first. A tag whose figures in the range are all zero is left out.
 */

const FIGURES = ['hits', 'downloads', 'counted_downloads', 'sales', 'rebills', 'refunds', 'earned_micro'] as const;
const sums = sql.raw(FIGURES.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', '));
const totals = sql.raw(FIGURES.map((c) => `sum(${c}) over () as t_${c}`).join(', '));
const nonZero = sql.raw(FIGURES.map((c) => `sum(${c}) <> 0`).join(' or '));

const figuresOf = (r: Row, prefix = '') => Object.fromEntries(FIGURES.map((c) => [c, num(r[`${prefix}${c}`])])) as Record<(typeof FIGURES)[number], number>;

export async function tagsList(database: Database, userId: number, q: TagsQuery, now: Date): Promise<TagsAnswer> {
  const range = resolveRange(q, now);
  // Sorting by tag puts "no tag" ('') first ascending; ties by tag, in code-unit order.
  const order = sql.raw(`${q.sort_key} ${q.sort_dir === 'asc' ? 'asc' : 'desc'}, sub_id collate "C" asc`);
  const rows = await database.query<Row>(sql`
    with g as (
      select sub_id, ${sums} from ingest_daily_tag
      where user_id = ${userId} and project = ${q.app} and day between ${range.from}::date and ${range.to}::date
      group by sub_id having ${nonZero})
    select g.*, count(*) over () as total_rows, ${totals}
    from g order by ${order}
    limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
  const first = rows[0] ?? {};
  return {
    data: rows.map((r) => ({ sub_id: str(r.sub_id), ...figuresOf(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(first.total_rows) },
    totals: rows.length ? figuresOf(first, 't_') : figuresOf({}),
    range,
  };
}

export async function tagDays(database: Database, userId: number, q: TagDaysQuery, now: Date): Promise<TagDaysAnswer> {
  const range = resolveRange(q, now);
  const rows = await database.query<Row>(sql`
    with g as (
      select to_char(day, 'YYYY-MM-DD') as date, ${sums} from ingest_daily_tag
      where user_id = ${userId} and project = ${q.app} and sub_id = ${q.sub_id} and day between ${range.from}::date and ${range.to}::date
      group by day having ${nonZero})
    select g.*, count(*) over () as total_rows, ${totals}
    from g order by date ${sql.raw(q.sort_dir === 'asc' ? 'asc' : 'desc')}
    limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
  const first = rows[0] ?? {};
  return {
    sub_id: q.sub_id,
    data: rows.map((r) => ({ date: str(r.date), ...figuresOf(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(first.total_rows) },
    totals: rows.length ? figuresOf(first, 't_') : figuresOf({}),
    range,
  };
}
