import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { accountTables, cookieOf, mailbox, signedUpPartner } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const EMAIL = 'partner@example.com';
const PASSWORD = 'Tr0ub4dor&3-horse';
const NEW_PASSWORD = 'correct-horse-battery-staple';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress: ip });
const requestReset = async (email: string, lang = 'en') =>
  post('/api/auth/restore-password/request', { email, captcha: await solveCaptcha(t.app) }, { 'x-localization': lang });
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.email, EMAIL)))[0]!;

/** The e-mail and token of the newest reset link mailed to an address. */
async function resetLink(to: string) {
  const link = (await mailbox(t.app, to)).flatMap((m) => m.links).find((l) => l.includes('/auth/restore-password/'))!;
  const [email, token] = link.split('/auth/restore-password/')[1]!.split('/');
  return { link, email: decodeURIComponent(email!), token: token! };
}

describe('restore password', () => {
  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    const known = await requestReset(EMAIL);
    const unknown = await requestReset('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe('If an account is registered with this address, we have sent it a password recovery link.');
    expect(await mailbox(t.app, 'ghost@example.com')).toEqual([]);
    const { link } = await resetLink(EMAIL);
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/restore-password\/partner%40example\.com\/[A-Za-z0-9_-]{22}$/);
  });

  it('answers the same for an active, a blocked, a disabled and an unknown address', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    for (const email of ['blocked@example.com', 'disabled@example.com']) await signedUpPartner(t.app, email, PASSWORD);
    await t.ctx.database.db.update(users).set({ blockedAt: t.clock.now(), failedLogins: 10 }).where(eq(users.email, 'blocked@example.com'));
    await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'disabled@example.com'));
    const disabledBefore = (await mailbox(t.app, 'disabled@example.com')).length;
    for (const lang of ['en', 'ja']) {
      const answers = await Promise.all([EMAIL, 'blocked@example.com', 'disabled@example.com', 'ghost@example.com'].map((e) => requestReset(e, lang)));
      for (const res of answers) {
        expect(res.statusCode, lang).toBe(200);
        expect(res.body, lang).toBe(answers[3]!.body);
      }
    }
    // A blocked account may reset its password (that unblocks it too); a disabled one gets nothing.
    expect((await mailbox(t.app, 'blocked@example.com'))[0]!.subject).toBe('Restore your password');
    expect(await mailbox(t.app, 'disabled@example.com')).toHaveLength(disabledBefore);
    expect(await mailbox(t.app, 'ghost@example.com')).toEqual([]);
  });

  it('sets the new password once, ends every session, unblocks, and mails a notice', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    const second = cookieOf(await post('/api/auth/login', { email: EMAIL, password: PASSWORD, captcha: await solveCaptcha(t.app) }));
    // Mail goes out in the partner's own language, whatever the requesting page's language is.
    await t.ctx.database.db.update(users).set({ blockedAt: t.clock.now(), failedLogins: 10, lang: 'ru' }).where(eq(users.email, EMAIL));
    await requestReset(EMAIL, 'en');
    const { email, token } = await resetLink(EMAIL);
    expect((await mailbox(t.app, EMAIL))[0]!.subject).toBe('Восстановление пароля');

    t.clock.advance(30 * 60 * 1000);
    const res = await post('/api/auth/restore-password', { email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been successfully changed!' });
    expect(await userRow()).toMatchObject({ passwordChangedAt: t.clock.now(), blockedAt: null, failedLogins: 0 });
    for (const c of [cookie, second]) expect((await t.app.inject({ url: '/api/user', headers: { cookie: c } })).statusCode).toBe(401);
    expect((await mailbox(t.app, EMAIL))[0]!.subject).toBe('Ваш пароль изменён');

    const oldLogin = await post('/api/auth/login', { email: EMAIL, password: PASSWORD, captcha: await solveCaptcha(t.app) });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await post('/api/auth/login', { email: EMAIL, password: NEW_PASSWORD, captcha: await solveCaptcha(t.app) });
    expect(newLogin.statusCode).toBe(200);

    const reused = await post('/api/auth/restore-password', { email, token, password: 'yet-another-pass-9', password_confirmation: 'yet-another-pass-9' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is no longer active. Request a new one or contact support.');
  });

  it('refuses an expired link, a link for another address and a superseded link, changing nothing', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await signedUpPartner(t.app, 'other@example.com', PASSWORD);
    await requestReset(EMAIL);
    const first = await resetLink(EMAIL);
    await requestReset(EMAIL);
    const second = await resetLink(EMAIL);
    const body = (email: string, token: string) => ({ email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const before = await accountTables(t.app);
    const superseded = await post('/api/auth/restore-password', body(EMAIL, first.token), { 'x-localization': 'de' });
    expect(superseded.statusCode).toBe(400);
    expect(superseded.json().message).toBe('Dieser Link ist nicht mehr gültig. Fordern Sie einen neuen an oder wenden Sie sich an den Support.');
    expect((await post('/api/auth/restore-password', body('other@example.com', second.token))).statusCode).toBe(400);
    expect((await post('/api/auth/restore-password', body(EMAIL, 'Z'.repeat(22)))).statusCode).toBe(400);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await post('/api/auth/restore-password', body(EMAIL, second.token))).statusCode).toBe(400);
    expect(await accountTables(t.app)).toBe(before);
  });

  it('validates the new password and its confirmation', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await requestReset(EMAIL);
    const { token } = await resetLink(EMAIL);
    const before = await accountTables(t.app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: NEW_PASSWORD, password_confirmation: 'different-pass-1' }, 'password_confirmation', 'The passwords do not match'],
      [{ password: 'short', password_confirmation: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ password: 'iloveyou1', password_confirmation: 'iloveyou1' }, 'password', 'This password is too common. Please choose another one'],
      [{ password: NEW_PASSWORD }, 'password_confirmation', 'Password confirmation is required'],
      [{ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, token: undefined }, 'token', 'Token is required'],
      [{ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, email: 'bad' }, 'email', 'The email must be a valid email address'],
      [{ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, extra: 1 }, 'extra', 'Unknown field: extra'],
    ];
    for (const [i, [patch, field, message]] of cases.entries()) {
      const res = await post('/api/auth/restore-password', { email: EMAIL, token, ...patch }, {}, `10.4.0.${i}`);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toContain(message);
    }
    expect(await accountTables(t.app)).toBe(before);
    // The token was not spent by any of those.
    const ok = await post('/api/auth/restore-password', { email: EMAIL, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('needs a captcha for the request', async () => {
    const before = await accountTables(t.app);
    const res = await post('/api/auth/restore-password/request', { email: EMAIL });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.captcha).toEqual(['Captcha is required']);
    const forged = await post('/api/auth/restore-password/request', { email: EMAIL, captcha: 'Zm9yZ2Vk' });
    expect(forged.json().errors.captcha).toEqual(['Please pass the captcha verification']);
    expect(await accountTables(t.app)).toBe(before);
  });
});

describe('restore access', () => {
  const requestAccess = async (email: string, lang = 'en') =>
    post('/api/auth/restore-access/request', { email, captcha: await solveCaptcha(t.app) }, { 'x-localization': lang });

  it('answers the same for an active, a blocked and an unknown address; the mail says what applies', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await signedUpPartner(t.app, 'blocked@example.com', PASSWORD);
    await t.ctx.database.db.update(users).set({ blockedAt: t.clock.now(), failedLogins: 10 }).where(eq(users.email, 'blocked@example.com'));
    const before = { active: (await mailbox(t.app, EMAIL)).length, blocked: (await mailbox(t.app, 'blocked@example.com')).length };

    for (const lang of ['en', 'fr']) {
      const active = await requestAccess(EMAIL, lang);
      const blocked = await requestAccess('blocked@example.com', lang);
      const unknown = await requestAccess('ghost@example.com', lang);
      for (const res of [active, blocked, unknown]) {
        expect(res.statusCode, lang).toBe(200);
        expect(res.headers['content-type'], lang).toBe(unknown.headers['content-type']);
        expect(res.body, lang).toBe(unknown.body);
      }
      if (lang === 'en')
        expect(unknown.json()).toEqual({ success: true, message: 'If an account is registered with this address, we have sent it an email with the next steps.' });
    }

    // The active account is told it needs no restore, with a sign-in link and no unblock link.
    const activeMail = await mailbox(t.app, EMAIL);
    expect(activeMail).toHaveLength(before.active + 2);
    expect(activeMail[0]!.subject).toBe('Your account is active');
    expect(activeMail[0]!.text).toContain('Your account is active and needs no restore');
    expect(activeMail[0]!.links).toEqual(['http://localhost:3000/auth/login']);
    // The blocked one gets an unblock link; the unknown address gets nothing.
    const blockedMail = await mailbox(t.app, 'blocked@example.com');
    expect(blockedMail).toHaveLength(before.blocked + 2);
    expect(blockedMail[0]!.subject).toBe('Unblock your account');
    expect(blockedMail[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/restore-access\/[A-Za-z0-9_-]{22}$/);
    expect(await mailbox(t.app, 'ghost@example.com')).toEqual([]);
  });

  it('mails the active account in its own language, and nothing to a disabled one', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await signedUpPartner(t.app, 'disabled@example.com', PASSWORD);
    await t.ctx.database.db.update(users).set({ lang: 'de' }).where(eq(users.email, EMAIL));
    await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'disabled@example.com'));
    const disabledBefore = (await mailbox(t.app, 'disabled@example.com')).length;
    const active = await requestAccess(EMAIL, 'en');
    const disabled = await requestAccess('disabled@example.com', 'en');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.body).toBe(active.body);
    expect((await mailbox(t.app, EMAIL))[0]!.subject).toBe('Ihr Konto ist aktiv');
    expect(await mailbox(t.app, 'disabled@example.com')).toHaveLength(disabledBefore);
  });

  it('mails a blocked account a fresh unblock link; older links stop working', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await t.ctx.database.db.update(users).set({ blockedAt: t.clock.now(), failedLogins: 10 }).where(eq(users.email, EMAIL));
    expect((await requestAccess(EMAIL)).statusCode).toBe(200);
    const firstLink = (await mailbox(t.app, EMAIL))[0]!;
    expect(firstLink.subject).toBe('Unblock your account');
    const first = firstLink.links[0]!.split('/').pop()!;
    expect((await requestAccess(EMAIL)).statusCode).toBe(200);
    const second = (await mailbox(t.app, EMAIL))[0]!.links[0]!.split('/').pop()!;
    expect(second).not.toBe(first);

    const stale = await post('/api/auth/restore-access', { token: first }, { 'x-localization': 'ar' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await userRow()).blockedAt).not.toBeNull();

    t.clock.advance(23 * 3600 * 1000);
    const ok = await post('/api/auth/restore-access', { token: second });
    expect(ok.statusCode).toBe(200);
    expect(await userRow()).toMatchObject({ blockedAt: null, failedLogins: 0 });
  });

  it('refuses an expired unblock link and bad tokens', async () => {
    await signedUpPartner(t.app, EMAIL, PASSWORD);
    await t.ctx.database.db.update(users).set({ blockedAt: t.clock.now() }).where(eq(users.email, EMAIL));
    await requestAccess(EMAIL);
    const token = (await mailbox(t.app, EMAIL))[0]!.links[0]!.split('/').pop()!;
    t.clock.advance(24 * 3600 * 1000 + 1);
    const before = await accountTables(t.app);
    const expired = await post('/api/auth/restore-access', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'bad_request', message: 'The unblock link is invalid or has expired. Please request a new one.' });
    for (const bad of [{}, { token: '' }, { token: 'bad token with spaces!!' }, { token: 5 }, { token, more: 1 }]) {
      expect((await post('/api/auth/restore-access', bad)).statusCode).toBe(422);
    }
    expect(await accountTables(t.app)).toBe(before);
  });
});
