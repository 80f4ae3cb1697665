import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, bytesToGb, storageMonthlyCost } from '@pc/core';
import { createTestDatabase, withTestDatabase, migrateAgain } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';
import { ingestBatch } from '../../ingest/process.ts';
import { insertPartner, splitIntoBatches } from '../../ingest/testing.ts';
import { unusedFiles } from './service.ts';

/**
 * Decision 0213: the unused files read from `stats_unused_days` (kept by triggers on the files and their totals) are
 * the files counted one by one, whatever the events, their order, their batches and the moment asked.
 */

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY_MS = 86_400_000;

/** The definition: every visible file of the partner, its last download's day end or its upload, against each cutoff. */
async function countedOneByOne(database: Database, userId: number, now: Date) {
  const rows = await database.query<Row>(sql`
    select f.project, f.size_bytes, coalesce((t.last_download_day + 1)::timestamp at time zone 'UTC', f.uploaded_at) as since
    from ingest_files f
    left join stats_file_totals t on t.user_id = f.user_id and t.project = f.project and t.file_id = f.file_id
    where f.user_id = ${userId} and f.kind = 'file' and f.known and f.deleted_at is null`);
  return ['fd1', 'fd2'].flatMap((app) =>
    DEFAULT_PRODUCT.unusedFilePeriodsDays.map((days) => {
      const cutoff = now.getTime() - days * DAY_MS;
      const inPeriod = rows.filter((r) => str(r.project) === app && r.since !== null && new Date(r.since as string).getTime() <= cutoff);
      return { app, days, count: inPeriod.length, bytes: inPeriod.reduce((s, r) => s + num(r.size_bytes), 0) };
    }),
  );
}

/** The day table recounted from the files: no row may be off, none below zero. */
async function expectDaysRecounted(database: Database) {
  const recount = `
    select f.user_id, f.project, coalesce(t.last_download_day + 1, (f.uploaded_at at time zone 'UTC')::date) as since_day,
           t.last_download_day is not null as downloaded, count(*)::bigint as files, coalesce(sum(f.size_bytes), 0)::bigint as bytes
    from ingest_files f
    left join stats_file_totals t on t.user_id = f.user_id and t.project = f.project and t.file_id = f.file_id
    where f.kind = 'file' and f.known and f.deleted_at is null and (t.last_download_day is not null or f.uploaded_at is not null)
    group by 1, 2, 3, 4`;
  const kept = `select user_id, project, since_day, downloaded, files, bytes from stats_unused_days where files <> 0 or bytes <> 0`;
  expect(await database.query(sql.raw(`(${recount}) except all (${kept})`))).toEqual([]);
  expect(await database.query(sql.raw(`(${kept}) except all (${recount})`))).toEqual([]);
}

const dayArb = fc.integer({ min: 0, max: 420 }).map((back) => new Date(NOW.getTime() - back * DAY_MS).toISOString().slice(0, 10));
const atArb = fc
  .record({ day: dayArb, h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 1, 30, 59) })
  .map(({ day, h, m }) => `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);

function eventArb(app: number, other: number) {
  const file = fc.constantFrom('f1', 'f2', 'f3', 'c1');
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ app_users_id: fc.constant(app), at: atArb, type: fc.constant('file_uploaded'), file_id: fc.constantFrom('f1', 'f2', 'f3'), name: fc.constant('a'), size_bytes: fc.constantFrom(1_000, 30_000_000, 2_000_000_000) }) },
    { weight: 1, arbitrary: fc.record({ app_users_id: fc.constant(app), at: atArb, type: fc.constant('file_copied'), file_id: fc.constant('c1'), original_file_id: fc.constant('f1'), copy_account_id: fc.constant('acc'), name: fc.constant('c'), size_bytes: fc.constant(5_000) }) },
    { weight: 1, arbitrary: fc.record({ app_users_id: fc.constant(app), at: atArb, type: fc.constant('file_deleted'), file_id: file }) },
    {
      weight: 4,
      arbitrary: fc.record({
        // Now and then another partner names the file (then not theirs, decision 0200).
        app_users_id: fc.constantFrom(app, app, app, other),
        at: atArb,
        type: fc.constant('download'),
        file_id: file,
        country: fc.constantFrom('US', 'RU'),
        downloader_id: fc.constantFrom('d1', 'd2'),
        completed: fc.boolean(),
      }),
    },
  );
}

/**
 * Moments to ask at: now, or the moment an event's time (an upload's, say) or the end of its day crosses a period's
 * cutoff, give or take a minute or a millisecond.
 */
const askArb = fc.record({
  pick: fc.nat(),
  from: fc.constantFrom('now', 'event', 'day end'),
  days: fc.constantFrom(...DEFAULT_PRODUCT.unusedFilePeriodsDays),
  shift: fc.constantFrom(-60_000, -1, 0, 1, 60_000),
});
type Ask = { pick: number; from: string; days: number; shift: number };
function momentOf(ask: Ask, events: Array<{ at: string }>): Date {
  if (ask.from === 'now') return NOW;
  const at = new Date(events[ask.pick % events.length]!.at).getTime();
  const base = ask.from === 'event' ? at : Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
  return new Date(base + ask.days * DAY_MS + ask.shift);
}

it('counts the same unused files as the files one by one, for any events, order, batches and moment', async () => {
  const probe = await createTestDatabase();
  const p0 = await insertPartner(probe, 'p@x.test');
  const o0 = await insertPartner(probe, 'o@x.test');
  await probe.close();
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb(p0.app.fd1, o0.app.fd1), { minLength: 1, maxLength: 25 }),
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
      fc.array(askArb, { minLength: 1, maxLength: 4 }),
      async (generated, splits, moments) => {
        await withTestDatabase(async (database) => {
          const p = await insertPartner(database, 'p@x.test');
          await insertPartner(database, 'o@x.test');
          const events = generated.map((e, i) => ({ id: `e${i}`, ...e }));
          for (const batch of splitIntoBatches(events, splits)) {
            await ingestBatch(database, 'fd1', batch, { now: NOW });
            await expectDaysRecounted(database);
          }
          for (const now of moments.map((ask) => momentOf(ask, events))) {
            const expected = await countedOneByOne(database, p.userId, now);
            const answer = await unusedFiles(database, p.userId, now);
            expect(answer.data).toEqual(
              expected.map((r) => ({
                app: r.app,
                days: r.days,
                count: r.count,
                size_gb: Math.round(bytesToGb(r.bytes) * 1000) / 1000,
                storage_cost: storageMonthlyCost(r.bytes),
              })),
            );
          }
        });
      },
    ),
    { numRuns: Number(process.env.UNUSED_PROPERTY_RUNS ?? 15) },
  );
}, 300_000);

it('fills the day table from the files already held when the migration runs', async () => {
  await withTestDatabase(async (database) => {
    const p = await insertPartner(database, 'p@x.test');
    const u = p.app.fd1;
    await ingestBatch(
      database,
      'fd1',
      [
        { id: 'u1', type: 'file_uploaded', at: '2025-12-01T08:00:00Z', app_users_id: u, file_id: 'f1', name: 'a', size_bytes: 1_000 },
        { id: 'u2', type: 'file_uploaded', at: '2026-09-01T08:00:00Z', app_users_id: u, file_id: 'f2', name: 'b', size_bytes: 2_000 },
        { id: 'u3', type: 'file_uploaded', at: '2026-10-01T08:00:00Z', app_users_id: u, file_id: 'f3', name: 'c', size_bytes: 4_000 },
        { id: 'd1', type: 'download', at: '2026-10-05T10:00:00Z', app_users_id: u, file_id: 'f2', country: 'US', downloader_id: 'x', completed: true },
        { id: 'x3', type: 'file_deleted', at: '2026-11-01T08:00:00Z', app_users_id: u, file_id: 'f3' },
      ],
      { now: NOW },
    );
    const before = await unusedFiles(database, p.userId, NOW);
    // Back to the database before 0850, then migrated again.
    await migrateAgain(database, '0850_unused_file_days.sql', `
      drop table stats_unused_days;
      drop function stats_unused_on_files_change, stats_unused_on_totals_change cascade;
      drop function stats_unused_add;
      drop type stats_unused_file_state, stats_unused_day_move, stats_unused_part;`);
    await expectDaysRecounted(database);
    expect(await unusedFiles(database, p.userId, NOW)).toEqual(before);
    // f1 (never downloaded, uploaded a year ago) and f2 (last downloaded on October 5: 47 days) for 30 days.
    expect(before.data.filter((r) => r.app === 'fd1').map((r) => [r.days, r.count])).toEqual([[30, 2], [60, 1], [90, 1], [180, 1], [365, 0]]);
  });
});
