import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPartner, send } from './testing.ts';
import { recountAndRollups } from './recount.ts';

/** Sub-ID tags through ingest (decision 0206): the tag rollup, kept exact like the others, equal to the recount. */

let t: TestApp;
let a: number;
let userId: number;

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-21T12:00:00Z' });
  const p = await insertPartner(t.ctx.database, 'partner@x.test');
  a = p.app.fd1;
  userId = p.userId;
});
afterEach(async () => {
  const { recount, rollups } = await recountAndRollups(t.ctx.database);
  expect(rollups.filter((r) => r.tbl === 'tag').length).toBeGreaterThan(0);
  expect(rollups).toEqual(recount);
  await t.close();
});

const at = (h: number, day = '2026-11-20') => `${day}T${String(h).padStart(2, '0')}:00:00Z`;
const upload = { id: 'u1', type: 'file_uploaded', at: at(1, '2026-11-19'), file_id: 'f1', name: 'f1.zip', size_bytes: 30_000_000 };
const download = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'download',
  at: at(10),
  file_id: 'f1',
  country: 'US',
  downloader_id: 'dl-1',
  completed: true,
  ...extra,
});
const sale = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'sale',
  at: at(11),
  sale_id: id.toUpperCase(),
  amount_micro: 10_000_000,
  revenue_type: 'direct',
  file_id: 'f1',
  country: 'DE',
  ...extra,
});
const withPartner = (events: Array<Record<string, unknown>>) => events.map((e) => ({ app_users_id: a, ...e }));

async function tags() {
  return t.ctx.database.query<Record<string, unknown>>(
    sql`select sub_id, hits::int, downloads::int, counted_downloads::int, sales::int, rebills::int, refunds::int, video_views::int, earned_micro::bigint::text as earned
        from ingest_daily_tag where user_id = ${userId} and project = 'fd1' and day = '2026-11-20' order by sub_id`,
  );
}

describe('sub-ID tags', () => {
  it('counts each event under its tag and the untagged under no tag, exactly once through resends', async () => {
    const events = withPartner([
      upload,
      { id: 'h1', type: 'page_hit', at: at(9), sub_id: 'forum-x' },
      { id: 'h2', type: 'page_hit', at: at(9) },
      download('d1', { sub_id: 'forum-x' }),
      download('d2', { at: at(12), sub_id: 'tg.2' }), // the same downloader later that day: not the first, a repeat
      download('d3', { downloader_id: 'dl-2', sub_id: null }),
      sale('s1', { sub_id: 'forum-x' }),
      sale('s2', { revenue_type: 'rebill', sub_id: 'forum-x' }),
      sale('s3', { revenue_type: 'rebill' }), // a rebill without a tag: no tag (decision 0206)
      { id: 'v1', type: 'video_view', at: at(13), file_id: 'f1', player_type: 'embed', viewer_id: 'x', seconds: 5, sub_id: 'tg.2' },
    ]);
    const first = await send(t.app, 'fd1', events);
    expect(first.body.accepted).toBe(events.length);
    const again = await send(t.app, 'fd1', events);
    expect(again.body.duplicates).toBe(events.length);
    const rows = await tags();
    // Mixed: a US download pays 8,750; a sale 60 % of 10 USD, a rebill 30 %.
    expect(rows).toEqual([
      { sub_id: '', hits: 1, downloads: 1, counted_downloads: 1, sales: 0, rebills: 1, refunds: 0, video_views: 0, earned: String(8_750 + 3_000_000) },
      { sub_id: 'forum-x', hits: 1, downloads: 1, counted_downloads: 1, sales: 1, rebills: 1, refunds: 0, video_views: 0, earned: String(8_750 + 6_000_000 + 3_000_000) },
      { sub_id: 'tg.2', hits: 0, downloads: 1, counted_downloads: 0, sales: 0, rebills: 0, refunds: 0, video_views: 1, earned: '0' },
    ]);
    // The tags split the daily figures.
    const [daily] = await t.ctx.database.query<Record<string, unknown>>(
      sql`select hits::int, downloads::int, counted_downloads::int, sales::int, earned_micro::text as earned from ingest_daily where user_id = ${userId} and day = '2026-11-20'`,
    );
    expect(daily).toEqual({ hits: 2, downloads: 3, counted_downloads: 2, sales: 3, earned: String(2 * 8_750 + 6_000_000 + 2 * 3_000_000) });
  });

  it('an earlier download arriving late takes the counted download to its own tag; a refund stays under the sale’s tag', async () => {
    await send(t.app, 'fd1', withPartner([upload, download('d2', { at: at(12), sub_id: 'late' }), sale('s1', { sub_id: 'forum-x' })]));
    expect((await tags()).map((r) => [r.sub_id, r.counted_downloads, r.sales])).toEqual([
      ['forum-x', 0, 1],
      ['late', 1, 0],
    ]);
    await send(t.app, 'fd1', withPartner([download('d1', { at: at(10), sub_id: 'early' }), { id: 'r', type: 'sale_status', at: at(20), sale_id: 'S1', status: 'refund' }]));
    expect((await tags()).map((r) => [r.sub_id, r.downloads, r.counted_downloads, r.sales, r.refunds, r.earned])).toEqual([
      ['early', 1, 1, 0, 0, '8750'],
      ['forum-x', 0, 0, 0, 1, '0'],
      ['late', 1, 0, 0, 0, '0'],
    ]);
  });

  it('refuses an invalid tag with the per-event error shape; the rest of the batch is taken', async () => {
    const answer = await send(t.app, 'fd1', withPartner([upload, download('d1', { sub_id: 'forum x' }), download('d2', { sub_id: 'x'.repeat(65) }), download('d3', { sub_id: 'ok' })]));
    expect(answer.status).toBe(200);
    expect(answer.body.accepted).toBe(2);
    expect(answer.body.results.filter((r) => r.status === 'rejected')).toEqual([
      { index: 1, id: 'd1', status: 'rejected', reason: 'invalid_event', message: expect.stringMatching(/^sub_id: /) },
      { index: 2, id: 'd2', status: 'rejected', reason: 'invalid_event', message: expect.stringMatching(/^sub_id: /) },
    ]);
    expect((await tags()).map((r) => r.sub_id)).toEqual(['ok']);
  });
});
