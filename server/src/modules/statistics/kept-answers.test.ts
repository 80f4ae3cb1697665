import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { closeDay } from '../../jobs/close.ts';
import { bumpPartnerGenerations } from '../../plumbing/read-cache.ts';
import { StandingReader } from '../../plumbing/standing.ts';
import { addAdditionalIncome } from '../../operator/service.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { ingest, insertRows, signedInPartner, type TestPartner } from './testing.ts';

// Answers kept per partner and generation (decision 0093): served byte for byte as computed, and never once the
// partner's figures moved, whichever process moved them. "Now" is Friday 2026-11-20 12:00 UTC.
let t: TestApp;
let a: TestPartner;
let b: TestPartner;
/** The same cabinet on the same database with no cache: what every answer must equal. */
let plain: FastifyInstance;
/** A second process with a cache of its own. */
let other: FastifyInstance;

const READS: Array<[string, Record<string, string>]> = [
  ['/earnings/stat', { app: 'fd1', date_from: '2026-10-01' }],
  ['/earnings/stat', { app: 'fd1', date_from: '2026-10-01', grouping: 'months', sort_dir: 'asc' }],
  ['/earnings/today', { app: 'fd1' }],
  ['/earnings/gold-status', { app: 'fd1' }],
  ['/statistics/detailed/base', { app: 'fd1' }],
  ['/statistics/detailed/today', { app: 'fd1' }],
  ['/statistics/detailed/countries', { app: 'fd1', date: '2026-11-20' }],
  ['/statistics/sources/base', { app: 'fd1' }],
  ['/statistics/sales', { app: 'fd1' }],
  ['/videos/stat', { app: 'fd1' }],
  ['/videos/today', { app: 'fd1' }],
  ['/statistics/files', { app: 'fd1' }],
  ['/statistics/files', { app: 'fd1', sort_key: 'downloads_today', sort_dir: 'desc' }],
  ['/statistics/files-copies', { app: 'fd1' }],
  ['/dashboard/earnings-by-month', {}],
  ['/dashboard/earnings-by-day', {}],
];

const read = (app: FastifyInstance, p: TestPartner, url: string, query: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api${url}`, query, headers: { cookie: p.cookie, 'x-localization': 'en' } });

/** The answer of `url` on the cached app, after checking it is byte for byte the uncached app's. */
async function sameAsPlain(p: TestPartner, url: string, query: Record<string, string>, app: FastifyInstance = t.app) {
  const kept = await read(app, p, url, query);
  const fresh = await read(plain, p, url, query);
  expect(kept.statusCode).toBe(200);
  expect(kept.body).toBe(fresh.body);
  expect(kept.headers['content-type']).toBe(fresh.headers['content-type']);
  return kept.json();
}

const download = (id: string, u: number, at: string, downloader: string) => ({
  id,
  type: 'download',
  at,
  app_users_id: u,
  file_id: 'f1',
  country: 'US',
  downloader_id: downloader,
  completed: true,
});

beforeEach(async () => {
  t = await createTestApp();
  plain = await buildApp({ ...t.ctx, config: testConfig({ READ_CACHE_MB: '0' }) }, { logger: false });
  other = await buildApp({ ...t.ctx }, { logger: false });
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
  b = await signedInPartner(t, 'b@partner.test', ['fd1']);
  await ingest(t, 'fd1', [
    { id: 'up1', type: 'file_uploaded', at: '2026-11-01T09:00:00Z', app_users_id: a.app.fd1, file_id: 'f1', name: 'film.mkv', size_bytes: 20_000_000 },
    download('d1', a.app.fd1!, '2026-11-19T10:00:00Z', 'g1'),
    download('d2', a.app.fd1!, '2026-11-20T10:00:00Z', 'g2'),
    { id: 'up2', type: 'file_uploaded', at: '2026-11-01T09:00:00Z', app_users_id: b.app.fd1, file_id: 'fb', name: 'b.zip', size_bytes: 20_000_000 },
  ]);
});
afterEach(async () => {
  await plain.close();
  await other.close();
  await t.close();
});

describe('kept answers', () => {
  it('are byte for byte the answers computed without the cache, and are served from it', async () => {
    for (const [url, query] of READS) {
      await sameAsPlain(a, url, query);
      await sameAsPlain(a, url, query); // the second one from the cache
    }
    expect(t.app.answerCache!.size).toBe(READS.length);
    // Shown it is the cache: a row written behind its back (no writer does that) is not seen until the
    // partner's generation moves.
    await t.ctx.database.query(sql`update ingest_daily set earned_micro = earned_micro + 1, download_earned_micro = download_earned_micro + 1
      where user_id = ${a.id} and day = '2026-11-20'`);
    const before = (await read(t.app, a, '/earnings/today', { app: 'fd1' })).json();
    expect((await read(plain, a, '/earnings/today', { app: 'fd1' })).json().files).toBe(before.files + 1);
    await t.ctx.database.query(sql`insert into partner_generations (user_id, source, generation) values (${a.id}, 'ingest', 1)
      on conflict (user_id, source) do update set generation = partner_generations.generation + 1`);
    expect((await sameAsPlain(a, '/earnings/today', { app: 'fd1' })).files).toBe(before.files + 1);
  });

  it("shows an ingested event at once, on every process, and keeps another partner's answers", async () => {
    const today = await sameAsPlain(a, '/earnings/today', { app: 'fd1' });
    const stat = await sameAsPlain(a, '/earnings/stat', { app: 'fd1', date_from: '2026-10-01' });
    const detailed = await sameAsPlain(a, '/statistics/detailed/base', { app: 'fd1' });
    const byDay = await sameAsPlain(a, '/dashboard/earnings-by-day', {});
    await sameAsPlain(a, '/dashboard/earnings-by-day', {}, other);
    await sameAsPlain(a, '/earnings/today', { app: 'fd1' }, other);
    const bToday = await sameAsPlain(b, '/earnings/today', { app: 'fd1' });

    await ingest(t, 'fd1', [download('d3', a.app.fd1!, '2026-11-20T11:00:00Z', 'g3')]);

    const after = await sameAsPlain(a, '/earnings/today', { app: 'fd1' });
    expect(after.files).toBe(today.files + 8_750);
    expect((await sameAsPlain(a, '/earnings/today', { app: 'fd1' }, other)).files).toBe(after.files);
    expect((await sameAsPlain(a, '/earnings/stat', { app: 'fd1', date_from: '2026-10-01' })).totals.files).toBe(stat.totals.files + 8_750);
    const detailedAfter = await sameAsPlain(a, '/statistics/detailed/base', { app: 'fd1' });
    expect(detailedAfter.totals.downloads).toBe(detailed.totals.downloads + 1);
    // The dashboard's partner-wide sums, on both processes.
    const todayOf = (answer: { data: Array<{ date: string; total: number }> }) => answer.data.find((d) => d.date === '2026-11-20')!.total;
    const byDayAfter = await sameAsPlain(a, '/dashboard/earnings-by-day', {});
    expect(todayOf(byDayAfter)).toBe(todayOf(byDay) + 8_750);
    expect(todayOf(await sameAsPlain(a, '/dashboard/earnings-by-day', {}, other))).toBe(todayOf(byDayAfter));
    // Partner b's figures did not move: b's kept answer is still served (and still right).
    const kept = t.app.answerCache!.size;
    expect(await sameAsPlain(b, '/earnings/today', { app: 'fd1' })).toEqual(bToday);
    expect(t.app.answerCache!.size).toBe(kept);
  });

  it("shows a day close's ledger, storage and coins at once", async () => {
    const query = { app: 'fd1', date_from: '2026-11-01' };
    const before = await sameAsPlain(a, '/earnings/stat', query);
    expect(before.data.find((r: { date: string }) => r.date === '2026-11-19').coins).toBeNull();
    const gold = await sameAsPlain(a, '/earnings/gold-status', { app: 'fd1' });
    await closeDay(t.ctx.database, '2026-11-19', t.clock.now());
    expect(await sameAsPlain(a, '/earnings/gold-status', { app: 'fd1' })).not.toEqual(gold);
    const after = await sameAsPlain(a, '/earnings/stat', query);
    expect(after.data.find((r: { date: string }) => r.date === '2026-11-19').coins).not.toBeNull();
    expect(after).not.toEqual(before);
  });

  it("shows an operator's additional income at once", async () => {
    const query = { app: 'fd1', date_from: '2026-11-01' };
    const before = await sameAsPlain(a, '/earnings/stat', query);
    await sameAsPlain(a, '/earnings/stat', query, other);
    const monthsBefore = await sameAsPlain(a, '/dashboard/earnings-by-month', {});
    await addAdditionalIncome(t.ctx.database.db, { userId: a.id, project: 'fd1', amount: 2_000_000, reason: 'contest', day: '2026-11-18', operator: 'op' }, t.clock.now());
    expect((await sameAsPlain(a, '/earnings/stat', query)).totals.additional).toBe(before.totals.additional + 2_000_000);
    expect((await sameAsPlain(a, '/earnings/stat', query, other)).totals.additional).toBe(before.totals.additional + 2_000_000);
    const novemberOf = (answer: { data: Array<{ month: string; total: number }> }) => answer.data.find((m) => m.month === '2026-11-01')!.total;
    expect(novemberOf(await sameAsPlain(a, '/dashboard/earnings-by-month', {}))).toBe(novemberOf(monthsBefore) + 2_000_000);
  });

  it("keep a file list only until the first of its hints turns by the clock, however still its figures", async () => {
    // Uploaded 9 days 23 hours before now: the file is new ('plus') for one more hour.
    await ingest(t, 'fd1', [
      { id: 'up3', type: 'file_uploaded', at: '2026-11-10T13:00:00Z', app_users_id: a.app.fd1, file_id: 'f3', name: 'new.zip', size_bytes: 1_000 },
    ]);
    const hintsOf = (answer: { data: Array<{ id: string; name: string; hints: string[] }> }) => answer.data.find((f) => f.id === 'f3')!;
    const query = { app: 'fd1' };
    expect(hintsOf(await sameAsPlain(a, '/statistics/files', query)).hints).toContain('plus');
    // Shown it is kept: a name written behind the cache's back (no writer does that) is not seen half an hour on...
    await t.ctx.database.query(sql`update ingest_files set name = 'renamed.zip' where file_id = 'f3'`);
    t.clock.advance(30 * 60_000);
    const halfHour = (await read(t.app, a, '/statistics/files', query)).json();
    expect(hintsOf(halfHour)).toMatchObject({ name: 'new.zip', hints: expect.arrayContaining(['plus']) });
    // ...nor a minute before the hint turns; at 13:00 the list is computed again, without 'plus'.
    t.clock.advance(29 * 60_000);
    expect(hintsOf((await read(t.app, a, '/statistics/files', query)).json()).name).toBe('new.zip');
    t.clock.advance(60_000);
    const turned = hintsOf(await sameAsPlain(a, '/statistics/files', query));
    expect(turned.name).toBe('renamed.zip');
    expect(turned.hints).not.toContain('plus');
  });

  it('are kept per day: the next day answers its own range', async () => {
    const first = await sameAsPlain(a, '/statistics/detailed/base', { app: 'fd1' });
    t.clock.advance(24 * 3600 * 1000);
    const next = await sameAsPlain(a, '/statistics/detailed/base', { app: 'fd1' });
    expect(next.range).not.toEqual(first.range);
  });

  it('show a month decision and a gold state written by a close at once', async () => {
    const before = await sameAsPlain(a, '/earnings/gold-status', { app: 'fd1' });
    await t.ctx.database.query(sql`insert into gold_state (user_id, project, level, coins) values (${a.id}, 'fd1', 1, 12)`);
    expect((await sameAsPlain(a, '/earnings/gold-status', { app: 'fd1' })).coins).toBe(12);
    await t.ctx.database.query(sql`insert into gold_months (user_id, project, month, level_before, level_after, coins, efficiency_micro, reason)
      values (${a.id}, 'fd1', '2026-11-01', 1, 1, 12, 333333, 'kept')`);
    const after = await sameAsPlain(a, '/earnings/gold-status', { app: 'fd1' });
    expect(after.efficiency).toBe(333_333);
    expect(after).not.toEqual(before);
  });

  it("answer rows a test writes directly as a write of the partner's figures", async () => {
    const before = await sameAsPlain(a, '/earnings/stat', { app: 'fd1', date_from: '2026-11-01' });
    await insertRows(t, 'storage_days', [{ user_id: a.id, project: 'fd1', day: '2026-11-18', bytes: 20_000_000, cost_micro: 10 }]);
    expect((await sameAsPlain(a, '/earnings/stat', { app: 'fd1', date_from: '2026-11-01' })).totals.efficiency).toBe(before.totals.efficiency - 10);
  });

  it("read a partner's standing in one query for the requests that came while one was under way, never from before they came", async () => {
    let queries = 0;
    const database = t.ctx.database;
    const reader = new StandingReader({
      ...database,
      query: (query, options) => {
        queries++;
        return database.query(query, options);
      },
    });
    const first = await reader.read(a.id, 'fd1');
    expect(first.active).toBe(true);
    expect(queries).toBe(1);
    await bumpPartnerGenerations(t.ctx.database.db, [a.id]);
    // Twenty requests at once: the first is answered alone, the other nineteen (two partners, two projects) together.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reader.read(i % 2 ? b.id : a.id, i % 4 === 3 ? 'fd2' : 'fd1')),
    );
    expect(queries).toBe(3);
    expect(answers[0]).toEqual({ active: true, generation: first.generation + 1 });
    expect(answers[1]!.active).toBe(true);
    // b has no programme in fd2.
    expect(answers[3]).toEqual({ active: false, generation: answers[1]!.generation });
  });
});
