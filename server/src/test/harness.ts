import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { configSchema, type Config } from '../config.ts';
import { wrapPglite, wrapPool, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createMailer } from '../mail/mailer.ts';
import { buildApp } from '../app.ts';
import type { AppContext, Clock } from '../context.ts';

/**
 * Tests run on PGlite by default, and on a real PostgreSQL when TEST_DB=pg and TEST_DATABASE_URL are set
 * (the vitest project "server-pg" does that). Each test gets a migrated database of its own with no rows.
 *
 * Creating that database is the costly part of a test: copying a template takes a second or more on PostgreSQL
 * (and dropping it as long), cloning a PGlite instance about as much. So a database a test has closed is kept
 * and emptied for the file's next test instead (every table's rows deleted, sequences back to their start: tens
 * of milliseconds). The migrated template is made once per run by the global setup (test/global-setup.ts) and
 * shared by every test file; without it (a file run on its own by another runner) the file makes its own.
 */
export const testDbKind: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

/** What the global setup made: the path of a migrated PGlite data directory dump, the name of a migrated PostgreSQL template. */
export const TEMPLATE_ENV = { pglite: 'PC_TEST_PGLITE_TEMPLATE', pg: 'PC_TEST_PG_TEMPLATE' } as const;

let pgliteTemplate: Promise<Blob> | undefined;
let pgTemplateName: Promise<string> | undefined;
/** Whether this file made its PostgreSQL template (and must drop it) or was given the run's. */
let ownPgTemplate = false;
/** Databases made for this file's tests, and those their tests have closed, ready to be emptied and used again. */
const madePg: string[] = [];
const freePg: string[] = [];
const madePglite: PGlite[] = [];
const freePglite: PGlite[] = [];

/** A migrated PGlite data directory, as a dump to start instances from. */
async function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const given = process.env[TEMPLATE_ENV.pglite];
    if (given) return new Blob([readFileSync(given)]);
    return migratedPgliteDump();
  })();
  return pgliteTemplate;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  return url;
}

function urlForDatabase(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates a PostgreSQL database and applies the migrations: the template every test database is copied from. */
export async function createPgTemplate(): Promise<string> {
  const name = `pc_tmpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const pool = new pg.Pool({ connectionString: urlForDatabase(name), max: 1 });
  try {
    await migrate(wrapPool(pool));
  } finally {
    await pool.end();
  }
  return name;
}

export async function dropPgDatabase(name: string) {
  await adminQuery(`drop database if exists ${name}`);
}

/** A fresh PGlite instance with the migrations applied, dumped. */
async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migrate(wrapPglite(client));
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Writes a migrated PGlite data directory to `path`, for every test file of the run to start from. */
export async function writePgliteTemplate(path: string) {
  writeFileSync(path, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
}

async function migratedPgTemplate(): Promise<string> {
  pgTemplateName ??= (async () => {
    const given = process.env[TEMPLATE_ENV.pg];
    if (given) return given;
    ownPgTemplate = true;
    return createPgTemplate();
  })();
  return pgTemplateName;
}

/**
 * Deletes every row a test left (triggers and foreign keys off while it does: replica mode) and sets each
 * sequence back to its start, so the database is as the migrations left it. The migrations' own bookkeeping
 * stays; no migration inserts rows into any other table.
 */
async function emptyDatabase(database: Database) {
  emptyingScript ??= await emptyingScriptFor(database);
  await database.exec(emptyingScript);
}
/**
 * The statements that empty a database of the template's structure. Only such databases are emptied (readyForReuse
 * checks the structure first), so the tables and sequences are read once per file.
 */
let emptyingScript: string | undefined;
async function emptyingScriptFor(database: Database): Promise<string> {
  const tables = await database.query<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'`,
  );
  const sequences = await database.query<{ name: string; start: string }>(
    sql`select sequencename as name, start_value::text as start from pg_sequences where schemaname = current_schema()`,
  );
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return [
    'begin',
    'set local session_replication_role = replica',
    ...tables.map((t) => `delete from ${quote(t.name)}`),
    ...sequences.map((q) => `select setval('${quote(q.name)}', ${Number(q.start)}, false)`),
    'commit',
  ].join(';\n');
}

/**
 * What the database's structure is (tables, columns, constraints, triggers, functions), as one hash. A test may
 * change the structure (a constraint added to make a write fail): such a database is not used again.
 */
async function structureOf(database: Database): Promise<string> {
  const [row] = await database.query<{ fp: string }>(sql`
    select md5(string_agg(x, ',' order by x)) as fp from (
      select concat('c:', c.relname, ':', c.relkind) from pg_class c
        where c.relnamespace = current_schema()::regnamespace
      union all
      select concat('a:', c.relname, '.', a.attname, ':', a.atttypid, ':', a.attnotnull, ':', pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped
      union all
      select concat('k:', conrelid::regclass, ':', conname, ':', pg_get_constraintdef(oid)) from pg_constraint
        where connamespace = current_schema()::regnamespace
      union all
      select concat('t:', tgrelid::regclass, ':', tgname, ':', tgenabled) from pg_trigger where not tgisinternal
      union all
      select concat('p:', proname, ':', md5(prosrc)) from pg_proc where pronamespace = current_schema()::regnamespace
    ) s(x)`);
  return row!.fp;
}
/** The structure the migrations make, measured on this file's first fresh database. */
let templateStructure: string | undefined;

/** Whether a database a test has closed can serve the next one: same structure as the template; then emptied. */
async function readyForReuse(database: Database): Promise<boolean> {
  if ((await structureOf(database)) !== templateStructure) return false;
  await emptyDatabase(database);
  return true;
}

/** A migrated database with no rows, for one test. Close it at the end of the test. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    let client = freePglite.pop();
    if (client && !(await readyForReuse(wrapPglite(client)))) {
      madePglite.splice(madePglite.indexOf(client), 1);
      await client.close();
      client = undefined;
    }
    if (!client) {
      client = await PGlite.create({ loadDataDir: await migratedPgliteTemplate() });
      madePglite.push(client);
      templateStructure ??= await structureOf(wrapPglite(client));
    }
    const instance = client;
    // The test sees the instance through a guard that refuses every call once the test has closed it: work a
    // test left running (a timer, a job) must fail as on a closed database, not write into the next test's.
    let open = true;
    const guarded = new Proxy(instance, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          open ? (value as (...a: unknown[]) => unknown).apply(target, args) : Promise.reject(new Error('the test database is closed'));
      },
    });
    const database = wrapPglite(guarded);
    // Closing hands the instance back for the file's next test; the file's end closes it for good.
    database.close = async () => {
      open = false;
      if (!freePglite.includes(instance)) freePglite.push(instance);
    };
    return database;
  }
  let name = freePg.pop();
  let database = name ? wrapPool(new pg.Pool({ connectionString: urlForDatabase(name), max: 5 })) : undefined;
  if (name && database && !(await readyForReuse(database))) {
    await database.close();
    madePg.splice(madePg.indexOf(name), 1);
    await dropPgDatabase(name);
    name = undefined;
    database = undefined;
  }
  if (!name || !database) {
    const template = await migratedPgTemplate();
    name = `pc_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name} template ${template}`);
    madePg.push(name);
    database = wrapPool(new pg.Pool({ connectionString: urlForDatabase(name), max: 5 }));
    templateStructure ??= await structureOf(database);
  }
  const close = database.close.bind(database);
  const closed = name;
  database.close = async () => {
    await close();
    if (!freePg.includes(closed)) freePg.push(closed);
  };
  return database;
}

/** A fresh test database for `work`, closed once it is done, whatever happens in it. */
export async function withTestDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Takes a test's database back to before one migration (`undo` drops what it made, the migration is forgotten) and
 * migrates again: how a kept table's migration is tested to fill it from the rows it sums.
 */
export async function migrateAgain(database: Database, migration: string, undo: string) {
  await database.exec(`${undo}
      delete from schema_migrations where name = '${migration}';`);
  await migrate(database);
}

/** A clock that tests set and move by hand. */
export function manualClock(start = '2026-11-20T12:00:00Z'): Clock & { set(iso: string | Date): void; advance(ms: number): void } {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    set: (iso) => {
      now = new Date(iso);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

/** The whole app on a fresh database, with a manual clock; requests go through app.inject. */
export async function createTestApp(opts: { config?: Partial<Record<keyof Config, string>>; clock?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(opts.config);
  const clock = manualClock(opts.clock);
  const ctx: AppContext = { config, database, clock, mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, clock, leaseSeconds: config.MAIL_SEND_LEASE_SECONDS }) };
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** At a test file's end: drops the databases it made (and its template, when it made one), closes its PGlite instances. */
export async function dropTestTemplates() {
  for (const client of madePglite.splice(0)) await client.close();
  freePglite.length = 0;
  const names = madePg.splice(0);
  freePg.length = 0;
  for (const name of names) await dropPgDatabase(name);
  if (pgTemplateName && ownPgTemplate) await dropPgDatabase(await pgTemplateName);
  pgTemplateName = undefined;
  ownPgTemplate = false;
  templateStructure = undefined;
}
