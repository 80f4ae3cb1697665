import { sql, type SQL } from 'drizzle-orm';
import type { ProjectId } from '@pc/core';
import { rowsOf, type Db } from './client.ts';

/**
 * The SQL helpers every module uses for raw queries: one definition of reading rows, turning SQL values into
 * numbers and text, the transaction type, and transaction-scoped advisory locks.
 */

/** A transaction (or the database itself) as the write helpers take it. */
export type Tx = Pick<Db, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

/** A row of a raw query whose columns are read with num / str. */
export type Row = Record<string, unknown>;

/** Runs a raw statement in a transaction (or on the database) and answers its rows. */
export async function rows<T = Row>(tx: Pick<Tx, 'execute'>, query: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(query));
}

/** A SQL number (bigint may arrive as text) as a JavaScript number; null is 0. */
export const num = (v: unknown): number => (v == null ? 0 : Number(v));
/** A SQL value as text; null is ''. */
export const str = (v: unknown): string => (v == null ? '' : String(v));

/**
 * Rows as one JSON text, an array of arrays of `values` in `order` (an aggregate over the rows of its FROM), and
 * `rowsOfJson` to read them back keyed by `names`: JSON.parse reads the text at once instead of the driver decoding
 * each column of each row, and a statement that answers its rows so can answer other figures beside them in one
 * row (decision 0221). `values` are SQL expressions (a text is written as it is): a number (`{ number }`, an integer
 * or null) is written as its text, anything else through to_json, which costs the database about as much again per
 * value (decision 0226); dates and times come back as ISO texts.
 */
export type JsonRowValue = string | SQL | { number: string | SQL };

export const jsonRows = (values: readonly JsonRowValue[], order: SQL) => {
  const expression = (v: string | SQL) => (typeof v === 'string' ? sql.raw(v) : v);
  const written = values.map((v) =>
    typeof v === 'object' && 'number' in v
      ? sql`coalesce((${expression(v.number)})::text, 'null')`
      : sql`coalesce(to_json(${expression(v)})::text, 'null')`,
  );
  return sql`'[' || coalesce(string_agg('[' || concat_ws(',', ${sql.join(written, sql`, `)}) || ']', ',' order by ${order}), '') || ']'`;
};

export function rowsOfJson(text: unknown, names: readonly string[]): Row[] {
  return (JSON.parse(String(text ?? '[]')) as unknown[][]).map((values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  });
}

/** A SQL date (a Date from node-postgres, text from PGlite) as 'YYYY-MM-DD'. */
/** A SQL timestamp (a Date, or text from a driver that answers text) as a Date. */
export const timestampOf = (v: unknown): Date => (v instanceof Date ? v : new Date(str(v)));
export const dayStr = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : str(v).slice(0, 10));

/** A unique constraint refused the row (node-postgres and PGlite, also wrapped by drizzle as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * A Postgres array literal of ids or project names, for `= any(${pgArray(ids)}::bigint[])` or
 * `unnest(${pgArray(projects)}::text[])`: values that need no quoting in the literal.
 */
export function pgArray(values: ReadonlyArray<number | ProjectId>): string {
  return `{${values.join(',')}}`;
}

/** Takes a transaction-scoped advisory lock on a text key (released at commit or rollback). */
export async function lockKey(tx: Pick<Tx, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
