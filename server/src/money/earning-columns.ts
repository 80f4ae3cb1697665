import { sql, type SQL } from 'drizzle-orm';
import type { LedgerBucket, LedgerSource } from '../db/schema/index.ts';

/**
 * Which earning column of the `ingest_daily` rollup is which earning: written once, here. Ingest splits a
 * partner day's earnings into these columns (migration 0100) precisely so that the day close can book each as its
 * own ledger source and bucket (decision 0051); the live reads (earnings, dashboard, statistics, balance) sum the
 * same columns for the days the close has not booked yet, so a day shows the same money before and after its close.
 *
 * - source: whose money it is on the Earnings screen and in the hold breakdown (own files, file copies, video,
 *   the site-referral bonus).
 * - bucket: `downloads` are available at the end of the day, `sales` are held for the refund window.
 *
 * `earned_micro` is the sum of the six columns (ingest keeps it so), the partner's whole live earnings of the day.
 * The order is the day close's booking order; keep it.
 */
export const EARNING_COLUMNS = [
  { column: 'download_earned_micro', source: 'files', bucket: 'downloads' },
  { column: 'copy_download_earned_micro', source: 'file_copies', bucket: 'downloads' },
  { column: 'sale_earned_micro', source: 'files', bucket: 'sales' },
  { column: 'copy_sale_earned_micro', source: 'file_copies', bucket: 'sales' },
  { column: 'video_sale_earned_micro', source: 'video', bucket: 'sales' },
  { column: 'site_earned_micro', source: 'sites', bucket: 'sales' },
] as const satisfies ReadonlyArray<{ column: string; source: LedgerSource; bucket: LedgerBucket }>;

export type EarningColumn = (typeof EARNING_COLUMNS)[number]['column'];
/** A rollup row with every earning column (as the close reads it). */
export type EarningFigures = Record<EarningColumn, number>;

/** The whole live earnings of a rollup day (every source), as the dashboard and the balance sum them. */
export const TOTAL_EARNED_COLUMN = 'earned_micro';

type Column = (typeof EARNING_COLUMNS)[number];
const where = (keep: (c: Column) => boolean): Column[] => EARNING_COLUMNS.filter(keep);

/** Every earning column, comma-separated, optionally of a table alias: for a select list. */
export function earningColumnList(alias?: string): SQL {
  return sql.raw(EARNING_COLUMNS.map((c) => qualified(c.column, alias)).join(', '));
}

/** Downloads bucket: own files' and copies' download earnings (available at the end of the day). */
export const DOWNLOAD_COLUMNS = where((c) => c.bucket === 'downloads');
/** Sales bucket: every sale earning, the site bonus included (held for the refund window). */
export const SALE_COLUMNS = where((c) => c.bucket === 'sales');
/**
 * Sale earnings of the partner's files (own, copies, video): the statistics screens show what the files sold; the
 * site-referral bonus is money from other partners' sales, shown under sites.
 */
export const FILE_SALE_COLUMNS = where((c) => c.bucket === 'sales' && c.source !== 'sites');
/** The Earnings screen's "files" column (decision 0050): everything but the site-referral bonus. */
export const FILES_COLUMNS = where((c) => c.source !== 'sites');
/** The Earnings screen's "sites" column: the site-referral bonus. */
export const SITE_COLUMNS = where((c) => c.source === 'sites');

/** SQL sum `a + b + …` of the columns, optionally of a table alias. */
export function sumOf(columns: readonly Column[], alias?: string): SQL {
  return sql.raw(columns.map((c) => qualified(c.column, alias)).join(' + '));
}

/** Per-column sums `sum(a)::bigint as a, …` for a grouped select; the row keeps the column names. */
export function sumsOf(columns: readonly Column[], alias?: string): SQL {
  return sql.raw(columns.map((c) => `sum(${qualified(c.column, alias)})::bigint as ${c.column}`).join(', '));
}

/** The same sum over a row already read (JavaScript numbers). */
export function sumRow<C extends Column>(row: Record<C['column'], number>, columns: readonly C[]): number {
  return columns.reduce((total, c) => total + row[c.column as C['column']], 0);
}

function qualified(column: string, alias?: string): string {
  return alias ? `${alias}.${column}` : column;
}
