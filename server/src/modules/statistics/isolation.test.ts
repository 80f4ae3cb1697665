import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, signedInPartner, type TestPartner } from './testing.ts';

/**
 * Every read call answers the signed-in partner's own data only. Partner a's answers are taken before and
 * after partner b's traffic arrives, with queries naming b's files, folders, domains and dates: they must not
 * change, and no answer may mention anything of b's. Without a session every call answers 401.
 */

let t: TestApp;
let a: TestPartner;
let b: TestPartner;

const traffic = (u: number, tag: string, fileId: string) => [
  { id: `${tag}-up`, type: 'file_uploaded', at: '2026-11-01T09:00:00Z', app_users_id: u, file_id: fileId, name: `${tag}-file.zip`, folder: `${tag}-folder`, size_bytes: 50_000_000 },
  { id: `${tag}-cp`, type: 'file_copied', at: '2026-11-02T09:00:00Z', app_users_id: u, file_id: `${fileId}-copy`, original_file_id: fileId, copy_account_id: '77', name: `${tag}-copy.zip`, size_bytes: 50_000_000 },
  { id: `${tag}-h`, type: 'page_hit', at: '2026-11-20T09:00:00Z', app_users_id: u, file_id: fileId, referrer: `https://${tag}-site.example/page` },
  { id: `${tag}-d1`, type: 'download', at: '2026-11-20T10:00:00Z', app_users_id: u, file_id: fileId, country: 'US', downloader_id: `${tag}-g1`, completed: true, referrer: `https://${tag}-site.example/page` },
  { id: `${tag}-d2`, type: 'download', at: '2026-11-19T10:00:00Z', app_users_id: u, file_id: `${fileId}-copy`, country: 'RU', downloader_id: `${tag}-g2`, completed: true },
  { id: `${tag}-s1`, type: 'sale', at: '2026-11-20T11:00:00Z', app_users_id: u, sale_id: `${tag}-S1`, amount_micro: 10_000_000, revenue_type: 'direct', file_id: fileId, country: 'DE', buyer_email: `${tag}buyer@${tag}mail.example` },
  { id: `${tag}-v1`, type: 'video_view', at: '2026-11-20T11:00:00Z', app_users_id: u, file_id: fileId, player_type: 'embed', viewer_id: `${tag}-viewer`, seconds: 60 },
];

/** Every read call, with queries that name partner b's things where a call takes a filter. */
const calls: Array<[string, Record<string, string | number>]> = [
  ['/statistics/sources/base', { app: 'fd1' }],
  ['/statistics/sources/base', { app: 'fd1', search: 'bbb-site' }],
  ['/statistics/sources/details', { app: 'fd1', domain: 'bbb-site.example' }],
  ['/statistics/sales', { app: 'fd1' }],
  ['/statistics/sales', { app: 'fd1', revenue_type: 'direct', date_from: '2026-01-01' }],
  ['/statistics/files', { app: 'fd1' }],
  ['/statistics/files', { app: 'fd1', search: 'bbb-file' }],
  ['/statistics/files', { app: 'fd1', folder: 'bbb-folder' }],
  ['/statistics/files-copies', { app: 'fd1' }],
  ['/statistics/files-copies', { app: 'fd1', search: 'bbb' }],
  ['/statistics/detailed/today', { app: 'fd1' }],
  ['/statistics/detailed/base', { app: 'fd1', period: 'month' }],
  ['/statistics/detailed/countries', { app: 'fd1', date: '2026-11-20' }],
  ['/videos/stat', { app: 'fd1' }],
  ['/videos/today', { app: 'fd1' }],
  ['/earnings/stat', { app: 'fd1' }],
  ['/earnings/today', { app: 'fd1' }],
  ['/earnings/gold-status', { app: 'fd1' }],
  ['/dashboard/earnings-by-month', {}],
  ['/dashboard/earnings-by-day', {}],
  ['/dashboard/info-blocks', { period: '30d' }],
  ['/dashboard/info-blocks-today', {}],
  ['/dashboard/storage-period', {}],
  ['/dashboard/unlimited-activation-history', {}],
  ['/dashboard/unused-files', {}],
];

beforeEach(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'aaa@partner.test', ['fd1']);
  b = await signedInPartner(t, 'bbb@partner.test', ['fd1', 'fd2']);
  await ingest(t, 'fd1', traffic(a.app.fd1!, 'aaa', 'fa1'));
});
afterEach(async () => {
  await t.close();
});

describe('partner isolation', () => {
  it("answers nothing of another partner's, whatever the filters name", async () => {
    const before = new Map<string, string>();
    for (const [path, query] of calls) {
      const res = await a.get(path, query);
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(200);
      before.set(`${path} ${JSON.stringify(query)}`, res.body);
    }
    // a's own data shows (the comparison below is not between empty answers).
    expect(JSON.parse(before.get('/statistics/files {"app":"fd1"}')!).data[0].name).toBe('aaa-file.zip');
    expect(JSON.parse(before.get('/statistics/detailed/today {"app":"fd1"}')!).downloads).toBe(1);

    await ingest(t, 'fd1', traffic(b.app.fd1!, 'bbb', 'fb1'));
    await ingest(t, 'fd2', traffic(b.app.fd2!, 'bbb', 'fb2'));
    for (const [path, query] of calls) {
      const key = `${path} ${JSON.stringify(query)}`;
      const res = await a.get(path, query);
      expect(res.body, key).toBe(before.get(key));
      // (The details call echoes the domain it was asked about.)
      expect(res.body.replace('"domain":"bbb-site.example"', ''), key).not.toMatch(/bbb|fb1|fb2/);
    }
    // b sees b's own.
    const bFiles = (await b.get('/statistics/files', { app: 'fd1', search: 'bbb-file' })).json();
    expect(bFiles.data.map((r: { id: string }) => r.id)).toEqual(['fb1']);
    const bSources = (await b.get('/statistics/sources/details', { app: 'fd1', domain: 'bbb-site.example' })).json();
    expect(bSources.data.length).toBeGreaterThan(0);
  });

  it("refuses another project's statistics when the partner's programme there is not active", async () => {
    await ingest(t, 'fd2', traffic(b.app.fd2!, 'bbb', 'fb2'));
    for (const [path, query] of calls.filter(([, q]) => q.app)) {
      const res = await a.get(path, { ...query, app: 'fd2' });
      expect(res.statusCode, path).toBe(403);
      expect(res.body).not.toMatch(/bbb/);
    }
  });

  it('answers 401 to every call without a session', async () => {
    for (const [path, query] of calls) {
      const res = await t.app.inject({ method: 'GET', url: `/api${path}`, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
      expect(res.statusCode, path).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    const stale = await t.app.inject({ method: 'GET', url: '/api/earnings/today?app=fd1', headers: { cookie: 'pc_session=not-a-session' } });
    expect(stale.statusCode).toBe(401);
  });
});
