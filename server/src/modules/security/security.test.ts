import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { partnerApiHooks } from '../../app/api-scope.ts';
import type { AppContext } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestDatabase, manualClock, testConfig } from '../../test/harness.ts';
import { signedUpPartner } from '../auth/testing.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { SECURITY_CHECK_VALID_MS } from '../../plumbing/session/security-guard.ts';
import { SECURITY_CHECK_ACCOUNT_FAILURE_LIMIT, SECURITY_CHECK_FAILURE_LIMIT, SECURITY_CHECK_WINDOW_MS } from '../../plumbing/session/security-attempts.ts';
import { hashToken } from '../../plumbing/session/service.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';

/** The whole app with two test-only routes behind the guards, to see them answer and let through. */
async function guardedApp() {
  const database = await createTestDatabase();
  const config = testConfig();
  const clock = manualClock();
  const ctx: AppContext = { config, database, clock, mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) };
  const app = await buildApp(ctx, { logger: false });
  // Beside the partner API, under its hooks (session, cross-site check, limits).
  app.register(async (api) => {
    await api.register(partnerApiHooks);
    api.post('/api/test/money', { preHandler: app.requireSecurityCode }, async () => ({ done: true }));
    api.post('/api/test/account', { preHandler: app.requireSecurityPassword }, async () => ({ done: true }));
  });
  await app.ready();
  return { app, ctx, clock, close: async () => (await app.close(), await database.close()) };
}

let t: Awaited<ReturnType<typeof guardedApp>>;
let app: FastifyInstance;
let cookie: string;
let userId: number;
let password: string;
const CODE = 'blue-42';
const DAY = 24 * 3600 * 1000;

beforeEach(async () => {
  t = await guardedApp();
  app = t.app;
  const partner = await signedUpPartner(app);
  cookie = partner.cookie;
  userId = partner.user.id;
  password = partner.password;
});
afterEach(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const info = async (mode: string, c = cookie) => {
  const res = await app.inject({ url: `/api/security/info/${mode}`, headers: { cookie: c } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const checkCode = (code: string, c = cookie) => app.inject({ method: 'POST', url: '/api/security/check-code', payload: { code }, headers: { cookie: c } });
const checkPassword = (payload: Record<string, string>, c = cookie) =>
  app.inject({ method: 'POST', url: '/api/security/check-password', payload, headers: { cookie: c } });
const protectedCall = (what: 'money' | 'account', c = cookie) => app.inject({ method: 'POST', url: `/api/test/${what}`, headers: { cookie: c } });
/** Sets the partner's code directly: the settings tests cover setting it through the screen. */
const setCode = async (changedAt: Date | null = null) =>
  db().update(users).set({ securityCodeHash: await hashPassword(CODE), securityCodeChangedAt: changedAt }).where(eq(users.id, userId));
/** Moves the clock and keeps this test's sessions from running idle meanwhile (they would after 7 days). */
const setClockKeepingSessions = async (iso: string) => {
  t.clock.set(iso);
  await db().update(sessions).set({ lastSeenAt: t.clock.now() }).where(eq(sessions.userId, userId));
};
const sessionRow = async (c = cookie) =>
  (await db().select().from(sessions).where(eq(sessions.idHash, hashToken(c.split('=')[1]!))))[0]!;

describe('GET /security/info/{mode}', () => {
  it('without a code: only the password is asked, in password and both modes', async () => {
    const none = { is_allowed: true, code_created_at: null, will_be_allowed_at: null, ask_code: false };
    expect(await info('both')).toEqual({ ...none, ask_password: true });
    expect(await info('code')).toEqual({ ...none, ask_password: false });
    expect(await info('password')).toEqual({ ...none, ask_password: true });
  });

  it('with a code set the first time: asked in code and both modes, nothing frozen', async () => {
    await setCode();
    const base = { is_allowed: true, code_created_at: null, will_be_allowed_at: null };
    expect(await info('both')).toEqual({ ...base, ask_code: true, ask_password: true });
    expect(await info('code')).toEqual({ ...base, ask_code: true, ask_password: false });
    expect(await info('password')).toEqual({ ...base, ask_code: false, ask_password: true });
  });

  it('a passed check is not asked again for 5 minutes in the same session, and is asked in another session', async () => {
    await setCode();
    expect((await checkCode(CODE)).json()).toEqual({ success: true });
    expect((await checkPassword({ password, captcha: await solveCaptcha(app) })).json()).toEqual({ success: true });
    expect(await info('both')).toMatchObject({ ask_code: false, ask_password: false });
    const other = await sessionCookie(t.ctx.database, userId, t.clock.now());
    expect(await info('both', other)).toMatchObject({ ask_code: true, ask_password: true });
    t.clock.advance(SECURITY_CHECK_VALID_MS - 1000);
    expect(await info('both')).toMatchObject({ ask_code: false, ask_password: false });
    t.clock.advance(1000);
    expect(await info('both')).toMatchObject({ ask_code: true, ask_password: true });
  });

  it('after a code change: not allowed for 15 days, with the changed and allowed dates', async () => {
    const changed = new Date(t.clock.now().getTime() - DAY);
    await setCode(changed);
    const allowed = new Date(changed.getTime() + 15 * DAY).toISOString();
    for (const mode of ['both', 'code', 'password'])
      expect(await info(mode)).toMatchObject({ is_allowed: false, code_created_at: changed.toISOString(), will_be_allowed_at: allowed });
    await setClockKeepingSessions(allowed);
    expect(await info('code')).toEqual({
      is_allowed: true,
      ask_code: true,
      ask_password: false,
      code_created_at: changed.toISOString(),
      will_be_allowed_at: null,
    });
  });

  it('needs a session and a known mode', async () => {
    expect((await app.inject({ url: '/api/security/info/both' })).statusCode).toBe(401);
    const res = await app.inject({ url: '/api/security/info/all', headers: { cookie } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('POST /security/check-code', () => {
  it('a right code passes the check in this session; wrong and empty codes answer 422 on code', async () => {
    await setCode();
    for (const code of ['', '   ', 'blue-43']) {
      const res = await checkCode(code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { code: ['Incorrect security code'] } });
    }
    expect((await sessionRow()).codeCheckedAt).toBeNull();
    // Surrounding white space is not part of a code (the dialog trims it too).
    const res = await checkCode(` ${CODE} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await sessionRow()).toMatchObject({ codeCheckedAt: t.clock.now(), securityFailures: 1 });
  });

  it('without a code set there is nothing to check: success, and nothing is recorded', async () => {
    expect((await checkCode('anything')).json()).toEqual({ success: true });
    expect(await sessionRow()).toMatchObject({ codeCheckedAt: null, securityFailures: 0 });
  });

  it('accepts a form-encoded post, as the web app sends it', async () => {
    await setCode();
    const res = await app.inject({
      method: 'POST',
      url: '/api/security/check-code',
      payload: `code=${encodeURIComponent(CODE)}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('after 5 wrong codes within 15 minutes the session answers 429 until 15 minutes pass; other sessions are not affected', async () => {
    await setCode();
    for (let i = 0; i < SECURITY_CHECK_FAILURE_LIMIT; i++) {
      expect((await checkCode(`wrong-${i}`)).statusCode).toBe(422);
      t.clock.advance(60_000);
    }
    const limited = await checkCode(CODE);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: 'Too many wrong attempts. Please try again in 14 minutes.' });
    expect(limited.headers['retry-after']).toBe(String(SECURITY_CHECK_WINDOW_MS / 1000 - 60));
    expect((await sessionRow()).codeCheckedAt).toBeNull();

    const other = await sessionCookie(t.ctx.database, userId, t.clock.now());
    expect((await checkCode(CODE, other)).statusCode).toBe(200);

    t.clock.advance(SECURITY_CHECK_WINDOW_MS - 61_000);
    expect((await checkCode(CODE)).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await checkCode(CODE)).statusCode).toBe(200);
  });

  it('a right code does not wipe the wrong ones before it', async () => {
    await setCode();
    for (let i = 0; i < SECURITY_CHECK_FAILURE_LIMIT - 1; i++) expect((await checkCode('nope')).statusCode).toBe(422);
    expect((await checkCode(CODE)).statusCode).toBe(200);
    expect((await checkCode('nope')).statusCode).toBe(422);
    expect((await checkCode(CODE)).statusCode).toBe(429);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    await setCode();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => checkCode(`guess-${i}`)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(SECURITY_CHECK_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SECURITY_CHECK_FAILURE_LIMIT);
  });

  it('signing in again and again does not buy more guesses than the account limit', async () => {
    await setCode();
    const perSession = SECURITY_CHECK_FAILURE_LIMIT;
    for (let s = 0; s < SECURITY_CHECK_ACCOUNT_FAILURE_LIMIT / perSession; s++) {
      const c = await sessionCookie(t.ctx.database, userId, t.clock.now());
      for (let i = 0; i < perSession; i++) expect((await checkCode('nope', c)).statusCode).toBe(422);
    }
    const fresh = await sessionCookie(t.ctx.database, userId, t.clock.now());
    expect((await checkCode(CODE, fresh)).statusCode).toBe(429);
    t.clock.advance(SECURITY_CHECK_WINDOW_MS);
    expect((await checkCode(CODE, fresh)).statusCode).toBe(200);
  });
});

describe('POST /security/check-password', () => {
  it('with the captcha option on: a missing or wrong captcha, then a wrong password, answer 422 on their field', async () => {
    const missing = await checkPassword({ password });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ captcha: ['Please enter the captcha'] });
    const garbage = await checkPassword({ password, captcha: 'bm90IGEgY2FwdGNoYQ==' });
    expect(garbage.statusCode).toBe(422);
    expect(Object.keys(garbage.json().errors)).toEqual(['captcha']);
    const wrong = await checkPassword({ password: 'not-my-password', captcha: await solveCaptcha(app) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['Wrong password'] });
    expect(await sessionRow()).toMatchObject({ passwordCheckedAt: null, securityFailures: 1 });

    const right = await checkPassword({ password, captcha: await solveCaptcha(app) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ success: true });
    expect((await sessionRow()).passwordCheckedAt).toEqual(t.clock.now());
  });

  it('with the captcha option off no captcha is needed', async () => {
    await db().update(users).set({ captchaEnabled: false }).where(eq(users.id, userId));
    expect((await checkPassword({ password: 'nope' })).json().errors).toEqual({ password: ['Wrong password'] });
    expect((await checkPassword({ password })).json()).toEqual({ success: true });
  });

  it('counts with the code checks against one limit, and refuses at the limit before spending a captcha', async () => {
    await setCode();
    await db().update(users).set({ captchaEnabled: false }).where(eq(users.id, userId));
    for (let i = 0; i < 3; i++) expect((await checkCode('nope')).statusCode).toBe(422);
    for (let i = 0; i < 2; i++) expect((await checkPassword({ password: 'nope' })).statusCode).toBe(422);
    expect((await checkPassword({ password })).statusCode).toBe(429);
    await db().update(users).set({ captchaEnabled: true }).where(eq(users.id, userId));
    // A garbage captcha is not even looked at: the session is at its limit.
    expect((await checkPassword({ password, captcha: 'bm90IGEgY2FwdGNoYQ==' })).statusCode).toBe(429);
  });

  it('an empty password answers 422 on password without counting', async () => {
    const res = await checkPassword({ password: '', captcha: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['Enter your account password'] });
    expect((await sessionRow()).securityFailures).toBe(0);
  });
});

describe('the guards', () => {
  it('a protected money call asks for the code, passes after the check, and asks again after 5 minutes', async () => {
    expect((await protectedCall('money')).statusCode).toBe(200);
    await setCode();
    const asked = await protectedCall('money');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ code: 'need_security_code', message: 'Enter your security code to continue.' });
    expect((await checkCode(CODE)).statusCode).toBe(200);
    expect((await protectedCall('money')).json()).toEqual({ done: true });
    t.clock.advance(SECURITY_CHECK_VALID_MS);
    expect((await protectedCall('money')).json().code).toBe('need_security_code');
  });

  it('an account change asks for the password and passes after the check', async () => {
    const asked = await protectedCall('account');
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe('need_security_password');
    expect((await checkPassword({ password, captcha: await solveCaptcha(app) })).statusCode).toBe(200);
    expect((await protectedCall('account')).json()).toEqual({ done: true });
  });

  it('inside the freeze a money call answers operations_are_frozen with both dates, even after a right code', async () => {
    const changed = t.clock.now();
    await setCode(changed);
    expect((await checkCode(CODE)).statusCode).toBe(200);
    const frozen = await protectedCall('money');
    expect(frozen.statusCode).toBe(403);
    const allowed = new Date(changed.getTime() + 15 * DAY).toISOString();
    expect(frozen.json()).toMatchObject({ code: 'operations_are_frozen', changed_at: changed.toISOString(), allowed_at: allowed });
    await setClockKeepingSessions(allowed);
    expect((await protectedCall('money')).json().code).toBe('need_security_code');
    expect((await checkCode(CODE)).statusCode).toBe(200);
    expect((await protectedCall('money')).statusCode).toBe(200);
  });

  it('without a session: 401', async () => {
    expect((await protectedCall('money', '')).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/security/check-code', payload: { code: CODE } })).statusCode).toBe(401);
  });
});
