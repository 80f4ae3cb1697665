import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../plumbing/session/service.ts';
import { FAILED_LOGIN_LIMIT } from './service.ts';
import { accountTables, cookieOf, mailbox, mailedToken, signedUpPartner } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const EMAIL = 'partner@example.com';
const PASSWORD = 'Tr0ub4dor&3-horse';

async function login(payload: Record<string, unknown>, extra: { lang?: string; ip?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'x-localization': extra.lang ?? 'en' };
  if (extra.cookie) headers.cookie = extra.cookie;
  return t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload, remoteAddress: extra.ip ?? '127.0.0.1' });
}
const withCaptcha = async (email: string, password: string) => ({ email, password, captcha: await solveCaptcha(t.app) });
const me = (cookie?: string) => t.app.inject({ url: '/api/user', headers: cookie ? { cookie } : {} });
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.email, EMAIL)))[0]!;

describe('POST /api/auth/login', () => {
  it('signs in with a fresh HttpOnly, SameSite=Lax session whose id is stored hashed', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    const res = await login(await withCaptcha('  PARTNER@example.com', PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: EMAIL, is_active: true, app_users_id: {} });
    const cookie = res.cookies.find((c) => c.name === 'pc_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = await t.ctx.database.db.select().from(sessions);
    expect(stored.map((s) => s.idHash.toString('base64url'))).not.toContain(cookie.value);
    expect((await me(cookieOf(res))).json().email).toBe(EMAIL);
  });

  it('rotates the session at sign-in: the previous one stops working', async () => {
    const { cookie: first } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    const res = await login(await withCaptcha(EMAIL, PASSWORD), { cookie: first });
    expect(res.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(cookieOf(res))).statusCode).toBe(200);
  });

  it('answers one uniform 422 on the password field for a wrong password and an unknown e-mail', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    const wrong = await login(await withCaptcha(EMAIL, 'not-my-password'));
    const unknown = await login(await withCaptcha('nobody@example.com', PASSWORD));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message: 'Please check the highlighted fields.',
        errors: { password: ['Wrong email or password'] },
      });
      expect(res.cookies).toHaveLength(0);
    }
    const ja = await login(await withCaptcha(EMAIL, 'still-wrong'), { lang: 'ja' });
    expect(ja.json().errors.password).toEqual(['メールアドレスまたはパスワードが正しくありません']);
  });

  it('answers blocked and disabled accounts with their own messages', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.email, EMAIL));
    const disabled = await login(await withCaptcha(EMAIL, PASSWORD));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ code: 'forbidden', reason: 'account_disabled', message: 'This account is disabled. Please contact support.' });
    await t.ctx.database.db.update(users).set({ isActive: true, blockedAt: t.clock.now() }).where(eq(users.email, EMAIL));
    const blocked = await login(await withCaptcha(EMAIL, PASSWORD), { lang: 'tr' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'forbidden', reason: 'account_blocked' });
    expect(blocked.json().message).toMatch(/engellendi/);
  });

  it(`blocks password sign-in at the ${FAILED_LOGIN_LIMIT}th consecutive failure and mails an unblock link that works once`, async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    // A success resets the counter.
    for (let i = 0; i < 5; i++) expect((await login(await withCaptcha(EMAIL, `wrong-${i}`))).statusCode).toBe(422);
    expect((await userRow()).failedLogins).toBe(5);
    expect((await login(await withCaptcha(EMAIL, PASSWORD))).statusCode).toBe(200);
    expect((await userRow()).failedLogins).toBe(0);

    for (let i = 1; i < FAILED_LOGIN_LIMIT; i++) {
      const res = await login(await withCaptcha(EMAIL, `wrong-${i}`), { ip: `10.1.0.${i}` });
      expect(res.statusCode, `attempt ${i}`).toBe(422);
    }
    expect((await userRow()).blockedAt).toBeNull();
    // The tenth blocks the account, but answers as a wrong password: only the owner learns of the block (by mail,
    // and from the form once the right password is given).
    const tenth = await login(await withCaptcha(EMAIL, 'wrong-10'), { ip: '10.1.0.10' });
    expect(tenth.statusCode).toBe(422);
    expect((await userRow()).blockedAt).toEqual(t.clock.now());
    const stranger = await login(await withCaptcha(EMAIL, 'wrong-11'), { ip: '10.1.0.11' });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.password).toEqual(['Wrong email or password']);

    // Now even the right password is refused, saying why, and nothing more is mailed.
    const right = await login(await withCaptcha(EMAIL, PASSWORD));
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'forbidden', reason: 'account_blocked' });
    const mails = (await mailbox(t.app, EMAIL)).filter((m) => m.subject === 'Your account has been blocked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/restore-access\/[A-Za-z0-9_-]{22}$/);

    const token = await mailedToken(t.app, EMAIL, '/auth/restore-access/');
    const unblock = await t.app.inject({ method: 'POST', url: '/api/auth/restore-access', payload: { token } });
    expect(unblock.statusCode).toBe(200);
    expect(unblock.json()).toEqual({ success: true, message: 'Your account is unblocked. You can sign in now.' });
    expect(await userRow()).toMatchObject({ blockedAt: null, failedLogins: 0 });
    expect((await login(await withCaptcha(EMAIL, PASSWORD))).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/restore-access', payload: { token } });
    expect(again.statusCode).toBe(400);
  });

  it('does not block when the partner switched the limit off', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await t.ctx.database.db.update(users).set({ loginLimitEnabled: false }).where(eq(users.email, EMAIL));
    for (let i = 0; i < FAILED_LOGIN_LIMIT + 1; i++) {
      expect((await login(await withCaptcha(EMAIL, `wrong-${i}`), { ip: `10.2.0.${i}` })).statusCode).toBe(422);
    }
    expect((await userRow()).blockedAt).toBeNull();
    expect((await login(await withCaptcha(EMAIL, PASSWORD))).statusCode).toBe(200);
  });

  it('needs a fresh captcha for every attempt', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    const captcha = await solveCaptcha(t.app);
    expect((await login({ email: EMAIL, password: 'wrong-password', captcha })).statusCode).toBe(422);
    const reused = await login({ email: EMAIL, password: PASSWORD, captcha });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ captcha: ['This captcha has already been used. Please pass it again'] });
    // The refused attempt did not count as a failed password.
    expect((await userRow()).failedLogins).toBe(1);
  });

  it('limits sign-in attempts per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login({ email: EMAIL, password: 'x' }, { ip: '192.0.2.7' })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    const limited = await login({ email: EMAIL, password: 'x' }, { ip: '192.0.2.7', lang: 'pt' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: 'Muitas tentativas. Aguarde um momento e tente novamente.' });
    // Another address is not affected.
    expect((await login({ email: EMAIL, password: 'x' }, { ip: '192.0.2.8' })).statusCode).toBe(422);
  });

  it('refuses bad input with 422, a cross-site post with 403, and changes nothing', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    const captcha = await solveCaptcha(t.app);
    const before = await accountTables(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: PASSWORD, captcha }, 'email'],
      [{ email: 'nope', password: PASSWORD, captcha }, 'email'],
      [{ email: EMAIL, captcha }, 'password'],
      [{ email: EMAIL, password: '', captcha }, 'password'],
      [{ email: EMAIL, password: 'x'.repeat(129), captcha }, 'password'],
      [{ email: EMAIL, password: ['a'], captcha }, 'password'],
      [{ email: EMAIL, password: PASSWORD }, 'captcha'],
      [{ email: EMAIL, password: PASSWORD, captcha, remember: true }, 'remember'],
    ];
    for (const [i, [payload, field]] of cases.entries()) {
      const res = await login(payload, { ip: `10.3.0.${i}` });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: EMAIL, password: PASSWORD, captcha },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('cross_site_request');
    expect(await accountTables(t.app)).toBe(before);
  });
});

describe('sessions', () => {
  it('expire after 7 idle days and after 30 days at most', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await me(cookie)).statusCode).toBe(401);

    const second = cookieOf(await login(await withCaptcha(EMAIL, PASSWORD)));
    for (let day = 0; day < 29; day++) {
      t.clock.advance(24 * 3600 * 1000);
      expect((await me(second)).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(SESSION_ABSOLUTE_MS - 29 * 24 * 3600 * 1000);
    expect((await me(second)).statusCode).toBe(401);
  });

  it('POST /api/auth/logout ends the session on the server', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-localization': 'es' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Has cerrado sesión.' });
    expect(res.cookies.find((c) => c.name === 'pc_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    const [{ n }] = (await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from sessions`)) as [{ n: number }];
    expect(n).toBe(0);
    // Without a session it still answers success.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });
});
