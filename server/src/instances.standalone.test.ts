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
import { catchUp } from './jobs/close.ts';
import { startReceiver, type Receiver } from './modules/postbacks/testing.ts';
import { startSmtpPeer, subjectOf, type SmtpPeer } from './mail/testing.ts';
import { sessionCookie } from './plumbing/session/testing.ts';
import { testConfig } from './test/harness.ts';
import { createPostgresCluster, type PostgresCluster } from './test/postgres-cluster.ts';
import { freePort, startServerProcess, stopProcess, type ServerProcess } from './test/processes.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis (decision 0174), started together: they migrate
 * once, share the sign-in limit, end a session on both at once, store events sent to either exactly once, and run
 * the scheduled jobs (every 300 ms here) without booking a day, sending a mail or delivering a postback twice.
 */
let cluster: PostgresCluster | undefined;
let receiver: Receiver | undefined;
let smtp: SmtpPeer | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await stopProcess(s.proc, 'SIGKILL');
  await receiver?.close();
  await smtp?.close();
  cluster?.destroy();
});

/** Waits until `done()` resolves true, checking every 200 ms. */
async function waitUntil(done: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const config = testConfig();
const TOKENS: Record<ProjectId, string> = { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

it('two processes share limits and sessions, migrate once, count every event once and run each job once', async () => {
  cluster = await createPostgresCluster();
  cluster.start();
  const url = await cluster.createDatabase('cabinet');
  receiver = await startReceiver();
  smtp = await startSmtpPeer();

  // Started together on an empty database: one migrates, the other waits for it (an advisory lock). Both run the
  // scheduled jobs every 300 ms, so they meet on every close and every postback delivery.
  const env = {
    DATABASE_URL: url,
    REDIS_URL,
    REDIS_KEY_PREFIX: `pc-test-${randomBytes(4).toString('hex')}:`,
    JOBS_INTERVAL_MS: '300',
    SMTP_URL: smtp.url,
    OUTBOUND_ALLOW_PRIVATE: 'true',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  servers.push(...(await Promise.all([startServerProcess(portA, env), startServerProcess(portB, env)])));
  const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];

  const database = wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
  try {
    const [applied] = await database.query<{ n: number }>(sql`select count(*)::int as n from schema_migrations`);
    expect(applied!.n).toBeGreaterThan(10);
    expect(await migrate(database)).toEqual([]);
    const partner = await insertPartner(database, 'two@x.test');
    // The partner's postback receiver for fd1 (what saving it on the postbacks page stores).
    receiver.secret = `pbsec_${randomBytes(32).toString('hex')}`;
    await database.query(sql`insert into postback_secrets (user_id, secret, created_at) values (${partner.userId}, ${receiver.secret}, now())`);
    await database.query(
      sql`insert into postback_endpoints (user_id, project, url, created_at, updated_at) values (${partner.userId}, 'fd1', ${receiver.url}, now(), now())`,
    );

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
    // Yesterday's and today's traffic, and a few sales of yesterday for the postbacks.
    const sales: IngestEventInput[] = Array.from({ length: 6 }, (_, n) => ({
      id: `two-sale-${n}`,
      type: 'sale',
      at: new Date(today - 86_400_000 + (n + 1) * 3_600_000).toISOString(),
      app_users_id: partner.app.fd1,
      sale_id: `S-two-${n}`,
      amount_micro: 10_000_000,
      revenue_type: 'direct',
      file_id: 'two-file',
    }) as IngestEventInput);
    const events = [...sales, ...[...partnerEvents(plan, today - 86_400_000, today + 86_400_000, now - 60_000)].flat()];
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

    // Mails due in the outbox, which both processes' delivery turns look at.
    const subjects = Array.from({ length: 5 }, (_, n) => `Outbox mail ${n} of two processes`);
    for (const subject of subjects) {
      await database.query(sql`insert into mail_outbox (to_address, subject, text_body, html_body, kind, lang, next_attempt_at)
        values ('two@x.test', ${subject}, 'text', '<p>text</p>', 'test', 'en', now())`);
    }

    // The jobs of both processes: yesterday's late events are closed again (the day was first closed at start, before
    // they came) and each sale is posted to the receiver.
    const yesterday = new Date(today - 86_400_000).toISOString().slice(0, 10);
    const count = async (query: ReturnType<typeof sql>) => (await database.query<{ n: number }>(query))[0]!.n;
    await waitUntil(
      async () =>
        (await count(sql`select count(*)::int as n from dirty_days where user_id = ${partner.userId} and day = ${yesterday}::date`)) === 0 &&
        (await count(sql`select count(*)::int as n from closed_partner_days where user_id = ${partner.userId} and day = ${yesterday}::date`)) === 1 &&
        (await count(sql`select count(*)::int as n from postback_deliveries where user_id = ${partner.userId} and delivered_at is null`)) === 0 &&
        (await count(sql`select count(*)::int as n from mail_outbox where kind = 'test' and sent_at is null`)) === 0,
      60_000,
      'the closes, the postbacks and the mails',
    );
    // Some more turns of both schedulers, which must find nothing left to do.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Every sale accepted (ours and any the simulated traffic made) posted exactly once.
    const accepted = new Set(acceptedIds);
    const saleIds = events.filter((e) => e.type === 'sale' && accepted.has(e.id)).map((e) => e.id).sort();
    expect(saleIds.length).toBeGreaterThanOrEqual(sales.length);
    const saleDeliveries = await count(sql`select count(*)::int as n from postback_deliveries where user_id = ${partner.userId} and event = 'sale'`);
    expect(saleDeliveries).toBe(saleIds.length);
    const postedIds = receiver.received.map((r) => r.body.id);
    expect(new Set(postedIds).size).toBe(postedIds.length);
    expect(receiver.received.filter((r) => r.body.event === 'sale').map((r) => r.body.data.event_id).sort()).toEqual(saleIds);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    const mailed = smtp.received.map((m) => subjectOf(m.raw)).filter((subject) => subjects.includes(subject));
    expect(mailed.sort()).toEqual([...subjects].sort());
    // Booked once: yesterday closed again for the partner now finds the ledger holding exactly what the figures say
    // (a day booked twice would get a correcting entry), and writes nothing. The processes stop first: their jobs
    // (every 300 ms) would otherwise take the dirty day before this test's own close does.
    for (const s of servers) await stopProcess(s.proc, 'SIGTERM');
    const [entriesBefore] = await database.query<{ n: number; total: string }>(
      sql`select count(*)::int as n, coalesce(sum(amount_micro), 0)::text as total from ledger_entries where user_id = ${partner.userId}`,
    );
    expect(entriesBefore!.n).toBeGreaterThan(0);
    await database.query(sql`insert into dirty_days (user_id, project, day) values (${partner.userId}, 'fd1', ${yesterday}::date) on conflict do nothing`);
    const again = await catchUp(database, new Date());
    expect(again.dirty.some((d) => d.day === yesterday)).toBe(true);
    expect([...again.days, ...again.dirty].reduce((n, d) => n + d.entries, 0)).toBe(0);
    const [entriesAfter] = await database.query<{ n: number; total: string }>(
      sql`select count(*)::int as n, coalesce(sum(amount_micro), 0)::text as total from ledger_entries where user_id = ${partner.userId}`,
    );
    expect(entriesAfter).toEqual(entriesBefore);
  } finally {
    await database.close();
  }
}, 180_000);
