import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detailedTagAnswer, detailedTodayAnswer, tagDaysAnswer, tagsAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, signedInPartner, type TestPartner } from '../statistics/testing.ts';

// "Now" is Friday 2026-11-20 12:00 UTC. Events go through the real ingest call; the expected figures are worked out
// from the test's own list (default Mixed plan: a US download of a 30 MB file 8,750, a sale 60 %, a rebill 30 %).
let t: TestApp;
let a: TestPartner;
let other: TestPartner;

interface Ev {
  kind: 'hit' | 'download' | 'sale' | 'rebill';
  day: string;
  tag?: string;
  downloader?: string;
}
const EVENTS: Ev[] = [
  { kind: 'hit', day: '2026-11-18', tag: 'forum-x' },
  { kind: 'download', day: '2026-11-18', tag: 'forum-x', downloader: 'd1' },
  { kind: 'download', day: '2026-11-19', tag: 'forum-x', downloader: 'd1' },
  { kind: 'sale', day: '2026-11-19', tag: 'forum-x' },
  { kind: 'rebill', day: '2026-11-19' },
  { kind: 'download', day: '2026-11-19', downloader: 'd2' },
  { kind: 'hit', day: '2026-11-19' },
  { kind: 'sale', day: '2026-11-19', tag: 'tg.2' },
  { kind: 'download', day: '2026-10-01', tag: 'old', downloader: 'd3' }, // outside the last 30 days
];
const AMOUNT = 10_000_000;
const earnedOf = (e: Ev) => (e.kind === 'download' ? 8_750 : e.kind === 'sale' ? 6_000_000 : e.kind === 'rebill' ? 3_000_000 : 0);

function expected(list: Ev[]) {
  const figures = () => ({ hits: 0, downloads: 0, counted_downloads: 0, sales: 0, rebills: 0, refunds: 0, earned_micro: 0 });
  const byTag = new Map<string, ReturnType<typeof figures>>();
  for (const e of list) {
    const f = byTag.get(e.tag ?? '') ?? figures();
    byTag.set(e.tag ?? '', f);
    if (e.kind === 'hit') f.hits++;
    if (e.kind === 'download') {
      f.downloads++;
      f.counted_downloads++;
    }
    if (e.kind === 'sale') f.sales++;
    if (e.kind === 'rebill') f.rebills++;
    f.earned_micro += earnedOf(e);
  }
  return byTag;
}

beforeEach(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
  other = await signedInPartner(t, 'o@partner.test', ['fd1']);
  const u = a.app.fd1!;
  await ingest(t, 'fd1', [
    { id: 'up', type: 'file_uploaded', at: '2026-08-01T00:00:00Z', app_users_id: u, file_id: 'f1', name: 'a.zip', size_bytes: 30_000_000 },
    ...EVENTS.map((e, i) => {
      const base = { id: `e${i}`, at: `${e.day}T10:00:00Z`, app_users_id: u, ...(e.tag ? { sub_id: e.tag } : {}) };
      if (e.kind === 'hit') return { ...base, type: 'page_hit' };
      if (e.kind === 'download') return { ...base, type: 'download', file_id: 'f1', country: 'US', downloader_id: e.downloader, completed: true };
      return { ...base, type: 'sale', sale_id: `S${i}`, amount_micro: AMOUNT, revenue_type: e.kind === 'rebill' ? 'rebill' : 'direct', file_id: 'f1' };
    }),
    // Another partner's tagged sale: never in a's figures.
    { id: 'x1', type: 'sale', at: '2026-11-19T10:00:00Z', app_users_id: other.app.fd1!, sale_id: 'X1', amount_micro: AMOUNT, revenue_type: 'direct', sub_id: 'forum-x' },
  ]);
});
afterEach(async () => {
  await t.close();
});

describe('statistics by tag', () => {
  it('lists the tags of the period with their figures, no tag as "", equal to the test’s own sums', async () => {
    const res = await a.get('/statistics/tags', { app: 'fd1', sort_key: 'sub_id', sort_dir: 'asc' });
    expect(res.statusCode).toBe(200);
    const body = tagsAnswer.parse(res.json());
    const want = expected(EVENTS.filter((e) => e.day >= '2026-10-22'));
    expect(body.data).toEqual([...want].sort(([x], [y]) => (x < y ? -1 : 1)).map(([sub_id, f]) => ({ sub_id, ...f })));
    expect(body.meta.total).toBe(3);
    expect(body.totals.earned_micro).toBe([...want.values()].reduce((s, f) => s + f.earned_micro, 0));
    expect(body.range).toEqual({ from: '2026-10-22', to: '2026-11-20' });
  });

  it('sorts by earnings by default and takes a range', async () => {
    const body = tagsAnswer.parse((await a.get('/statistics/tags', { app: 'fd1', date_from: '2026-09-01', date_to: '2026-11-20' })).json());
    expect(body.data.map((r) => r.sub_id)).toEqual(['forum-x', 'tg.2', '', 'old']);
  });

  it('opens a tag’s days, and no tag’s', async () => {
    const res = await a.get('/statistics/tags/days', { app: 'fd1', sub_id: 'forum-x' });
    expect(res.statusCode).toBe(200);
    const body = tagDaysAnswer.parse(res.json());
    expect(body.data.map((r) => [r.date, r.hits, r.downloads, r.sales, r.earned_micro])).toEqual([
      ['2026-11-19', 0, 1, 1, 8_750 + 6_000_000],
      ['2026-11-18', 1, 1, 0, 8_750],
    ]);
    const none = tagDaysAnswer.parse((await a.get('/statistics/tags/days', { app: 'fd1', sub_id: '' })).json());
    expect(none.data).toEqual([{ date: '2026-11-19', hits: 1, downloads: 1, counted_downloads: 1, sales: 0, rebills: 1, refunds: 0, earned_micro: 8_750 + 3_000_000 }]);
  });

  it('refuses an invalid tag and a missing project; another partner sees only their own', async () => {
    expect((await a.get('/statistics/tags/days', { app: 'fd1', sub_id: 'a b' })).statusCode).toBe(422);
    expect((await a.get('/statistics/tags', {})).statusCode).toBe(422);
    const theirs = tagsAnswer.parse((await other.get('/statistics/tags', { app: 'fd1' })).json());
    expect(theirs.data).toEqual([{ sub_id: 'forum-x', hits: 0, downloads: 0, counted_downloads: 0, sales: 1, rebills: 0, refunds: 0, earned_micro: 6_000_000 }]);
  });
});

describe('the sales list filtered by tag', () => {
  it('lists only the sales of the tag, and those without one for ""', async () => {
    const ids = async (query: Record<string, string>) => {
      const res = await a.get('/statistics/sales', { app: 'fd1', ...query });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Array<{ id: string }> }).data.map((r) => r.id).sort();
    };
    // EVENTS indexes: 3 the forum-x sale, 4 the untagged rebill, 7 the tg.2 sale.
    expect(await ids({ sub_id: 'forum-x' })).toEqual(['S3']);
    expect(await ids({ sub_id: '' })).toEqual(['S4']);
    expect(await ids({})).toEqual(['S3', 'S4', 'S7']);
    expect((await a.get('/statistics/sales', { app: 'fd1', sub_id: 'a b' })).statusCode).toBe(422);
  });
});

describe('the detailed statistics filtered by tag', () => {
  /** The test's own figures of one tag per bucket (day, or the month's first day), from its own list of events. */
  function expectedBuckets(tag: string, from: string, to: string, bucket: (day: string) => string) {
    const list = EVENTS.filter((e) => (e.tag ?? '') === tag && e.day >= from && e.day <= to);
    const keys = [...new Set(list.map((e) => bucket(e.day)))].sort().reverse();
    return keys.map((date) => ({ date, ...expected(list.filter((e) => bucket(e.day) === date)).get(tag)! }));
  }

  it('gives the tag’s days from the tag rollup only: the test’s own sums, and the same numbers as the tags screen’s days', async () => {
    for (const tag of ['forum-x', '', 'tg.2']) {
      const res = await a.get('/statistics/detailed/base', { app: 'fd1', sub_id: tag });
      expect(res.statusCode, res.body).toBe(200);
      const body = detailedTagAnswer.parse(res.json());
      expect(body.sub_id).toBe(tag);
      expect(body.data).toEqual(expectedBuckets(tag, '2026-10-22', '2026-11-20', (day) => day));
      const days = tagDaysAnswer.parse((await a.get('/statistics/tags/days', { app: 'fd1', sub_id: tag })).json());
      expect(body.data).toEqual(days.data);
      expect(body.totals).toEqual(days.totals);
      expect(body.range).toEqual(days.range);
      // Nothing of the partner's other figures: no detailed-only column (country groups, gold, copies) in the answer.
      expect(Object.keys(body.data[0]!).sort()).toEqual(['counted_downloads', 'date', 'downloads', 'earned_micro', 'hits', 'rebills', 'refunds', 'sales']);
    }
    // Without a tag, the call answers every figure, as before.
    const all = await a.get('/statistics/detailed/base', { app: 'fd1' });
    expect(all.json()).not.toHaveProperty('sub_id');
    expect(all.json().data[0]).toHaveProperty('not_counted');
  });

  it('groups a tag by month, sorts by its earnings and pages', async () => {
    const month = detailedTagAnswer.parse(
      (await a.get('/statistics/detailed/base', { app: 'fd1', sub_id: 'old', grouping: 'month', date_from: '2026-09-01', date_to: '2026-11-20' })).json(),
    );
    expect(month.data).toEqual(expectedBuckets('old', '2026-09-01', '2026-11-20', (day) => `${day.slice(0, 7)}-01`));
    const byTotal = detailedTagAnswer.parse(
      (await a.get('/statistics/detailed/base', { app: 'fd1', sub_id: 'forum-x', sort_key: 'total', sort_dir: 'asc', per_page: 1 })).json(),
    );
    expect(byTotal.data.map((r) => [r.date, r.earned_micro])).toEqual([['2026-11-18', 8_750]]);
    expect(byTotal.meta.total).toBe(2);
    expect(byTotal.totals.earned_micro).toBe(8_750 + 8_750 + 6_000_000);
  });

  it('refuses a sort the tag rollup cannot give and an invalid tag', async () => {
    const bySum = await a.get('/statistics/detailed/base', { app: 'fd1', sub_id: 'forum-x', sort_key: 'sum' });
    expect(bySum.statusCode).toBe(422);
    expect(bySum.body).toContain('Filtered by tag, figures cannot be sorted by download earnings');
    expect((await a.get('/statistics/detailed/base', { app: 'fd1', sub_id: 'a b' })).statusCode).toBe(422);
    expect((await a.get('/statistics/detailed/today', { app: 'fd1', sub_id: 'a b' })).statusCode).toBe(422);
  });

  it("answers today's figures of a tag, and only the tag's", async () => {
    await ingest(t, 'fd1', [
      { id: 'today-d', type: 'download', at: '2026-11-20T09:00:00Z', app_users_id: a.app.fd1!, file_id: 'f1', country: 'US', downloader_id: 'd9', completed: true, sub_id: 'forum-x' },
      { id: 'today-h', type: 'page_hit', at: '2026-11-20T09:00:00Z', app_users_id: a.app.fd1! },
    ]);
    const tagged = detailedTodayAnswer.parse((await a.get('/statistics/detailed/today', { app: 'fd1', sub_id: 'forum-x' })).json());
    expect(tagged).toEqual({ sub_id: 'forum-x', date: '2026-11-20', hits: 0, downloads: 1, counted_downloads: 1, sales: 0, rebills: 0, refunds: 0, earned_micro: 8_750 });
    const none = detailedTodayAnswer.parse((await a.get('/statistics/detailed/today', { app: 'fd1', sub_id: '' })).json());
    expect(none).toEqual({ sub_id: '', date: '2026-11-20', hits: 1, downloads: 0, counted_downloads: 0, sales: 0, rebills: 0, refunds: 0, earned_micro: 0 });
    const every = (await a.get('/statistics/detailed/today', { app: 'fd1' })).json();
    expect(every).not.toHaveProperty('sub_id');
    expect(every).toMatchObject({ date: '2026-11-20', downloads: 1, sum: 8_750 });
  });
});
