import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDbKind } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { catchUp, closeDay, closeMonth, closeRange } from './close.ts';
import { addFile, addRollup, createPartner, ledgerRows } from '../money/testing.ts';
import { addAdditionalIncome } from '../operator/service.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const NOW = new Date('2026-11-21T01:00:00Z');

async function sums(userId: number) {
  return database.query<{ source: string; bucket: string; amount: number }>(
    sql`select source, bucket, sum(amount_micro)::bigint as amount from ledger_entries where user_id = ${userId} group by source, bucket order by source, bucket`,
  );
}

describe('day close', () => {
  it('books a day per source and bucket; a second run writes nothing', async () => {
    const p = await createPartner(database, { email: 'a@x.test' });
    await addRollup(database, p, 'fd1', '2026-11-20', { counted_downloads: 100, download_earned_micro: 875_000, sales: 2, sale_earned_micro: 6_000_000, site_earned_micro: 1_000_000 });
    const first = await closeDay(database, '2026-11-20', NOW);
    expect(first.entries).toBe(3);
    const before = await ledgerRows(database);
    const second = await closeDay(database, '2026-11-20', NOW);
    expect(second.entries).toBe(0);
    expect(await ledgerRows(database)).toEqual(before);
    expect(await sums(p)).toEqual([
      { source: 'files', bucket: 'downloads', amount: 875_000 },
      { source: 'files', bucket: 'sales', amount: 6_000_000 },
      { source: 'sites', bucket: 'sales', amount: 1_000_000 },
    ]);
    const [sale] = await database.query<{ available_at: string }>(
      sql`select to_char(available_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as available_at from ledger_entries where bucket = 'sales' limit 1`,
    );
    // Sale day + 14 days, released at 00:00 UTC after that day (core saleDayAvailableAt).
    expect(sale!.available_at).toBe('2026-12-05T00:00');
  });

  it('refuses to update or delete a ledger entry', async () => {
    const p = await createPartner(database, { email: 'a@x.test' });
    await addRollup(database, p, 'fd1', '2026-11-20', { download_earned_micro: 10 });
    await closeDay(database, '2026-11-20', NOW);
    await expect(database.query(sql`update ledger_entries set amount_micro = 0`)).rejects.toThrow();
    await expect(database.query(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it('a late event for a closed day writes a correction entry', async () => {
    const p = await createPartner(database, { email: 'a@x.test' });
    await addRollup(database, p, 'fd1', '2026-11-19', { sale_earned_micro: 6_000_000, sales: 1 });
    await catchUp(database, new Date('2026-11-20T00:05:00Z'));
    // A refund of that sale arrives the next day: ingest subtracts exactly what the sale added and marks the day.
    await addRollup(database, p, 'fd1', '2026-11-19', { sale_earned_micro: -6_000_000, sales: -1, coin_sales: -1 });
    const r = await catchUp(database, new Date('2026-11-20T10:00:00Z'));
    expect(r.days).toEqual([]);
    expect(r.dirty.map((d) => [d.day, d.entries])).toEqual([['2026-11-19', 1]]);
    const rows = (await ledgerRows(database, p)).filter((e) => e.day === '2026-11-19');
    expect(rows.map((e) => [e.kind, e.amount_micro, e.idempotency_key])).toEqual([
      ['earning', 6_000_000, 'close:fd1:2026-11-19:files:sales:0'],
      ['correction', -6_000_000, 'close:fd1:2026-11-19:files:sales:1'],
    ]);
    // Nothing dirty is left; another catch-up writes nothing.
    expect((await catchUp(database, new Date('2026-11-20T11:00:00Z'))).dirty).toEqual([]);
    expect((await database.query(sql`select * from dirty_days`)).length).toBe(0);
  });

  it('catches up day by day after downtime, closing each month after its last day', async () => {
    const p = await createPartner(database, { email: 'a@x.test', createdAt: '2026-10-01T00:00:00Z' });
    for (const day of ['2026-10-28', '2026-10-30', '2026-11-01', '2026-11-03']) await addRollup(database, p, 'fd1', day, { counted_downloads: 10, download_earned_micro: 100_000 });
    const r = await catchUp(database, new Date('2026-11-05T00:30:00Z'));
    expect(r.days.map((d) => d.day)).toEqual([
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(r.months.map((m) => m.month)).toEqual(['2026-10']);
    const [month] = await database.query<{ level_after: number; reason: string }>(sql`select level_after, reason from gold_months where user_id = ${p}`);
    // October's efficiency 0.2 USD > 0 and coins ≥ 0: Gold partner (level 1) from November 1st.
    expect(month).toEqual({ level_after: 1, reason: 'up' });
    // Gold bonus 5% on November days (level in force that day), none on October days.
    const gold = (await ledgerRows(database, p)).filter((e) => e.source === 'gold_bonus').map((e) => [e.day, e.amount_micro]);
    expect(gold).toEqual([
      ['2026-11-01', 5_000],
      ['2026-11-03', 5_000],
    ]);
    // Running the whole range again writes nothing new.
    const count = (await ledgerRows(database)).length;
    await closeRange(database, '2026-10-28', '2026-11-04', new Date('2026-11-05T01:00:00Z'));
    expect((await ledgerRows(database)).length).toBe(count);
    expect((await catchUp(database, new Date('2026-11-05T02:00:00Z'))).days).toEqual([]);
  });

  it('pays two-level referral commissions on files + sites earnings, held like the sales they come from', async () => {
    const top = await createPartner(database, { email: 'top@x.test', createdAt: '2025-01-01T00:00:00Z' });
    const mid = await createPartner(database, { email: 'mid@x.test', referredBy: top, createdAt: '2025-01-01T00:00:00Z' });
    const fresh = await createPartner(database, { email: 'new@x.test', referredBy: mid, createdAt: '2026-10-15T00:00:00Z' });
    // mid registered long ago: top earns 3% of mid. fresh is in its first 3 months: mid earns 12%, top 1%.
    await addRollup(database, mid, 'fd1', '2026-11-20', { download_earned_micro: 1_000_000 });
    await addRollup(database, fresh, 'fd1', '2026-11-20', { download_earned_micro: 500_000, sale_earned_micro: 2_000_000 });
    await closeDay(database, '2026-11-20', NOW);
    expect(await sums(top)).toEqual([
      // 3% of 1.00 + 1% of 0.50 = 30,000 + 5,000
      { source: 'referrals', bucket: 'downloads', amount: 35_000 },
      // 1% of 2.00
      { source: 'referrals', bucket: 'sales', amount: 20_000 },
    ]);
    expect(await sums(mid)).toEqual([
      { source: 'files', bucket: 'downloads', amount: 1_000_000 },
      { source: 'referrals', bucket: 'downloads', amount: 60_000 },
      { source: 'referrals', bucket: 'sales', amount: 240_000 },
    ]);
    // Re-close after a late event of the invited partner only: the referrer's commission follows.
    await addRollup(database, fresh, 'fd1', '2026-11-20', { download_earned_micro: 100_000 });
    await closeDay(database, '2026-11-20', NOW, { onlyDirty: true });
    const midRef = (await sums(mid)).find((s) => s.source === 'referrals' && s.bucket === 'downloads');
    expect(midRef!.amount).toBe(72_000);
    // The referrer's own sources were not touched by the partial close.
    expect((await ledgerRows(database, mid)).filter((e) => e.source === 'files')).toHaveLength(1);
  });

  it('month close: levels move with hysteresis; unlimited status granted automatically', async () => {
    const p = await createPartner(database, { email: 'a@x.test', createdAt: '2026-01-01T00:00:00Z' });
    await addRollup(database, p, 'fd1', '2026-10-31', { counted_downloads: 1, download_earned_micro: 2_000_000 });
    await closeDay(database, '2026-10-31', NOW);
    const r1 = await closeMonth(database, '2026-10', NOW);
    expect(r1.unlimitedGranted).toBe(1);
    const again = await closeMonth(database, '2026-10', NOW);
    expect(again.skipped).toBe(true);
    const periods = await database.query(sql`select kind, starts_on::text as s, ends_on::text as e from unlimited_periods where user_id = ${p}`);
    expect(periods).toEqual([{ kind: 'auto', s: '2026-11-01', e: '2026-12-01' }]);
    const [state] = await database.query(sql`select level, coins from gold_state where user_id = ${p} and project = 'fd1'`);
    expect(state).toEqual({ level: 1, coins: 1 });
  });
});

describe.runIf(testDbKind === 'pg')('concurrency (PostgreSQL)', () => {
  it('two closes of the same day at once write each entry once', async () => {
    const partners = [];
    for (let i = 0; i < 5; i++) partners.push(await createPartner(database, { email: `p${i}@x.test` }));
    for (const p of partners) await addRollup(database, p, 'fd1', '2026-11-20', { download_earned_micro: 1000 + p, sale_earned_micro: 5000 });
    const results = await Promise.all([closeDay(database, '2026-11-20', NOW), closeDay(database, '2026-11-20', NOW), catchUp(database, NOW)]);
    expect(results[0].entries + results[1].entries).toBe(10);
    const rows = await ledgerRows(database);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => `${r.user_id}:${r.idempotency_key}`)).size).toBe(10);
  });

  it('two instances catching up over the same days at once book every day once', async () => {
    const a = await createPartner(database, { email: 'a@x.test', createdAt: '2025-01-01T00:00:00Z' });
    const b = await createPartner(database, { email: 'b@x.test', referredBy: a, createdAt: '2025-01-01T00:00:00Z' });
    for (const day of ['2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']) {
      await addRollup(database, a, 'fd1', day, { counted_downloads: 2, download_earned_micro: 17_500, sale_earned_micro: 8_500_000, sales: 1 });
      await addRollup(database, b, 'fd1', day, { counted_downloads: 1, download_earned_micro: 8_750 });
    }
    const now = new Date('2026-11-03T00:02:00Z');
    await Promise.all([catchUp(database, now), catchUp(database, now), catchUp(database, now)]);
    const rows = await ledgerRows(database);
    expect(new Set(rows.map((r) => `${r.user_id}:${r.idempotency_key}`)).size).toBe(rows.length);
    expect(rows.every((r) => r.kind === 'earning')).toBe(true);
    // 5 days × (A: files downloads, files sales; B: files downloads; A: referrals 3% of B) + gold bonus from Nov 1
    // (A and B reached level 1 at the October close: 2 days × A downloads, A sales, B downloads).
    expect(rows).toHaveLength(5 * 4 + 2 * 3);
    const [months] = await database.query<{ n: number }>(sql`select count(*)::int as n from gold_months`);
    expect(months!.n).toBe(2);
  });
});

describe('history sent after the closes started', () => {
  it('closes in full a past day that was never closed, and moves the coins of the days after it', async () => {
    const p = await createPartner(database, { email: 'a@x.test' });
    await catchUp(database, new Date('2026-11-20T00:05:00Z'));
    // The first close ran with no data: only 2026-11-19 is closed. Then a file host replays last week.
    await addRollup(database, p, 'fd1', '2026-11-10', { counted_downloads: 5, download_earned_micro: 43_750 });
    const r = await catchUp(database, new Date('2026-11-20T00:10:00Z'));
    expect(r.dirty.filter((d) => d.entries).map((d) => [d.day, d.entries])).toEqual([['2026-11-10', 1]]);
    const closed = await database.query<{ day: string }>(sql`select day::text as day from day_closes order by day`);
    expect(closed.map((c) => c.day)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
    // +1 coin on 2026-11-10 (5 downloads against 0 the 3 days before), carried to the closed 2026-11-19.
    const coins = await database.query<{ day: string; coins: number }>(sql`select day::text as day, coins from gold_days where user_id = ${p} order by day`);
    expect(coins.map((c) => c.coins)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('history of past months sent later gets its month closes, in order', async () => {
    const p = await createPartner(database, { email: 'a@x.test', createdAt: '2026-01-01T00:00:00Z' });
    await catchUp(database, new Date('2026-11-20T00:05:00Z'));
    await addRollup(database, p, 'fd1', '2026-09-15', { counted_downloads: 1, download_earned_micro: 2_000_000 });
    await addRollup(database, p, 'fd1', '2026-10-15', { counted_downloads: 1, download_earned_micro: 1_000_000 });
    const r = await catchUp(database, new Date('2026-11-20T00:10:00Z'));
    expect(r.months.map((m) => m.month)).toEqual(['2026-09', '2026-10']);
    // Level 1 from October (September's efficiency > 0): October's day earns the 5% gold bonus.
    const gold = (await ledgerRows(database, p)).filter((e) => e.source === 'gold_bonus').map((e) => [e.day, e.amount_micro]);
    expect(gold).toEqual([['2026-10-15', 50_000]]);
  });
});

describe('late events for a closed month (decision 0094)', () => {
  it('a refund arriving after the month close decides the level and unlimited status again, and corrects the gold bonus with new entries', async () => {
    const p = await createPartner(database, { email: 'a@x.test', createdAt: '2026-01-01T00:00:00Z' });
    await addRollup(database, p, 'fd1', '2026-10-30', { sales: 1, sale_earned_micro: 6_000_000 });
    await addRollup(database, p, 'fd1', '2026-11-02', { counted_downloads: 10, download_earned_micro: 100_000 });
    await catchUp(database, new Date('2026-11-03T00:30:00Z'));
    // October's efficiency 6 USD: level 1 and unlimited status for November; 5% gold bonus on November 2.
    const gold = async () => (await ledgerRows(database, p)).filter((e) => e.source === 'gold_bonus').map((e) => [e.day, e.kind, e.amount_micro]);
    expect(await gold()).toEqual([['2026-11-02', 'earning', 5_000]]);
    expect((await database.query(sql`select level_after from gold_months where user_id = ${p}`))[0]).toEqual({ level_after: 1 });
    expect(await database.query(sql`select kind from unlimited_periods where user_id = ${p}`)).toEqual([{ kind: 'auto' }]);

    // The sale of October 30 is refunded; the event arrives on November 3.
    await addRollup(database, p, 'fd1', '2026-10-30', { sales: -1, sale_earned_micro: -6_000_000 });
    const r = await catchUp(database, new Date('2026-11-03T10:00:00Z'));
    expect(r.dirty.map((d) => [d.day, d.entries])).toEqual([
      ['2026-10-30', 1],
      ['2026-11-02', 1],
    ]);
    // October now earned nothing: no level up, no unlimited status, and November 2's bonus is taken back.
    expect((await database.query(sql`select level_after, reason from gold_months where user_id = ${p}`))[0]).toEqual({ level_after: 0, reason: 'stays_standard' });
    expect(await database.query(sql`select kind from unlimited_periods where user_id = ${p}`)).toEqual([]);
    expect(await gold()).toEqual([
      ['2026-11-02', 'earning', 5_000],
      ['2026-11-02', 'correction', -5_000],
    ]);
    expect((await database.query(sql`select level from gold_state where user_id = ${p}`))[0]).toEqual({ level: 0 });
    // Nothing more to do.
    expect((await catchUp(database, new Date('2026-11-03T11:00:00Z'))).dirty).toEqual([]);
  });

  it('additional income an operator dates on a closed day decides the month again, as a late event does', async () => {
    const p = await createPartner(database, { email: 'a@x.test', createdAt: '2026-01-01T00:00:00Z' });
    await addRollup(database, p, 'fd1', '2026-10-30', { sales: 1, sale_earned_micro: 6_000_000 });
    await catchUp(database, new Date('2026-11-03T00:30:00Z'));
    expect((await database.query(sql`select level_after from gold_months where user_id = ${p}`))[0]).toEqual({ level_after: 1 });

    // On November 3 an operator takes the 6 USD back with a correction dated October 15.
    await addAdditionalIncome(database.db, { userId: p, project: 'fd1', amount: -6_000_000, reason: 'chargeback', day: '2026-10-15', operator: 'ops' }, new Date('2026-11-03T09:00:00Z'));
    await catchUp(database, new Date('2026-11-03T10:00:00Z'));
    // October's efficiency is 0 now: no level up and no unlimited status.
    expect((await database.query(sql`select level_after, efficiency_micro from gold_months where user_id = ${p}`))[0]).toEqual({ level_after: 0, efficiency_micro: 0 });
    expect(await database.query(sql`select kind from unlimited_periods where user_id = ${p}`)).toEqual([]);
  });

  it('a late upload moves the storage of every closed day after it', async () => {
    const p = await createPartner(database, { email: 'a@x.test', createdAt: '2026-01-01T00:00:00Z' });
    await addRollup(database, p, 'fd1', '2026-11-10', { counted_downloads: 1, download_earned_micro: 1_000 });
    await catchUp(database, new Date('2026-11-14T00:30:00Z'));
    // A 30 GiB file uploaded on November 11 arrives on November 14 (ingest marks its upload day).
    await addFile(database, p, 'fd1', 'big', 30 * 2 ** 30, '2026-11-11T08:00:00Z');
    await addRollup(database, p, 'fd1', '2026-11-11', {});
    await catchUp(database, new Date('2026-11-14T10:00:00Z'));
    const storage = await database.query<{ day: string; cost: number }>(sql`select day::text as day, cost_micro::bigint as cost from storage_days where user_id = ${p} order by day`);
    // 30 GB × 0.016 USD / 30 days = 16,000 micro-USD a day from the upload day on.
    expect(storage).toEqual([
      { day: '2026-11-10', cost: 0 },
      { day: '2026-11-11', cost: 16_000 },
      { day: '2026-11-12', cost: 16_000 },
      { day: '2026-11-13', cost: 16_000 },
    ]);
  });
});
