import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { jsonRows, num, rowsOfJson, type Row } from '../../../db/sql.ts';

/**
 * What the statistics screens' reads share (one file per screen beside this one). Everything comes from the
 * ingest rollups (ingest_daily*), the current-state fact tables (ingest_files, ingest_sales), the ledger (gold
 * bonus) and the read-side file totals of migration 0250; never from raw events. Every query is keyed by the
 * signed-in partner's id first.
 */

/** A whole number of micro-USD, a / b rounded half-up (b > 0), 0 when b is 0. */
export const ratio = (a: number, b: number) => (b > 0 ? Math.round(a / b) : 0);
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const dir = (d: 'asc' | 'desc') => sql.raw(d === 'asc' ? 'asc' : 'desc');
export const offsetOf = (q: { page: number; per_page: number }) => (q.page - 1) * q.per_page;

/**
 * `limit … offset …` of a prepared read, each a sub-select. Given as parameters, they are estimated only when the
 * statement is planned for their values, so PostgreSQL's plan cache judged its one generic plan dearer than a plan
 * made for each call and planned the statement anew every time (0.2 ms, more than the files list's page ids take to
 * run); as sub-selects they are estimated alike in every plan, and the kept plan serves every call (decision 0225).
 */
export const limitOffset = (limit: number, offset: number) => sql`limit (select ${limit}::int) offset (select ${offset}::int)`;

/**
 * The rows of one sub-ID tag's figures (decision 0209) in the shape `whole` gives them for every event: a tag's from
 * the rollup's tagged twin, "no tag" ('') as the whole rows less every tagged row (the twin holds only tagged events,
 * each added to the whole rollup as well). `whole` selects `keys` then `figures`, in that order; `where` filters the
 * twin (partner, project, days, the screen's own filters). The reader sums by its keys.
 */
export function underTag(p: { whole: SQL; twinTable: string; keys: readonly string[]; figures: readonly string[]; where: SQL; subId: string }): SQL {
  const twin = (negate: boolean, tag: SQL) =>
    sql`select ${sql.raw([...p.keys, ...p.figures.map((c) => (negate ? `-${c} as ${c}` : c))].join(', '))}
        from ${sql.raw(p.twinTable)} where ${p.where} and ${tag}`;
  if (p.subId !== '') return twin(false, sql`sub_id = ${p.subId}`);
  return sql`${p.whole} union all ${twin(true, sql`true`)}`;
}

/** `having` figures not all zero: a tag's group of rows with nothing left (say "no tag" of a wholly tagged domain). */
export const anyNonZero = (figures: readonly string[]) => sql.raw(figures.map((c) => `sum(${c}) <> 0`).join(' or '));

/**
 * One page of a table's rows and the whole table's count and column sums, in one statement and one row (decision
 * 0221): the sums are computed once, not repeated on every row of the page by window functions, and a page past
 * the last one still has them. The page comes as one JSON text, an array of arrays of `columns` in that order,
 * which JSON.parse reads at once instead of the driver decoding each column of each row; it is answered as rows
 * keyed by `columns`, the sums as a row keyed by `summed`.
 *
 * `rows` is a select whose columns include `columns` and `summed`; `order` sorts it (ties broken by the caller).
 * The statement is prepared unless `planEachTime`: a read whose best plan depends on how many rows its range holds
 * may fare worse under the one plan a prepared statement settles on.
 */
export async function pageWithTotals(
  database: Database,
  p: { rows: SQL; order: SQL; limit: number; offset: number; columns: readonly string[]; summed: readonly string[]; planEachTime?: boolean },
): Promise<{ total: number; sums: Row; page: Row[] }> {
  const [row = {}] = await database.query<Row>(
    sql`
    with g as (${p.rows}),
    p as (select * from g order by ${p.order} limit ${p.limit} offset ${p.offset})
    select count(*) as total_rows, ${sql.raw(p.summed.map((c) => `sum(${c}) as ${c}`).join(', '))},
           (select ${jsonRows(p.columns.map((c) => (p.summed.includes(c) ? { number: c } : c)), p.order)} from p) as page
    from g`,
    p.planEachTime ? {} : { prepared: true },
  );
  return { total: num(row.total_rows), sums: row, page: rowsOfJson(row.page, p.columns) };
}
