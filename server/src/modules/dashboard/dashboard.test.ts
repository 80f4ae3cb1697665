import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, insertRows, signedInPartner, type TestPartner } from '../statistics/testing.ts';

// "Now" is Friday 2026-11-20 12:00 UTC. Partner a is on the default Mixed plan in both projects.
let t: TestApp;
let a: TestPartner;

beforeEach(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'a@partner.test', ['fd1', 'fd2']);
  const u1 = a.app.fd1!;
  const u2 = a.app.fd2!;
  await ingest(t, 'fd1', [
    { id: 'up1', type: 'file_uploaded', at: '2026-06-01T09:00:00Z', app_users_id: u1, file_id: 'f1', name: 'big.iso', size_bytes: 1_073_741_824 },
    { id: 'up2', type: 'file_uploaded', at: '2026-11-01T09:00:00Z', app_users_id: u1, file_id: 'f2', name: 'new.zip', size_bytes: 20_000_000 },
    { id: 'up3', type: 'file_uploaded', at: '2026-06-01T09:00:00Z', app_users_id: u1, file_id: 'f3', name: 'once.zip', size_bytes: 536_870_912 },
    // f3 was last downloaded on 2026-09-15: unused for 66 days (30 and 60 lists).
    { id: 'd0', type: 'download', at: '2026-09-15T10:00:00Z', app_users_id: u1, file_id: 'f3', country: 'DE', downloader_id: 'g0', completed: true },
    // 8,750 each (group A on Mixed).
    { id: 'd1', type: 'download', at: '2026-11-20T10:00:00Z', app_users_id: u1, file_id: 'f2', country: 'US', downloader_id: 'g1', completed: true },
    { id: 'd2', type: 'download', at: '2026-11-16T10:00:00Z', app_users_id: u1, file_id: 'f2', country: 'US', downloader_id: 'g1', completed: true },
    // 60% of 10 USD.
    { id: 's1', type: 'sale', at: '2026-11-20T11:00:00Z', app_users_id: u1, sale_id: 'S1', amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'f2', country: 'US' },
  ]);
  await ingest(t, 'fd2', [
    { id: 'up1', type: 'file_uploaded', at: '2026-11-10T09:00:00Z', app_users_id: u2, file_id: 'g1', name: 'clip.mp4', size_bytes: 30_000_000 },
    // Ukraine (U) on Mixed: 2,000.
    { id: 'd1', type: 'download', at: '2026-11-19T10:00:00Z', app_users_id: u2, file_id: 'g1', country: 'UA', downloader_id: 'x1', completed: true },
  ]);
  // A closed September day in the ledger, a payout request in progress, storage and unlimited periods.
  await insertRows(t, 'ledger_entries', [
    { user_id: a.id, project: 'fd1', day: '2026-09-15', source: 'files', bucket: 'downloads', kind: 'earning', amount_micro: 100_000_000, available_at: '2026-09-15T00:00:00Z', idempotency_key: 'files:0915' },
  ]);
  await insertRows(t, 'closed_partner_days', [{ user_id: a.id, project: 'fd1', day: '2026-09-15', closed_at: '2026-09-16T00:10:00Z' }]);
  await insertRows(t, 'payout_requests', [
    { user_id: a.id, amount_micro: 30_000_000, payment_details: 'Z123456789012', status: 'review', created_at: '2026-10-01T00:00:00Z', updated_at: '2026-10-01T00:00:00Z' },
    { user_id: a.id, amount_micro: 5_000_000, payment_details: 'Z123456789012', status: 'rejected', created_at: '2026-10-02T00:00:00Z', updated_at: '2026-10-02T00:00:00Z' },
  ]);
  await insertRows(t, 'storage_days', [
    { user_id: a.id, project: 'fd1', day: '2026-10-31', bytes: 1_073_741_824, cost_micro: 516 },
    { user_id: a.id, project: 'fd2', day: '2026-10-31', bytes: 1_073_741_824, cost_micro: 516 },
  ]);
  await insertRows(t, 'unlimited_periods', [
    { user_id: a.id, project: 'fd2', kind: 'trial', starts_on: '2026-11-05', ends_on: '2026-12-05', months: 1 },
    { user_id: a.id, project: 'fd1', kind: 'auto', starts_on: '2026-03-01', ends_on: '2026-05-01', months: 2 },
  ]);
});
afterEach(async () => {
  await t.close();
});

describe('dashboard', () => {
  it('answers the info blocks of today and of a period', async () => {
    // Balance: the ledger's 100 USD (the closed 2026-09-15, so that day's rollup is not counted again) + the live
    // days not yet closed (6,008,750 today, 8,750 on the 16th, 2,000 in fd2) − the 30 USD payout in review
    // (the rejected one is not taken off). Pending: today's sale share, inside its 14-day window.
    const today = (await a.get('/dashboard/info-blocks-today')).json();
    expect(today).toEqual({
      period: 'today',
      range: { from: '2026-11-20', to: '2026-11-20' },
      earnings: 6_008_750,
      downloads: 1,
      purchases: 1,
      balance: 100_000_000 + 6_008_750 + 8_750 + 2_000 - 30_000_000,
      pending: 6_000_000,
    });
    const week = (await a.get('/dashboard/info-blocks', { period: 'week' })).json();
    expect(week).toMatchObject({ period: 'week', range: { from: '2026-11-16', to: '2026-11-20' }, earnings: 6_019_500, downloads: 3, purchases: 1 });
    const month = (await a.get('/dashboard/info-blocks', { period: 'month' })).json();
    expect(month.downloads).toBe(3);
    expect((await a.get('/dashboard/info-blocks', { period: 'year' })).statusCode).toBe(422);
  });

  it('counts a sale outside its refund window as available even before its day is closed, like the balance calls', async () => {
    // 2026-11-05 + 14 days: available from 2026-11-20 00:00, before "now"; the day was never closed.
    await ingest(t, 'fd1', [
      { id: 's0', type: 'sale', at: '2026-11-05T11:00:00Z', app_users_id: a.app.fd1!, sale_id: 'S0', amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'f2', country: 'US' },
    ]);
    const today = (await a.get('/dashboard/info-blocks-today')).json();
    const hold = (await a.get('/payouts/user/hold-info')).json();
    expect(today.pending).toBe(6_000_000);
    expect(today.pending).toBe(hold.amount);
  });

  it('answers earnings by day and by month per project', async () => {
    const days = (await a.get('/dashboard/earnings-by-day', { date_from: '2026-11-18', date_to: '2026-11-20' })).json();
    expect(days.data).toEqual([
      { date: '2026-11-18', total: 0, by_project: { fd1: 0, fd2: 0 } },
      { date: '2026-11-19', total: 2_000, by_project: { fd1: 0, fd2: 2_000 } },
      { date: '2026-11-20', total: 6_008_750, by_project: { fd1: 6_008_750, fd2: 0 } },
    ]);
    const months = (await a.get('/dashboard/earnings-by-month')).json();
    expect(months.data).toHaveLength(12);
    expect(months.data[0].month).toBe('2025-12-01');
    expect(months.data[9]).toEqual({ month: '2026-09-01', total: 8_750, by_project: { fd1: 8_750, fd2: 0 }, files_size_gb: 0, storage_cost: 0 });
    expect(months.data[10]).toEqual({ month: '2026-10-01', total: 0, by_project: { fd1: 0, fd2: 0 }, files_size_gb: 2, storage_cost: 1_032 });
    expect(months.data[11]).toMatchObject({ month: '2026-11-01', total: 6_019_500, by_project: { fd1: 6_017_500, fd2: 2_000 } });
    expect((await a.get('/dashboard/earnings-by-month', { app: 'fd1' })).statusCode).toBe(422);
  });

  it('answers storage terms, unlimited history and unused files', async () => {
    expect((await a.get('/dashboard/storage-period')).json()).toEqual({
      next_update: '2026-12-01T00:00:00.000Z',
      data: [
        { app: 'fd1', normal_term: 30, premium_term: 90, unlimited: false, unlimited_until: null },
        { app: 'fd2', normal_term: null, premium_term: null, unlimited: true, unlimited_until: '2026-12-04' },
      ],
    });
    expect((await a.get('/dashboard/unlimited-activation-history')).json().data).toEqual([
      { app: 'fd2', start: '2026-11-05', end: '2026-12-04', period_days: 30, months: 1, kind: 'trial' },
      { app: 'fd1', start: '2026-03-01', end: '2026-04-30', period_days: 61, months: 2, kind: 'auto' },
    ]);
    const unused = (await a.get('/dashboard/unused-files')).json().data;
    // f1 (1 GiB, never downloaded since 2026-06-01: 172 days) and f3 (0.5 GiB, last download 2026-09-15).
    expect(unused.filter((r: { app: string }) => r.app === 'fd1')).toEqual([
      { app: 'fd1', days: 30, count: 2, size_gb: 1.5, storage_cost: 24_000 },
      { app: 'fd1', days: 60, count: 2, size_gb: 1.5, storage_cost: 24_000 },
      { app: 'fd1', days: 90, count: 1, size_gb: 1, storage_cost: 16_000 },
      { app: 'fd1', days: 180, count: 0, size_gb: 0, storage_cost: 0 },
      { app: 'fd1', days: 365, count: 0, size_gb: 0, storage_cost: 0 },
    ]);
    expect(unused.filter((r: { app: string; count: number }) => r.app === 'fd2' && r.count > 0)).toEqual([]);
  });
});
