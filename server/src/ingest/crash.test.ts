import { afterAll, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { IngestEventInput, ProjectId } from '@pc/core';
import { wrapPglite, wrapPool, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { testConfig, testDbKind } from '../test/harness.ts';
import { freePort, startServerProcess, stopProcess } from '../test/processes.ts';
import { partnerEvents } from '@pc/simulator/generate';
import { httpSender } from '@pc/simulator/sender';
import { insertPartner } from './testing.ts';
import { recountAndRollups } from './recount.ts';

/**
 * The server process is killed (SIGKILL) while clients stream batches with retries, several at once so that the
 * server writes them in groups (decision 0180); after a restart and a resend of everything, the rollups equal a
 * recount and every event is stored exactly once.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pc-crash-'));
let child: ChildProcess | undefined;
let pgName: string | undefined;

async function openDatabase(): Promise<{ database: Database; url?: string }> {
  if (testDbKind === 'pglite') return { database: wrapPglite(await PGlite.create(join(dataDir, 'pglite'))) };
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  pgName ??= `pc_crash_${process.pid}`;
  const url = new URL(admin);
  url.pathname = `/${pgName}`;
  return { database: wrapPool(new pg.Pool({ connectionString: url.toString(), max: 2 })), url: url.toString() };
}

/** The server on `port`, on PGlite under dataDir or on the given PostgreSQL database. */
const startServer = async (port: number, databaseUrl?: string): Promise<ChildProcess> =>
  (await startServerProcess(port, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })).proc;

afterAll(async () => {
  if (child) await stopProcess(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (pgName) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName}`);
    await admin.end();
  }
});

it('loses nothing and counts nothing twice when the server is killed mid-stream', async () => {
  // A migrated database with one partner, prepared before the server owns it.
  if (testDbKind === 'pg') {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    pgName = `pc_crash_${process.pid}`;
    await admin.query(`drop database if exists ${pgName}`);
    await admin.query(`create database ${pgName}`);
    await admin.end();
  }
  const opened = await openDatabase();
  let database = opened.database;
  const url = opened.url;
  await migrate(database);
  const partner = await insertPartner(database, 'crash@x.test');
  await database.close();

  // Ten days of traffic of one partner on both projects, in batches of 100, sent eight at a time.
  const now = Date.now();
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  const batches: Array<[ProjectId, IngestEventInput[]]> = [];
  for (const project of ['fd1', 'fd2'] as const) {
    const plan = { key: 'crash', project, appUserId: partner.app[project], seed: 3, dailyDownloads: 150, growth: 0.5 };
    const all = [...partnerEvents(plan, today - 9 * 86_400_000, today + 86_400_000, now - 60_000)].flat();
    for (let i = 0; i < all.length; i += 100) batches.push([project, all.slice(i, i + 100)]);
  }
  const total = new Set(batches.flatMap(([p, events]) => events.map((e) => `${p}:${e.id}`))).size;

  const port = await freePort();
  child = await startServer(port, url);
  const config = testConfig();
  const send = httpSender(`http://127.0.0.1:${port}`, { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 }, { retries: 60 });

  const WAVE = 8;
  let killed = false;
  let restarted: Promise<void> | undefined;
  let accepted = 0;
  for (let i = 0; i < batches.length; i += WAVE) {
    const pending = Promise.all(batches.slice(i, i + WAVE).map(([project, events]) => send(project, events)));
    if (!killed && i >= Math.floor(batches.length / 3)) {
      // Kill while this wave is in flight, then bring the server back while the clients retry.
      killed = true;
      await new Promise((r) => setTimeout(r, 20));
      await stopProcess(child, 'SIGKILL');
      restarted = startServer(port, url).then((proc) => {
        child = proc;
      });
    }
    for (const answer of await pending) accepted += answer.accepted;
  }
  await restarted;
  expect(killed).toBe(true);

  // Resend everything: whatever was lost is accepted now, the rest is a duplicate.
  let again = 0;
  for (const [project, events] of batches) {
    const answer = await send(project, events);
    expect(answer.rejected).toBe(0);
    again += answer.accepted;
  }
  expect(accepted + again).toBe(total);

  await stopProcess(child!, 'SIGTERM');
  ({ database } = await openDatabase());
  try {
    const [stored] = await database.query<{ n: number }>(sql`select count(*)::int as n from ingest_events`);
    expect(stored!.n).toBe(total);
    const { recount, rollups } = await recountAndRollups(database);
    expect(rollups.length).toBeGreaterThan(100);
    expect(rollups).toEqual(recount);
  } finally {
    await database.close();
  }
}, 240_000);
