import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, INGEST_MAX_EVENTS, type ProjectId } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPartner, send, sendWhenAdmitted, tokenOf } from './testing.ts';
import { recountAndRollups } from './recount.ts';

let t: TestApp;
let a: number; // app_users_id of the partner in fd1
let userId: number;

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-21T12:00:00Z' });
  const p = await insertPartner(t.ctx.database, 'partner@x.test');
  a = p.app.fd1;
  userId = p.userId;
});
afterEach(async () => {
  await expectRollupsMatchRecount();
  await t.close();
});

async function expectRollupsMatchRecount() {
  const { recount, rollups } = await recountAndRollups(t.ctx.database);
  expect(rollups).toEqual(recount);
}

async function daily(user = userId, project: ProjectId = 'fd1') {
  return t.ctx.database.query<Record<string, number | string>>(
    sql`select day::text as day, downloads, counted_downloads, unique_downloads, download_earned_micro, sales, sale_earned_micro,
          video_sale_earned_micro, copy_download_earned_micro, site_earned_micro, earned_micro, refunds, coin_sales, copies, files_uploaded, hits, video_views
        from ingest_daily where user_id = ${user} and project = ${project} order by day`,
  );
}

const at = (h: number, day = '2026-11-20') => `${day}T${String(h).padStart(2, '0')}:00:00Z`;
const upload = (id: string, fileId: string, size: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'file_uploaded',
  at: at(1, '2026-11-19'),
  app_users_id: a,
  file_id: fileId,
  name: `${fileId}.zip`,
  size_bytes: size,
  ...extra,
});
const download = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'download',
  at: at(10),
  app_users_id: a,
  file_id: 'f1',
  country: 'US',
  downloader_id: 'dl-1',
  completed: true,
  referrer: 'https://www.blog.example/post/1',
  ...extra,
});
const sale = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'sale',
  at: at(11),
  app_users_id: a,
  sale_id: 'S1',
  amount_micro: 10_000_000,
  revenue_type: 'direct',
  file_id: 'f1',
  buyer_email: 'john@gmail.com',
  payment_system: 'card',
  tariff: '30 days',
  country: 'DE',
  ...extra,
});

describe('authentication', () => {
  it('refuses a missing, a wrong and the other project’s token, and an unknown project', async () => {
    const ev = [download('e1')];
    const missing = await t.app.inject({ method: 'POST', url: '/ingest/v1/fd1/events', payload: ev });
    expect(missing.statusCode).toBe(401);
    expect((await send(t.app, 'fd1', ev, 'wrong-token-000000000000')).status).toBe(401);
    const other = await send(t.app, 'fd1', ev, tokenOf('fd2'));
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('forbidden');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/fd3/events',
      headers: { authorization: `Bearer ${tokenOf('fd1')}` },
      payload: ev,
    });
    expect(unknown.statusCode).toBe(404);
    const rows = await t.ctx.database.query(sql`select 1 from ingest_events`);
    expect(rows).toHaveLength(0);
  });
});

describe('limits', () => {
  it('refuses more than 10,000 events and more than 10 MB', async () => {
    const many = Array.from({ length: INGEST_MAX_EVENTS + 1 }, (_, i) => ({ id: `e${i}`, type: 'page_hit', at: at(10), app_users_id: a }));
    const tooMany = await send(t.app, 'fd1', many);
    expect(tooMany.status).toBe(413);
    const big = [{ ...download('big'), referrer: 'x'.repeat(11 * 1024 * 1024) }];
    const tooLarge = await send(t.app, 'fd1', big);
    expect(tooLarge.status).toBe(413);
    const exactly = Array.from({ length: INGEST_MAX_EVENTS }, (_, i) => ({ id: `e${i}`, type: 'page_hit', at: at(10), app_users_id: a }));
    const ok = await send(t.app, 'fd1', exactly);
    expect(ok.status).toBe(200);
    expect(ok.body.accepted).toBe(INGEST_MAX_EVENTS);
  });

  it('refuses a body that is not a list', async () => {
    expect((await send(t.app, 'fd1', { id: 'x' } as never)).status).toBe(400);
  });
});

describe('event types', () => {
  it('accepts one valid event of every type and rolls them up', async () => {
    const res = await send(t.app, 'fd1', [
      upload('u1', 'f1', 20_000_000, { folder: 'Music', is_video: false }),
      upload('u2', 'v1', 5_000_000, { is_video: true }),
      { id: 'r1', type: 'file_renamed', at: at(2), app_users_id: a, file_id: 'f1', name: 'renamed.zip' },
      { id: 'm1', type: 'file_moved', at: at(3), app_users_id: a, file_id: 'f1', folder: null },
      { id: 'x1', type: 'file_deleted', at: at(4), app_users_id: a, file_id: 'v1' },
      { id: 'c1', type: 'file_copied', at: at(5), app_users_id: a, file_id: 'copy-1', original_file_id: 'f1', copy_account_id: 'acc-9', name: 'renamed.zip', size_bytes: 20_000_000 },
      { id: 'h1', type: 'page_hit', at: at(6), app_users_id: a, file_id: 'f1', referrer: 'https://blog.example/post/1' },
      download('d1'),
      sale('s1'),
      { id: 'ss1', type: 'sale_status', at: at(12), app_users_id: a, sale_id: 'S1', status: 'hold', fraud: false },
      { id: 'vv1', type: 'video_view', at: at(13), app_users_id: a, file_id: 'v1', player_type: 'embed', viewer_id: 'viewer-1', seconds: 95 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.status)).toEqual(Array(11).fill('accepted'));
    expect(res.body).toMatchObject({ accepted: 11, duplicates: 0, rejected: 0 });
    const [d19, d20] = await daily();
    expect(d19).toMatchObject({ day: '2026-11-19', files_uploaded: 2 });
    // US counted download on Mixed: 8.75 USD per 1000; a 10 USD direct sale: 60 %.
    expect(d20).toMatchObject({
      day: '2026-11-20',
      downloads: 1,
      counted_downloads: 1,
      download_earned_micro: 8_750,
      sales: 1,
      sale_earned_micro: 6_000_000,
      earned_micro: 6_008_750,
      copies: 1,
      hits: 1,
      video_views: 1,
    });
    const [file] = await t.ctx.database.query<Record<string, unknown>>(sql`select name, folder, deleted_at from ingest_files where file_id = 'f1'`);
    expect(file).toMatchObject({ name: 'renamed.zip', folder: null, deleted_at: null });
    const dirty = await t.ctx.database.query(sql`select day::text as day from dirty_days where user_id = ${userId} order by day`);
    expect(dirty).toEqual([{ day: '2026-11-19' }, { day: '2026-11-20' }]);
  });

  it('rejects invalid events with a machine-readable reason, beside good ones', async () => {
    await t.ctx.database.query(sql`update users set is_active = true`);
    const inactive = await insertPartner(t.ctx.database, 'inactive@x.test', { active: false });
    const cases: Array<[unknown, string]> = [
      [{ ...download('bad-1'), file_id: undefined }, 'invalid_event'],
      [{ ...download('bad-2'), completed: 'yes' }, 'invalid_event'],
      [{ ...download('bad-3'), country: 'usa' }, 'invalid_event'],
      [{ ...download('bad-4'), country: 'us' }, 'invalid_event'],
      [upload('bad-5', 'f9', -1), 'invalid_event'],
      [{ ...sale('bad-6'), amount_micro: 1.5 }, 'invalid_event'],
      [{ ...sale('bad-7'), revenue_type: 'gift' }, 'invalid_event'],
      [{ id: 'bad-8', type: 'sale_status', at: at(1), app_users_id: a, sale_id: 'S1', status: 'lost' }, 'invalid_event'],
      [{ id: 'bad-9', type: 'video_view', at: at(1), app_users_id: a, file_id: 'v', player_type: 'tv', viewer_id: 'x', seconds: 1 }, 'invalid_event'],
      [{ ...download('bad-10'), at: '20.11.2026' }, 'invalid_event'],
      [{ ...download('bad-11'), extra: 1 }, 'invalid_event'],
      [{ ...download('bad-12'), app_users_id: 999_999_999 }, 'unknown_partner'],
      [{ ...download('bad-13'), app_users_id: inactive.app.fd1 }, 'partner_inactive'],
      [{ ...download('bad-14'), at: '2026-11-21T12:06:00Z' }, 'in_future'],
      [{ ...download('bad-15'), at: '2024-01-01T00:00:00Z' }, 'too_old'],
      [{ id: 'bad-16', type: 'upload', at: at(1), app_users_id: a }, 'unknown_type'],
      [{ ...download('bad-17'), id: '' }, 'invalid_event'],
      ['not an object', 'invalid_event'],
      [{ id: 'bad-19', type: 'file_renamed', at: at(1), app_users_id: a, file_id: 'f1' }, 'invalid_event'],
      [{ ...sale('bad-20'), site_domain: 'not a domain' }, 'invalid_event'],
    ];
    const good = [download('good-1'), { ...download('good-2'), at: '2026-11-20T12:04:00Z', downloader_id: 'dl-2' }];
    const res = await send(t.app, 'fd1', [good[0], ...cases.map(([e]) => e), good[1]]);
    expect(res.status).toBe(200);
    cases.forEach(([, reason], i) => {
      const r = res.body.results[i + 1]!;
      expect({ i, status: r.status, reason: r.reason }).toEqual({ i, status: 'rejected', reason });
      expect(r.message).toBeTruthy();
    });
    expect(res.body.results[0]!.status).toBe('accepted');
    expect(res.body.results.at(-1)!.status).toBe('accepted');
    expect(res.body.accepted).toBe(2);
    expect(res.body.rejected).toBe(cases.length);
    const [row] = await daily();
    expect(row).toMatchObject({ downloads: 2, unique_downloads: 2 });
  });

  it('accepts NDJSON, a line that is not JSON being rejected alone', async () => {
    const body = [JSON.stringify(download('n1')), '{not json', JSON.stringify(download('n2', { downloader_id: 'dl-2' }))].join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/fd1/events',
      headers: { authorization: `Bearer ${tokenOf('fd1')}`, 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'rejected', 'accepted']);
  });
});

describe('exactly once', () => {
  it('counts a duplicate inside a batch and across batches once', async () => {
    const first = await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000), download('d1'), download('d1'), sale('s1')]);
    expect(first.body.results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'duplicate', 'accepted']);
    const again = await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000), download('d1'), sale('s1'), download('d2', { downloader_id: 'dl-2' })]);
    expect(again.body.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'accepted']);
    const [, d20] = await daily();
    expect(d20).toMatchObject({ downloads: 2, counted_downloads: 2, sales: 1, download_earned_micro: 17_500 });
    const raw = await t.ctx.database.query(sql`select event_id from ingest_events`);
    expect(raw).toHaveLength(4);
  });

  it('gives the recount when batches of both projects arrive at once, with overlaps', async () => {
    const p = await t.ctx.database.query<{ app_user_id: number }>(sql`select app_user_id from partner_programs where user_id = ${userId} and project = 'fd2'`);
    const b = Number(p[0]!.app_user_id);
    const batch = (project: ProjectId, n: number) =>
      Array.from({ length: 300 }, (_, i) => {
        const app = project === 'fd1' ? a : b;
        const k = n * 200 + i; // consecutive batches overlap by 100 events
        return i % 50 === 0
          ? upload(`u${k}`, `f${k % 7}`, 20_000_000, { app_users_id: app })
          : download(`d${k}`, { app_users_id: app, file_id: `f${k % 7}`, downloader_id: `dl-${k % 13}`, country: k % 3 ? 'US' : 'UA', at: at(k % 12) });
      });
    // More batches than ingest admits at once: the ones beyond it are answered 503 and sent again.
    const answers = await Promise.all(
      [0, 1, 2, 3].flatMap((n) => [sendWhenAdmitted(t.app, 'fd1', batch('fd1', n)), sendWhenAdmitted(t.app, 'fd2', batch('fd2', n))]),
    );
    expect(answers.every((x) => x.status === 200)).toBe(true);
    const accepted = answers.reduce((sum, x) => sum + x.body.accepted, 0);
    expect(accepted).toBe(2 * (3 * 200 + 300));
  });

  it('keeps fd1 and fd2 apart: the same id in both projects is two events', async () => {
    const p = await t.ctx.database.query<{ app_user_id: number }>(sql`select app_user_id from partner_programs where user_id = ${userId} and project = 'fd2'`);
    const b = Number(p[0]!.app_user_id);
    expect((await send(t.app, 'fd1', [download('same')])).body.accepted).toBe(1);
    expect((await send(t.app, 'fd2', [download('same', { app_users_id: b })])).body.accepted).toBe(1);
    expect((await send(t.app, 'fd2', [download('same', { app_users_id: a })])).body.results[0]!.reason).toBe('unknown_partner');
  });
});

describe('late and out-of-order events', () => {
  it('counts downloads of a file uploaded later once the upload arrives', async () => {
    await send(t.app, 'fd1', [download('d1'), download('d2', { downloader_id: 'dl-2', country: 'RU' })]);
    let [row] = await daily();
    expect(row).toMatchObject({ downloads: 2, counted_downloads: 0, download_earned_micro: 0 });
    await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000)]);
    [, row] = await daily();
    expect(row).toMatchObject({ downloads: 2, counted_downloads: 2, download_earned_micro: 8_750 + 3_500 });
  });

  it('does not count files of 10 MB or less, and counts incomplete downloads', async () => {
    await send(t.app, 'fd1', [
      upload('u1', 'small', 10 * 1024 * 1024),
      upload('u2', 'f1', 10 * 1024 * 1024 + 1),
      download('d1', { file_id: 'small' }),
      download('d2', { completed: false }),
      download('d3', { at: at(15) }),
      download('d4', { at: at(1, '2026-11-21'.replace('21', '20')) }),
    ]);
    const [, row] = await daily();
    expect(row).toMatchObject({ downloads: 4, unique_downloads: 2, counted_downloads: 1 });
  });

  it('moves the counted download to the earliest one of the day, whatever arrives first', async () => {
    await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000), download('late', { at: at(18), country: 'UA' })]);
    let rows = await t.ctx.database.query(sql`select country_group, counted_downloads from ingest_daily_country where counted_downloads > 0`);
    expect(rows).toEqual([{ country_group: 'U', counted_downloads: 1 }]);
    await send(t.app, 'fd1', [download('early', { at: at(3), country: 'GB' })]);
    rows = await t.ctx.database.query(sql`select country_group, counted_downloads from ingest_daily_country where counted_downloads > 0`);
    expect(rows).toEqual([{ country_group: 'A', counted_downloads: 1 }]);
    const [, row] = await daily();
    expect(row).toMatchObject({ downloads: 2, counted_downloads: 1, download_earned_micro: 8_750 });
  });

  it('applies a refund that arrives before its sale, and restores on a later ok', async () => {
    await send(t.app, 'fd1', [{ id: 'st1', type: 'sale_status', at: at(14), app_users_id: a, sale_id: 'S1', status: 'refund', fraud: true }]);
    expect(await daily()).toEqual([]);
    await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000), sale('s1')]);
    let [, row] = await daily();
    expect(row).toMatchObject({ sales: 0, sale_earned_micro: 0, refunds: 1 });
    await send(t.app, 'fd1', [{ id: 'st0', type: 'sale_status', at: at(13), app_users_id: a, sale_id: 'S1', status: 'ok' }]);
    [, row] = await daily();
    expect(row).toMatchObject({ sales: 0, refunds: 1 });
    await send(t.app, 'fd1', [{ id: 'st2', type: 'sale_status', at: at(15), app_users_id: a, sale_id: 'S1', status: 'ok', fraud: false }]);
    [, row] = await daily();
    expect(row).toMatchObject({ sales: 1, sale_earned_micro: 6_000_000, refunds: 0, coin_sales: 1 });
    const [s] = await t.ctx.database.query(sql`select status, fraud from ingest_sales`);
    expect(s).toEqual({ status: 'ok', fraud: false });
  });

  it('re-prices a sale when its file turns out to be a video', async () => {
    await send(t.app, 'fd1', [sale('s1', { revenue_type: 'rebill' })]);
    let [row] = await daily();
    expect(row).toMatchObject({ sale_earned_micro: 3_000_000 });
    await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000, { is_video: true })]);
    [, row] = await daily();
    expect(row).toMatchObject({ sale_earned_micro: 0, video_sale_earned_micro: 3_000_000 });
  });

  it('keeps a video sale priced as video when only a status change arrives later', async () => {
    await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000, { is_video: true }), sale('s1')]);
    await send(t.app, 'fd1', [{ id: 'st1', type: 'sale_status', at: at(12), app_users_id: a, sale_id: 'S1', status: 'hold', fraud: true }]);
    const [, row] = await daily();
    expect(row).toMatchObject({ video_sale_earned_micro: 4_000_000, sale_earned_micro: 0, coin_sales: 0 });
  });

  it('rolls video sales and their share up per player type; a refund moves exactly its part back', async () => {
    const video = () =>
      t.ctx.database.query<Record<string, number | string>>(
        sql`select day::text as day, player_type, sales, sale_earned_micro from ingest_daily_video
            where user_id = ${userId} and (sales <> 0 or sale_earned_micro <> 0) order by day, player_type`,
      );
    // Video share on Mixed is 40 %: 10,000,000 -> 4,000,000; 5,000,000 -> 2,000,000; a rebill pays 30 %.
    await send(t.app, 'fd1', [
      upload('u1', 'f1', 20_000_000, { is_video: true }),
      sale('s1', { player_type: 'embed' }),
      sale('s2', { sale_id: 'S2', amount_micro: 5_000_000, player_type: 'on_site' }),
      sale('s3', { sale_id: 'S3', amount_micro: 5_000_000, player_type: 'full' }),
      sale('s4', { sale_id: 'S4', amount_micro: 5_000_000, player_type: 'demo', revenue_type: 'rebill' }),
      sale('s5', { sale_id: 'S5', amount_micro: 5_000_000 }),
      // Not a video: no player-type figures even with a player type.
      sale('s6', { sale_id: 'S6', file_id: 'f2', player_type: 'embed' }),
    ]);
    expect(await video()).toEqual([
      { day: '2026-11-20', player_type: 'all', sales: 5, sale_earned_micro: 11_500_000 },
      { day: '2026-11-20', player_type: 'demo', sales: 1, sale_earned_micro: 1_500_000 },
      { day: '2026-11-20', player_type: 'embed', sales: 1, sale_earned_micro: 4_000_000 },
      { day: '2026-11-20', player_type: 'full', sales: 1, sale_earned_micro: 2_000_000 },
      { day: '2026-11-20', player_type: 'on_site', sales: 1, sale_earned_micro: 2_000_000 },
    ]);
    const [, row] = await daily();
    expect(row).toMatchObject({ video_sale_earned_micro: 11_500_000 });
    await send(t.app, 'fd1', [{ id: 'r1', type: 'sale_status', at: at(15), app_users_id: a, sale_id: 'S1', status: 'refund' }]);
    expect(await video()).toEqual([
      { day: '2026-11-20', player_type: 'all', sales: 4, sale_earned_micro: 7_500_000 },
      { day: '2026-11-20', player_type: 'demo', sales: 1, sale_earned_micro: 1_500_000 },
      { day: '2026-11-20', player_type: 'full', sales: 1, sale_earned_micro: 2_000_000 },
      { day: '2026-11-20', player_type: 'on_site', sales: 1, sale_earned_micro: 2_000_000 },
    ]);
    await send(t.app, 'fd1', [{ id: 'r2', type: 'sale_status', at: at(16), app_users_id: a, sale_id: 'S1', status: 'ok' }]);
    expect((await video()).find((r) => r.player_type === 'embed')).toEqual({ day: '2026-11-20', player_type: 'embed', sales: 1, sale_earned_micro: 4_000_000 });
  });

  it('moves a video sale to its player type whatever the arrival order', async () => {
    const video = () =>
      t.ctx.database.query<Record<string, number | string>>(
        sql`select player_type, sales, sale_earned_micro from ingest_daily_video
            where user_id = ${userId} and (sales <> 0 or sale_earned_micro <> 0) order by player_type`,
      );
    // The status change first, then the sale, then its file (a video), then a later correction of the sale.
    await send(t.app, 'fd1', [{ id: 'st', type: 'sale_status', at: at(12), app_users_id: a, sale_id: 'S1', status: 'hold' }]);
    await send(t.app, 'fd1', [sale('s1', { player_type: 'embed' })]);
    expect(await video()).toEqual([]);
    await send(t.app, 'fd1', [upload('u1', 'f1', 20_000_000, { is_video: true })]);
    expect(await video()).toEqual([
      { player_type: 'all', sales: 1, sale_earned_micro: 4_000_000 },
      { player_type: 'embed', sales: 1, sale_earned_micro: 4_000_000 },
    ]);
    // An earlier sale event of the same sale defines it: the buyer came from the full player.
    await send(t.app, 'fd1', [sale('s0', { at: at(9), player_type: 'full', amount_micro: 5_000_000 })]);
    expect(await video()).toEqual([
      { player_type: 'all', sales: 1, sale_earned_micro: 2_000_000 },
      { player_type: 'full', sales: 1, sale_earned_micro: 2_000_000 },
    ]);
  });

  it('rolls purchases up per referring domain and URL', async () => {
    await send(t.app, 'fd1', [
      sale('s1', { referrer: 'https://www.Blog.example/post/1?utm=x' }),
      sale('s2', { sale_id: 'S2', referrer: 'https://blog.example/post/2', site_domain: 'blog.example' }),
      sale('s3', { sale_id: 'S3', site_domain: 'forum.example' }),
      sale('s4', { sale_id: 'S4' }),
      sale('s5', { sale_id: 'S5', referrer: 'https://blog.example/post/1', status: 'void' }),
    ]);
    const rows = await t.ctx.database.query(
      sql`select domain, url, purchases from ingest_daily_source where user_id = ${userId} and purchases <> 0 order by domain, url`,
    );
    expect(rows).toEqual([
      { domain: '', url: '', purchases: 1 },
      { domain: 'blog.example', url: 'blog.example/post/1', purchases: 1 },
      { domain: 'blog.example', url: 'blog.example/post/2', purchases: 1 },
      { domain: 'forum.example', url: '', purchases: 1 },
    ]);
    const [s] = await t.ctx.database.query(sql`select referrer_domain, referrer_url from ingest_sales where sale_id = 'S1'`);
    expect(s).toEqual({ referrer_domain: 'blog.example', referrer_url: 'blog.example/post/1' });
  });

  it('uses the plan in force at the event time, not at arrival', async () => {
    await t.ctx.database.query(
      sql`insert into partner_plans (user_id, project, plan, effective_from) values (${userId}, 'fd1', 'ppd', '2026-11-20T00:00:00Z')`,
    );
    await send(t.app, 'fd1', [
      upload('u1', 'f1', 20_000_000),
      download('old', { at: at(10, '2026-11-19') }),
      download('new', { at: at(10) }),
      sale('s1'),
    ]);
    const [d19, d20] = await daily();
    expect(d19).toMatchObject({ download_earned_micro: 8_750 });
    expect(d20).toMatchObject({ download_earned_micro: 25_000, sale_earned_micro: 0 });
  });

  it('prices with the settings in force at the event time: an operator change applies 5 minutes on, late events keep the old prices', async () => {
    // Clock 2026-11-21 12:00: the operator doubles mixed A, raises the direct-sale share to 90% (a share is at most 100%), and moves US to group B.
    const rates = { ...DEFAULT_PRODUCT.downloadRates, mixed: { ...DEFAULT_PRODUCT.downloadRates.mixed, A: 17_500 } };
    const shares = { ...DEFAULT_PRODUCT.saleShares, mixed: { ...DEFAULT_PRODUCT.saleShares.mixed, sale: 9_000 } };
    const groups = {
      ...DEFAULT_PRODUCT.countryGroups,
      A: DEFAULT_PRODUCT.countryGroups.A.replace(/\bUS\b/, '').trim(),
      B: `${DEFAULT_PRODUCT.countryGroups.B} US`,
    };
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' },
      payload: { changes: { downloadRates: rates, saleShares: shares, countryGroups: groups } },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().effective_from).toBe('2026-11-21T12:05:00.000Z');

    // Events of yesterday arrive after the change; events from 12:05 on are priced anew.
    await send(t.app, 'fd1', [
      upload('u1', 'f1', 20_000_000),
      download('before', { at: '2026-11-21T12:04:59Z', downloader_id: 'dl-before' }),
      download('after-us', { at: '2026-11-21T12:05:00Z', downloader_id: 'dl-us', country: 'US' }),
      download('after-gb', { at: '2026-11-21T12:05:00Z', downloader_id: 'dl-gb', country: 'GB' }),
      sale('s-old', { sale_id: 'S-old', at: '2026-11-20T11:00:00Z' }),
      sale('s-new', { sale_id: 'S-new', at: '2026-11-21T12:05:00Z' }),
    ]);
    const country = await t.ctx.database.query<{ country_group: string; download_earned_micro: number }>(
      sql`select country_group, download_earned_micro from ingest_daily_country where user_id = ${userId} and day = '2026-11-21' order by country_group`,
    );
    // Before 12:05: US is A at 8,750. From 12:05: GB is A at the new 17,500, US is B at 6,000.
    expect(country.map((r) => [r.country_group, Number(r.download_earned_micro)])).toEqual([
      ['A', 8_750 + 17_500],
      ['B', 6_000],
    ]);
    const days = Object.fromEntries((await daily()).map((d) => [d.day, d]));
    const oldShare = (10_000_000 * DEFAULT_PRODUCT.saleShares.mixed.sale) / 10_000;
    expect(days['2026-11-20']).toMatchObject({ sale_earned_micro: oldShare });
    expect(days['2026-11-21']).toMatchObject({ sale_earned_micro: (10_000_000 * 9_000) / 10_000 });
  });

  it("a partner without a plan of their own earns under the settings' default plan in force at the event time", async () => {
    // Clock 2026-11-21 12:00: the operator makes PPD the default plan, from 12:05 on.
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' },
      payload: { changes: { defaultPlan: 'ppd' } },
    });
    expect(change.statusCode, change.body).toBe(200);
    await send(t.app, 'fd1', [
      upload('u1', 'f1', 20_000_000),
      download('before', { at: '2026-11-21T12:04:59Z', downloader_id: 'dl-before' }),
      download('after', { at: '2026-11-21T12:05:00Z', downloader_id: 'dl-after' }),
    ]);
    const day = (await daily()).find((d) => d.day === '2026-11-21');
    // US, group A: 8,750 under Mixed before the change, 25,000 under PPD from it.
    expect(day).toMatchObject({ download_earned_micro: DEFAULT_PRODUCT.downloadRates.mixed.A + DEFAULT_PRODUCT.downloadRates.ppd.A });
    expect(DEFAULT_PRODUCT.downloadRates.ppd.A).not.toBe(DEFAULT_PRODUCT.downloadRates.mixed.A);
  });

  it('pays the site-referral bonus to the partner owning the active site', async () => {
    const owner = await insertPartner(t.ctx.database, 'owner@x.test');
    await t.ctx.database.query(
      sql`insert into partner_sites (user_id, project, domain, status, token) values (${owner.userId}, 'fd1', 'blog.example', 'active', 't')`,
    );
    await send(t.app, 'fd1', [sale('s1', { revenue_type: 'site_referral', site_domain: 'Blog.Example' }), sale('s2', { sale_id: 'S2', revenue_type: 'site_referral', site_domain: 'other.example' })]);
    const [own] = await daily(owner.userId);
    expect(own).toMatchObject({ site_earned_micro: 1_000_000, earned_micro: 1_000_000 });
    await send(t.app, 'fd1', [{ id: 'v', type: 'sale_status', at: at(20), app_users_id: a, sale_id: 'S1', status: 'void' }]);
    const [own2] = await daily(owner.userId);
    expect(own2).toMatchObject({ site_earned_micro: 0, earned_micro: 0 });
  });

  it('keeps the latest name and folder whatever the arrival order; copies earn for the original partner', async () => {
    await send(t.app, 'fd1', [
      { id: 'r2', type: 'file_renamed', at: at(5), app_users_id: a, file_id: 'f1', name: 'final.zip' },
      { id: 'm1', type: 'file_moved', at: at(4), app_users_id: a, file_id: 'f1', folder: 'Docs' },
    ]);
    await send(t.app, 'fd1', [
      upload('u1', 'f1', 20_000_000, { at: at(1), folder: 'Inbox?' }),
      { id: 'r1', type: 'file_renamed', at: at(3), app_users_id: a, file_id: 'f1', name: 'middle.zip' },
      download('cd', { file_id: 'copy-1' }),
      { id: 'c1', type: 'file_copied', at: at(2), app_users_id: a, file_id: 'copy-1', original_file_id: 'f1', copy_account_id: 'acc', name: 'x', size_bytes: 20_000_000 },
    ]);
    const [f] = await t.ctx.database.query(sql`select name, folder, size_bytes from ingest_files where file_id = 'f1'`);
    expect(f).toEqual({ name: 'final.zip', folder: 'Docs', size_bytes: 20_000_000 });
    const [row] = await daily();
    expect(row).toMatchObject({ copies: 1, copy_download_earned_micro: 8_750, download_earned_micro: 0 });
  });
});
