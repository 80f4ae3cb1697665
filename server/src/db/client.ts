import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Connection {
  exec(script: string): Promise<void>;
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Runs raw SQL and returns its rows; used for set-based analytics and migrations. */
  query<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Runs a multi-statement SQL script (migrations). */
  exec(script: string): Promise<void>;
  /** Runs `fn` on one dedicated connection, for session-level state such as advisory locks. */
  onOneConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The rows of a raw statement's result (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query<T>(query: SQL) {
      return rowsOf<T>(await db.execute(query));
    },
    async exec(script: string) {
      await client.exec(script);
    },
    async onOneConnection(fn) {
      return fn({
        exec: async (script) => void (await client.exec(script)),
        rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export function wrapPool(pool: pg.Pool): Database {
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pg',
    db,
    async query<T>(query: SQL) {
      return rowsOf<T>(await db.execute(query));
    },
    async exec(script: string) {
      await this.onOneConnection((conn) => conn.exec(script));
    },
    async onOneConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (script) => void (await client.query(script)),
          rows: async <T>(text: string, params?: unknown[]) =>
            (await client.query(text, params as unknown[])).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

// Bigint columns (micro-USD) arrive from node-postgres as strings; they are safe integers in this product.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    return wrapPool(pool);
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(`${opts.dataDir}/pglite`);
  return wrapPglite(client);
}

export async function ping(database: Database): Promise<boolean> {
  const rows = await database.query<{ ok: number }>(sql`select 1 as ok`);
  return rows[0]?.ok === 1;
}
