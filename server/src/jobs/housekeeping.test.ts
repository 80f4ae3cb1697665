import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestDatabase, manualClock } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, oneTimeTokens, sessions } from '../db/schema/accounts.ts';
import { postbackDeliveries } from '../db/schema/postbacks.ts';
import { dropOldRawPartitions, housekeeping, OUTBOX_KEEP_DAYS, POSTBACK_KEEP_DAYS, rawEventsKeptFrom, TOKEN_KEEP_DAYS } from './housekeeping.ts';
import { HOUSEKEEPING_EVERY_MS, startScheduler } from './scheduler.ts';
import { createPartner } from '../money/testing.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const NOW = new Date('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);
const daysAhead = (days: number) => daysAgo(-days);

async function seed(userId: number) {
  const session = (name: string, lastSeen: Date, expires: Date) =>
    database.db.insert(sessions).values({ idHash: Buffer.from(name), userId, createdAt: daysAgo(29), lastSeenAt: lastSeen, expiresAt: expires });
  await session('fresh', daysAgo(1), daysAhead(1));
  await session('idle', daysAgo(8), daysAhead(1));
  await session('past-absolute', daysAgo(0), daysAgo(0.01));
  const token = (name: string, expires: Date, used: Date | null) =>
    database.db.insert(oneTimeTokens).values({ hash: Buffer.from(name), userId, kind: 'confirm_registration', createdAt: daysAgo(60), expiresAt: expires, usedAt: used });
  await token('live', daysAhead(1), null);
  await token('expired-recently', daysAgo(TOKEN_KEEP_DAYS - 1), null);
  await token('expired-long-ago', daysAgo(TOKEN_KEEP_DAYS + 1), null);
  await token('used-recently', daysAhead(1), daysAgo(2));
  await token('used-long-ago', daysAhead(1), daysAgo(TOKEN_KEEP_DAYS + 1));
  const mail = (subject: string, created: Date) =>
    database.db.insert(mailOutbox).values({ toAddress: 'p@x.test', subject, textBody: '', htmlBody: '', kind: 'test', lang: 'en', createdAt: created });
  await mail('recent', daysAgo(OUTBOX_KEEP_DAYS - 1));
  await mail('old', daysAgo(OUTBOX_KEEP_DAYS + 1));
  const delivery = (key: string, created: Date, end: { deliveredAt?: Date; givenUpAt?: Date; nextAttemptAt?: Date }) =>
    database.db.insert(postbackDeliveries).values({ userId, project: 'fd1', event: 'sale', eventKey: key, data: {}, createdAt: created, ...end });
  await delivery('delivered-recently', daysAgo(POSTBACK_KEEP_DAYS - 1), { deliveredAt: daysAgo(POSTBACK_KEEP_DAYS - 1) });
  await delivery('delivered-long-ago', daysAgo(POSTBACK_KEEP_DAYS + 1), { deliveredAt: daysAgo(POSTBACK_KEEP_DAYS + 1) });
  await delivery('given-up-long-ago', daysAgo(POSTBACK_KEEP_DAYS + 2), { givenUpAt: daysAgo(POSTBACK_KEEP_DAYS + 1) });
  // Still being tried (its URL answered an error a moment ago): kept whatever its age.
  await delivery('pending-old', daysAgo(POSTBACK_KEEP_DAYS + 1), { nextAttemptAt: daysAhead(0.01) });
}

async function left() {
  const names = async (q: ReturnType<typeof sql>) => (await database.query<{ name: string }>(q)).map((r) => r.name).sort();
  return {
    sessions: await names(sql`select convert_from(id_hash, 'UTF8') as name from sessions`),
    tokens: await names(sql`select convert_from(hash, 'UTF8') as name from one_time_tokens`),
    mails: await names(sql`select subject as name from mail_outbox`),
    postbacks: await names(sql`select event_key as name from postback_deliveries`),
  };
}

describe('housekeeping', () => {
  it('removes expired and idle sessions, tokens spent long ago, old mails and postbacks ended long ago, and nothing else', async () => {
    await seed(await createPartner(database, { email: 'p@x.test' }));
    expect(await housekeeping(database, NOW)).toMatchObject({ sessions: 2, tokens: 2, mails: 1, postbacks: 2 });
    expect(await left()).toEqual({
      sessions: ['fresh'],
      tokens: ['expired-recently', 'live', 'used-recently'],
      mails: ['recent'],
      postbacks: ['delivered-recently', 'pending-old'],
    });
    expect(await housekeeping(database, NOW)).toEqual({ sessions: 0, tokens: 0, mails: 0, postbacks: 0, rawPartitions: 0 });
  });

  it('runs from the scheduler at start and then at most hourly', async () => {
    await seed(await createPartner(database, { email: 'p@x.test' }));
    const clock = manualClock(NOW.toISOString());
    const scheduler = startScheduler({ database, clock }, pino({ level: 'silent' }), { intervalMs: 3_600_000 });
    await scheduler.tick();
    expect((await left()).mails).toEqual(['recent']);
    await database.db.insert(mailOutbox).values({ toAddress: 'p@x.test', subject: 'old-2', textBody: '', htmlBody: '', kind: 'test', lang: 'en', createdAt: daysAgo(40) });
    clock.set(new Date(NOW.getTime() + HOUSEKEEPING_EVERY_MS - 1000).toISOString());
    await scheduler.tick();
    expect((await left()).mails).toEqual(['old-2', 'recent']);
    clock.set(new Date(NOW.getTime() + HOUSEKEEPING_EVERY_MS).toISOString());
    await scheduler.tick();
    expect((await left()).mails).toEqual(['recent']);
    await scheduler.stop();
  });
});

describe('raw events past the statistics window', () => {
  const partitions = async () =>
    (
      await database.query<{ name: string }>(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent in ('ingest_events'::regclass, 'ingest_event_keys'::regclass) order by 1`,
      )
    ).map((r) => r.name);
  const monthEnd = (name: string) => Date.UTC(Number(name.slice(-6, -2)), Number(name.slice(-2)), 1);

  it('keeps the window plus a month’s margin, from the first of a month', () => {
    expect(rawEventsKeptFrom(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2024-10-01T00:00:00.000Z');
    // 731 + 31 days back from 2026-12-03 is 2024-11-01: that day the whole of October 2024 is past the margin.
    expect(rawEventsKeptFrom(new Date('2026-12-02T23:59:59Z')).toISOString()).toBe('2024-10-01T00:00:00.000Z');
    expect(rawEventsKeptFrom(new Date('2026-12-03T00:00:00Z')).toISOString()).toBe('2024-11-01T00:00:00.000Z');
  });

  it('drops whole months of events and their keys, never a month still in the window; rows of kept months stay', async () => {
    const event = async (id: string, at: string) => {
      await database.query(sql`select ingest_ensure_partition(${at}::timestamptz)`);
      await database.query(sql`insert into ingest_event_keys (project, event_id, at) values ('fd1', ${id}, ${at}::timestamptz)`);
      await database.query(
        sql`insert into ingest_events (project, event_id, type, at, user_id, payload) values ('fd1', ${id}, 'page_hit', ${at}::timestamptz, 1, '{}'::jsonb)`,
      );
    };
    await event('old', '2023-05-15T10:00:00Z');
    await event('edge-old', '2024-09-30T23:59:59Z');
    await event('edge-kept', '2024-10-01T00:00:00Z');
    await event('recent', '2026-11-20T10:00:00Z');
    const before = await partitions();
    expect(before).toEqual(expect.arrayContaining(['ingest_events_202305', 'ingest_event_keys_202305', 'ingest_events_202410', 'ingest_event_keys_202410']));
    const keptFrom = rawEventsKeptFrom(NOW).getTime();
    const dropped = await dropOldRawPartitions(database, NOW);
    const after = await partitions();
    // Exactly the monthly partitions that end by the kept month's start are gone; the default ones and the rest stay.
    expect(after).toEqual(before.filter((name) => !/_[0-9]{6}$/.test(name) || monthEnd(name) > keptFrom));
    expect(dropped).toBe(before.length - after.length);
    expect(after).not.toContain('ingest_events_202305');
    expect(after).not.toContain('ingest_event_keys_202409');
    const ids = async (table: 'ingest_events' | 'ingest_event_keys') =>
      (await database.query<{ id: string }>(sql`select event_id as id from ${sql.identifier(table)} order by 1`)).map((r) => r.id);
    expect(await ids('ingest_events')).toEqual(['edge-kept', 'recent']);
    expect(await ids('ingest_event_keys')).toEqual(['edge-kept', 'recent']);
    // Run again: nothing more to drop.
    expect(await dropOldRawPartitions(database, NOW)).toBe(0);
  });
});

