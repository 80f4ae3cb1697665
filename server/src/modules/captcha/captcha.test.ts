import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { CAPTCHA_ALGORITHM, CAPTCHA_COST, CAPTCHA_COUNTER_MAX, CAPTCHA_COUNTER_MIN, CAPTCHA_TTL_MS } from '../../plumbing/captcha/service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const restoreAccessRequest = (captcha: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/restore-access/request',
    headers: { 'x-localization': lang },
    payload: { email: 'nobody@example.com', captcha },
  });

async function spentCount() {
  const [row] = await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from spent_captchas`);
  return row!.n;
}

describe('GET /api/captcha', () => {
  it('answers a signed ALTCHA v2 challenge in the shape the widget v3 fetches, not cached', async () => {
    const res = await t.app.inject('/api/captcha');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 200, keyLength: 32 });
    expect(body.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(body.parameters.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(body.parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);
    expect(body.parameters.data.exp).toBe(Math.floor((t.clock.now().getTime() + CAPTCHA_TTL_MS) / 1000));
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('asks a bounded amount of work: its counter times the cost, at most 400,000 PBKDF2 iterations', async () => {
    // The work is what keeps it quick for a partner (about 0.1 s on one server core, a second or two in a
    // browser); the solver found the counter the server hid, within the range the server draws it from.
    const solved = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString('utf8'));
    expect(solved.challenge.parameters).toMatchObject({ algorithm: CAPTCHA_ALGORITHM, cost: CAPTCHA_COST });
    expect(solved.solution.counter).toBeGreaterThanOrEqual(CAPTCHA_COUNTER_MIN);
    expect(solved.solution.counter).toBeLessThanOrEqual(CAPTCHA_COUNTER_MAX);
    expect(CAPTCHA_COUNTER_MAX * CAPTCHA_COST).toBeLessThanOrEqual(400_000);
  });
});

describe('captcha verification', () => {
  it('accepts a real solution once and refuses it the second time', async () => {
    const captcha = await solveCaptcha(t.app);
    const first = await restoreAccessRequest(captcha);
    expect(first.statusCode).toBe(200);
    expect(await spentCount()).toBe(1);
    const again = await restoreAccessRequest(captcha);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.captcha).toEqual(['This captcha has already been used. Please pass it again']);
  });

  it('refuses an expired solution, by the application clock', async () => {
    const captcha = await solveCaptcha(t.app);
    t.clock.advance(CAPTCHA_TTL_MS + 1000);
    const res = await restoreAccessRequest(captcha);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.captcha).toEqual(['The captcha has expired. Please pass it again']);
    expect(await spentCount()).toBe(0);
  });

  it('refuses garbage, the widget test-mode payload, a tampered challenge, a forged key and a forged signature', async () => {
    const captcha = await solveCaptcha(t.app);
    const decoded = JSON.parse(Buffer.from(captcha, 'base64').toString());
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const cases: unknown[] = [
      'not-base64-json!!',
      enc({ challenge: null, solution: null, test: true }),
      enc({ ...decoded, challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, data: { exp: 9_999_999_999 } } } }),
      enc({ ...decoded, solution: { ...decoded.solution, derivedKey: '00'.repeat(32) } }),
      enc({ ...decoded, challenge: { ...decoded.challenge, signature: 'ab'.repeat(32) } }),
      enc([1, 2, 3]),
    ];
    for (const bad of cases) {
      const res = await restoreAccessRequest(bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.captcha).toEqual(['Please pass the captcha verification']);
    }
    expect(await spentCount()).toBe(0);
    // The untouched solution still works: the failures spent nothing.
    expect((await restoreAccessRequest(captcha)).statusCode).toBe(200);
  });

  it('refuses a missing, empty, oversized or non-string captcha with a localized message', async () => {
    for (const bad of [undefined, '', 'x'.repeat(9000), 42, { a: 1 }]) {
      const res = await restoreAccessRequest(bad, 'de');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.captcha).toHaveLength(1);
    }
    const missing = await restoreAccessRequest(undefined, 'ru');
    expect(missing.json().errors.captcha[0]).toMatch(/Капча/);
  });
});
