import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { ingestBatch, ingestGrouping } from './process.ts';
import { insertPartner } from './testing.ts';
import { recountAndRollups } from './recount.ts';

/** Group commit (decision 0180): batches of a project sent while its write runs are written together. */

const NOW = new Date('2026-11-21T12:00:00Z');
let database: Database;
let app: number;

beforeEach(async () => {
  database = await createTestDatabase();
  app = (await insertPartner(database, 'g@x.test')).app.fd1;
});
afterEach(async () => {
  await database.close();
});

const hit = (id: string) => ({ id, type: 'page_hit', at: '2026-11-21T10:00:00Z', app_users_id: app, referrer: 'https://a.example/' });
const stored = async () =>
  (await database.query<{ event_id: string }>(sql`select event_id from ingest_event_keys where project = 'fd1' order by event_id`)).map((r) => r.event_id);

it('writes batches sent together in fewer writes, an id repeated across them once, each batch with its own answer', async () => {
  // The day's partition exists already, so the batches reach the writer in the order they were sent.
  await ingestBatch(database, 'fd1', [hit('warm')], { now: NOW });
  const before = ingestGrouping();
  const batches = [[hit('a1'), hit('a2')], [hit('b1'), hit('a2')], [hit('c1')], [hit('b1'), hit('d1'), { id: 'bad', type: 'nonsense' }]];
  const answers = await Promise.all(batches.map((events) => ingestBatch(database, 'fd1', events, { now: NOW })));
  const after = ingestGrouping();
  expect(after.writes - before.writes).toBeLessThan(batches.length);
  expect(after.batches - before.batches).toBe(batches.length);
  // In the order they came: a2 and b1 were first sent by the first and second batch.
  expect(answers.map((a) => a.results.map((r) => r.status))).toEqual([
    ['accepted', 'accepted'],
    ['accepted', 'duplicate'],
    ['accepted'],
    ['duplicate', 'accepted', 'rejected'],
  ]);
  expect(answers[3]!.results.map((r) => r.index)).toEqual([0, 1, 2]);
  expect(await stored()).toEqual(['a1', 'a2', 'b1', 'c1', 'd1', 'warm']);
  const { rollups, recount } = await recountAndRollups(database);
  expect(rollups).toEqual(recount);
});

it('keeps the group cap: no write holds more events than INGEST_GROUP_MAX_EVENTS, unless one batch alone does', async () => {
  const before = ingestGrouping();
  const batches = Array.from({ length: 6 }, (_, n) => [hit(`x${n}a`), hit(`x${n}b`)]);
  await Promise.all([
    ...batches.map((events) => ingestBatch(database, 'fd1', events, { now: NOW, groupEvents: 3 })),
    ingestBatch(database, 'fd1', [hit('big1'), hit('big2'), hit('big3'), hit('big4')], { now: NOW, groupEvents: 3 }),
  ]);
  // Two-event batches under a cap of 3 go one per write, and the four-event batch alone.
  expect(ingestGrouping().writes - before.writes).toBe(7);
  expect((await stored()).length).toBe(16);
});

it('writes each batch of a failed group again alone: one bad batch fails only its own sender', async () => {
  // A fault the database raises for one event only (a stand-in for any error of a batch's own).
  await database.query(sql`create function test_poison() returns trigger language plpgsql as $$
    begin if new.event_id = 'poison' then raise exception 'poisoned event'; end if; return new; end $$`);
  await database.query(sql`create trigger test_poison before insert on ingest_event_keys for each row execute function test_poison()`);
  // The day's partition exists already, so the four batches reach the writer together and the poisoned one is
  // grouped with others (were it written alone, there would be no group to fail).
  await ingestBatch(database, 'fd1', [hit('warm')], { now: NOW });
  const before = ingestGrouping();
  const settled = await Promise.allSettled([
    ingestBatch(database, 'fd1', [hit('g1')], { now: NOW }),
    ingestBatch(database, 'fd1', [hit('g2')], { now: NOW }),
    ingestBatch(database, 'fd1', [hit('g3'), hit('poison')], { now: NOW }),
    ingestBatch(database, 'fd1', [hit('g4')], { now: NOW }),
  ]);
  expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  const causes = (e: unknown): string => (e instanceof Error ? `${e.message} ${causes(e.cause)}` : '');
  expect(causes((settled[2] as PromiseRejectedResult).reason)).toMatch(/poisoned event/);
  for (const s of settled) if (s.status === 'fulfilled') expect(s.value.accepted).toBe(1);
  // The failed group's batches were retried alone; nothing of the bad batch is stored, the others once.
  const after = ingestGrouping();
  expect(after.batches - before.batches).toBe(3);
  expect(after.retriedAlone - before.retriedAlone).toBeGreaterThanOrEqual(2);
  expect(await stored()).toEqual(['g1', 'g2', 'g4', 'warm']);
  const { rollups, recount } = await recountAndRollups(database);
  expect(rollups).toEqual(recount);
});
