import { sql, type SQL } from 'drizzle-orm';

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
