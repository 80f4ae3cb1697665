import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { configSchema, type Config } from '../config.ts';
import { wrapPglite, wrapPool, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createMailer } from '../mail/mailer.ts';
import { buildApp } from '../app.ts';
import type { AppContext, Clock } from '../context.ts';

/**
 * Tests run on PGlite by default, and on a real PostgreSQL when TEST_DB=pg and TEST_DATABASE_URL are set
 * (the vitest project "server-pg" does that). Each test gets its own freshly migrated database.
 */
export const testDbKind: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

let pgliteTemplate: Promise<PGlite> | undefined;
let pgTemplateName: Promise<string> | undefined;

async function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await migrate(wrapPglite(client));
    return client;
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

async function migratedPgTemplate(): Promise<string> {
  pgTemplateName ??= (async () => {
    const name = `pc_tmpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: urlForDatabase(name), max: 1 });
    await migrate(wrapPool(pool));
    await pool.end();
    return name;
  })();
  return pgTemplateName;
}

/** A new, migrated, empty database for one test. Close it at the end of the test. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const template = await migratedPgliteTemplate();
    return wrapPglite((await template.clone()) as PGlite);
  }
  const template = await migratedPgTemplate();
  const name = `pc_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  const database = wrapPool(new pg.Pool({ connectionString: urlForDatabase(name), max: 5 }));
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await adminQuery(`drop database if exists ${name}`);
  };
  return database;
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
  const ctx: AppContext = { config, database, clock, mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) };
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

/** Drops this test file's PostgreSQL template database (PGlite needs nothing). Called from the setup file. */
export async function dropTestTemplates() {
  if (!pgTemplateName) return;
  const name = await pgTemplateName;
  pgTemplateName = undefined;
  await adminQuery(`drop database if exists ${name}`);
}
