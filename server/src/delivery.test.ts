import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from './app.ts';
import { COMPRESS_THRESHOLD_BYTES, cacheControlOf, IMMUTABLE, REVALIDATE } from './delivery.ts';
import { createMailer } from './mail/mailer.ts';
import { createTestDatabase, manualClock, testConfig, type TestApp } from './test/harness.ts';
import type { Database } from './db/client.ts';
import { signedUpPartner } from './modules/auth/testing.ts';
import { daily, insertRows, signedInPartner } from './modules/statistics/testing.ts';

const ENTRY = 'assets/framework-Ab_d-12Z.js';
const IMAGE = 'assets/flag-Qw3rTy90.png';
const GUEST_COPY = 'prerendered/auth/register/en-light.html';
/** Text large enough to compress well, as a built chunk is. */
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = { id: ${i}, label: "value number ${i}" };`).join('\n');
const shell = (title: string) =>
  `<!doctype html><html><head><title>${title}</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;

/** A built web app of its own, with the .br and .gz siblings the web build writes next to each text file. */
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'pc-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  const withSiblings = (file: string, content: string) => {
    writeFileSync(join(webDist, file), content);
    writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(webDist, `${file}.gz`), gzipSync(content, { level: 9 }));
  };
  withSiblings('index.html', shell('Partner Cabinet'));
  withSiblings('operator.html', shell('Staff console'));
  withSiblings(ENTRY, script);
  // A guest page the build drew in advance (decision 0212), one language and scheme of it.
  mkdirSync(join(webDist, 'prerendered/auth/register'), { recursive: true });
  withSiblings(GUEST_COPY, shell('Registration, drawn'));
  withSiblings('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(50)}</svg>`);
  // An image: compressed in its own format, so the build writes no sibling.
  writeFileSync(join(webDist, IMAGE), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]));
});
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

let app: FastifyInstance;
let database: Database;
/** The same app in the shape the suites' helpers take. */
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  const clock = manualClock();
  const ctx = { config, database, clock, mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) };
  app = await buildApp(ctx, { logger: false, webDist });
  await app.ready();
  t = { app, ctx, clock, close: async () => {} };
});
afterEach(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const file = (path: string) => readFileSync(join(webDist, path));
/** The body as the browser reads it: decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('web app files', () => {
  it('send a hashed asset as Brotli, gzip or itself by Accept-Encoding, cached for good', async () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
      // q-values: the browser's preference wins over the server's, and q=0 refuses an encoding.
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0, br', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'gzip'],
    ];
    for (const [accept, encoding] of cases) {
      const res = await get(`/${ENTRY}`, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decoded(res).equals(file(ENTRY)), accept).toBe(true);
    }
    const br = await get(`/${ENTRY}`, { 'accept-encoding': 'br, gzip' });
    expect(br.rawPayload.length).toBe(file(`${ENTRY}.br`).length);
    expect(br.rawPayload.length).toBeLessThan(file(ENTRY).length / 5);
  });

  it('send a file the build left uncompressed (an image) as it is, still cached for good', async () => {
    const res = await get(`/${IMAGE}`, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(file(IMAGE))).toBe(true);
  });

  it('never send the compressed siblings under their own names', async () => {
    for (const url of [`/${ENTRY}.br`, `/${ENTRY}.gz`]) {
      expect((await get(url, { 'accept-encoding': 'br, gzip' })).statusCode, url).toBe(404);
    }
    // Outside /assets/ an unknown path is one of the app's pages.
    const page = await get('/index.html.br', { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decoded(page).equals(file('index.html'))).toBe(true);
  });

  it('have the HTML shells and unhashed files revalidated: no-cache, an ETag per encoding, 304 when unchanged', async () => {
    // The app's pages (the not-found handler's fallback), index.html itself, a second shell and the favicon.
    for (const [url, source] of [
      ['/dashboard', 'index.html'],
      ['/', 'index.html'],
      ['/index.html', 'index.html'],
      ['/operator.html', 'operator.html'],
      // The operator console's pages are its own shell's (decision 0161).
      ['/operator', 'operator.html'],
      ['/operator/sign-in', 'operator.html'],
      ['/operator/audit?action=staff.', 'operator.html'],
      ['/favicon.svg', 'favicon.svg'],
    ] as const) {
      const etags = new Set<string>();
      for (const accept of ['br, gzip', 'gzip', 'identity']) {
        const res = await get(url, { 'accept-encoding': accept });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe(REVALIDATE);
        expect(res.headers.vary, url).toBe('accept-encoding');
        expect(decoded(res).equals(file(source)), `${url} ${accept}`).toBe(true);
        const etag = String(res.headers.etag);
        expect(etag).toMatch(/^W\/".+"$/);
        expect(res.headers['last-modified']).toBeDefined();
        etags.add(etag);

        const again = await get(url, { 'accept-encoding': accept, 'if-none-match': etag });
        expect(again.statusCode, `${url} ${accept}`).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(REVALIDATE);
      }
      // Each encoding is a representation of its own: its ETag never validates another's body.
      expect(etags.size, url).toBe(3);
      const stale = await get(url, { 'accept-encoding': 'br', 'if-none-match': 'W/"0-0"' });
      expect(stale.statusCode).toBe(200);
    }
  });

  it('send a guest the page drawn in advance where the build has one, varying by what chose it; a partner the shell', async () => {
    const guest = await get('/auth/register', { 'accept-encoding': 'br', 'accept-language': 'en-GB,en;q=0.9' });
    expect(guest.statusCode).toBe(200);
    expect(decoded(guest).equals(file(GUEST_COPY))).toBe(true);
    expect(guest.headers.vary).toBe('cookie, accept-language, sec-ch-prefers-color-scheme, accept-encoding');
    expect(guest.headers['accept-ch']).toBe('sec-ch-prefers-color-scheme');
    expect(guest.headers['critical-ch']).toBe('sec-ch-prefers-color-scheme');
    expect(guest.headers['cache-control']).toBe(REVALIDATE);
    const again = await get('/auth/register', { 'accept-encoding': 'br', 'if-none-match': String(guest.headers.etag) });
    expect(again.statusCode).toBe(304);

    // A kept scheme needs no hint; a language the build did not draw gets the shell, as a session does.
    const kept = await get('/auth/register', { 'accept-encoding': 'identity', cookie: 'pc_scheme=light' });
    expect(decoded(kept).equals(file(GUEST_COPY))).toBe(true);
    expect(kept.headers['critical-ch']).toBeUndefined();
    for (const headers of [{ 'accept-language': 'de' }, { cookie: 'pc_session=token' }] as Record<string, string>[]) {
      const page = await get('/auth/register', { 'accept-encoding': 'identity', ...headers });
      expect(decoded(page).equals(file('index.html')), JSON.stringify(headers)).toBe(true);
      expect(page.headers.vary).toBe('cookie, accept-language, sec-ch-prefers-color-scheme, accept-encoding');
    }
    // The copies are not files of their own address.
    expect((await get(`/${GUEST_COPY}`, { 'accept-encoding': 'identity' })).headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(await get(`/${GUEST_COPY}`, { 'accept-encoding': 'identity' })).equals(file('index.html'))).toBe(true);
  });

  it('keep the operator API out of the console’s pages: /operator/v1 answers as an API, other paths stay the partner app’s', async () => {
    const api = await get('/operator/v1/no-such-call', { 'accept-encoding': 'identity' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    expect(api.headers['cache-control']).toBe('no-store');
    for (const url of ['/operators', '/auth/login', '/app/fd1/operator']) {
      const page = await get(url, { 'accept-encoding': 'identity' });
      expect(decoded(page).equals(file('index.html')), url).toBe(true);
    }
  });

  it('decide the Cache-Control by the file name: hashed assets for good, everything else revalidated', () => {
    expect(cacheControlOf('assets/framework-CSlbWpya.js')).toBe(IMMUTABLE);
    expect(cacheControlOf('assets/AutoLoginPage--9bVHnT6.js.br')).toBe(IMMUTABLE);
    expect(cacheControlOf('assets/index-Jkl012.css')).toBe(REVALIDATE);
    expect(cacheControlOf('index.html')).toBe(REVALIDATE);
    expect(cacheControlOf('operator.html.gz')).toBe(REVALIDATE);
    expect(cacheControlOf('favicon.svg')).toBe(REVALIDATE);
    expect(cacheControlOf('assets-Abcdefgh.js')).toBe(REVALIDATE);
  });
});

describe('API answers', () => {
  it('are compressed on the fly above the threshold, by Accept-Encoding, and never stored', async () => {
    const { cookie } = await signedUpPartner(app);
    const url = '/api/product/settings';
    const plain = await get(url, { cookie });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['cache-control']).toBe('no-store');

    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await get(url, { cookie, 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      if (encoding) {
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      }
      // Compressed once: decoding once gives the very answer, not another layer of compression.
      expect(JSON.parse(decoded(res).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('kept by the read cache are compressed the same, whether computed or served from it', async () => {
    const partner = await signedInPartner(t, 'kept@partner.test', ['fd1']);
    const days = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10));
    await insertRows(t, 'ingest_daily', days.map((day, i) => daily(partner.id, 'fd1', day, { downloads: 10 + i, download_earned_micro: 1000 * (i + 1) })));
    const query = { app: 'fd1', date_from: '2026-10-01' };
    const plain = await partner.get('/earnings/stat', query);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    // The first read above was computed and kept; these two are served from the cache, which holds the answer
    // as written, and compressed on their way out.
    const lookups = vi.spyOn(app.answerCache!, 'get');
    for (const accept of ['br', 'gzip']) {
      const res = await partner.get('/earnings/stat', query, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(decoded(res).equals(plain.rawPayload)).toBe(true);
    }
    expect(lookups.mock.results.map((r) => r.value !== undefined)).toEqual([true, true]);
    // And an answer computed for a browser that accepts Brotli is kept as written, not compressed.
    await insertRows(t, 'ingest_daily', [daily(partner.id, 'fd1', '2026-11-15', { downloads: 1, download_earned_micro: 1 })]);
    const computed = await partner.get('/earnings/stat', query, { 'accept-encoding': 'br' });
    const kept = await partner.get('/earnings/stat', query);
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(decoded(computed).equals(kept.rawPayload)).toBe(true);
  });

  it('below the threshold go out as they are', async () => {
    const res = await get('/api/langs', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().langs.length).toBe(9);
  });

  it('keep errors in their shape, and no-store', async () => {
    const res = await get('/api/user', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(decoded(res).toString('utf8')).code).toBeTypeOf('string');
  });
});
