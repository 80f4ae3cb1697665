import { afterAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { IngestAnswer, IngestEventInput, ProjectId } from '@pc/core';
import { partnerEvents } from '@pc/simulator/generate';
import { wrapPool } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { insertPartner } from './ingest/testing.ts';
import { recountAndRollups } from './ingest/recount.ts';
import { sessionCookie } from './plumbing/session/testing.ts';
import { testConfig } from './test/harness.ts';
import { createPostgresCluster, type PostgresCluster } from './test/postgres-cluster.ts';
import { freePort, startServerProcess, stopProcess, type ServerProcess } from './test/processes.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis (decision 0174), started together: they migrate
 * once, share the sign-in limit, end a session on both at once, and store events sent to either exactly once.
 */
let cluster: PostgresCluster | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await stopProcess(s.proc, 'SIGKILL');
  cluster?.destroy();
});

const config = testConfig();
const TOKENS: Record<ProjectId, string> = { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

it('two processes share limits and sessions, migrate once and count every event once', async () => {
  cluster = await createPostgresCluster();
  cluster.start();
  const url = await cluster.createDatabase('cabinet');

  // Started together on an empty database: one migrates, the other waits for it (an advisory lock).
  const env = { DATABASE_URL: url, REDIS_URL, REDIS_KEY_PREFIX: `pc-test-${randomBytes(4).toString('hex')}:` };
  const [portA, portB] = [await freePort(), await freePort()];
  servers.push(...(await Promise.all([startServerProcess(portA, env), startServerProcess(portB, env)])));
  const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];

  const database = wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
  try {
    const [applied] = await database.query<{ n: number }>(sql`select count(*)::int as n from schema_migrations`);
    expect(applied!.n).toBeGreaterThan(10);
    expect(await migrate(database)).toEqual([]);
    const partner = await insertPartner(database, 'two@x.test');

    // The sign-in limit (20 a minute per address) counts the attempts made on both processes.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${i % 2 ? b : a}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'two@x.test', password: 'wrong-password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);

    // A session kept by B for its figure reads ends there the moment A signs it out.
    const cookie = await sessionCookie(database, partner.userId, new Date());
    const read = (base: string) => fetch(`${base}/api/earnings/today?app=fd1`, { headers: { cookie } });
    for (let i = 0; i < 3; i++) expect((await read(b)).status).toBe(200);
    const signOut = await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(signOut.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 10 }, () => read(b)));
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(401));

    // Events sent to either process, each batch twice (once to each), are stored once.
    const now = Date.now();
    const today = Math.floor(now / 86_400_000) * 86_400_000;
    const plan = { key: 'two', project: 'fd1' as const, appUserId: partner.app.fd1, seed: 9, dailyDownloads: 80, growth: 0 };
    const events = [...partnerEvents(plan, today - 86_400_000, today + 86_400_000, now - 60_000)].flat();
    const batches: IngestEventInput[][] = [];
    for (let i = 0; i < events.length; i += 50) batches.push(events.slice(i, i + 50));
    // Each id is accepted by one process and a duplicate on the other (an event the contract refuses, such as one dated
    // in the future, is refused by both).
    const acceptedIds: string[] = [];
    const refusedIds = new Set<string>();
    await Promise.all(
      [a, b].map(async (base, side) => {
        for (const batch of side ? [...batches].reverse() : batches) {
          const res = await fetch(`${base}/ingest/v1/fd1/events`, {
            method: 'POST',
            headers: { authorization: `Bearer ${TOKENS.fd1}`, 'content-type': 'application/json' },
            body: JSON.stringify(batch),
          });
          expect(res.status).toBe(200);
          const answer = (await res.json()) as IngestAnswer;
          for (const r of answer.results) {
            if (r.status === 'accepted') acceptedIds.push(r.id!);
            if (r.status === 'rejected') refusedIds.add(r.id!);
          }
        }
      }),
    );
    const distinct = new Set(events.map((e) => e.id)).size;
    expect(new Set(acceptedIds).size).toBe(acceptedIds.length);
    expect(acceptedIds.length + refusedIds.size).toBe(distinct);
    expect(acceptedIds.length).toBeGreaterThan(distinct / 2);
    const [stored] = await database.query<{ n: number }>(sql`select count(*)::int as n from ingest_events`);
    expect(stored!.n).toBe(acceptedIds.length);
    const { recount, rollups } = await recountAndRollups(database);
    expect(rollups).toEqual(recount);
  } finally {
    await database.close();
  }
}, 180_000);
