import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userRecoveryCodes, users } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { FAILED_LOGIN_LIMIT } from './service.ts';
import { PENDING_TTL_MS } from './second-factor.ts';
import { signAutoLoginToken } from './autologin.ts';
import { housekeeping } from '../../jobs/housekeeping.ts';
import { cookieOf, mailbox, signedUpPartner } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const EMAIL = 'partner@example.com';
const PASSWORD = 'Tr0ub4dor&3-horse';
const post = (url: string, payload: Record<string, unknown> | undefined, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-localization': 'en', ...(cookie ? { cookie } : {}) } });
const codeNow = (secret: string, offsetS = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetS });
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.email, EMAIL)))[0]!;
const passwordLogin = async (password = PASSWORD) => post('/api/auth/login', { email: EMAIL, password, captcha: await solveCaptcha(t.app) });

/** A partner with the authenticator on: the session cookie, the secret and the recovery codes. */
async function partnerWithTotp() {
  const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
  const check = await post('/api/security/check-password', { password: PASSWORD, captcha: await solveCaptcha(t.app) }, cookie);
  expect(check.statusCode, check.body).toBe(200);
  const setup = await post('/api/settings/second-factor/totp/setup', undefined, cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url, qr_svg } = setup.json() as { secret: string; otpauth_url: string; qr_svg: string };
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_svg).toContain('<svg');
  const confirm = await post('/api/settings/second-factor/totp/confirm', { code: await codeNow(secret) }, cookie);
  expect(confirm.statusCode, confirm.body).toBe(200);
  const codes = (confirm.json() as { codes: string[] }).codes;
  t.clock.advance(30_000); // the confirming code's step is spent
  return { cookie, secret, codes };
}

describe('turning the authenticator on', () => {
  it('setting it up needs the account password check', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    const without = await post('/api/settings/second-factor/totp/setup', undefined, cookie);
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('need_security_password');
    expect((await userRow()).totpSecret).toBeNull();
  });

  it('turns on with the first code, answers ten codes once (stored hashed, the secret sealed) and mails a notice', async () => {
    const { secret, codes, cookie } = await partnerWithTotp();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const row = await userRow();
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    const stored = await t.ctx.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, row.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    const status = await t.app.inject({ url: '/api/settings/second-factor', headers: { cookie } });
    expect(status.json()).toMatchObject({ totp: { enabled: true, recovery_codes_left: 10 }, passkeys: [] });
    expect((await mailbox(t.app, EMAIL)).map((m) => m.subject)).toContain('Two-step sign-in is on');
    const again = await post('/api/settings/second-factor/totp/setup', undefined, cookie);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a wrong first code without turning anything on', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    await post('/api/security/check-password', { password: PASSWORD, captcha: await solveCaptcha(t.app) }, cookie);
    const setup = (await post('/api/settings/second-factor/totp/setup', undefined, cookie)).json() as { secret: string };
    const right = await codeNow(setup.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await post('/api/settings/second-factor/totp/confirm', { code: wrong }, cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['Wrong code'] });
    expect((await userRow()).totpEnabledAt).toBeNull();
  });

  it('answers 401 before reading the body when signed out', async () => {
    for (const url of ['/api/settings/second-factor/totp/confirm', '/api/settings/second-factor/totp/disable', '/api/settings/second-factor/recovery-codes']) {
      const res = await post(url, { nonsense: 1 });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('sign-in with the authenticator', () => {
  it('asks for the second factor after the right password, with no session, then signs in with a code', async () => {
    const { secret } = await partnerWithTotp();
    const first = await passwordLogin();
    expect(first.statusCode).toBe(200);
    const { second_factor } = first.json() as { second_factor: { token: string; methods: string[]; expires_at: string } };
    expect(second_factor.methods).toEqual(['totp']);
    expect(first.cookies.find((c) => c.name === 'pc_session')).toBeUndefined();

    const done = await post('/api/auth/login/second-factor', { token: second_factor.token, code: await codeNow(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: EMAIL });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: cookieOf(done) } })).statusCode).toBe(200);

    // The pending token is single-use.
    const reuse = await post('/api/auth/login/second-factor', { token: second_factor.token, code: await codeNow(secret, 30) });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().reason).toBe('second_factor_expired');
  });

  it('accepts a code once: the same code cannot sign in twice within its window', async () => {
    const { secret } = await partnerWithTotp();
    const code = await codeNow(secret);
    const a = (await passwordLogin()).json().second_factor.token as string;
    const b = (await passwordLogin()).json().second_factor.token as string;
    expect((await post('/api/auth/login/second-factor', { token: a, code })).statusCode).toBe(200);
    const replay = await post('/api/auth/login/second-factor', { token: b, code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: ['Wrong code'] });
  });

  it('a pending token expires after a few minutes', async () => {
    const { secret } = await partnerWithTotp();
    const token = (await passwordLogin()).json().second_factor.token as string;
    t.clock.advance(PENDING_TTL_MS + 1000);
    const late = await post('/api/auth/login/second-factor', { token, code: await codeNow(secret) });
    expect(late.statusCode).toBe(400);
    expect(late.json().reason).toBe('second_factor_expired');
  });

  it('a recovery code works exactly once', async () => {
    const { codes } = await partnerWithTotp();
    const one = (await passwordLogin()).json().second_factor.token as string;
    const ok = await post('/api/auth/login/second-factor', { token: one, recovery_code: codes[3]!.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const two = (await passwordLogin()).json().second_factor.token as string;
    const again = await post('/api/auth/login/second-factor', { token: two, recovery_code: codes[3] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ recovery_code: ['Wrong code'] });
  });

  it('wrong codes count toward the sign-in failure limit and block the account as wrong passwords do', async () => {
    const { secret } = await partnerWithTotp();
    const right = await codeNow(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    // Wrong passwords and wrong codes share the count; the right password does not clear it.
    expect((await passwordLogin('not-my-password')).statusCode).toBe(422);
    let token = (await passwordLogin()).json().second_factor.token as string;
    for (let i = 2; i < FAILED_LOGIN_LIMIT; i++) {
      const res = await post('/api/auth/login/second-factor', { token, code: wrong });
      expect(res.statusCode).toBe(422);
      token = (await passwordLogin()).json().second_factor.token as string;
    }
    expect((await userRow()).failedLogins).toBe(FAILED_LOGIN_LIMIT - 1);
    const last = await post('/api/auth/login/second-factor', { token, code: wrong });
    expect(last.statusCode).toBe(422);
    expect((await userRow()).blockedAt).not.toBeNull();
    expect((await mailbox(t.app, EMAIL)).map((m) => m.links.join(' ')).join(' ')).toContain('/auth/restore-access/');
    // Blocked: even the right code does not sign in, and the password step names the block.
    const blocked = await post('/api/auth/login/second-factor', { token, code: right });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().reason).toBe('account_blocked');
    expect((await passwordLogin()).json().reason).toBe('account_blocked');
  });

  it('a right second factor clears the failure count', async () => {
    const { secret } = await partnerWithTotp();
    await passwordLogin('not-my-password');
    const token = (await passwordLogin()).json().second_factor.token as string;
    expect((await userRow()).failedLogins).toBe(1);
    expect((await post('/api/auth/login/second-factor', { token, code: await codeNow(secret) })).statusCode).toBe(200);
    expect((await userRow()).failedLogins).toBe(0);
  });

  it('an auto-login link from a file host does not bypass it: the same pending step follows', async () => {
    const { cookie, secret } = await partnerWithTotp();
    const fd1Id = (await post('/api/activate-program', { pid: 'fd1' }, cookie)).json().user_id as number;
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    const token = signAutoLoginToken(t.ctx.config.AUTOLOGIN_SECRET_FD1, { iss: 'fd1', aud: 'partner-cabinet', sub: fd1Id, iat, exp: iat + 60 } as never);
    const res = await post('/api/auth/auto-login/from', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'pc_session')).toBeUndefined();
    const pending = res.json().second_factor.token as string;
    const done = await post('/api/auth/login/second-factor', { token: pending, code: await codeNow(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: EMAIL, app_users_id: { fd1: fd1Id } });
  });

  it('a partner without a second factor signs in with the password alone, as before', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    const res = await passwordLogin();
    expect(res.json()).toMatchObject({ email: EMAIL });
    expect(res.cookies.find((c) => c.name === 'pc_session')).toBeDefined();
  });
});

describe('turning off and new recovery codes', () => {
  it('turning off needs the password and a current code, then starts the payout cooling-off window', async () => {
    const { cookie, secret } = await partnerWithTotp();
    const wrongPassword = await post('/api/settings/second-factor/totp/disable', { password: 'nope-nope', code: await codeNow(secret) }, cookie);
    expect(wrongPassword.statusCode).toBe(422);
    expect(Object.keys(wrongPassword.json().errors)).toEqual(['password']);
    const noCode = await post('/api/settings/second-factor/totp/disable', { password: PASSWORD }, cookie);
    expect(noCode.statusCode).toBe(422);
    const off = await post('/api/settings/second-factor/totp/disable', { password: PASSWORD, code: await codeNow(secret) }, cookie);
    expect(off.statusCode, off.body).toBe(200);
    const row = await userRow();
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecret).toBeNull();
    expect(row.payoutCoolingReason).toBe('second_factor_off');
    expect(row.payoutCoolingUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const [left] = await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from user_recovery_codes where user_id = ${row.id}`);
    expect(left!.n).toBe(0);
    expect((await passwordLogin()).json()).toMatchObject({ email: EMAIL });
  });

  it('new recovery codes replace the old ones (a recovery code proves the owner too)', async () => {
    const { cookie, codes } = await partnerWithTotp();
    const res = await post('/api/settings/second-factor/recovery-codes', { password: PASSWORD, recovery_code: codes[0] }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (res.json() as { codes: string[] }).codes;
    expect(fresh).toHaveLength(10);
    const token = (await passwordLogin()).json().second_factor.token as string;
    expect((await post('/api/auth/login/second-factor', { token, recovery_code: codes[1] })).statusCode).toBe(422);
    const token2 = (await passwordLogin()).json().second_factor.token as string;
    expect((await post('/api/auth/login/second-factor', { token: token2, recovery_code: fresh[1] })).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('deletes pending sign-in steps a day after they expired, and keeps the live ones', async () => {
    await partnerWithTotp();
    await passwordLogin();
    t.clock.advance(25 * 3600 * 1000);
    await passwordLogin();
    const count = async () => (await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from sign_in_pending`))[0]!.n;
    expect(await count()).toBe(2);
    await housekeeping(t.ctx.database, t.clock.now());
    expect(await count()).toBe(1);
  });
});
