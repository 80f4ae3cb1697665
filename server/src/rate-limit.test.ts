import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_RATE_LIMIT, buildApp } from './app.ts';
import { createMailer } from './mail/mailer.ts';
import { createTestDatabase, manualClock, testConfig } from './test/harness.ts';
import type { Database } from './db/client.ts';
import { SIGN_IN_RATE_LIMIT } from './plumbing/rate-limits.ts';
import { signedUpPartner } from './modules/auth/testing.ts';

/** A built web app of its own: the entry, a page chunk, a locale chunk, the favicon and index.html. */
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'pc-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Partner Cabinet</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets/index-Abc123.js'), 'console.log("entry")');
  writeFileSync(join(webDist, 'assets/DashboardPage-Def456.js'), 'export default 1');
  writeFileSync(join(webDist, 'assets/common-Ghi789.js'), 'export default {}');
  writeFileSync(join(webDist, 'assets/index-Jkl012.css'), 'body{}');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

let app: FastifyInstance;
let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp(
    { config, database, clock: manualClock(), mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) },
    { logger: false, webDist },
  );
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await database.close();
});

const IP = '198.51.100.20';
const get = (url: string, cookie?: string, ip = IP) => app.inject({ url, headers: cookie ? { cookie } : {}, remoteAddress: ip });
const login = (ip = IP, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: cookie ? { cookie } : {},
    payload: { email: 'someone@example.com', password: 'guess' },
    remoteAddress: ip,
  });

describe('rate limits', () => {
  it('never limit static files and the app pages (index.html for app routes)', async () => {
    const urls = [
      '/assets/index-Abc123.js',
      '/assets/DashboardPage-Def456.js',
      '/assets/common-Ghi789.js',
      '/assets/index-Jkl012.css',
      '/favicon.svg',
      '/dashboard',
      '/app/fd1/statistics',
      '/',
    ];
    // More than any API limit, from one address, in a row.
    const count = Math.max(API_RATE_LIMIT.signedInReads, API_RATE_LIMIT.perIp) + 100;
    const statuses = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const res = await get(urls[i % urls.length]!);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: count });
    // The history fallback is the app's page; a build file that is not there (an older deployment's) is a 404.
    const page = await get('/payouts');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root">');
    expect((await get('/assets/DashboardPage-Old000.js')).statusCode).toBe(404);
  });

  it("do not refuse a signed-in partner's burst of API reads, and count them per account", async () => {
    const { cookie } = await signedUpPartner(app, 'burst@example.com');
    const screens = ['/api/user', '/api/langs', '/api/user', '/api/payouts/user/hold-info'];
    const refused: number[] = [];
    for (let i = 0; i < 150; i++) {
      const res = await get(screens[i % screens.length]!, cookie);
      if (res.statusCode === 429) refused.push(i);
      else expect(res.statusCode, res.body).toBe(200);
    }
    expect(refused).toEqual([]);
    // Up to the account's limit, then refused...
    for (let i = 150; i < API_RATE_LIMIT.signedInReads; i++) expect((await get('/api/langs', cookie)).statusCode).toBe(200);
    expect((await get('/api/user', cookie)).statusCode).toBe(429);
    // ...while the address's own budget (guests, other partners behind it, writes) is untouched.
    expect((await get('/api/langs')).statusCode).toBe(200);
    expect((await get('/api/user', undefined, '203.0.113.9')).statusCode).toBe(401);
  });

  it('still limit guests per address', async () => {
    for (let i = 0; i < API_RATE_LIMIT.perIp; i++) expect((await get('/api/langs')).statusCode).toBe(200);
    const limited = await get('/api/langs');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await get('/api/langs', undefined, '198.51.100.21')).statusCode).toBe(200);
    // Pages and files stay reachable for the limited address.
    expect((await get('/dashboard')).statusCode).toBe(200);
    expect((await get('/assets/index-Abc123.js')).statusCode).toBe(200);
  });

  it('keep the sign-in brute-force limit per address, for guests and signed-in partners alike', async () => {
    const { cookie } = await signedUpPartner(app, 'signed-in@example.com');
    // A partner's reads do not lift the sign-in limit.
    for (let i = 0; i < 50; i++) expect((await get('/api/user', cookie)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) statuses.push((await login(IP, i % 2 ? cookie : undefined)).statusCode);
    expect(statuses.every((s) => s === 422)).toBe(true);
    expect((await login()).statusCode).toBe(429);
    expect((await login(IP, cookie)).statusCode).toBe(429);
    expect((await login('198.51.100.22')).statusCode).toBe(422);
  });
});
