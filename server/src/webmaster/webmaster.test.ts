import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_PREFIX } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { apiKeys, users } from '../db/schema/index.ts';
import { signedUpPartner } from '../modules/auth/testing.ts';
import { passPasswordCheck } from '../modules/settings/testing.ts';
import { SECURITY_CHECK_VALID_MS } from '../plumbing/session/security-guard.ts';
import { ingest, signedInPartner } from '../modules/statistics/testing.ts';
import { fund } from '../modules/payouts/testing.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { hashKey, issueKey, newKey } from './keys.ts';
import { WEBMASTER_FAILED_AUTH_LIMIT } from './routes.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused',
  SESSION_SECRET: 'prod-session-secret-0123456789abcdef0123',
  CAPTCHA_SECRET: 'prod-captcha-secret-0123456789',
  AUTOLOGIN_SECRET_FD1: 'prod-autologin-fd1-0123456789',
  AUTOLOGIN_SECRET_FD2: 'prod-autologin-fd2-0123456789',
  INGEST_TOKEN_FD1: 'prod-ingest-fd1-0123456789',
  INGEST_TOKEN_FD2: 'prod-ingest-fd2-0123456789',
  OPERATOR_TOKEN: 'prod-operator-0123456789abcdef',
  PAYOUT_DETAILS_KEY: 'prod-payout-details-key-0123456789abcdef',
};

const call = (path: string, key?: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/webmaster/v1${path}`,
    query,
    headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
    remoteAddress: '198.51.100.7',
  });
const keyCall = (cookie: string, method: 'GET' | 'POST' | 'DELETE') => t.app.inject({ method, url: '/api/api-key', headers: { cookie } });
const BAD_KEY = { code: 'unauthorized', message: 'The API key is missing, wrong or revoked. Send your key as: Authorization: Bearer <key>.' };

describe('the API key (GET/POST/DELETE /api/api-key)', () => {
  it('is created behind the password check, shown once, stored hashed, used, rotated (old refused) and revoked', async () => {
    t = await createTestApp();
    const { cookie, password } = await signedUpPartner(t.app, 'keys@partner.test');
    const state0 = await keyCall(cookie, 'GET');
    expect(state0.json()).toEqual({ key: null, rate_limit_per_minute: 60 });

    // Creating and revoking need the account password check.
    const refused = await keyCall(cookie, 'POST');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('need_security_password');
    expect(await t.ctx.database.db.select().from(apiKeys)).toEqual([]);
    await passPasswordCheck(t.app, cookie, password);

    const created = await keyCall(cookie, 'POST');
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json();
    expect(first).toMatchObject({ success: true, rotated: false, message: 'Your API key has been created. Copy it now: it is shown only once.' });
    expect(first.api_key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(first.key).toEqual({ prefix: API_KEY_PREFIX, last4: first.api_key.slice(-4), created_at: t.clock.now().toISOString(), last_used_at: null });
    expect(created.headers['cache-control']).toBe('no-store');

    // Only the hash is stored; the state never shows the key again.
    const rows = await t.ctx.database.query<Record<string, unknown>>(sql`select * from api_keys`);
    expect(JSON.stringify(rows)).not.toContain(first.api_key);
    expect(rows[0]!.key_hash).toBe(hashKey(first.api_key));
    const state1 = await keyCall(cookie, 'GET');
    expect(state1.body).not.toContain(first.api_key.slice(API_KEY_PREFIX.length, -4));
    expect(state1.json().key).toEqual(first.key);

    // Used: the partner's balance, and the key's last use.
    const { user } = await signedUpPartner(t.app, 'other@partner.test');
    const me = (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'keys@partner.test')))[0]!.id;
    await fund(t.ctx.database, me, 12_500_000, t.clock.now());
    await fund(t.ctx.database, user.id, 99_000_000, t.clock.now());
    t.clock.advance(90_000);
    const balance = await call('/balance', first.api_key);
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toEqual({ currency: 'USD', available: 12_500_000, balance: 12_500_000, hold: 0, in_progress: 0, as_of: t.clock.now().toISOString() });
    expect(balance.headers['cache-control']).toBe('no-store');
    expect((await keyCall(cookie, 'GET')).json().key.last_used_at).toBe(t.clock.now().toISOString());

    // Rotated: the old key is refused at once, the new one works.
    const rotated = await keyCall(cookie, 'POST');
    expect(rotated.json()).toMatchObject({ rotated: true, message: expect.stringContaining('the old one no longer works') });
    const second = rotated.json().api_key as string;
    expect(second).not.toBe(first.api_key);
    expect((await call('/balance', first.api_key)).json()).toEqual(BAD_KEY);
    expect((await call('/balance', second)).statusCode).toBe(200);

    // Revoked (with the check still fresh), then nothing to revoke.
    const revoked = await keyCall(cookie, 'DELETE');
    expect(revoked.json()).toEqual({ success: true, message: 'Your API key has been revoked. Calls made with it are refused.' });
    expect((await call('/balance', second)).statusCode).toBe(401);
    expect((await keyCall(cookie, 'GET')).json().key).toBeNull();
    expect((await keyCall(cookie, 'DELETE')).statusCode).toBe(404);

    // The check lasts 5 minutes: afterwards creating and revoking ask again.
    t.clock.advance(SECURITY_CHECK_VALID_MS);
    expect((await keyCall(cookie, 'POST')).json().code).toBe('need_security_password');
    expect((await keyCall(cookie, 'DELETE')).json().code).toBe('need_security_password');
    // Every key ever made is kept as a record, at most one live.
    const all = await t.ctx.database.db.select().from(apiKeys);
    expect(all).toHaveLength(2);
    expect(all.every((k) => k.revokedAt !== null)).toBe(true);
  });

  it('needs a session', async () => {
    t = await createTestApp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/api-key' });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('the webmaster API (/webmaster/v1)', () => {
  it("refuses missing, malformed, unknown and revoked keys, a session cookie, and a deactivated partner's key, with 401", async () => {
    t = await createTestApp();
    const a = await signedInPartner(t, 'a@partner.test');
    const { key } = await issueKey(t.ctx.database, a.id, t.clock.now());
    const revoked = newKey();
    await t.ctx.database.db.insert(apiKeys).values({ userId: a.id, keyHash: hashKey(revoked), last4: revoked.slice(-4), createdAt: t.clock.now(), revokedAt: t.clock.now() });
    const cases: Array<[string, Record<string, string>]> = [
      ['no header', {}],
      ['empty bearer', { authorization: 'Bearer ' }],
      ['basic', { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` }],
      ['raw key', { authorization: key }],
      ['wrong prefix', { authorization: `Bearer pc_test_${key.slice(API_KEY_PREFIX.length)}` }],
      ['one character changed', { authorization: `Bearer ${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` }],
      ['unknown', { authorization: `Bearer ${newKey()}` }],
      ['revoked', { authorization: `Bearer ${revoked}` }],
      ['session cookie', { cookie: a.cookie }],
      ['key in the query', {}],
    ];
    for (const [name, headers] of cases) {
      const res = await t.app.inject({ url: `/webmaster/v1/balance${name === 'key in the query' ? `?key=${key}` : ''}`, headers });
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual(BAD_KEY);
      expect(res.headers['www-authenticate'], name).toBe('Bearer');
    }
    expect((await call('/balance', key)).statusCode).toBe(200);
    // The error's language follows Accept-Language.
    expect((await call('/balance', undefined, {}, { 'accept-language': 'de' })).json().code).toBe('unauthorized');
    await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, a.id));
    expect((await call('/balance', key)).statusCode).toBe(401);
  });

  it("answers the key holder's own data only, whatever the query names", async () => {
    t = await createTestApp();
    const a = await signedInPartner(t, 'aaa@partner.test', ['fd1']);
    const b = await signedInPartner(t, 'bbb@partner.test', ['fd1', 'fd2']);
    const traffic = (u: number, tag: string, amount: number) => [
      { id: `${tag}-up`, type: 'file_uploaded', at: '2026-11-01T09:00:00Z', app_users_id: u, file_id: `${tag}-f`, name: `${tag}.zip`, size_bytes: 1_000_000 },
      { id: `${tag}-d`, type: 'download', at: '2026-11-20T10:00:00Z', app_users_id: u, file_id: `${tag}-f`, country: 'US', downloader_id: `${tag}-g`, completed: true },
      { id: `${tag}-s`, type: 'sale', at: '2026-11-20T11:00:00Z', app_users_id: u, sale_id: `${tag}-S`, amount_micro: amount, revenue_type: 'direct', file_id: `${tag}-f`, country: 'DE', sub_id: `${tag}-x` },
    ];
    await ingest(t, 'fd1', traffic(a.app.fd1!, 'aaa', 10_000_000));
    await ingest(t, 'fd1', traffic(b.app.fd1!, 'bbb', 50_000_000));
    await ingest(t, 'fd2', traffic(b.app.fd2!, 'bbb2', 70_000_000));
    await fund(t.ctx.database, b.id, 40_000_000, t.clock.now());
    await insertPayoutRequest(t.ctx.database.db, { userId: b.id, amountMicro: 20_000_000, paymentDetails: 'bbb wallet', actor: 'test' }, t.clock.now());
    const keyA = (await issueKey(t.ctx.database, a.id, t.clock.now())).key;
    const keyB = (await issueKey(t.ctx.database, b.id, t.clock.now())).key;

    // The same answers as a's own screens.
    const pairs: Array<[string, string, Record<string, string>]> = [
      ['/statistics', '/statistics/detailed/base', { app: 'fd1', date_from: '2026-11-01', date_to: '2026-11-20' }],
      ['/earnings', '/earnings/stat', { app: 'fd1', date_from: '2026-11-01', date_to: '2026-11-20' }],
      ['/payouts', '/payouts', {}],
      // Sub-ID tags (decision 0206).
      ['/statistics/tags', '/statistics/tags', { app: 'fd1', date_from: '2026-11-01', date_to: '2026-11-20' }],
      ['/statistics/tags/days', '/statistics/tags/days', { app: 'fd1', sub_id: 'aaa-x' }],
      // The detailed figures of one tag: the tag rollup's, as the detailed screen filtered by tag shows them.
      ['/statistics', '/statistics/detailed/base', { app: 'fd1', sub_id: 'aaa-x' }],
    ];
    for (const [path, screen, query] of pairs) {
      const api = await call(path, keyA, query);
      expect(api.statusCode, `${path} ${api.body}`).toBe(200);
      expect(api.json(), path).toEqual((await a.get(screen, query)).json());
      expect(api.body, path).not.toMatch(/bbb/);
    }
    const stats = (await call('/statistics', keyA, { app: 'fd1', date_from: '2026-11-20', date_to: '2026-11-20' })).json();
    expect(stats.totals.downloads).toBe(1);
    // The 1 MB file is not larger than the counted size: the download is there, not counted, and says why.
    expect(stats.totals.counted_downloads).toBe(0);
    expect(stats.totals.not_counted).toEqual({ refused: 0, repeat: 0, file_unavailable: 0, small_file: 1, pps_plan: 0, unpaid_group: 0 });
    expect(stats.totals.sales_count).toBe(1);
    expect((await call('/payouts', keyA)).json()).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0 } });
    const tagged = (await call('/statistics/tags', keyA, { app: 'fd1', sort_key: 'sub_id', sort_dir: 'asc' })).json();
    expect(tagged.data.map((r: { sub_id: string; downloads: number; sales: number }) => [r.sub_id, r.downloads, r.sales])).toEqual([
      ['', 1, 0],
      ['aaa-x', 0, 1],
    ]);
    const taggedDays = (await call('/statistics', keyA, { app: 'fd1', sub_id: 'aaa-x' })).json();
    expect(taggedDays.sub_id).toBe('aaa-x');
    expect(taggedDays.data).toEqual((await call('/statistics/tags/days', keyA, { app: 'fd1', sub_id: 'aaa-x' })).json().data);
    const balanceA = (await call('/balance', keyA)).json();
    const screenA = (await a.get('/payouts/user/available-withdrawal')).json();
    expect(balanceA).toMatchObject({ available: screenA.amount, balance: screenA.balance, hold: screenA.hold, in_progress: screenA.in_progress });

    // A project where a's programme is not activated (b's is): refused, as on the screens.
    const fd2 = await call('/statistics', keyA, { app: 'fd2' });
    expect(fd2.statusCode).toBe(403);
    expect(fd2.json()).toEqual({ code: 'forbidden', message: 'The affiliate programme of this project is not activated.' });
    expect((await call('/earnings', keyA, { app: 'fd2' })).statusCode).toBe(403);
    // Parameters naming another partner are not parameters of these calls.
    expect((await call('/balance', keyA, { user_id: String(b.id) })).json().balance).toBe(balanceA.balance);
    expect((await call('/statistics', keyA, { app: 'fd1', user_id: String(b.id) })).statusCode).toBe(422);

    // b's key shows b's data.
    const payoutsB = (await call('/payouts', keyB)).json();
    expect(payoutsB.meta.total).toBe(1);
    expect(payoutsB.data[0]).toMatchObject({ amount: 20_000_000, payment_details: 'bbb wallet', status: 'created' });
    expect((await call('/balance', keyB)).json()).toMatchObject({ in_progress: 20_000_000 });
    expect((await call('/statistics', keyB, { app: 'fd2', date_from: '2026-11-20', date_to: '2026-11-20' })).json().totals.sales_count).toBe(1);
  });

  it('answers 422 with messages per parameter for a bad query', async () => {
    t = await createTestApp();
    const a = await signedInPartner(t, 'q@partner.test');
    const { key } = await issueKey(t.ctx.database, a.id, t.clock.now());
    const res = await call('/statistics', key, { app: 'fd9', date_from: 'yesterday' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['app', 'date_from']);
  });

  it('limits each key to 60 calls a minute by default, answering 429 with Retry-After; other keys are not affected', async () => {
    t = await createTestApp();
    const a = await signedInPartner(t, 'busy@partner.test');
    const b = await signedInPartner(t, 'calm@partner.test');
    const keyA = (await issueKey(t.ctx.database, a.id, t.clock.now())).key;
    const keyB = (await issueKey(t.ctx.database, b.id, t.clock.now())).key;
    for (let i = 0; i < 60; i++) {
      const res = await call(i % 2 ? '/balance' : '/payouts', keyA);
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
    }
    const limited = await call('/balance', keyA);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.json().message).toMatch(/^Too many calls with this API key\. Try again in \d+ seconds?\.$/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same address with another key, and the cabinet's own calls, go on.
    expect((await call('/balance', keyB)).statusCode).toBe(200);
    expect((await a.get('/payouts')).statusCode).toBe(200);
  });

  it('takes its limit from WEBMASTER_RATE_LIMIT; a rotated key starts a new budget', async () => {
    t = await createTestApp({ config: { WEBMASTER_RATE_LIMIT: '3' } });
    const a = await signedInPartner(t, 'three@partner.test');
    const first = (await issueKey(t.ctx.database, a.id, t.clock.now())).key;
    for (let i = 0; i < 3; i++) expect((await call('/balance', first)).statusCode).toBe(200);
    expect((await call('/balance', first)).statusCode).toBe(429);
    const second = (await issueKey(t.ctx.database, a.id, t.clock.now())).key;
    expect((await call('/balance', first)).statusCode).toBe(401);
    expect((await call('/balance', second)).statusCode).toBe(200);
  });

  it('slows down guessing: an address with too many failed keys is answered 429', async () => {
    t = await createTestApp();
    for (let i = 0; i < WEBMASTER_FAILED_AUTH_LIMIT; i++) expect((await call('/balance', newKey())).statusCode).toBe(401);
    const res = await call('/balance', newKey());
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the webmaster API documents', () => {
  it('openapi.json lists only the webmaster calls, needs no key, with the bearer scheme', async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://cabinet.example' } });
    const res = await t.app.inject('/webmaster/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://cabinet.example' }]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/webmaster/v1/balance',
      '/webmaster/v1/earnings',
      '/webmaster/v1/payouts',
      '/webmaster/v1/payouts/summary/{year}.{format}',
      '/webmaster/v1/payouts/{id}/statement.pdf',
      '/webmaster/v1/statistics',
      '/webmaster/v1/statistics/tags',
      '/webmaster/v1/statistics/tags/days',
    ]);
    expect(Object.values(doc.paths).every((p) => Object.keys(p as object).join() === 'get')).toBe(true);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const statistics = doc.paths['/webmaster/v1/statistics'].get;
    expect(statistics.parameters.find((p: { name: string }) => p.name === 'app')).toMatchObject({ in: 'query', required: true, schema: { enum: ['fd1', 'fd2'] } });
    // Every figure, or with sub_id one tag's (decision 0206): both answers have their rows and totals.
    const answers = statistics.responses['200'].content['application/json'].schema.anyOf as Array<{ properties: Record<string, unknown> }>;
    expect(answers.map((a) => ['data', 'totals', 'sub_id'].filter((k) => k in a.properties))).toEqual([['data', 'totals'], ['data', 'totals', 'sub_id']]);
    expect(statistics.parameters.find((p: { name: string }) => p.name === 'sub_id')).toMatchObject({ in: 'query', required: false });
    expect(Object.keys(statistics.responses).sort()).toEqual(['200', '401', '403', '422', '429']);
    expect(JSON.stringify(doc)).not.toMatch(/"\/api\/|\/operator\/|\/ingest\//);
  });

  it('the docs page lists only these calls, each with a curl example on the real origin', async () => {
    t = await createTestApp({ config: { PUBLIC_URL: 'https://cabinet.example' } });
    const res = await t.app.inject('/webmaster/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const calls = [...res.body.matchAll(/data-call="([^"]+)"/g)].map((m) => m[1]);
    expect(calls).toEqual([
      '/webmaster/v1/balance',
      '/webmaster/v1/earnings',
      '/webmaster/v1/payouts',
      '/webmaster/v1/payouts/{id}/statement.pdf',
      '/webmaster/v1/payouts/summary/{year}.{format}',
      '/webmaster/v1/statistics',
      '/webmaster/v1/statistics/tags',
      '/webmaster/v1/statistics/tags/days',
    ]);
    expect(res.body).toContain('curl -H &quot;Authorization: Bearer $PC_API_KEY&quot; &quot;https://cabinet.example/webmaster/v1/balance&quot;');
    expect(res.body).toContain('https://cabinet.example/webmaster/v1/statistics?app=fd1&amp;date_from=2026-01-01&amp;date_to=2026-01-31');
    expect(res.body).not.toMatch(/\/api\/(?!-)/);
    expect(res.body).not.toContain('<script');
  });

  it('an unknown webmaster path is a JSON 404, not the app page', async () => {
    t = await createTestApp();
    const res = await t.app.inject('/webmaster/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('the internal /api/docs is served in development only, never in production', async () => {
    t = await createTestApp();
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ config: PRODUCTION });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
    }
    // The webmaster API's own document stays.
    expect((await t.app.inject('/webmaster/v1/openapi.json')).statusCode).toBe(200);
    expect((await t.app.inject('/webmaster/docs')).statusCode).toBe(200);
  });
});
