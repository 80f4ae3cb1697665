import { sql } from 'drizzle-orm';

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
