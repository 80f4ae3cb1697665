import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createMailer } from '../mail/mailer.ts';
import { testConfig } from '../test/harness.ts';
import { createPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import { insertPartner, send } from '../ingest/testing.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { createPool, DEFAULT_DATABASE_TIMEOUTS, wrapPool, type Database } from './client.ts';
import { migrate } from './migrate.ts';
import { FRESH_COOKIE } from './read-routing.ts';

/**
 * Figure reads on a streaming replica (decision 0175): a primary and a replica made with pg_basebackup. While the
 * replica's replay is paused, partners' figure reads show what the replica has, a partner who has just acted
 * reads the primary, and once replay resumes the replica catches up.
 */
const clusters: PostgresCluster[] = [];
afterAll(() => {
  for (const c of clusters.reverse()) c.destroy();
});

it('sends figure reads to the replica and a partner who just wrote to the primary', async () => {
  const primary = await createPostgresCluster();
  clusters.push(primary);
  primary.start();
  const database: Database = wrapPool(createPool(await primary.createDatabase('cabinet'), DEFAULT_DATABASE_TIMEOUTS));
  await migrate(database);
  const partner = await insertPartner(database, 'replica@x.test');

  const replica = await createPostgresCluster({ replicaOf: primary });
  clusters.push(replica);
  replica.start();
  const readDatabase: Database = wrapPool(createPool(replica.url('cabinet'), DEFAULT_DATABASE_TIMEOUTS));
  const config = testConfig({ DATABASE_URL: primary.url('cabinet'), DATABASE_READ_URL: replica.url('cabinet') });
  const clock = { now: () => new Date() };
  const app: FastifyInstance = await buildApp({ config, database, readDatabase, clock, mailer: createMailer({ database, from: config.MAIL_FROM }) }, { logger: false });
  try {
    await app.ready();
    const today = new Date().toISOString().slice(0, 10);
    const hits = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `h${from + i}`, type: 'page_hit', at: new Date(Date.now() - 60_000).toISOString(), app_users_id: partner.app.fd1, referrer: 'https://forum.example/t/1' }));
    const cookie = await sessionCookie(database, partner.userId, new Date());
    /** The partner's hits by referring site today, as the statistics screen answers them. */
    const pageViews = async (extraCookie = '') => {
      const res = await app.inject({ url: `/api/statistics/sources/base?app=fd1&date_from=${today}&date_to=${today}`, headers: { cookie: `${cookie}${extraCookie}` } });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.stringify(res.json());
    };
    const waitForReplay = async () => {
      const [lsn] = await database.query<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
      for (let i = 0; i < 100; i++) {
        const [done] = await readDatabase.query<{ ok: boolean }>(sql`select pg_last_wal_replay_lsn() >= ${lsn!.lsn}::pg_lsn as ok`);
        if (done?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the replica did not catch up');
    };

    expect((await send(app, 'fd1', hits(3, 0))).status).toBe(200);
    await waitForReplay();
    const three = await pageViews();

    // Replay paused: new events are on the primary only; figure reads still show the replica's.
    await readDatabase.query(sql`select pg_wal_replay_pause()`);
    expect((await send(app, 'fd1', hits(5, 100))).status).toBe(200);
    expect(await pageViews()).toBe(three);

    // A write of the partner's: their reads go to the primary for a while, and see the new events.
    const write = await app.inject({ method: 'POST', url: '/api/langs/change', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, payload: { lang: 'de' } });
    expect(write.statusCode, write.body).toBeLessThan(300);
    const fresh = write.cookies.find((c) => c.name === FRESH_COOKIE);
    expect(fresh).toBeDefined();
    const onPrimary = await pageViews(`; ${FRESH_COOKIE}=${fresh!.value}`);
    expect(onPrimary).not.toBe(three);

    // Replay resumed: the replica catches up and answers what the primary does.
    await readDatabase.query(sql`select pg_wal_replay_resume()`);
    await waitForReplay();
    expect(await pageViews()).toBe(onPrimary);
  } finally {
    await app.close();
    await readDatabase.close();
    await database.close();
  }
}, 180_000);
