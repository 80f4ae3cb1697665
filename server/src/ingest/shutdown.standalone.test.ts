import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { IngestEventInput, ProjectId } from '@pc/core';
import { partnerEvents } from '@pc/simulator/generate';
import { httpSender } from '@pc/simulator/sender';
import { wrapPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { testConfig } from '../test/harness.ts';
import { freePort, startServerProcess, stopProcess, type ServerProcess } from '../test/processes.ts';
import { insertPartner } from './testing.ts';
import { recountAndRollups } from './recount.ts';

/**
 * SIGTERM while four senders stream batches (decision 0173): readiness turns false, the batches in flight are
 * stored and answered 200, the process exits 0; after a restart and a resend of everything, each event is stored
 * once and the rollups equal a recount.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pc-shutdown-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopProcess(server.proc, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const config = testConfig();
const TOKENS: Record<ProjectId, string> = { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 };

it('finishes the batches in flight on SIGTERM, then stops; nothing is lost or counted twice', async () => {
  const database = wrapPglite(await PGlite.create(join(dataDir, 'pglite')));
  await migrate(database);
  const partner = await insertPartner(database, 'shutdown@x.test');
  await database.close();

  const now = Date.now();
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  const batches: Array<[ProjectId, IngestEventInput[]]> = [];
  for (const project of ['fd1', 'fd2'] as const) {
    const plan = { key: 'shutdown', project, appUserId: partner.app[project], seed: 7, dailyDownloads: 120, growth: 0 };
    const all = [...partnerEvents(plan, today - 3 * 86_400_000, today + 86_400_000, now - 60_000)].flat();
    for (let i = 0; i < all.length; i += 200) batches.push([project, all.slice(i, i + 200)]);
  }
  const total = new Set(batches.flatMap(([p, events]) => events.map((e) => `${p}:${e.id}`))).size;

  const port = await freePort();
  // Long enough for a loaded machine to answer the readiness probe sent right after the signal.
  const env = { DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '2000' };
  server = await startServerProcess(port, env);
  const base = `http://127.0.0.1:${port}`;

  // Four senders; after a third of the batches SIGTERM comes. A batch answered 200 is stored; a batch sent after the
  // server stopped taking requests gets no answer (or 503) and is sent again after the restart.
  let accepted = 0;
  let answeredDuringShutdown = 0;
  let refused = 0;
  let next = 0;
  let terminating = false;
  let readyWhileTerminating: number | null = null;
  /**
   * The readiness probe after the signal, until it answers 503 (the signal reaches the server a moment after kill()
   * returns) or a second has passed. While draining, each answer closes its connection, so a probe sent on a
   * kept-alive connection the server has just closed fails at once: a balancer's probe then tries a new one.
   */
  const readiness = async (): Promise<number | null> => {
    const until = Date.now() + 1_000;
    let status: number | null = null;
    while (Date.now() < until && status !== 503) {
      status = await fetch(`${base}/readyz`).then((r) => r.status, () => null);
      if (status !== 503) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return status;
  };
  const sender = async () => {
    while (next < batches.length) {
      const [project, events] = batches[next++]!;
      if (!terminating && next === Math.floor(batches.length / 3)) {
        terminating = true;
        server!.proc.kill('SIGTERM');
        readyWhileTerminating = await readiness();
      }
      try {
        const res = await fetch(`${base}/ingest/v1/${project}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKENS[project]}`, 'content-type': 'application/json' },
          body: JSON.stringify(events),
        });
        if (res.status === 200) {
          // Read first, then add: `accepted += await …` would add to the value read before the wait, losing what the
          // other senders added meanwhile.
          const answer = (await res.json()) as { accepted: number };
          accepted += answer.accepted;
          if (terminating) answeredDuringShutdown += 1;
        } else {
          expect(res.status).toBe(503);
          refused += 1;
        }
      } catch {
        refused += 1; // the server no longer listens
      }
    }
  };
  const exited = new Promise<number | null>((resolve) => server!.proc.once('exit', (code) => resolve(code)));
  await Promise.all([sender(), sender(), sender(), sender()]);
  expect(await exited, server.output()).toBe(0);
  expect(readyWhileTerminating).toBe(503);
  expect(answeredDuringShutdown).toBeGreaterThan(0);
  // Stopped: nothing listens on the port any more (whatever the senders had left was refused and is sent below).
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  expect(refused).toBeLessThan(batches.length);
  expect(server.output()).not.toMatch(/shutdown took too long/);

  // Restarted: everything sent again; what was stored is a duplicate, the rest is accepted now.
  server = await startServerProcess(port, env);
  const send = httpSender(base, TOKENS, { retries: 20 });
  for (const [project, events] of batches) accepted += (await send(project, events)).accepted;
  expect(accepted).toBe(total);
  await stopProcess(server.proc, 'SIGTERM');

  const check = wrapPglite(await PGlite.create(join(dataDir, 'pglite')));
  try {
    const [stored] = await check.query<{ n: number }>(sql`select count(*)::int as n from ingest_events`);
    expect(stored!.n).toBe(total);
    const { recount, rollups } = await recountAndRollups(check);
    expect(rollups).toEqual(recount);
  } finally {
    await check.close();
  }
}, 180_000);
