import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { ProjectId } from '@pc/core';
import { withTestDatabase, migrateAgain } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import type { Tx } from '../db/sql.ts';
import { ledgerEntries, type LedgerSource } from '../db/schema/index.ts';
import { EARNING_COLUMNS, FILES_COLUMNS, SITE_COLUMNS, sumOf } from './earning-columns.ts';
import { earningDaysOf } from './earning-days.ts';
import { createPartner } from './testing.ts';

/**
 * Decision 0221: the day tables kept by migration 0880's triggers (`earning_days_ingest`, `earning_days_money`) hold,
 * after any writes, exactly what their sources say (the rollup's earning columns as earning-columns.ts groups them,
 * the ledger's gold bonus, commissions and additional income, the storage and gold days), and `earningDaysOf` answers
 * exactly what the union of those sources grouped by day answered before the tables existed: inserts, updates and
 * deletes, one row or several partners' in one statement, rolled back or not, an ingest write and a money write at
 * once.
 */

const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21'];
const PROJECTS: ProjectId[] = ['fd1', 'fd2'];
const SOURCES: LedgerSource[] = ['files', 'sites', 'referrals', 'additional', 'gold_bonus', 'payout'];

const keyArb = fc.record({ partner: fc.integer({ min: 0, max: 1 }), project: fc.constantFrom(...PROJECTS), day: fc.constantFrom(...DAYS) });
type Key = { partner: number; project: ProjectId; day: string };
const amountArb = fc.integer({ min: -3_000_000, max: 9_000_000 });

const ingestWriteArb = fc.oneof(
  // As ingest and the tests' rollup helper write: several keys' figures added in one statement.
  fc.record({ kind: fc.constant('add' as const), keys: fc.uniqueArray(keyArb, { minLength: 1, maxLength: 4, selector: (k) => JSON.stringify(k) }), amounts: fc.array(amountArb, { minLength: EARNING_COLUMNS.length, maxLength: EARNING_COLUMNS.length }) }),
  fc.record({ kind: fc.constant('delete' as const), key: keyArb }),
);
const moneyWriteArb = fc.oneof(
  fc.record({
    kind: fc.constant('ledger' as const),
    entries: fc.array(fc.record({ key: keyArb, source: fc.constantFrom(...SOURCES), amount: amountArb, noProject: fc.boolean() }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('storage' as const), keys: fc.uniqueArray(keyArb, { minLength: 1, maxLength: 3, selector: (k) => JSON.stringify(k) }), cost: amountArb, bytes: fc.nat(10 ** 12) }),
  fc.record({ kind: fc.constant('storage-delete' as const), key: keyArb }),
  fc.record({ kind: fc.constant('gold' as const), keys: fc.uniqueArray(keyArb, { minLength: 1, maxLength: 3, selector: (k) => JSON.stringify(k) }), coins: fc.nat(5_000) }),
  fc.record({ kind: fc.constant('gold-delete' as const), key: keyArb }),
);
type IngestWrite = typeof ingestWriteArb extends fc.Arbitrary<infer T> ? T : never;
type MoneyWrite = typeof moneyWriteArb extends fc.Arbitrary<infer T> ? T : never;

const byKey = (a: Key, b: Key) => a.partner - b.partner || a.project.localeCompare(b.project) || a.day.localeCompare(b.day);
const keyWhere = (users: number[], k: Key) => sql`user_id = ${users[k.partner]!} and project = ${k.project} and day = ${k.day}::date`;

async function writeIngest(tx: Tx, users: number[], w: IngestWrite) {
  if (w.kind === 'delete') return tx.execute(sql`delete from ingest_daily where ${keyWhere(users, w.key)}`);
  const columns = EARNING_COLUMNS.map((c) => c.column);
  const rows = [...w.keys].sort(byKey).map((k) => sql`(${users[k.partner]!}, ${k.project}, ${k.day}::date, ${sql.join(w.amounts.map((a) => sql`${a}`), sql`, `)})`);
  return tx.execute(sql`
    insert into ingest_daily as d (user_id, project, day, ${sql.raw(columns.join(', '))}) values ${sql.join(rows, sql`, `)}
    on conflict (user_id, project, day) do update set ${sql.raw(columns.map((c) => `${c} = d.${c} + excluded.${c}`).join(', '))}`);
}

async function writeMoney(tx: Tx, users: number[], w: MoneyWrite, slot: string) {
  switch (w.kind) {
    case 'ledger': {
      const values = w.entries.map((e, i) => ({
        userId: users[e.key.partner]!,
        project: e.noProject ? null : e.key.project,
        day: e.key.day,
        source: e.source,
        bucket: e.source === 'payout' ? ('other' as const) : ('downloads' as const),
        kind: e.source === 'payout' ? ('payout' as const) : ('earning' as const),
        amountMicro: e.amount,
        availableAt: new Date(`${e.key.day}T00:00:00Z`),
        // Now and then a key already written: written once, counted once.
        idempotencyKey: `${e.source}:${e.key.day}:${i % 2}:${slot}`,
      }));
      values.sort((a, b) => a.userId - b.userId);
      return tx.insert(ledgerEntries).values(values).onConflictDoNothing({ target: [ledgerEntries.userId, ledgerEntries.idempotencyKey] });
    }
    case 'storage': {
      const rows = [...w.keys].sort(byKey).map((k) => sql`(${users[k.partner]!}, ${k.project}, ${k.day}::date, ${w.bytes}, ${w.cost})`);
      return tx.execute(sql`insert into storage_days (user_id, project, day, bytes, cost_micro) values ${sql.join(rows, sql`, `)}
        on conflict (user_id, project, day) do update set bytes = excluded.bytes, cost_micro = excluded.cost_micro`);
    }
    case 'storage-delete':
      return tx.execute(sql`delete from storage_days where ${keyWhere(users, w.key)}`);
    case 'gold': {
      const rows = [...w.keys].sort(byKey).map((k) => sql`(${users[k.partner]!}, ${k.project}, ${k.day}::date, 1, 0, 0, 0, 0, 0, 0, ${w.coins})`);
      return tx.execute(sql`insert into gold_days (user_id, project, day, level, downloads, downloads_avg_72h_x3, sales, sales_avg_72h_x3,
          efficiency_30d_micro, coins_delta, coins) values ${sql.join(rows, sql`, `)}
        on conflict (user_id, project, day) do update set coins = excluded.coins`);
    }
    case 'gold-delete':
      return tx.execute(sql`delete from gold_days where ${keyWhere(users, w.key)}`);
  }
}

async function expectSame(database: Database, recount: SQL, kept: SQL) {
  expect(await database.query(sql`(${recount}) except all (${kept})`)).toEqual([]);
  expect(await database.query(sql`(${kept}) except all (${recount})`)).toEqual([]);
}

/** The tables recounted from their sources: no row may be missing, off or extra. */
async function expectKeptRecounted(database: Database) {
  await expectSame(
    database,
    sql`select user_id, project, day, ${sumOf(FILES_COLUMNS)} as files, ${sumOf(SITE_COLUMNS)} as sites from ingest_daily`,
    sql`select user_id, project, day, files, sites from earning_days_ingest`,
  );
  await expectSame(
    database,
    sql`select user_id, project, day, sum(gold_bonus)::bigint, sum(referrals)::bigint, sum(additional)::bigint, sum(entries)::int,
               sum(gold_entries)::int, sum(cost)::bigint, max(bytes), max(coins)
        from (
          select user_id, project, day, case when source = 'gold_bonus' then amount_micro else 0 end as gold_bonus,
                 case when source = 'referrals' then amount_micro else 0 end as referrals,
                 case when source = 'additional' then amount_micro else 0 end as additional, 1 as entries,
                 case when source = 'gold_bonus' then 1 else 0 end as gold_entries, 0 as cost, null::bigint as bytes, null::int as coins
          from ledger_entries where project is not null and source in ('gold_bonus', 'referrals', 'additional')
          union all select user_id, project, day, 0, 0, 0, 0, 0, cost_micro, bytes, null from storage_days
          union all select user_id, project, day, 0, 0, 0, 0, 0, 0, null, coins from gold_days
        ) sources group by 1, 2, 3`,
    // A row whose sources are all gone stays, with nothing in it.
    sql`select user_id, project, day, gold_bonus, referrals, additional, ledger_entries, gold_entries, storage_cost, bytes, coins from earning_days_money
        where ledger_entries > 0 or bytes is not null or coins is not null`,
  );
  expect(
    await database.query(sql`select 1 from earning_days_money
      where ledger_entries = 0 and bytes is null and coins is null and (gold_bonus <> 0 or referrals <> 0 or additional <> 0 or gold_entries <> 0 or storage_cost <> 0)`),
  ).toEqual([]);
}

/** What the earnings page read before the day tables: the union of its sources grouped by day (one project). */
function unionOfSources(userId: number, project: ProjectId, from: string, to: string): SQL {
  return sql`
    with s as (
      select day, sum(files)::bigint as files, sum(sites)::bigint as sites, sum(referrals)::bigint as referrals,
             sum(additional)::bigint as additional, sum(storage)::bigint as storage
      from (
        select day, ${sumOf(FILES_COLUMNS)} as files, ${sumOf(SITE_COLUMNS)} as sites, 0::bigint as referrals, 0::bigint as additional, 0::bigint as storage
        from ingest_daily where user_id = ${userId} and project = ${project} and day between ${from}::date and ${to}::date
        union all
        select day, case when source = 'gold_bonus' then amount_micro else 0 end, 0,
               case when source = 'referrals' then amount_micro else 0 end, case when source = 'additional' then amount_micro else 0 end, 0
        from ledger_entries where user_id = ${userId} and project = ${project} and source in ('gold_bonus', 'referrals', 'additional')
          and day between ${from}::date and ${to}::date
        union all
        select day, 0, 0, 0, 0, cost_micro from storage_days where user_id = ${userId} and project = ${project} and day between ${from}::date and ${to}::date
      ) d group by day
    )
    select s.day, s.files, s.sites, s.referrals, s.additional, s.storage, sd.bytes, g.coins
    from s
    left join storage_days sd on sd.user_id = ${userId} and sd.project = ${project} and sd.day = s.day
    left join gold_days g on g.user_id = ${userId} and g.project = ${project} and g.day = s.day`;
}

async function expectReadsAsTheUnion(database: Database, users: number[]) {
  for (const userId of users) {
    for (const project of PROJECTS) {
      for (const [from, to] of [[DAYS[0]!, DAYS[2]!], [DAYS[1]!, DAYS[1]!]] as const) {
        const read = sql`select day, files::bigint, sites::bigint, referrals::bigint, additional::bigint, storage::bigint, bytes, coins
          from (${earningDaysOf(userId, project, { from, to })}) d`;
        await expectSame(database, unionOfSources(userId, project, from, to), read);
        // Both projects at once: the same rows, each with its project.
        const both = sql`select day, files::bigint, sites::bigint, referrals::bigint, additional::bigint, storage::bigint, bytes, coins
          from (${earningDaysOf(userId, null, { from, to })}) d where project = ${project}`;
        await expectSame(database, read, both);
      }
    }
  }
}

class RolledBack extends Error {}
const inTransaction = (database: Database, rolledBack: boolean, write: (tx: Tx) => Promise<unknown>) =>
  database.db
    .transaction(async (tx) => {
      await write(tx);
      if (rolledBack) throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });

const roundArb = fc.record({
  ingest: fc.option(fc.record({ write: ingestWriteArb, rolledBack: fc.boolean() }), { nil: undefined }),
  money: fc.option(fc.record({ write: moneyWriteArb, rolledBack: fc.boolean() }), { nil: undefined }),
});

it('keeps the day tables equal to their sources, and reads them as the union of the sources, for any writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(roundArb, { minLength: 1, maxLength: 8 }), async (rounds) => {
      await withTestDatabase(async (database) => {
        const users = [await createPartner(database, { email: 'a@x.test' }), await createPartner(database, { email: 'b@x.test' })];
        for (const [i, round] of rounds.entries()) {
          // An ingest write and a money write at once, each in its own transaction: they keep different tables.
          await Promise.all([
            round.ingest && inTransaction(database, round.ingest.rolledBack, (tx) => writeIngest(tx, users, round.ingest!.write)),
            round.money && inTransaction(database, round.money.rolledBack, (tx) => writeMoney(tx, users, round.money!.write, String(i % 3))),
          ]);
          await expectKeptRecounted(database);
        }
        await expectReadsAsTheUnion(database, users);
      });
    }),
    { numRuns: Number(process.env.EARNING_DAYS_RUNS ?? 20) },
  );
}, 300_000);

it('fills the day tables from the rows already held when the migration runs', async () => {
  await withTestDatabase(async (database) => {
    const users = [await createPartner(database, { email: 'a@x.test' }), await createPartner(database, { email: 'b@x.test' })];
    const writes: Array<(tx: Tx) => Promise<unknown>> = [
      (tx) => writeIngest(tx, users, { kind: 'add', keys: [{ partner: 0, project: 'fd1', day: DAYS[0]! }, { partner: 1, project: 'fd2', day: DAYS[1]! }], amounts: [1, 20, 300, 4_000, 50_000, 600_000] }),
      (tx) => writeMoney(tx, users, { kind: 'ledger', entries: [{ key: { partner: 0, project: 'fd1', day: DAYS[1]! }, source: 'referrals', amount: 7_000, noProject: false }] }, 'x'),
      (tx) => writeMoney(tx, users, { kind: 'storage', keys: [{ partner: 0, project: 'fd1', day: DAYS[0]! }], cost: 900, bytes: 123_456 }, 'x'),
      (tx) => writeMoney(tx, users, { kind: 'gold', keys: [{ partner: 1, project: 'fd2', day: DAYS[2]! }], coins: 42 }, 'x'),
    ];
    for (const write of writes) await inTransaction(database, false, write);
    const kept = () => database.query(sql`select 'i' as t, user_id, project, day::text, files, sites, null::bigint as bytes from earning_days_ingest
      union all select 'm', user_id, project, day::text, referrals, storage_cost, bytes from earning_days_money order by 1, 2, 3, 4`);
    const before = await kept();
    expect(before).toHaveLength(5);
    // Back to the database before 0880, then migrated again.
    await migrateAgain(database, '0880_earning_days.sql', `
      drop table earning_days_ingest;
      drop table earning_days_money;
      drop function earning_days_ingest_set, earning_days_ingest_clear, earning_days_money_ledger, earning_days_money_storage_set,
        earning_days_money_storage_clear, earning_days_money_gold_set, earning_days_money_gold_clear cascade;`);
    await expectKeptRecounted(database);
    expect(await kept()).toEqual(before);
    await expectReadsAsTheUnion(database, users);
  });
});
