import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { withTestDatabase, migrateAgain } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { ledgerEntries, type LedgerSource } from '../db/schema/index.ts';
import { writeEntry, type NewEntry } from './ledger.ts';
import { createPartner } from './testing.ts';

/**
 * Decision 0217: `partner_ledger_totals`, kept by the ledger's insert trigger, is at every moment each partner's sum
 * of ledger entries but payouts, whatever the writes: one entry or many partners' in one statement, entries already
 * written (the same idempotency key), payouts, transactions rolled back, and transactions that run at once.
 */

const SOURCES: LedgerSource[] = ['files', 'file_copies', 'video', 'sites', 'referrals', 'additional', 'gold_bonus', 'payout'];

/** The totals recounted from the ledger: no partner may be missing, off or extra. */
async function expectTotalsRecounted(database: Database) {
  const recount = sql`select user_id, sum(amount_micro)::bigint as micro from ledger_entries where source <> 'payout' group by user_id`;
  const kept = sql`select user_id, earned_micro as micro from partner_ledger_totals`;
  expect(await database.query(sql`(${recount}) except all (${kept})`)).toEqual([]);
  expect(await database.query(sql`(${kept}) except all (${recount})`)).toEqual([]);
}

const entryArb = fc.record({
  partner: fc.integer({ min: 0, max: 2 }),
  source: fc.constantFrom(...SOURCES),
  amount: fc.integer({ min: -5_000_000, max: 5_000_000 }),
  // Few keys, so that entries already written come up often.
  key: fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5'),
});
type EntryInput = { partner: number; source: LedgerSource; amount: number; key: string };

/** A write of the engine: one entry at a time (payouts, operators) or many partners' in one statement (closes). */
const writeArb = fc.record({
  entries: fc.array(entryArb, { minLength: 1, maxLength: 6 }),
  oneStatement: fc.boolean(),
  rolledBack: fc.boolean(),
});

/** `slot`: the write's place in its round. Writes at once never share a key, as the engine's writers of one partner take
 * a lock first (closes, payouts, operators); two transactions racing for one key of one partner, each also holding
 * that partner's generation row, could deadlock. A key comes again in later rounds: written once, counted once. */
function newEntry(userId: number, e: EntryInput, slot = 0): NewEntry {
  const payout = e.source === 'payout';
  return {
    userId,
    project: 'fd1',
    day: '2026-11-20',
    source: e.source,
    bucket: payout ? 'other' : 'downloads',
    kind: payout ? 'payout' : 'earning',
    amountMicro: e.amount,
    availableAt: new Date('2026-11-20T00:00:00Z'),
    idempotencyKey: `${e.source}:${e.key}:${slot}`,
  };
}

class RolledBack extends Error {}

it('keeps each partner total equal to the sum of their entries but payouts, for any writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(writeArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), async (rounds) => {
      await withTestDatabase(async (database) => {
        const partners = [
          await createPartner(database, { email: 'a@x.test' }),
          await createPartner(database, { email: 'b@x.test' }),
          await createPartner(database, { email: 'c@x.test' }),
        ];
        for (const round of rounds) {
          // The writes of a round run at once, each in its own transaction.
          await Promise.all(
            round.map((write, slot) =>
              database.db
                .transaction(async (tx) => {
                  const entries = write.entries.map((e) => newEntry(partners[e.partner]!, e, slot));
                  if (write.oneStatement) {
                    // As the closes write: many partners' entries, in partner order, in one statement.
                    const sorted = [...entries].sort((a, b) => a.userId - b.userId);
                    await tx.insert(ledgerEntries).values(sorted).onConflictDoNothing({ target: [ledgerEntries.userId, ledgerEntries.idempotencyKey] });
                  } else {
                    // One partner's entries one by one (a payout, an operator's entry).
                    for (const entry of entries.filter((x) => x.userId === entries[0]!.userId)) await writeEntry(tx, entry);
                  }
                  if (write.rolledBack) throw new RolledBack();
                })
                .catch((error: unknown) => {
                  if (!(error instanceof RolledBack)) throw error;
                }),
            ),
          );
          await expectTotalsRecounted(database);
        }
      });
    }),
    { numRuns: Number(process.env.LEDGER_TOTALS_RUNS ?? 25) },
  );
}, 300_000);

it('fills the totals from the entries already held when the migration runs', async () => {
  await withTestDatabase(async (database) => {
    const a = await createPartner(database, { email: 'a@x.test' });
    const b = await createPartner(database, { email: 'b@x.test' });
    await database.db.transaction(async (tx) => {
      await writeEntry(tx, newEntry(a, { partner: 0, source: 'files', amount: 7_000_000, key: 'k1' }));
      await writeEntry(tx, newEntry(a, { partner: 0, source: 'referrals', amount: -250_000, key: 'k2' }));
      await writeEntry(tx, newEntry(a, { partner: 0, source: 'payout', amount: -5_000_000, key: 'k3' }));
      await writeEntry(tx, newEntry(b, { partner: 1, source: 'payout', amount: -1_000_000, key: 'k1' }));
    });
    const kept = async () => database.query<{ user_id: number; micro: number }>(sql`select user_id::int, earned_micro::float8 as micro from partner_ledger_totals order by user_id`);
    // b has only a payout: no earnings, so no row.
    expect(await kept()).toEqual([{ user_id: a, micro: 6_750_000 }]);
    // Back to the database before 0870, then migrated again.
    await migrateAgain(database, '0870_ledger_totals.sql', `
      drop table partner_ledger_totals;
      drop function partner_ledger_totals_add cascade;`);
    await expectTotalsRecounted(database);
    expect(await kept()).toEqual([{ user_id: a, micro: 6_750_000 }]);
    await database.db.transaction(async (tx) => writeEntry(tx, newEntry(b, { partner: 1, source: 'gold_bonus', amount: 1_500_000, key: 'k2' })));
    expect(await kept()).toEqual([
      { user_id: a, micro: 6_750_000 },
      { user_id: b, micro: 1_500_000 },
    ]);
  });
});
