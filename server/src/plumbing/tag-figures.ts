import { sql, type SQL } from 'drizzle-orm';
import type { DayRange, ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import { num, str, type Row } from '../db/sql.ts';

/**
 * Reads of the tag rollup (ingest_daily_tag, decision 0206) that the tags screen and the detailed screen under a tag
 * share, so both show the same numbers. Every query is keyed by the signed-in partner first.
 */

export const TAG_FIGURES = ['hits', 'downloads', 'counted_downloads', 'sales', 'rebills', 'refunds', 'earned_micro'] as const;
/** The tag rollup's figures summed, and over the whole answer (`t_` prefix), and the test that a group has any. */
export const tagSums = sql.raw(TAG_FIGURES.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', '));
export const tagTotals = sql.raw(TAG_FIGURES.map((c) => `sum(${c}) over () as t_${c}`).join(', '));
export const tagNonZero = sql.raw(TAG_FIGURES.map((c) => `sum(${c}) <> 0`).join(' or '));

export const tagFiguresOf = (r: Row, prefix = '') => Object.fromEntries(TAG_FIGURES.map((c) => [c, num(r[`${prefix}${c}`])])) as Record<(typeof TAG_FIGURES)[number], number>;

/** A tag's figures per day, week or month of a range: one page of them, with the range's totals. */
interface TagBuckets {
  rows: Array<{ date: string } & Record<(typeof TAG_FIGURES)[number], number>>;
  total: number;
  totals: Record<(typeof TAG_FIGURES)[number], number>;
}

/**
 * One tag's figures per UTC day (or the week, month it starts), buckets whose figures are all zero left out. The tags
 * screen's days and the detailed screen under a tag both read this, so they show the same numbers.
 */
export async function tagBuckets(
  database: Database,
  userId: number,
  p: { project: ProjectId; subId: string; range: DayRange; unit: 'day' | 'week' | 'month'; order: SQL; page: number; perPage: number },
): Promise<TagBuckets> {
  const rows = await database.query<Row>(sql`
    with g as (
      select to_char(date_trunc(${p.unit}, day), 'YYYY-MM-DD') as date, ${tagSums} from ingest_daily_tag
      where user_id = ${userId} and project = ${p.project} and sub_id = ${p.subId} and day between ${p.range.from}::date and ${p.range.to}::date
      group by 1 having ${tagNonZero})
    select g.*, count(*) over () as total_rows, ${tagTotals}
    from g order by ${p.order}
    limit ${p.perPage} offset ${(p.page - 1) * p.perPage}`);
  const first = rows[0] ?? {};
  return {
    rows: rows.map((r) => ({ date: str(r.date), ...tagFiguresOf(r) })),
    total: num(first.total_rows),
    totals: rows.length ? tagFiguresOf(first, 't_') : tagFiguresOf({}),
  };
}

