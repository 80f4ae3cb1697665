import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, countryGroupOf, detailedCountriesAnswer, filesAnswer, sourcesBaseAnswer, sourcesDetailsAnswer, videosStatAnswer, videosTodayAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recountAndRollups } from '../../ingest/recount.ts';
import { ingest, signedInPartner, type TestPartner } from './testing.ts';

// The files, sources and videos screens and a day's country groups filtered by sub-ID tag (decision 0209). "Now" is 2026-11-20 12:00 UTC. Events
// go through the real ingest call; the expected figures come from the test's own list: every download has its own
// downloader, so each counts (a 30 MB file from the US earns 8,750 on the default plan) and is a unique download; a
// sale earns 60 % of 10 USD.

let t: TestApp;
let a: TestPartner;

interface Ev {
  kind: 'hit' | 'download' | 'sale' | 'view';
  day: string;
  tag?: string;
  file?: string;
  /** The referrer's domain and path (hits, downloads, sales). */
  ref?: string;
  player?: 'embed' | 'full';
}
const TODAY = '2026-11-20';
const EVENTS: Ev[] = [
  { kind: 'hit', day: '2026-11-19', tag: 'forum-x', ref: 'a.example/x' },
  { kind: 'hit', day: TODAY, ref: 'a.example/x' },
  { kind: 'download', day: '2026-11-19', tag: 'forum-x', file: 'f1', ref: 'a.example/x' },
  { kind: 'download', day: TODAY, tag: 'forum-x', file: 'f1', ref: 'a.example/y' },
  { kind: 'download', day: TODAY, tag: 'forum-x', file: 'f2', ref: 'b.example/' },
  { kind: 'download', day: TODAY, tag: 'tg.2', file: 'f2', ref: 'b.example/' },
  { kind: 'download', day: TODAY, file: 'f1', ref: 'a.example/x' },
  { kind: 'download', day: '2026-11-19', file: 'f2' },
  { kind: 'sale', day: TODAY, tag: 'forum-x', file: 'f1', ref: 'a.example/x' },
  { kind: 'sale', day: '2026-11-19', file: 'f2', ref: 'b.example/' },
  { kind: 'view', day: TODAY, tag: 'forum-x', file: 'v1', player: 'embed' },
  { kind: 'view', day: TODAY, tag: 'forum-x', file: 'v1', player: 'full' },
  { kind: 'view', day: '2026-11-19', tag: 'tg.2', file: 'v1', player: 'embed' },
  { kind: 'view', day: TODAY, file: 'v1', player: 'embed' },
];
const TAGS = ['forum-x', 'tg.2', ''];
const of = (tag: string) => EVENTS.filter((e) => (e.tag ?? '') === tag);
const count = (list: Ev[], pick: (e: Ev) => boolean) => list.filter(pick).length;

beforeAll(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
  const u = a.app.fd1!;
  const upload = (file_id: string, is_video: boolean) => ({ id: `up-${file_id}`, type: 'file_uploaded', at: '2026-08-01T00:00:00Z', app_users_id: u, file_id, name: `${file_id}.zip`, size_bytes: 30_000_000, is_video });
  await ingest(t, 'fd1', [
    upload('f1', false),
    upload('f2', false),
    upload('v1', true),
    ...EVENTS.map((e, i) => {
      const base = { id: `e${i}`, at: `${e.day}T10:00:00Z`, app_users_id: u, ...(e.tag ? { sub_id: e.tag } : {}), ...(e.ref ? { referrer: `https://${e.ref}` } : {}) };
      if (e.kind === 'hit') return { ...base, type: 'page_hit' };
      if (e.kind === 'download') return { ...base, type: 'download', file_id: e.file, country: 'US', downloader_id: `d${i}`, completed: true };
      if (e.kind === 'view') return { ...base, type: 'video_view', file_id: e.file, player_type: e.player, viewer_id: `v${i}`, seconds: 30 };
      return { ...base, type: 'sale', sale_id: `S${i}`, amount_micro: 10_000_000, revenue_type: 'direct', file_id: e.file, country: 'US' };
    }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('files by tag', () => {
  it('lists the files with figures under the tag, with the tag’s figures today and in all: the test’s own sums', async () => {
    for (const tag of TAGS) {
      const res = await a.get('/statistics/files', { app: 'fd1', sub_id: tag, sort_key: 'name', sort_dir: 'asc' });
      expect(res.statusCode, res.body).toBe(200);
      const body = filesAnswer.parse(res.json());
      const list = of(tag);
      const files = [...new Set(list.map((e) => e.file).filter((f): f is string => !!f))].sort();
      expect(body.data.map((r) => r.id), tag).toEqual(files);
      expect(body.meta.total).toBe(files.length);
      for (const row of body.data) {
        const mine = list.filter((e) => e.file === row.id);
        const today = mine.filter((e) => e.day === TODAY);
        const downloads = (l: Ev[]) => count(l, (e) => e.kind === 'download');
        const sales = (l: Ev[]) => count(l, (e) => e.kind === 'sale');
        const views = (l: Ev[]) => count(l, (e) => e.kind === 'view');
        expect(row, `${tag} ${row.id}`).toMatchObject({
          downloads_today: downloads(today),
          counted_today: downloads(today),
          downloads_total: downloads(mine),
          sales_today: sales(today),
          sales_total: sales(mine),
          video_views_today: views(today),
          video_views_total: views(mine),
          earned_today: downloads(today) * 8_750 + sales(today) * 6_000_000,
          earned_total: downloads(mine) * 8_750 + sales(mine) * 6_000_000,
          hints: [],
        });
      }
    }
  });

  it('adds up: the tags and "no tag" give the whole file’s figures', async () => {
    const whole = filesAnswer.parse((await a.get('/statistics/files', { app: 'fd1', sort_key: 'name', sort_dir: 'asc' })).json());
    const parts = await Promise.all(TAGS.map(async (tag) => filesAnswer.parse((await a.get('/statistics/files', { app: 'fd1', sub_id: tag })).json())));
    for (const file of whole.data) {
      for (const figure of ['downloads_today', 'downloads_total', 'counted_today', 'sales_total', 'video_views_total', 'earned_total'] as const) {
        const sum = parts.reduce((s, p) => s + (p.data.find((r) => r.id === file.id)?.[figure] ?? 0), 0);
        expect(sum, `${file.id} ${figure}`).toBe(file[figure]);
      }
    }
  });

  it('sorts by the tag’s figures, takes the other filters, and refuses an invalid tag', async () => {
    const byToday = filesAnswer.parse((await a.get('/statistics/files', { app: 'fd1', sub_id: 'forum-x', sort_key: 'downloads_today', sort_dir: 'desc' })).json());
    expect(byToday.data.map((r) => [r.id, r.downloads_today])).toEqual([
      ['f2', 1],
      ['f1', 1],
      ['v1', 0],
    ]);
    const searched = filesAnswer.parse((await a.get('/statistics/files', { app: 'fd1', sub_id: 'forum-x', search: 'f2' })).json());
    expect(searched.data.map((r) => r.id)).toEqual(['f2']);
    const past = filesAnswer.parse((await a.get('/statistics/files', { app: 'fd1', sub_id: 'forum-x', page: 9, per_page: 10 })).json());
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(3);
    expect((await a.get('/statistics/files', { app: 'fd1', sub_id: 'a b' })).statusCode).toBe(422);
  });
});

describe('sources by tag', () => {
  const domainOf = (e: Ev) => e.ref?.split('/')[0] ?? '';
  const urlOf = (e: Ev) => e.ref ?? '';
  function expectedSources(tag: string, key: (e: Ev) => string, only: (e: Ev) => boolean = () => true) {
    const rows = new Map<string, { hits: number; downloads: number; unique_downloads: number; purchases: number }>();
    for (const e of of(tag).filter(only)) {
      if (e.kind === 'view') continue;
      const r = rows.get(key(e)) ?? { hits: 0, downloads: 0, unique_downloads: 0, purchases: 0 };
      rows.set(key(e), r);
      if (e.kind === 'hit') r.hits++;
      if (e.kind === 'download') {
        r.downloads++;
        r.unique_downloads++;
      }
      if (e.kind === 'sale') r.purchases++;
    }
    return [...rows].sort(([x], [y]) => (x < y ? -1 : 1));
  }

  it('gives each domain’s figures under the tag, and a domain’s pages: the test’s own sums', async () => {
    for (const tag of TAGS) {
      const res = await a.get('/statistics/sources/base', { app: 'fd1', sub_id: tag, sort_key: 'domain', sort_dir: 'asc' });
      expect(res.statusCode, res.body).toBe(200);
      const body = sourcesBaseAnswer.parse(res.json());
      const want = expectedSources(tag, domainOf);
      expect(body.data, tag).toEqual(want.map(([domain, f]) => ({ domain, ...f })));
      expect(body.meta.total).toBe(want.length);
      expect(body.totals.downloads).toBe(count(of(tag), (e) => e.kind === 'download'));

      const details = sourcesDetailsAnswer.parse(
        (await a.get('/statistics/sources/details', { app: 'fd1', sub_id: tag, domain: 'a.example', sort_key: 'url', sort_dir: 'asc' })).json(),
      );
      const wantUrls = expectedSources(tag, urlOf, (e) => domainOf(e) === 'a.example');
      expect(details.data, tag).toEqual(wantUrls.map(([url, f]) => ({ url, ...f })));
    }
  });

  it('refuses an invalid tag', async () => {
    expect((await a.get('/statistics/sources/base', { app: 'fd1', sub_id: '../x' })).statusCode).toBe(422);
    expect((await a.get('/statistics/sources/details', { app: 'fd1', domain: 'a.example', sub_id: 'x'.repeat(65) })).statusCode).toBe(422);
  });
});

describe('a day by country group and tag', () => {
  it('gives the tag’s downloads and sales of the day in their country group (every event is from the US), the rest empty', async () => {
    const us = countryGroupOf('US', DEFAULT_PRODUCT.countryGroups);
    for (const tag of TAGS) {
      for (const date of ['2026-11-19', TODAY]) {
        const res = await a.get('/statistics/detailed/countries', { app: 'fd1', date, sub_id: tag });
        expect(res.statusCode, res.body).toBe(200);
        const body = detailedCountriesAnswer.parse(res.json());
        const day = of(tag).filter((e) => e.day === date);
        const downloads = count(day, (e) => e.kind === 'download');
        const sales = count(day, (e) => e.kind === 'sale');
        expect(body.data.map((r) => r.group)).toEqual([...COUNTRY_GROUPS]);
        for (const row of body.data) {
          const mine = row.group === us;
          expect(row, `${tag} ${date} ${row.group}`).toMatchObject({
            downloads: mine ? downloads : 0,
            counted_downloads: mine ? downloads : 0,
            sum: mine ? downloads * 8_750 : 0,
            sales_count: mine ? sales : 0,
            sales: mine ? sales * 6_000_000 : 0,
          });
        }
      }
    }
    expect((await a.get('/statistics/detailed/countries', { app: 'fd1', date: TODAY, sub_id: 'a b' })).statusCode).toBe(422);
  });
});

describe('videos by tag', () => {
  it('gives views per day under the tag and player, distinct viewers and files not kept per tag (null)', async () => {
    for (const tag of TAGS) {
      for (const player of ['all', 'embed', 'full'] as const) {
        const res = await a.get('/videos/stat', { app: 'fd1', sub_id: tag, player_type: player, sort_dir: 'desc' });
        expect(res.statusCode, res.body).toBe(200);
        const body = videosStatAnswer.parse(res.json());
        const views = of(tag).filter((e) => e.kind === 'view' && (player === 'all' || e.player === player));
        const days = [...new Set(views.map((e) => e.day))].sort().reverse();
        expect(body.data, `${tag} ${player}`).toEqual(
          days.map((date) => ({ date, views: count(views, (e) => e.day === date), sales: 0, sum: 0, video_files: null, unique_viewers: null, embed_viewers: null })),
        );
        expect(body.totals.views).toBe(views.length);
        expect(body.totals.unique_viewers).toBeNull();

        const today = videosTodayAnswer.parse((await a.get('/videos/today', { app: 'fd1', sub_id: tag, player_type: player })).json());
        expect(today).toMatchObject({ date: TODAY, views: count(views, (e) => e.day === TODAY), unique_viewers: null });
      }
    }
    // Without a tag every figure is a number.
    const whole = videosStatAnswer.parse((await a.get('/videos/stat', { app: 'fd1' })).json());
    expect(whole.totals).toMatchObject({ views: 4, unique_viewers: 4, video_files: 2 });
  });

  it('keeps the rollups equal to the recount from the raw events, tagged twins included', async () => {
    const { recount, rollups } = await recountAndRollups(t.ctx.database);
    expect(rollups.filter((r) => r.tbl === 'country_tag').length).toBeGreaterThan(0);
    expect(rollups.filter((r) => r.tbl === 'file_tag').length).toBeGreaterThan(0);
    expect(rollups.filter((r) => r.tbl === 'source_tag').length).toBeGreaterThan(0);
    expect(rollups.filter((r) => r.tbl === 'video_tag').length).toBeGreaterThan(0);
    expect(rollups).toEqual(recount);
  });
});
