import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type ProjectId } from '@pc/core';
import { withTestDatabase, migrateAgain } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { balanceOf, balancesOfAll, type BalanceFigures } from './balance.ts';
import { createPartner } from './testing.ts';

/**
 * Decision 0224: whatever the rollup writes and the closes, in any order (a day's first row after its close too, as a
 * close running beside ingest leaves it), every day of the daily rollup that is not closed is in `partner_open_days`,
 * and the balance read from it (balanceOf) is the balance read by matching every rollup day against the closed days
 * (balancesOfAll).
 */

const DAYS = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
const NOW = new Date('2026-11-21T12:00:00Z');
const keyArb = fc.record({ partner: fc.integer({ min: 0, max: 1 }), project: fc.constantFrom<ProjectId>('fd1', 'fd2'), day: fc.constantFrom(...DAYS) });
type Key = { partner: number; project: ProjectId; day: string };
const keysArb = fc.uniqueArray(keyArb, { minLength: 1, maxLength: 4, selector: (k) => JSON.stringify(k) });

const stepArb = fc.oneof(
  // As ingest writes the rollup: several days' figures added in one statement (a day's first row inserts it).
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('rollup' as const), keys: keysArb, earned: fc.integer({ min: -2_000_000, max: 9_000_000 }), sales: fc.integer({ min: 0, max: 3_000_000 }) }) },
  // A close of some partners' days, first or again.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), keys: keysArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: keyArb }) },
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

const byKey = (a: Key, b: Key) => a.partner - b.partner || a.project.localeCompare(b.project) || a.day.localeCompare(b.day);

async function apply(database: Database, users: number[], step: Step) {
  if (step.kind === 'delete') {
    const k = step.key;
    await database.query(sql`delete from ingest_daily where user_id = ${users[k.partner]!} and project = ${k.project} and day = ${k.day}::date`);
    return;
  }
  const keys = [...step.keys].sort(byKey);
  if (step.kind === 'close') {
    await database.query(sql`
      insert into closed_partner_days (user_id, project, day, closed_at)
      values ${sql.join(keys.map((k) => sql`(${users[k.partner]!}, ${k.project}, ${k.day}::date, ${NOW})`), sql`, `)}
      on conflict (user_id, project, day) do update set closed_at = excluded.closed_at`);
    return;
  }
  await database.query(sql`
    insert into ingest_daily as d (user_id, project, day, earned_micro, download_earned_micro, sale_earned_micro)
    values ${sql.join(keys.map((k) => sql`(${users[k.partner]!}, ${k.project}, ${k.day}::date, ${step.earned + step.sales}, ${step.earned}, ${step.sales})`), sql`, `)}
    on conflict (user_id, project, day) do update set earned_micro = d.earned_micro + excluded.earned_micro,
      download_earned_micro = d.download_earned_micro + excluded.download_earned_micro,
      sale_earned_micro = d.sale_earned_micro + excluded.sale_earned_micro`);
}

/** Every rollup day not closed is kept as possibly open; a kept day may be closed already (the reads skip it). */
async function expectOpenDaysKept(database: Database, users: number[]) {
  const missing = await database.query(sql`
    select k.user_id, k.project, k.day from ingest_daily k
    where not exists (select 1 from closed_partner_days c where c.user_id = k.user_id and c.project = k.project and c.day = k.day)
      and not exists (select 1 from partner_open_days o where o.user_id = k.user_id and o.project = k.project and o.day = k.day)`);
  expect(missing).toEqual([]);
  const all = await database.db.transaction((tx) => balancesOfAll(tx, NOW, DEFAULT_PRODUCT));
  for (const userId of users) {
    const one = await database.db.transaction((tx) => balanceOf(tx, userId, NOW, DEFAULT_PRODUCT));
    const figures = (b: BalanceFigures | undefined) => ({ earnings: b?.earnings ?? 0, live: b?.live ?? 0, balance: b?.balance ?? 0, hold: b?.hold ?? 0, available: b?.available ?? 0 });
    expect(figures(one)).toEqual(figures(all.get(userId)));
  }
}

it('keeps every open day, and the balance read from them is the balance of every day matched, for any writes and closes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 20 }), async (steps) => {
      await withTestDatabase(async (database) => {
        const users = [await createPartner(database, { email: 'a@x.test', projects: ['fd1', 'fd2'] }), await createPartner(database, { email: 'b@x.test' })];
        for (const step of steps) {
          await apply(database, users, step);
          await expectOpenDaysKept(database, users);
        }
      });
    }),
    { numRuns: Number(process.env.OPEN_DAYS_PROPERTY_RUNS ?? 30) },
  );
}, 300_000);

it('fills the open days from the rollup and the closes already held when the migration runs', async () => {
  await withTestDatabase(async (database) => {
    const users = [await createPartner(database, { email: 'a@x.test', projects: ['fd1', 'fd2'] }), await createPartner(database, { email: 'b@x.test' })];
    await apply(database, users, { kind: 'rollup', keys: [{ partner: 0, project: 'fd1', day: DAYS[0]! }, { partner: 0, project: 'fd2', day: DAYS[1]! }, { partner: 1, project: 'fd1', day: DAYS[4]! }], earned: 5_000_000, sales: 1_000_000 });
    await apply(database, users, { kind: 'close', keys: [{ partner: 0, project: 'fd1', day: DAYS[0]! }] });
    // Back to the database before 0893, then migrated again.
    await migrateAgain(database, '0893_partner_open_days.sql', `
      drop table partner_open_days;
      drop function partner_open_days_on_daily_insert cascade;
      drop function partner_open_days_on_close cascade;`);
    const kept = await database.query<{ user_id: number; project: string; day: string }>(
      sql`select user_id, project, to_char(day, 'YYYY-MM-DD') as day from partner_open_days order by 1, 2, 3`,
    );
    expect(kept.map((r) => [Number(r.user_id), r.project, r.day])).toEqual([
      [users[0], 'fd2', DAYS[1]],
      [users[1], 'fd1', DAYS[4]],
    ]);
    await expectOpenDaysKept(database, users);
  });
});
