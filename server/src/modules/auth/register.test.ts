import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { accountTables, mailbox, mailedToken, signedUpPartner } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'Tr0ub4dor&3-horse';
const register = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', headers, payload });
const confirm = (token: unknown, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-registration', headers: { 'x-localization': lang }, payload: { token } });
const userRow = async (email: string) => (await t.ctx.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/register', () => {
  it('creates an unconfirmed account, mails a localized confirmation link, and the link activates it', async () => {
    const res = await register(
      { email: ' New.Partner@Example.com ', password: PASSWORD, agree: true, newsletter: true, captcha: await solveCaptcha(t.app), lang: 'de' },
      { 'x-localization': 'de' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.stringContaining('E-Mail') });
    const user = await userRow('new.partner@example.com');
    expect(user).toMatchObject({ lang: 'de', newsletter: true, confirmedAt: null, isActive: true, referredBy: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);

    const [mail] = await mailbox(t.app, 'new.partner@example.com');
    expect(mail!.subject).toBe('Bestätigen Sie Ihre Registrierung');
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/confirm-registration\/[A-Za-z0-9_-]{22}$/);
    expect(mail!.text).toContain(mail!.links[0]);

    // Signing in before confirmation answers its own message.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.partner@example.com', password: PASSWORD, captcha: await solveCaptcha(t.app) },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'forbidden', reason: 'account_not_confirmed' });

    const token = mail!.links[0]!.split('/').pop()!;
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Your account is activated. Please sign in.' });
    expect((await userRow('new.partner@example.com'))!.confirmedAt).toEqual(t.clock.now());

    const used = await confirm(token, 'fr');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'bad_request', reason: 'used' });
    expect(used.json().message).toMatch(/déjà été utilisé/);
  });

  it('answers an expired and an unknown link each with its own message', async () => {
    await register({ email: 'late@example.com', password: PASSWORD, agree: 'on', captcha: await solveCaptcha(t.app) });
    const token = await mailedToken(t.app, 'late@example.com', '/auth/confirm-registration/');
    t.clock.advance(3 * 24 * 3600 * 1000 + 1);
    const before = await accountTables(t.app);
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'bad_request',
      reason: 'expired',
      message: 'The verification link has expired. Register again with the same email address to receive a new one.',
    });
    const unknown = await confirm('A'.repeat(22));
    expect(unknown.json()).toEqual({ code: 'bad_request', reason: 'invalid', message: 'This link is invalid. Please contact the administrator.' });
    expect(await accountTables(t.app)).toBe(before);

    // Registering again mails a fresh link to the unconfirmed account, with the same answer.
    const again = await register({ email: 'late@example.com', password: PASSWORD, agree: true, captcha: await solveCaptcha(t.app) });
    expect(again.statusCode).toBe(200);
    const fresh = await mailedToken(t.app, 'late@example.com', '/auth/confirm-registration/');
    expect(fresh).not.toBe(token);
    expect((await confirm(fresh)).statusCode).toBe(200);
  });

  it('does not reveal an existing address: same answer, no second account, the owner is told by mail', async () => {
    const { user } = await signedUpPartner(t.app, 'owner@example.com');
    const res = await register({ email: 'OWNER@example.com', password: 'another-Passw0rd!', agree: true, captcha: await solveCaptcha(t.app) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'We have sent you an email with a confirmation link. Follow it to activate your account.',
    });
    const rows = await t.ctx.database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(user.id);
    const [latest] = await mailbox(t.app, 'owner@example.com');
    expect(latest!.subject).toBe('Someone tried to register with your address');
    // The old password still works.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.com', password: PASSWORD, captcha: await solveCaptcha(t.app) },
    });
    expect(login.statusCode).toBe(200);
  });

  it('records the inviting partner and ignores an unknown one', async () => {
    const { user: inviter } = await signedUpPartner(t.app, 'inviter@example.com');
    await register({ email: 'invited@example.com', password: PASSWORD, agree: true, ref: String(inviter.id), captcha: await solveCaptcha(t.app) });
    expect((await userRow('invited@example.com'))!.referredBy).toBe(inviter.id);
    await register({ email: 'stray@example.com', password: PASSWORD, agree: true, ref: 999_999, captcha: await solveCaptcha(t.app) });
    expect((await userRow('stray@example.com'))!.referredBy).toBeNull();
  });

  it('accepts a form-encoded post as the web app sends it', async () => {
    const captcha = await solveCaptcha(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // Optional fields left blank arrive as empty strings.
      payload: new URLSearchParams({ email: 'form@example.com', password: PASSWORD, agree: '1', newsletter: '0', ref: '', lang: '', captcha }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow('form@example.com'))!.newsletter).toBe(false);
  });

  it('refuses bad input with 422 and field messages, changing nothing', async () => {
    const captcha = await solveCaptcha(t.app);
    const good = { email: 'x@example.com', password: PASSWORD, agree: true, captcha };
    const before = await accountTables(t.app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...good, email: undefined }, 'email', 'Email is required'],
      [{ ...good, email: 'not-an-address' }, 'email', 'The email must be a valid email address'],
      [{ ...good, email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be at most 254 characters'],
      [{ ...good, email: 42 }, 'email', 'Email has the wrong type'],
      [{ ...good, password: undefined }, 'password', 'Password is required'],
      [{ ...good, password: 'short1' }, 'password', 'Password must be at least 8 characters'],
      [{ ...good, password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
      [{ ...good, password: 'Password123' }, 'password', 'This password is too common. Please choose another one'],
      [{ ...good, password: 'qwertyuiop' }, 'password', 'This password is too common. Please choose another one'],
      [{ ...good, agree: false }, 'agree', 'Please accept the terms to create an account'],
      [{ ...good, agree: undefined }, 'agree', 'Terms agreement is required'],
      [{ ...good, lang: 'xx' }, 'lang', 'Language has a value that is not allowed'],
      [{ ...good, ref: 'abc' }, 'ref', 'Please enter a valid number'],
      [{ ...good, captcha: undefined }, 'captcha', 'Captcha is required'],
      [{ ...good, captcha: 'forged' }, 'captcha', 'Please pass the captcha verification'],
      [{ ...good, is_admin: true }, 'is_admin', 'Unknown field: is_admin'],
    ];
    for (const [i, [payload, field, message]] of cases.entries()) {
      // Each case from its own address: registration is rate limited per IP.
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: `10.0.0.${i + 1}` });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors[field], field).toContain(message);
    }
    expect(await accountTables(t.app)).toBe(before);
    // The captcha was never spent by those failures.
    expect((await register(good)).statusCode).toBe(200);
  });

  it('answers in the requested language, also right to left', async () => {
    const res = await register({ email: 'bad', password: 'short', agree: false, captcha: 'x' }, { 'x-localization': 'ar' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect(body.errors.email[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses malformed JSON, a wrong content type, an oversized body and a cross-site post', async () => {
    const before = await accountTables(t.app);
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');
    const xml = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect(xml.statusCode).toBe(415);
    const huge = await register({ email: 'x@example.com', password: PASSWORD, agree: true, captcha: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'sec-fetch-site': 'cross-site', 'x-localization': 'es' },
      payload: { email: 'x@example.com', password: PASSWORD, agree: true, captcha: await solveCaptcha(t.app) },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('cross_site_request');
    expect(await accountTables(t.app)).toBe(before);
  });

  it('refuses a malformed confirmation token', async () => {
    for (const token of [undefined, '', 'short', 'has spaces and more than sixteen', 'x'.repeat(600), 123]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.token.length).toBeGreaterThan(0);
    }
  });
});
