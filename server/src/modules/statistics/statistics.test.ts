import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { daily, ingest, insertRows, signedInPartner, type TestPartner } from './testing.ts';

// "Now" is Friday 2026-11-20 12:00 UTC (the harness default).
let t: TestApp;
let a: TestPartner;
let b: TestPartner;

beforeEach(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
  b = await signedInPartner(t, 'b@partner.test', ['fd1', 'fd2']);
  await insertRows(t, 'ingest_daily', [
    // Downloads: counted + every reason not counted = downloads (decision 0200).
    daily(a.id, 'fd1', '2026-11-20', {
      downloads: 10,
      counted_downloads: 6,
      uncounted_refused: 1,
      uncounted_repeat: 2,
      uncounted_small_file: 1,
      download_earned_micro: 87_500,
      sales: 2,
      sale_earned_micro: 12_000_000,
      video_sales: 1,
      video_sale_earned_micro: 4_000_000,
      copy_download_earned_micro: 1_000,
      copy_sale_earned_micro: 2_000_000,
      site_earned_micro: 500_000,
    }),
    daily(a.id, 'fd1', '2026-11-19', { downloads: 100, counted_downloads: 90, uncounted_repeat: 7, uncounted_unpaid_group: 3, download_earned_micro: 875_000, copies: 2 }),
    daily(a.id, 'fd1', '2026-11-02', { downloads: 40, counted_downloads: 40, download_earned_micro: 350_000, sales: 1, sale_earned_micro: 6_000_000 }),
  ]);
  await insertRows(t, 'ledger_entries', [
    {
      user_id: a.id,
      project: 'fd1',
      day: '2026-11-19',
      source: 'gold_bonus',
      bucket: 'other',
      kind: 'earning',
      amount_micro: 43_750,
      available_at: '2026-11-20T00:00:00Z',
      idempotency_key: 'gold:2026-11-19',
    },
  ]);
});
afterEach(async () => {
  await t.close();
});

describe('detailed statistics', () => {
  it("answers today's row with hand-worked figures", async () => {
    const res = await a.get('/statistics/detailed/today', { app: 'fd1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: '2026-11-20',
      downloads: 10,
      counted_downloads: 6,
      not_counted: { refused: 1, repeat: 2, file_unavailable: 0, small_file: 1, pps_plan: 0, unpaid_group: 0 },
      sum: 88_500,
      // Video sales are part of the sales count (the rollup's video_sales is a subset of sales).
      sales_count: 2,
      sales: 18_000_000,
      avg_sales: 9_000_000,
      gold: 0,
      copies: 0,
      total: 18_088_500,
      per_1000: 1_808_850_000,
    });
  });

  it('groups by month, week and day, with paging and totals', async () => {
    const month = (await a.get('/statistics/detailed/base', { app: 'fd1', date_from: '2026-11-01', date_to: '2026-11-20', grouping: 'month' })).json();
    expect(month.data).toEqual([
      {
        date: '2026-11-01',
        downloads: 150,
        counted_downloads: 136,
        not_counted: { refused: 1, repeat: 9, file_unavailable: 0, small_file: 1, pps_plan: 0, unpaid_group: 3 },
        sum: 1_313_500,
        sales_count: 3,
        sales: 24_000_000,
        avg_sales: 8_000_000,
        gold: 43_750,
        copies: 2,
        total: 25_357_250,
        per_1000: 169_048_333,
      },
    ]);
    expect(month.totals.total).toBe(25_357_250);
    expect(month.totals.copies).toBe(2);
    expect(month.totals.counted_downloads).toBe(136);
    expect(month.totals.not_counted).toEqual({ refused: 1, repeat: 9, file_unavailable: 0, small_file: 1, pps_plan: 0, unpaid_group: 3 });
    expect(month.range).toEqual({ from: '2026-11-01', to: '2026-11-20' });

    const week = (await a.get('/statistics/detailed/base', { app: 'fd1', date_from: '2026-11-01', date_to: '2026-11-20', grouping: 'week' })).json();
    expect(week.data.map((r: { date: string; downloads: number }) => [r.date, r.downloads])).toEqual([
      ['2026-11-16', 110],
      ['2026-11-02', 40],
    ]);

    const page = (await a.get('/statistics/detailed/base', { app: 'fd1', period: 'month', per_page: 2, page: 1 })).json();
    expect(page.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(page.data.map((r: { date: string }) => r.date)).toEqual(['2026-11-20', '2026-11-19']);
    expect(page.data[1].gold).toBe(43_750);
    // A page past the last row: no rows, and still the whole range's count and totals.
    const past = (await a.get('/statistics/detailed/base', { app: 'fd1', period: 'month', per_page: 2, page: 3 })).json();
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ page: 3, per_page: 2, total: 3 });
    expect(past.totals).toEqual(page.totals);
    expect(past.totals.downloads).toBe(150);
    const sorted = (await a.get('/statistics/detailed/base', { app: 'fd1', period: 'month', sort_key: 'downloads', sort_dir: 'asc' })).json();
    expect(sorted.data.map((r: { downloads: number }) => r.downloads)).toEqual([10, 40, 100]);
  });

  it('breaks a day down by country group', async () => {
    await insertRows(t, 'ingest_daily_country', [
      { user_id: a.id, project: 'fd1', day: '2026-11-20', country_group: 'A', downloads: 6, counted_downloads: 5, uncounted_repeat: 1, download_earned_micro: 52_500, sales: 1, sale_earned_micro: 6_000_000 },
      { user_id: a.id, project: 'fd1', day: '2026-11-20', country_group: 'R', downloads: 4, counted_downloads: 4, uncounted_repeat: 0, download_earned_micro: 14_000, sales: 0, sale_earned_micro: 0 },
    ]);
    const res = (await a.get('/statistics/detailed/countries', { app: 'fd1', date: '2026-11-20' })).json();
    expect(res.data.map((r: { group: string }) => r.group)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'R', 'U']);
    expect(res.data[0]).toEqual({
      group: 'A',
      downloads: 6,
      counted_downloads: 5,
      not_counted: { refused: 0, repeat: 1, file_unavailable: 0, small_file: 0, pps_plan: 0, unpaid_group: 0 },
      sum: 52_500, sales_count: 1, sales: 6_000_000, total: 6_052_500, per_1000: 1_008_750_000,
    });
    expect(res.data[7]).toMatchObject({ group: 'R', downloads: 4, total: 14_000, per_1000: 3_500_000 });
    expect(res.data[1]).toMatchObject({ downloads: 0, total: 0, per_1000: 0 });
  });
});

describe('sources', () => {
  beforeEach(async () => {
    const src = (day: string, domain: string, url: string, hits: number, downloads: number, unique: number, purchases: number) => ({
      user_id: a.id,
      project: 'fd1',
      day,
      domain,
      url,
      hits,
      downloads,
      unique_downloads: unique,
      purchases,
    });
    await insertRows(t, 'ingest_daily_source', [
      src('2026-11-20', 'example.com', 'https://example.com/a', 10, 5, 4, 0),
      src('2026-11-19', 'example.com', 'https://example.com/b', 6, 3, 3, 0),
      src('2026-11-19', 'example.com', '', 0, 0, 0, 1),
      src('2026-11-20', 'forum.net', 'https://forum.net/t/1', 20, 2, 2, 0),
      src('2026-10-01', 'old.org', 'https://old.org/', 5, 5, 5, 0),
    ]);
  });

  it('sums domains over the last 30 days by default, sorted by hits', async () => {
    const res = (await a.get('/statistics/sources/base', { app: 'fd1' })).json();
    expect(res.range).toEqual({ from: '2026-10-22', to: '2026-11-20' });
    expect(res.data).toEqual([
      { domain: 'forum.net', hits: 20, downloads: 2, unique_downloads: 2, purchases: 0 },
      { domain: 'example.com', hits: 16, downloads: 8, unique_downloads: 7, purchases: 1 },
    ]);
    expect(res.totals).toEqual({ hits: 36, downloads: 10, unique_downloads: 9, purchases: 1 });
    expect(res.meta).toEqual({ page: 1, per_page: 25, total: 2 });
  });

  it('searches, sorts, pages and takes a date range', async () => {
    const search = (await a.get('/statistics/sources/base', { app: 'fd1', search: 'EXAM' })).json();
    expect(search.data.map((r: { domain: string }) => r.domain)).toEqual(['example.com']);
    const range = (await a.get('/statistics/sources/base', { app: 'fd1', date_from: '2026-09-01', date_to: '2026-11-20', sort_key: 'domain', sort_dir: 'asc' })).json();
    expect(range.data.map((r: { domain: string }) => r.domain)).toEqual(['example.com', 'forum.net', 'old.org']);
    const page2 = (await a.get('/statistics/sources/base', { app: 'fd1', date_from: '2026-09-01', sort_key: 'domain', per_page: 1, page: 2 })).json();
    expect(page2.data.map((r: { domain: string }) => r.domain)).toEqual(['forum.net']);
    expect(page2.meta.total).toBe(3);
    // Past the last page: no rows, the range's count and totals all the same.
    const past = (await a.get('/statistics/sources/base', { app: 'fd1', date_from: '2026-09-01', sort_key: 'domain', per_page: 1, page: 9 })).json();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(3);
    expect(past.totals).toEqual(page2.totals);
    expect(past.totals.hits).toBeGreaterThan(0);
    const today = (await a.get('/statistics/sources/base', { app: 'fd1', period: 'today' })).json();
    expect(today.totals.hits).toBe(30);
  });

  it('sums whole months from the monthly table and edge days from the daily rollup, in step with updates', async () => {
    // September and October are whole months of the range; 1-20 November are days.
    const q = { app: 'fd1', date_from: '2026-09-01', date_to: '2026-11-20' };
    expect((await a.get('/statistics/sources/base', q)).json().totals).toEqual({ hits: 41, downloads: 15, unique_downloads: 14, purchases: 1 });
    await t.ctx.database.exec(`update ingest_daily_source set hits = hits + 4 where domain = 'old.org'`);
    await t.ctx.database.exec(`delete from ingest_daily_source where domain = 'forum.net'`);
    const after = (await a.get('/statistics/sources/base', { ...q, sort_key: 'domain', sort_dir: 'asc' })).json();
    expect(after.data.map((r: { domain: string; hits: number }) => [r.domain, r.hits])).toEqual([
      ['example.com', 16],
      ['old.org', 9],
    ]);
    // A range starting mid-month reads that month's days.
    const mid = (await a.get('/statistics/sources/base', { app: 'fd1', date_from: '2026-10-02', date_to: '2026-11-20' })).json();
    expect(mid.data.map((r: { domain: string }) => r.domain)).toEqual(['example.com']);
  });

  it('lists the URLs of a domain', async () => {
    const res = (await a.get('/statistics/sources/details', { app: 'fd1', domain: 'example.com', sort_key: 'url', sort_dir: 'asc' })).json();
    expect(res.domain).toBe('example.com');
    expect(res.data).toEqual([
      { url: '', hits: 0, downloads: 0, unique_downloads: 0, purchases: 1 },
      { url: 'https://example.com/a', hits: 10, downloads: 5, unique_downloads: 4, purchases: 0 },
      { url: 'https://example.com/b', hits: 6, downloads: 3, unique_downloads: 3, purchases: 0 },
    ]);
  });
});

describe('sales', () => {
  beforeEach(async () => {
    const sale = (o: Record<string, unknown>) => ({
      project: 'fd1',
      known: true,
      amount_micro: 10_000_000,
      revenue_type: 'direct',
      file_id: null,
      site_domain: null,
      site_user_id: null,
      buyer_email: 'john@gmail.com',
      payment_system: 'card',
      tariff: '30 days',
      status: 'ok',
      applied_share_micro: 6_000_000,
      applied_site_micro: 0,
      ...o,
    });
    await insertRows(t, 'ingest_files', [
      { project: 'fd1', file_id: 'f1', user_id: a.id, known: true, name: 'movie.mkv', size_bytes: 104_857_600, uploaded_at: '2026-11-15T00:00:00Z' },
      { project: 'fd1', file_id: 'fb', user_id: b.id, known: true, name: 'secret-of-b.zip', size_bytes: 1, uploaded_at: '2026-11-01T00:00:00Z' },
    ]);
    await insertRows(t, 'ingest_sales', [
      sale({ sale_id: 's1', user_id: a.id, at: '2026-11-20T10:00:00Z', file_id: 'f1' }),
      sale({ sale_id: 's2', user_id: a.id, at: '2026-11-10T10:00:00Z', revenue_type: 'rebill', status: 'refund', applied_share_micro: 0, buyer_email: 'mary.smith@yahoo.co.uk' }),
      sale({ sale_id: 's3', user_id: a.id, at: '2024-01-01T10:00:00Z' }),
      // Partner b's file, bought by a visitor of partner a's verified site.
      sale({ sale_id: 's4', user_id: b.id, at: '2026-11-15T10:00:00Z', file_id: 'fb', revenue_type: 'site_referral', site_domain: 'a-site.com', site_user_id: a.id, applied_site_micro: 1_000_000 }),
    ]);
  });

  it('lists own and site-referred sales with masked e-mails, newest first', async () => {
    const res = (await a.get('/statistics/sales', { app: 'fd1' })).json();
    expect(res.meta.total).toBe(3);
    expect(res.data).toEqual([
      {
        id: 's1',
        date: '2026-11-20T10:00:00.000Z',
        email: 'jo***@gm***.com',
        file: { id: 'f1', name: 'movie.mkv' },
        source: 'unknown',
        revenue_type: 'direct',
        payment_system: 'card',
        tariff: '30 days',
        file_sales: 6_000_000,
        site_sales: 0,
        status: 'ok',
        // Sold on 2026-11-20, held 14 days: released at 00:00 UTC after 2026-12-04, as the balance releases it.
        on_hold_until: '2026-12-05T00:00:00.000Z',
      },
      expect.objectContaining({ id: 's4', file: null, source: 'site_referral', file_sales: 0, site_sales: 1_000_000, on_hold_until: '2026-11-30T00:00:00.000Z' }),
      // Refunded: nothing to release.
      expect.objectContaining({ id: 's2', email: 'ma***@ya***.uk', revenue_type: 'rebill', status: 'refund', file_sales: 0, on_hold_until: null }),
    ]);
  });

  it('filters by revenue type and status, and reaches back two years at most', async () => {
    const rebill = (await a.get('/statistics/sales', { app: 'fd1', revenue_type: 'rebill' })).json();
    expect(rebill.data.map((r: { id: string }) => r.id)).toEqual(['s2']);
    const ok = (await a.get('/statistics/sales', { app: 'fd1', status: 'ok', sort_dir: 'asc' })).json();
    expect(ok.data.map((r: { id: string }) => r.id)).toEqual(['s4', 's1']);
    const old = (await a.get('/statistics/sales', { app: 'fd1', date_from: '2023-01-01', date_to: '2024-12-31' })).json();
    expect(old.range.from).toBe('2024-11-20');
    expect(old.data).toEqual([]);
  });
});

describe('files and file copies', () => {
  beforeEach(async () => {
    await insertRows(t, 'ingest_files', [
      { project: 'fd1', file_id: 'f1', user_id: a.id, kind: 'file', known: true, name: 'movie.mkv', folder: null, size_bytes: 104_857_600, uploaded_at: '2026-11-15T08:00:00Z' },
      { project: 'fd1', file_id: 'f2', user_id: a.id, kind: 'file', known: true, name: 'old.zip', folder: 'Archive', size_bytes: 2_147_483_648, uploaded_at: '2026-08-01T08:00:00Z' },
      { project: 'fd1', file_id: 'f3', user_id: a.id, kind: 'copy', known: true, name: 'copy.mkv', folder: null, size_bytes: 1_000, uploaded_at: '2026-11-01T08:00:00Z', copy_of_file_id: 'x9' },
    ]);
    const file = (day: string, file_id: string, f: Record<string, number>) => ({
      user_id: a.id,
      project: 'fd1',
      day,
      file_id,
      downloads: 0,
      counted_downloads: 0,
      uncounted_repeat: 0,
      video_views: 0,
      sales: 0,
      earned_micro: 0,
      ...f,
    });
    await insertRows(t, 'ingest_daily_file', [
      file('2026-11-20', 'f1', { downloads: 3, counted_downloads: 2, uncounted_repeat: 1, earned_micro: 6_026_250, sales: 1, video_views: 2 }),
      file('2026-11-18', 'f1', { downloads: 200, earned_micro: 1_750_000 }),
      file('2026-09-01', 'f2', { downloads: 5, earned_micro: 43_750 }),
      file('2026-11-20', 'f3', { downloads: 1, earned_micro: 100 }),
    ]);
    // A later update of today's row is added to the totals (the rollup's upsert path).
    await t.ctx.database.exec(
      `update ingest_daily_file set downloads = downloads + 1, counted_downloads = counted_downloads + 1, earned_micro = earned_micro + 8750 where file_id = 'f1' and day = '2026-11-20'`,
    );
  });

  it('lists files with today and total figures and hints', async () => {
    const res = (await a.get('/statistics/files', { app: 'fd1', sort_key: 'downloads_total' })).json();
    expect(res.meta.total).toBe(2);
    expect(res.folders).toEqual(['Archive']);
    expect(res.data).toEqual([
      {
        id: 'f1',
        name: 'movie.mkv',
        folder: null,
        size: 104_857_600,
        created_at: '2026-11-15T08:00:00.000Z',
        downloads_today: 4,
        counted_today: 3,
        not_counted_today: { refused: 0, repeat: 1, file_unavailable: 0, small_file: 0, pps_plan: 0, unpaid_group: 0 },
        downloads_total: 204,
        video_views_today: 2,
        video_views_total: 2,
        earned_today: 6_035_000,
        earned_total: 7_785_000,
        sales_today: 1,
        sales_total: 1,
        hints: ['plus', 'up'],
      },
      expect.objectContaining({ id: 'f2', folder: 'Archive', downloads_today: 0, downloads_total: 5, hints: ['minus'] }),
    ]);
  });

  it("marks a file as falling when its last 7 days have fewer downloads than the 7 before, per file of the page", async () => {
    const uploaded = (file_id: string) => ({ project: 'fd1', file_id, user_id: a.id, kind: 'file', known: true, name: `${file_id}.bin`, folder: 'Trend', size_bytes: 10, uploaded_at: '2026-10-01T08:00:00Z' });
    await insertRows(t, 'ingest_files', [uploaded('f5'), uploaded('f6'), uploaded('f7')]);
    const downloads = (day: string, file_id: string, n: number) => ({ user_id: a.id, project: 'fd1', day, file_id, downloads: n, counted_downloads: n });
    await insertRows(t, 'ingest_daily_file', [
      // Today is 2026-11-20: the last 7 days are 11-14..11-20, the 7 before 11-07..11-13.
      downloads('2026-11-07', 'f5', 4),
      downloads('2026-11-13', 'f5', 2),
      downloads('2026-11-14', 'f5', 5),
      downloads('2026-11-13', 'f6', 1),
      downloads('2026-11-14', 'f6', 1),
      // Older than both windows: not compared.
      downloads('2026-11-06', 'f7', 50),
      downloads('2026-11-15', 'f7', 1),
    ]);
    const res = (await a.get('/statistics/files', { app: 'fd1', folder: 'Trend', sort_key: 'name', sort_dir: 'asc' })).json();
    expect(res.data.map((r: { id: string; hints: string[] }) => [r.id, r.hints])).toEqual([
      ['f5', ['down']],
      ['f6', []],
      ['f7', []],
    ]);
  });

  it('filters by inbox, folder and name, and lists copies apart', async () => {
    const ids = async (q: Record<string, string>, path = '/statistics/files') =>
      (await a.get(path, { app: 'fd1', ...q })).json().data.map((r: { id: string }) => r.id);
    expect(await ids({ inbox: 'true' })).toEqual(['f1']);
    expect(await ids({ folder: 'Archive' })).toEqual(['f2']);
    expect(await ids({ search: 'MOVIE' })).toEqual(['f1']);
    expect(await ids({ search: '%' })).toEqual([]);
    expect(await ids({ sort_key: 'name', sort_dir: 'asc' })).toEqual(['f1', 'f2']);
    expect(await ids({}, '/statistics/files-copies')).toEqual(['f3']);
  });

  it("sorts by a figure of today, either way and on every page, as sorting every file would (0 without today's row)", async () => {
    // Besides f1 (today: 4 downloads, 2 views, 1 sale, 6,035,000 earned) and f2 (no row today): ties, a row of
    // today with zero downloads, a negative day's earnings (a refund), a deleted file and a copy with figures today.
    const files = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'].map((file_id) => ({
      project: 'fd1', file_id, user_id: a.id, kind: 'file', known: true, name: `${file_id}.bin`, folder: null, size_bytes: 1, uploaded_at: '2026-11-01T08:00:00Z',
    }));
    await insertRows(t, 'ingest_files', files);
    await insertRows(t, 'ingest_files', [{ ...files[0]!, file_id: 'g7', deleted_at: '2026-11-19T00:00:00Z' }]);
    const today = (file_id: string, f: Record<string, number>) => ({
      user_id: a.id, project: 'fd1', day: '2026-11-20', file_id, downloads: 0, counted_downloads: 0, video_views: 0, sales: 0, earned_micro: 0, ...f,
    });
    await insertRows(t, 'ingest_daily_file', [
      today('g1', { downloads: 4, counted_downloads: 4, earned_micro: 35_000 }),
      today('g2', { video_views: 3 }),
      today('g3', { downloads: 9, counted_downloads: 9, sales: 1, earned_micro: 6_000_000 }),
      today('g5', { earned_micro: -6_000_000 }),
      today('g7', { downloads: 50, counted_downloads: 50 }),
    ]);
    const figures: Record<string, Record<string, number>> = {
      f1: { downloads_today: 4, video_views_today: 2, sales_today: 1, earned_today: 6_035_000 },
      g1: { downloads_today: 4, earned_today: 35_000 },
      g2: { video_views_today: 3 },
      g3: { downloads_today: 9, sales_today: 1, earned_today: 6_000_000 },
      g5: { earned_today: -6_000_000 },
    };
    const all = ['f1', 'f2', ...files.map((f) => f.file_id)];
    for (const key of ['downloads_today', 'video_views_today', 'earned_today', 'sales_today']) {
      for (const dir of ['desc', 'asc'] as const) {
        const sign = dir === 'desc' ? -1 : 1;
        const value = (id: string) => figures[id]?.[key] ?? 0;
        const expected = [...all].sort((x, y) => sign * (value(x) - value(y) || (x < y ? -1 : 1)));
        const paged: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const res = (await a.get('/statistics/files', { app: 'fd1', sort_key: key, sort_dir: dir, per_page: '3', page: String(page) })).json();
          expect(res.meta.total).toBe(all.length);
          paged.push(...res.data.map((r: { id: string }) => r.id));
        }
        expect(paged, `${key} ${dir}`).toEqual(expected);
      }
    }
  });
});

describe('videos', () => {
  beforeEach(async () => {
    const v = (day: string, player_type: string, views: number, unique_viewers: number, video_files: number, sales = 0, sale_earned_micro = 0) => ({
      user_id: a.id,
      project: 'fd1',
      day,
      player_type,
      views,
      unique_viewers,
      video_files,
      sales,
      sale_earned_micro,
    });
    // 2026-11-20: an embed sale (4 USD share) and one without a player type (1.5 USD); 2026-11-02: a full-player
    // sale (2 USD); 2026-11-05: an on-site sale since refunded (its rows are zero).
    await insertRows(t, 'ingest_daily_video', [
      v('2026-11-20', 'all', 10, 7, 2, 2, 5_500_000),
      v('2026-11-20', 'embed', 4, 3, 1, 1, 4_000_000),
      v('2026-11-20', 'on_site', 6, 4, 1),
      v('2026-11-02', 'all', 5, 5, 1, 1, 2_000_000),
      v('2026-11-02', 'full', 5, 5, 1, 1, 2_000_000),
      v('2026-11-05', 'all', 0, 0, 0),
      v('2026-11-05', 'on_site', 0, 0, 0),
    ]);
  });

  it("answers today's video figures for all players and for one", async () => {
    expect((await a.get('/videos/today', { app: 'fd1' })).json()).toEqual({
      date: '2026-11-20',
      video_files: 2,
      views: 10,
      unique_viewers: 7,
      embed_viewers: 3,
      sales: 2,
      sum: 5_500_000,
    });
    expect((await a.get('/videos/today', { app: 'fd1', player_type: 'embed' })).json()).toMatchObject({ views: 4, unique_viewers: 3, embed_viewers: 3, sales: 1, sum: 4_000_000 });
    expect((await a.get('/videos/today', { app: 'fd1', player_type: 'on_site' })).json()).toMatchObject({ views: 6, unique_viewers: 4, embed_viewers: 0, sales: 0, sum: 0 });
    expect((await a.get('/videos/today', { app: 'fd1', player_type: 'demo' })).json()).toMatchObject({ views: 0, sales: 0, sum: 0 });
  });

  it('groups video days by month', async () => {
    const res = (await a.get('/videos/stat', { app: 'fd1', period: 'month', grouping: 'month' })).json();
    expect(res.data).toEqual([{ date: '2026-11-01', video_files: 3, views: 15, unique_viewers: 12, embed_viewers: 3, sales: 3, sum: 7_500_000 }]);
    const days = (await a.get('/videos/stat', { app: 'fd1', period: 'month', player_type: 'full' })).json();
    expect(days.data).toEqual([{ date: '2026-11-02', video_files: 1, views: 5, unique_viewers: 5, embed_viewers: 0, sales: 1, sum: 2_000_000 }]);
    expect(days.totals).toMatchObject({ sales: 1, sum: 2_000_000 });
    // The refunded on-site sale leaves a zero day out.
    const onSite = (await a.get('/videos/stat', { app: 'fd1', period: 'month', player_type: 'on_site' })).json();
    expect(onSite.data).toEqual([{ date: '2026-11-20', video_files: 1, views: 6, unique_viewers: 4, embed_viewers: 0, sales: 0, sum: 0 }]);
    const embed = (await a.get('/videos/stat', { app: 'fd1', period: 'month', player_type: 'embed' })).json();
    expect(embed.totals).toEqual({ video_files: 1, views: 4, unique_viewers: 3, embed_viewers: 3, sales: 1, sum: 4_000_000 });
    // Past the last page: no rows, the range's count and totals all the same.
    const past = (await a.get('/videos/stat', { app: 'fd1', period: 'month', player_type: 'embed', page: 5 })).json();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(embed.meta.total);
    expect(past.totals).toEqual(embed.totals);
  });
});

describe('bad queries and access', () => {
  it('answers 422 with localized field messages', async () => {
    const order = await a.get('/statistics/detailed/base', { app: 'fd1', date_from: '2026-11-10', date_to: '2026-11-01' });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toEqual({
      code: 'validation_failed',
      message: 'Please check the highlighted fields.',
      errors: { date_to: ['The end date must not be before the start date'] },
    });
    const long = await a.get('/earnings/stat', { app: 'fd1', date_from: '2024-01-01', date_to: '2026-11-20' }, { 'x-localization': 'ru' });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.date_to).toEqual(['Диапазон дат может быть не больше двух лет']);
    const both = await a.get('/statistics/sources/base', { app: 'fd1', period: '7d', date_from: '2026-11-01' });
    expect(both.json().errors.period).toEqual(['Choose either a period or dates, not both']);
    const unknown = await a.get('/statistics/files', { app: 'fd1', user_id: b.id });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.user_id).toEqual(['Unknown field: user_id']);
    for (const [path, q] of [
      ['/statistics/sales', { app: 'fd3' }],
      ['/statistics/files', { app: 'fd1', per_page: 1000 }],
      ['/statistics/files', { app: 'fd1', sort_key: 'password' }],
      ['/statistics/detailed/countries', { app: 'fd1', date: '2026-13-01' }],
      ['/videos/stat', { app: 'fd1', player_type: 'vr' }],
      ['/statistics/sources/base', {}],
    ] as const) {
      const res = await a.get(path, q);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('refuses a project whose programme is not active (403, localized)', async () => {
    const res = await a.get('/statistics/detailed/today', { app: 'fd2' }, { 'x-localization': 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Das Partnerprogramm dieses Projekts ist nicht aktiviert.' });
  });
});

describe('figures from events sent through the ingest API', () => {
  it('shows the events of a day on every statistics screen', async () => {
    const c = await signedInPartner(t, 'c@partner.test', ['fd1']);
    const u = c.app.fd1!;
    await ingest(t, 'fd1', [
      { id: 'up', type: 'file_uploaded', at: '2026-11-10T09:00:00Z', app_users_id: u, file_id: 'cf1', name: 'film.mkv', folder: 'Movies', size_bytes: 20_000_000, is_video: true },
      { id: 'h1', type: 'page_hit', at: '2026-11-20T09:00:00Z', app_users_id: u, file_id: 'cf1', referrer: 'https://www.blog.example/post/1' },
      // A US download: counted on Mixed, 8,750 micro-USD; the same downloader again that day is not counted.
      { id: 'd1', type: 'download', at: '2026-11-20T10:00:00Z', app_users_id: u, file_id: 'cf1', country: 'US', downloader_id: 'g1', completed: true, referrer: 'https://www.blog.example/post/1' },
      { id: 'd2', type: 'download', at: '2026-11-20T10:30:00Z', app_users_id: u, file_id: 'cf1', country: 'US', downloader_id: 'g1', completed: true, referrer: 'https://www.blog.example/post/1' },
      // The file is a video: 40% of 10 USD on Mixed.
      { id: 's1', type: 'sale', at: '2026-11-20T11:00:00Z', app_users_id: u, sale_id: 'CS1', amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'cf1', country: 'US', buyer_email: 'john@gmail.com', payment_system: 'card', tariff: '30 days' },
      { id: 'v1', type: 'video_view', at: '2026-11-20T11:00:00Z', app_users_id: u, file_id: 'cf1', player_type: 'embed', viewer_id: 'x1', seconds: 60 },
      { id: 'v2', type: 'video_view', at: '2026-11-20T11:05:00Z', app_users_id: u, file_id: 'cf1', player_type: 'on_site', viewer_id: 'x2', seconds: 60 },
    ]);
    expect((await c.get('/statistics/detailed/today', { app: 'fd1' })).json()).toMatchObject({
      downloads: 2,
      sum: 8_750,
      sales_count: 1,
      sales: 4_000_000,
      total: 4_008_750,
      per_1000: 2_004_375_000,
    });
    const countries = (await c.get('/statistics/detailed/countries', { app: 'fd1', date: '2026-11-20' })).json();
    expect(countries.data[0]).toMatchObject({ group: 'A', downloads: 2, sum: 8_750 });
    const sources = (await c.get('/statistics/sources/base', { app: 'fd1', period: 'today' })).json();
    // The sale came with no referring site: its purchase is on the '' (direct or unknown) domain.
    expect(sources.data).toEqual([
      { domain: 'blog.example', hits: 1, downloads: 2, unique_downloads: 1, purchases: 0 },
      { domain: '', hits: 0, downloads: 0, unique_downloads: 0, purchases: 1 },
    ]);
    const urls = (await c.get('/statistics/sources/details', { app: 'fd1', domain: 'blog.example', period: 'today' })).json();
    expect(urls.data).toEqual([{ url: 'blog.example/post/1', hits: 1, downloads: 2, unique_downloads: 1, purchases: 0 }]);
    const files = (await c.get('/statistics/files', { app: 'fd1' })).json();
    expect(files.data).toEqual([
      expect.objectContaining({ id: 'cf1', name: 'film.mkv', folder: 'Movies', downloads_today: 2, downloads_total: 2, video_views_today: 2, sales_today: 1, earned_today: 4_008_750, earned_total: 4_008_750 }),
    ]);
    const sales = (await c.get('/statistics/sales', { app: 'fd1' })).json();
    expect(sales.data).toEqual([
      expect.objectContaining({ id: 'CS1', email: 'jo***@gm***.com', file: { id: 'cf1', name: 'film.mkv' }, file_sales: 4_000_000, status: 'ok' }),
    ]);
    expect((await c.get('/videos/today', { app: 'fd1' })).json()).toMatchObject({ video_files: 1, views: 2, unique_viewers: 2, embed_viewers: 1 });
  });

  it('gives video sales per player type and purchases per referring URL', async () => {
    const c = await signedInPartner(t, 'c@partner.test', ['fd1']);
    const u = c.app.fd1!;
    const sale = (id: string, amount_micro: number, extra: Record<string, unknown>) => ({
      id: `e-${id}`,
      type: 'sale',
      at: '2026-11-20T11:00:00Z',
      app_users_id: u,
      sale_id: id,
      amount_micro,
      revenue_type: 'direct',
      file_id: 'cf1',
      ...extra,
    });
    await ingest(t, 'fd1', [
      { id: 'up', type: 'file_uploaded', at: '2026-11-10T09:00:00Z', app_users_id: u, file_id: 'cf1', name: 'film.mkv', size_bytes: 20_000_000, is_video: true },
      { id: 'v1', type: 'video_view', at: '2026-11-20T10:00:00Z', app_users_id: u, file_id: 'cf1', player_type: 'embed', viewer_id: 'x1', seconds: 60 },
      // Video shares on Mixed are 40 %: 4, 2 and 2 USD; CS4 is refunded and counts nowhere.
      sale('CS1', 10_000_000, { player_type: 'embed', referrer: 'https://www.blog.example/post/1?ref=x' }),
      sale('CS2', 5_000_000, { player_type: 'on_site', referrer: 'https://blog.example/post/2' }),
      sale('CS3', 5_000_000, { site_domain: 'forum.example' }),
      sale('CS4', 10_000_000, { player_type: 'full', referrer: 'https://blog.example/post/1' }),
      { id: 'r4', type: 'sale_status', at: '2026-11-20T12:00:00Z', app_users_id: u, sale_id: 'CS4', status: 'refund' },
    ]);
    const today = async (player_type: string) => (await c.get('/videos/today', { app: 'fd1', player_type })).json();
    expect(await today('all')).toMatchObject({ views: 1, sales: 3, sum: 8_000_000 });
    expect(await today('embed')).toMatchObject({ views: 1, embed_viewers: 1, sales: 1, sum: 4_000_000 });
    expect(await today('on_site')).toMatchObject({ views: 0, sales: 1, sum: 2_000_000 });
    expect(await today('full')).toMatchObject({ views: 0, sales: 0, sum: 0 });
    expect(await today('demo')).toMatchObject({ views: 0, sales: 0, sum: 0 });
    const stat = (await c.get('/videos/stat', { app: 'fd1', player_type: 'on_site' })).json();
    expect(stat.data).toEqual([{ date: '2026-11-20', video_files: 0, views: 0, unique_viewers: 0, embed_viewers: 0, sales: 1, sum: 2_000_000 }]);
    expect((await c.get('/videos/stat', { app: 'fd1', player_type: 'full' })).json().data).toEqual([]);

    const sources = (await c.get('/statistics/sources/base', { app: 'fd1', period: 'today', sort_key: 'domain', sort_dir: 'asc' })).json();
    expect(sources.data).toEqual([
      { domain: 'blog.example', hits: 0, downloads: 0, unique_downloads: 0, purchases: 2 },
      { domain: 'forum.example', hits: 0, downloads: 0, unique_downloads: 0, purchases: 1 },
    ]);
    const urls = (await c.get('/statistics/sources/details', { app: 'fd1', domain: 'blog.example', period: 'today', sort_key: 'url', sort_dir: 'asc' })).json();
    expect(urls.data).toEqual([
      { url: 'blog.example/post/1', hits: 0, downloads: 0, unique_downloads: 0, purchases: 1 },
      { url: 'blog.example/post/2', hits: 0, downloads: 0, unique_downloads: 0, purchases: 1 },
    ]);
  });
});
