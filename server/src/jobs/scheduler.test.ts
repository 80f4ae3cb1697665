import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestDatabase, manualClock } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { startScheduler } from './scheduler.ts';
import { addRollup, createPartner } from '../money/testing.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('close scheduler', () => {
  it('catches up at start and closes the new day after 00:00 UTC', async () => {
    const p = await createPartner(database, { email: 'p@x.test' });
    await addRollup(database, p, 'fd1', '2026-11-18', { download_earned_micro: 1_000 });
    const clock = manualClock('2026-11-20T08:00:00Z');
    const scheduler = startScheduler({ database, clock }, pino({ level: 'silent' }), { intervalMs: 3_600_000 });
    await scheduler.tick();
    const closed = async () => (await database.query<{ day: string }>(sql`select day::text as day from day_closes order by day`)).map((r) => r.day);
    expect(await closed()).toEqual(['2026-11-18', '2026-11-19']);
    clock.set('2026-11-21T00:01:00Z');
    await scheduler.tick();
    expect(await closed()).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    await scheduler.stop();
  });
});
