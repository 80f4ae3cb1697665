import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, insertRows, signedInPartner, type TestPartner } from '../statistics/testing.ts';

// "Now" is Friday 2026-11-20 12:00 UTC. Partner a is on the default Mixed plan in fd1.
let t: TestApp;
let a: TestPartner;

beforeEach(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
  const u = a.app.fd1!;
  await ingest(t, 'fd1', [
    { id: 'up1', type: 'file_uploaded', at: '2026-11-01T09:00:00Z', app_users_id: u, file_id: 'f1', name: 'film.mkv', size_bytes: 20_000_000 },
    // US (group A) on Mixed: 8.75 USD per 1000 counted downloads = 8,750 micro-USD each.
    { id: 'd1', type: 'download', at: '2026-11-20T10:00:00Z', app_users_id: u, file_id: 'f1', country: 'US', downloader_id: 'g1', completed: true },
    // The same downloader again that day: not counted.
    { id: 'd2', type: 'download', at: '2026-11-20T10:05:00Z', app_users_id: u, file_id: 'f1', country: 'US', downloader_id: 'g1', completed: true },
    // Russia (R) yesterday: 3,500.
    { id: 'd3', type: 'download', at: '2026-11-19T10:00:00Z', app_users_id: u, file_id: 'f1', country: 'RU', downloader_id: 'g2', completed: true },
    // A direct sale of 10 USD on Mixed: 60% = 6,000,000.
    { id: 's1', type: 'sale', at: '2026-11-20T11:00:00Z', app_users_id: u, sale_id: 'S1', amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'f1', country: 'DE', buyer_email: 'john@gmail.com' },
  ]);
  // Additional income and a gold bonus exist only as ledger entries (operators and the day close write them).
  const entry = (day: string, source: string, amount: number, key: string) => ({
    user_id: a.id,
    project: 'fd1',
    day,
    source,
    bucket: 'other',
    kind: source === 'additional' ? 'additional' : 'earning',
    amount_micro: amount,
    available_at: `${day}T00:00:00Z`,
    idempotency_key: key,
  });
  await insertRows(t, 'ledger_entries', [entry('2026-11-18', 'additional', 1_000_000, 'add:1'), entry('2026-11-19', 'gold_bonus', 175, 'gold:19')]);
  await insertRows(t, 'storage_days', [
    { user_id: a.id, project: 'fd1', day: '2026-11-18', bytes: 20_000_000, cost_micro: 10 },
    { user_id: a.id, project: 'fd1', day: '2026-11-19', bytes: 20_000_000, cost_micro: 10 },
    { user_id: a.id, project: 'fd1', day: '2026-10-31', bytes: 10_737_418_240, cost_micro: 5_161 },
  ]);
  await insertRows(t, 'gold_days', [
    // A closed day with coins and no figures at all makes no row of the table.
    { user_id: a.id, project: 'fd1', day: '2026-11-05', level: 1, downloads: 0, downloads_avg_72h_x3: 0, sales: 0, sales_avg_72h_x3: 0, efficiency_30d_micro: 0, coins_delta: 0, coins: 6 },
    { user_id: a.id, project: 'fd1', day: '2026-11-19', level: 1, downloads: 1, downloads_avg_72h_x3: 0, sales: 0, sales_avg_72h_x3: 0, efficiency_30d_micro: 1_003_655, coins_delta: 1, coins: 7 },
  ]);
  await insertRows(t, 'gold_state', [{ user_id: a.id, project: 'fd1', level: 1, coins: 7 }]);
});
afterEach(async () => {
  await t.close();
});

describe('earnings', () => {
  it("answers today's earnings from the ingested events", async () => {
    const res = await a.get('/earnings/today', { app: 'fd1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ date: '2026-11-20', files: 6_008_750, sites: 0, referrals: 0, additional: 0, total: 6_008_750, efficiency: 6_008_750 });
  });

  it('lists days with efficiency and coins, and the month table', async () => {
    const res = (await a.get('/earnings/stat', { app: 'fd1', date_from: '2026-10-31', date_to: '2026-11-20' })).json();
    expect(res.range).toEqual({ from: '2026-10-31', to: '2026-11-20' });
    expect(res.data).toEqual([
      { date: '2026-11-20', files: 6_008_750, sites: 0, referrals: 0, additional: 0, total: 6_008_750, efficiency: 6_008_750, coins: null },
      { date: '2026-11-19', files: 3_675, sites: 0, referrals: 0, additional: 0, total: 3_675, efficiency: 3_665, coins: 7 },
      { date: '2026-11-18', files: 0, sites: 0, referrals: 0, additional: 1_000_000, total: 1_000_000, efficiency: 999_990, coins: null },
      // The upload day has a rollup row (files uploaded) and no earnings.
      { date: '2026-11-01', files: 0, sites: 0, referrals: 0, additional: 0, total: 0, efficiency: 0, coins: null },
      { date: '2026-10-31', files: 0, sites: 0, referrals: 0, additional: 0, total: 0, efficiency: -5_161, coins: null },
    ]);
    expect(res.totals).toEqual({ files: 6_012_425, sites: 0, referrals: 0, additional: 1_000_000, total: 7_012_425, efficiency: 7_007_244 });
    expect(res.months).toEqual([
      { month: '2026-10-01', received: 0, files_size_gb: 10, storage_cost: 5_161 },
      { month: '2026-11-01', received: 7_012_425, files_size_gb: 0.019, storage_cost: 20 },
    ]);
    const months = (await a.get('/earnings/stat', { app: 'fd1', date_from: '2026-10-31', grouping: 'months', sort_dir: 'asc' })).json();
    expect(months.data.map((r: { date: string; total: number; coins: number | null }) => [r.date, r.total, r.coins])).toEqual([
      ['2026-10-01', 0, null],
      ['2026-11-01', 7_012_425, 7],
    ]);
    const weeks = (await a.get('/earnings/stat', { app: 'fd1', date_from: '2026-11-01', grouping: 'weeks' })).json();
    // Weeks start on Monday: 2026-11-01 is a Sunday, in the week of 2026-10-26.
    expect(weeks.data.map((r: { date: string }) => r.date)).toEqual(['2026-11-16', '2026-10-26']);
  });

  it('shows the gold status with the next level and its hint', async () => {
    const res = (await a.get('/earnings/gold-status', { app: 'fd1' })).json();
    expect(res).toEqual({
      current: { level: 1, name: 'gold', percent: 5, coins: 0, efficiency: 0 },
      next: { level: 2, name: 'poster', percent: 10, coins: 20, efficiency: 10_000_000 },
      efficiency: -5_161,
      efficiency_month: 7_012_405,
      efficiency_30d: 1_003_655,
      coins: 7,
      hint: { kind: 'add_coins', value: 13 },
      next_review: '2026-12-01T00:00:00.000Z',
    });
  });

  it("answers the efficiency of the last calendar month, also once two months are closed", async () => {
    // gold_months holds the level decided at 00:00 UTC on `month`, with the efficiency of the month before it.
    const decision = (month: string, efficiency: number) => ({
      user_id: a.id,
      project: 'fd1',
      month,
      level_before: 1,
      level_after: 1,
      coins: 7,
      efficiency_micro: efficiency,
      reason: 'kept',
    });
    // Only September is closed (decided on October 1st): October is still open, so its efficiency is computed.
    await insertRows(t, 'gold_months', [decision('2026-10-01', 111_111)]);
    expect((await a.get('/earnings/gold-status', { app: 'fd1' })).json().efficiency).toBe(-5_161);
    // September and October closed: the answer is October's (decided on November 1st), not September's.
    await insertRows(t, 'gold_months', [decision('2026-11-01', 222_222)]);
    expect((await a.get('/earnings/gold-status', { app: 'fd1' })).json().efficiency).toBe(222_222);
  });

  it('answers 422 for a range over two years or a bad grouping, 403 for an inactive programme', async () => {
    expect((await a.get('/earnings/stat', { app: 'fd1', date_from: '2024-11-19', date_to: '2026-11-20' })).statusCode).toBe(422);
    expect((await a.get('/earnings/stat', { app: 'fd1', date_from: '2024-11-20', date_to: '2026-11-20' })).statusCode).toBe(200);
    const bad = await a.get('/earnings/stat', { app: 'fd1', grouping: 'day' }, { 'x-localization': 'fr' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.grouping).toHaveLength(1);
    expect((await a.get('/earnings/today', { app: 'fd2' })).statusCode).toBe(403);
    expect((await a.get('/earnings/gold-status', {})).statusCode).toBe(422);
  });
});
