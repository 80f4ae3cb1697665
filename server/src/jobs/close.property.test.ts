import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { addDaysToDay, referralCommission } from '@pc/core';
import { withTestDatabase } from '../test/harness.ts';
import { catchUp, closeRange } from './close.ts';
import { addRollup, createPartner, ledgerRows } from '../money/testing.ts';

const DAYS = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
const change = fc.record({
  partner: fc.integer({ min: 0, max: 2 }),
  day: fc.integer({ min: 0, max: DAYS.length - 1 }),
  downloads: fc.integer({ min: -50_000, max: 200_000 }),
  sales: fc.integer({ min: -3_000_000, max: 9_000_000 }),
  copies: fc.integer({ min: 0, max: 1_000_000 }),
  site: fc.integer({ min: 0, max: 500_000 }),
});

describe('closes (property)', () => {
  it('whatever the arrival order and close timing, the ledger equals the rollups and the commissions, and a re-close writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(change, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }), async (batches, steps) => {
        await withTestDatabase(async (database) => {
          // p0 invited p1 long ago (3%); p1 invited p2 recently (12% to p1, 1% to p0).
          const p0 = await createPartner(database, { email: 'p0@x.test', createdAt: '2025-01-01T00:00:00Z' });
          const p1 = await createPartner(database, { email: 'p1@x.test', referredBy: p0, createdAt: '2025-01-01T00:00:00Z' });
          const p2 = await createPartner(database, { email: 'p2@x.test', referredBy: p1, createdAt: '2026-10-20T00:00:00Z' });
          const ids = [p0, p1, p2];
          let now = '2026-11-03';
          for (const [i, batch] of batches.entries()) {
            for (const c of batch) {
              await addRollup(database, ids[c.partner]!, 'fd1', DAYS[c.day]!, {
                download_earned_micro: c.downloads,
                sale_earned_micro: c.sales,
                copy_sale_earned_micro: c.copies,
                site_earned_micro: c.site,
              });
            }
            now = addDaysToDay(now, steps[i]!);
            if (now > '2026-11-08') now = '2026-11-08';
            await catchUp(database, new Date(`${now}T00:30:00Z`));
          }
          await catchUp(database, new Date('2026-11-08T00:30:00Z'));

          const rollups = await database.query<{ user_id: number; day: string; dl: number; sales: number }>(
            sql`select user_id, day::text as day, download_earned_micro as dl,
                       (sale_earned_micro + copy_sale_earned_micro + video_sale_earned_micro + site_earned_micro)::bigint as sales
                from ingest_daily`,
          );
          const expected = new Map<string, number>();
          const add = (user: number, day: string, what: string, amount: number) => expected.set(`${user}|${day}|${what}`, (expected.get(`${user}|${day}|${what}`) ?? 0) + amount);
          for (const r of rollups) {
            add(r.user_id, r.day, 'own', r.dl + r.sales);
            const chain = r.user_id === p1 ? [[p0, 1, '2025-01-01']] : r.user_id === p2 ? [[p1, 1, '2026-10-20'], [p0, 2, '2026-10-20']] : [];
            for (const [referrer, level, registered] of chain as Array<[number, 1 | 2, string]>) {
              for (const base of [r.dl, r.sales]) add(referrer, r.day, 'referrals', referralCommission({ level, registeredAt: registered, day: r.day, baseMicro: base }));
            }
          }
          const actual = new Map<string, number>();
          for (const e of await ledgerRows(database)) {
            const what = e.source === 'referrals' ? 'referrals' : 'own';
            const key = `${e.user_id}|${e.day}|${what}`;
            actual.set(key, (actual.get(key) ?? 0) + e.amount_micro);
          }
          for (const [key, amount] of expected) expect(actual.get(key) ?? 0, key).toBe(amount);
          for (const [key, amount] of actual) expect(expected.get(key) ?? 0, key).toBe(amount);

          const count = (await ledgerRows(database)).length;
          await closeRange(database, DAYS[0]!, '2026-11-07', new Date('2026-11-08T01:00:00Z'));
          expect((await ledgerRows(database)).length).toBe(count);
        });
      }),
      { numRuns: 8 },
    );
  });
});
