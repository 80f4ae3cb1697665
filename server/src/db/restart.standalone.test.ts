import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { IngestEventInput, ProjectId } from '@pc/core';
import { partnerEvents } from '@pc/simulator/generate';
import { wrapPool } from './client.ts';
import { migrate } from './migrate.ts';
import { insertPartner } from '../ingest/testing.ts';
import { recountAndRollups } from '../ingest/recount.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { testConfig } from '../test/harness.ts';
import { createPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import { freePort, isRunning, startServerProcess, stopProcess, type ServerProcess } from '../test/processes.ts';
import ruErrors from '../../../locales/ru/errors.json' with { type: 'json' };

/**
 * The cabinet on a PostgreSQL of its own, which is stopped for several seconds while events stream in and a partner
 * reads, then started again (decision 0170): the process lives through it, is not ready meanwhile, answers 503 with
 * Retry-After in the partner's language, stores nothing it did not acknowledge, and works again without a restart.
 */
let cluster: PostgresCluster | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopProcess(server.proc, 'SIGKILL');
  cluster?.destroy();
});

const config = testConfig();
const TOKENS: Record<ProjectId, string> = { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 };

it('lives through PostgreSQL going away for several seconds and resumes without a restart', async () => {
  cluster = await createPostgresCluster();
  cluster.start();
  const url = await cluster.createDatabase('cabinet');
  const setup = wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
  await migrate(setup);
  const partner = await insertPartner(setup, 'outage@x.test');
  const cookie = await sessionCookie(setup, partner.userId, new Date());
  await setup.close();

  // Two days of one partner's traffic on both projects, in the small batches a file host's servers send.
  const now = Date.now();
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  const batches: Array<[ProjectId, IngestEventInput[]]> = [];
  for (const project of ['fd1', 'fd2'] as const) {
    const plan = { key: 'outage', project, appUserId: partner.app[project], seed: 5, dailyDownloads: 60, growth: 0 };
    const all = [...partnerEvents(plan, today - 86_400_000, today + 86_400_000, now - 60_000)].flat();
    for (let i = 0; i < all.length; i += 25) batches.push([project, all.slice(i, i + 25)]);
  }
  const total = new Set(batches.flatMap(([p, events]) => events.map((e) => `${p}:${e.id}`))).size;
  expect(batches.length).toBeGreaterThan(12);

  const port = await freePort();
  server = await startServerProcess(port, {
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
  });
  const base = `http://127.0.0.1:${port}`;
  const ingest = (project: ProjectId, events: IngestEventInput[]) =>
    fetch(`${base}/ingest/v1/${project}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS[project]}`, 'content-type': 'application/json' },
      body: JSON.stringify(events),
    });
  const read = () => fetch(`${base}/api/earnings/today?app=fd1`, { headers: { cookie, 'x-localization': 'ru' } });
  const status = async (path: string) => (await fetch(`${base}${path}`)).status;

  let accepted = 0;
  const refused: Array<[ProjectId, IngestEventInput[]]> = [];
  const sendAll = async (list: Array<[ProjectId, IngestEventInput[]]>) => {
    for (const [project, events] of list) {
      const res = await ingest(project, events);
      if (res.status === 200) accepted += ((await res.json()) as { accepted: number }).accepted;
      else {
        expect(res.status).toBe(503);
        refused.push([project, events]);
      }
    }
  };

  // Before: everything works.
  const third = Math.floor(batches.length / 3);
  await sendAll(batches.slice(0, third));
  expect(refused).toEqual([]);
  expect((await read()).status).toBe(200);
  expect(await status('/readyz')).toBe(200);

  // The database stops while a batch is on its way: it is either stored and acknowledged, or refused and not stored.
  const inFlight = sendAll(batches.slice(third, third + 2));
  cluster.stop();
  await inFlight;

  // While it is away, for several seconds: alive, not ready, every call answered 503 with Retry-After.
  const outageEnds = Date.now() + 6_000;
  let rounds = 0;
  while (Date.now() < outageEnds) {
    expect(isRunning(server.proc)).toBe(true);
    expect(await status('/healthz')).toBe(200);
    expect(await status('/readyz')).toBe(503);
    const answer = await read();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.json()).toEqual({ code: 'unavailable', message: ruErrors.unavailable });
    const [project, events] = batches[third + 2 + (rounds % 3)]!;
    const refusedBatch = await ingest(project, events);
    expect(refusedBatch.status).toBe(503);
    expect(refusedBatch.headers.get('retry-after')).not.toBeNull();
    rounds += 1;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  expect(rounds).toBeGreaterThan(3);

  // Back: ready again without a restart; the rest, and what was refused, is accepted.
  cluster.start();
  const readyBy = Date.now() + 30_000;
  while ((await status('/readyz')) !== 200) {
    expect(Date.now()).toBeLessThan(readyBy);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect((await read()).status).toBe(200);
  const retry = refused.splice(0);
  await sendAll([...retry, ...batches.slice(third + 2)]);
  expect(refused).toEqual([]);
  expect(isRunning(server.proc)).toBe(true);

  // Each event acknowledged once and stored once; the rollups equal a recount of the stored events.
  expect(accepted).toBe(total);
  await stopProcess(server.proc, 'SIGTERM');
  const check = wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
  try {
    const [stored] = await check.query<{ n: number }>(sql`select count(*)::int as n from ingest_events`);
    expect(stored!.n).toBe(total);
    const { recount, rollups } = await recountAndRollups(check);
    expect(rollups.length).toBeGreaterThan(10);
    expect(rollups).toEqual(recount);
  } finally {
    await check.close();
  }

  // The outage is logged once when it began and once when it ended, not by every call.
  const lines = server.output().split('\n');
  expect(lines.filter((l) => l.includes('database unreachable')).length).toBe(1);
  expect(lines.filter((l) => l.includes('database reachable again')).length).toBe(1);
}, 180_000);
