import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import * as schema from './schema/index.ts';
import { DatabaseOutage } from './outage.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Connection {
  exec(script: string): Promise<void>;
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface QueryOptions {
  /**
   * A name under which PostgreSQL keeps the statement parsed and planned on each connection, for a read a partner
   * makes often whose planning costs as much as its run. The text under a name must be the same every time (only
   * the values change); the embedded database has no such statements and runs it as any other. `true` names the
   * statement after its text, for a read whose text varies with its filters and sort (each variant is kept apart).
   */
  prepared?: string | true;
}

/** The name a statement is kept under when it is named after its text (QueryOptions.prepared = true). */
export const statementName = (text: string) => `t_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Runs raw SQL and returns its rows; used for set-based analytics and migrations. */
  query<T = Record<string, unknown>>(query: SQL, options?: QueryOptions): Promise<T[]>;
  /** Runs a multi-statement SQL script (migrations). */
  exec(script: string): Promise<void>;
  /** Runs `fn` on one dedicated connection, for session-level state such as advisory locks. */
  onOneConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** Whether this process last found the database away (an outage is logged once, at its start and end). */
  outage: DatabaseOutage;
  /** PostgreSQL's connection pool (its use is a metric); none on the embedded database. */
  pool?: pg.Pool;
  /** The embedded database itself (its data directory can be archived: db/backup.ts). */
  embedded?: PGlite;
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
    outage: new DatabaseOutage(),
    embedded: client,
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** The types drizzle's node-postgres driver leaves as text (dates, times, intervals), so a prepared read answers alike. */
const TEXT_TYPES = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1115, 1182, 1185, 1187, 1231]);
const DRIZZLE_TYPES = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};
const dialect = new PgDialect();

export function wrapPool(pool: pg.Pool): Database {
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pg',
    db,
    async query<T>(query: SQL, options?: QueryOptions) {
      if (!options?.prepared) return rowsOf<T>(await db.execute(query));
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = options.prepared === true ? statementName(text) : options.prepared;
      const result = await pool.query({ name, text, values: params, types: DRIZZLE_TYPES });
      return result.rows as T[];
    },
    async exec(script: string) {
      await this.onOneConnection((conn) => conn.exec(script));
    },
    async onOneConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          // One connection is for work at start (the migrations and their lock), which may take longer than
          // any one call is allowed to.
          exec: async (script) => void (await client.query(withoutDeadline({ text: script }))),
          rows: async <T>(text: string, params?: unknown[]) =>
            (await client.query(withoutDeadline({ text, values: params as unknown[] }))).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    outage: new DatabaseOutage(),
    pool,
    async close() {
      await pool.end();
    },
  };
}

/** How long a multi-statement script (a migration) may run on PostgreSQL. */
const SCRIPT_TIMEOUT_MS = 6 * 3_600_000;
/** A query config with the script deadline instead of the pool's (node-postgres reads query_timeout per query; its types omit it). */
const withoutDeadline = (config: pg.QueryConfig): pg.QueryConfig => ({ ...config, query_timeout: SCRIPT_TIMEOUT_MS }) as pg.QueryConfig;

/** How long PostgreSQL calls may wait (config DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

/**
 * A pool that lives through the database going away (a restart, a failover, a network blip): a connection that
 * breaks, idle in the pool or held by a call, emits 'error', and an 'error' event nobody listens to ends the
 * process. The listeners below only keep the process alive: the call that used the connection fails on its own
 * (and is answered 503, app/errors.ts), the pool drops the broken connection and opens new ones when asked, and the
 * outage is logged once by whoever meets it (db/outage.ts). Nothing waits forever: connecting (or waiting for a
 * free connection) has a deadline, a statement has the server's statement_timeout, and the client gives up on a
 * connection that stays silent past it.
 */
export function createPool(connectionString: string, timeouts: DatabaseTimeouts, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 15_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const ignore = () => {};
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

/** The defaults of DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS, for callers without a config. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 10_000, statementMs: 60_000 };

// Bigint columns (micro-USD) arrive from node-postgres as strings; they are safe integers in this product.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; timeouts?: DatabaseTimeouts }): Promise<Database> {
  if (opts.databaseUrl) return wrapPool(createPool(opts.databaseUrl, opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS));
  mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(`${opts.dataDir}/pglite`);
  return wrapPglite(client);
}

export async function ping(database: Database): Promise<boolean> {
  const rows = await database.query<{ ok: number }>(sql`select 1 as ok`);
  return rows[0]?.ok === 1;
}
