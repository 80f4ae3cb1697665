import { afterAll, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { partnerEvents } from '@pc/simulator/generate';
import { buildApp } from '../app.ts';
import { createMailer } from '../mail/mailer.ts';
import { manualClock, testConfig } from '../test/harness.ts';
import { createPostgresCluster, postgresBinDir, type PostgresCluster } from '../test/postgres-cluster.ts';
import { insertPartner, send } from '../ingest/testing.ts';
import { catchUp } from '../jobs/close.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { wrapPglite, wrapPool, type Database } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * Backup and restore (docs/backup.md): a database with months of history is dumped (pg_dump, custom format) and
 * restored into a new database (pg_restore); every partner's balance, ledger and statistics answers are the same
 * on the copy. The embedded database's own dump (PGlite's data directory archive) is restored likewise.
 */
let cluster: PostgresCluster | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'pc-backup-'));
afterAll(() => {
  cluster?.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

const NOW = '2026-11-20T12:00:00Z';

async function appOn(database: Database): Promise<FastifyInstance> {
  const config = testConfig();
  const clock = manualClock(NOW);
  const app = await buildApp({ config, database, clock, mailer: createMailer({ database, from: config.MAIL_FROM, clock }) }, { logger: false });
  await app.ready();
  return app;
}

/** Two partners with seventy-five days of traffic on both projects, closed days, additional income and a payout request. */
async function makeHistory(database: Database): Promise<number[]> {
  const app = await appOn(database);
  try {
    const ids: number[] = [];
    const end = Date.parse(NOW);
    for (const [n, email] of ['one@x.test', 'two@x.test'].entries()) {
      const partner = await insertPartner(database, email);
      ids.push(partner.userId);
      for (const project of ['fd1', 'fd2'] as const) {
        const plan = { key: `b${n}`, project, appUserId: partner.app[project], seed: 11 + n, dailyDownloads: 25, growth: 0.3 };
        const events = [...partnerEvents(plan, end - 75 * 86_400_000, end, end - 3_600_000)].flat();
        for (let i = 0; i < events.length; i += 2_000) expect((await send(app, project, events.slice(i, i + 2_000))).status).toBe(200);
      }
    }
    await catchUp(database, new Date(NOW));
    const operator = { authorization: `Bearer ${testConfig().OPERATOR_TOKEN}`, 'x-operator': 'backup-test' };
    const income = await app.inject({ method: 'POST', url: '/operator/v1/additional-income', headers: operator, payload: { user_id: ids[0], project: 'fd1', amount: 3_000_000, reason: 'contest' } });
    expect(income.statusCode, income.body).toBe(200);
    return ids;
  } finally {
    await app.close();
  }
}

/** What each partner sees of their money and statistics, and the ledger as stored. */
async function answers(database: Database, partners: number[]) {
  const app = await appOn(database);
  try {
    const seen: Record<string, unknown> = {};
    for (const id of partners) {
      const cookie = await sessionCookie(database, id, new Date(NOW));
      for (const url of [
        '/api/payouts/user/available-withdrawal',
        '/api/payouts/user/hold-info',
        '/api/earnings/stat?app=fd1&date_from=2026-08-01&date_to=2026-11-20&grouping=months',
        '/api/statistics/detailed/base?app=fd2&date_from=2026-08-22&date_to=2026-11-20&grouping=day',
        '/api/dashboard/info-blocks?period=30d',
      ]) {
        const res = await app.inject({ url, headers: { cookie } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        seen[`${id} ${url}`] = res.json();
      }
    }
    seen.ledger = await database.query(sql`select * from ledger_entries order by id`);
    return seen;
  } finally {
    await app.close();
  }
}

it('pg_dump and pg_restore bring back every balance, ledger entry and statistics answer', async () => {
  const bin = postgresBinDir();
  expect(bin, 'PostgreSQL server programs').not.toBeNull();
  cluster = await createPostgresCluster();
  cluster.start();
  const originUrl = await cluster.createDatabase('origin');
  const restoredUrl = await cluster.createDatabase('restored');

  const origin = wrapPool(new pg.Pool({ connectionString: originUrl, max: 4 }));
  let before: Record<string, unknown>;
  let partners: number[];
  try {
    await migrate(origin);
    partners = await makeHistory(origin);
    before = await answers(origin, partners);
    const [entries] = await origin.query<{ n: number }>(sql`select count(*)::int as n from ledger_entries`);
    expect(entries!.n).toBeGreaterThan(100);
  } finally {
    await origin.close();
  }

  const file = join(scratch, 'origin.dump');
  execFileSync(join(bin!, 'pg_dump'), ['--format=custom', '--file', file, originUrl]);
  execFileSync(join(bin!, 'pg_restore'), ['--exit-on-error', '--no-owner', '--dbname', restoredUrl, file]);

  const restored = wrapPool(new pg.Pool({ connectionString: restoredUrl, max: 4 }));
  try {
    expect(await migrate(restored)).toEqual([]);
    expect(await answers(restored, partners)).toEqual(before);
  } finally {
    await restored.close();
  }
}, 240_000);

it("the embedded database's archive brings back the same answers", async () => {
  const origin = wrapPglite(await PGlite.create());
  await migrate(origin);
  const partners = await makeHistory(origin);
  const before = await answers(origin, partners);
  // What `npm run backup` writes for the embedded database: PGlite's data directory as a gzipped tarball.
  const archive = await (await import('./backup.ts')).dumpEmbedded(origin);
  await origin.close();
  const restored = wrapPglite(await PGlite.create({ loadDataDir: archive }));
  try {
    expect(await answers(restored, partners)).toEqual(before);
  } finally {
    await restored.close();
  }
}, 240_000);
