import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { accountTables, cookieOf, mailbox, signedUpPartner } from '../auth/testing.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { SESSION_IDLE_MS } from '../../plumbing/session/service.ts';
import { passPasswordCheck, postAs } from './testing.ts';

let t: TestApp;
let cookie: string;
let userId: number;
let password: string;
const EMAIL = 'partner@example.com';

beforeEach(async () => {
  t = await createTestApp();
  ({ cookie, password } = await signedUpPartner(t.app, EMAIL));
  userId = (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)))[0]!.id;
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown> = {}, c = cookie) => postAs(t.app, c, url, payload);
const settings = async (c = cookie) => {
  const res = await t.app.inject({ url: '/api/settings', headers: { cookie: c } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe('GET /settings', () => {
  it("answers the partner's personal information and security options", async () => {
    expect(await settings()).toEqual({
      email: EMAIL,
      first_name: '',
      last_name: '',
      contact: '',
      pending_email: null,
      security: { code_set: false, code_changed_at: null, frozen_until: null, login_limit_enabled: true, captcha_enabled: true },
    });
    expect((await t.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
  });
});

describe('POST /settings/personal', () => {
  it('saves names of letters, spaces, apostrophes and hyphens in any script, and contact details, with no security check', async () => {
    const res = await post('/api/settings/personal', { first_name: '  Jean-Luc   Marie ', last_name: "O'Neil-Сидорова", contact: '@jean_luc (Telegram)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your personal information is saved.' });
    expect(await settings()).toMatchObject({ first_name: 'Jean-Luc Marie', last_name: "O'Neil-Сидорова", contact: '@jean_luc (Telegram)' });
    const user = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(user.json()).toMatchObject({ first_name: 'Jean-Luc Marie', last_name: "O'Neil-Сидорова" });
    // Empty is allowed: the fields are optional.
    expect((await post('/api/settings/personal', { first_name: '', last_name: '', contact: '' })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ first_name: '', last_name: '', contact: '' });
  });

  it('refuses bad input with localized 422 messages per field, changing nothing', async () => {
    await post('/api/settings/personal', { first_name: 'Anna', last_name: 'Berg', contact: 'anna' });
    const before = await accountTables(t.app);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ first_name: 'R2-D2', last_name: 'Berg' }, { first_name: ['First name may contain only letters, spaces, apostrophes and hyphens'] }],
      [{ first_name: 'Anna', last_name: '<b>Berg</b>' }, { last_name: ['Last name may contain only letters, spaces, apostrophes and hyphens'] }],
      [{ first_name: "-'-", last_name: 'Berg' }, { first_name: ['First name may contain only letters, spaces, apostrophes and hyphens'] }],
      [{ first_name: 'A'.repeat(65) }, { first_name: ['First name must be at most 64 characters'] }],
      [{ contact: 'line\nbreak' }, { contact: ['Contact details may not contain line breaks or control characters'] }],
      [{ contact: 'x'.repeat(129) }, { contact: ['Contact details must be at most 128 characters'] }],
      [{ first_name: 12 }, { first_name: ['First name has the wrong type'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('/api/settings/personal', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json(), JSON.stringify(payload)).toEqual({ code: 'validation_failed', message: 'Please check the highlighted fields.', errors });
    }
    expect(await accountTables(t.app)).toBe(before);
  });
});

describe('e-mail change', () => {
  const NEW_EMAIL = 'new-address@example.com';
  const confirmLink = async (to: string) => (await mailbox(t.app, to)).flatMap((m) => m.links).find((l) => l.includes('/settings/email/confirm/'));

  it('needs the account password check', async () => {
    const before = await accountTables(t.app);
    const res = await post('/api/settings/email', { email: NEW_EMAIL });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('need_security_password');
    expect(await accountTables(t.app)).toBe(before);
  });

  it('mails a link to the new address and a notice to the current one; the link switches the address once', async () => {
    await passPasswordCheck(t.app, cookie, password);
    const res = await post('/api/settings/email', { email: ' New-Address@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `We have sent a confirmation link to ${NEW_EMAIL}. Your email address changes once you follow it.`,
    });
    expect(await settings()).toMatchObject({ email: EMAIL, pending_email: NEW_EMAIL });
    const link = await confirmLink(NEW_EMAIL);
    expect(link).toMatch(/^http:\/\/localhost:3000\/settings\/email\/confirm\/[A-Za-z0-9_-]{22}$/);
    const [toNew] = await mailbox(t.app, NEW_EMAIL);
    expect(toNew!.subject).toBe('Confirm your new email address');
    const notice = (await mailbox(t.app, EMAIL))[0]!;
    expect(notice.subject).toBe('A change of your email address was requested');
    expect(notice.links.some((l) => l.includes('/settings/email/confirm/'))).toBe(false);

    const token = link!.split('/').pop()!;
    // Another partner cannot use it (and does not spend it).
    const other = await signedUpPartner(t.app, 'other@example.com');
    const foreign = await post('/api/settings/email/confirm', { token }, other.cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'This link is no longer valid. To change your email address, start again in Settings while signed in to the account that asked for it.',
    );
    expect((await post('/api/settings/email/confirm', { token }, '')).statusCode).toBe(401);

    const confirmed = await post('/api/settings/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: `Your email address is now ${NEW_EMAIL}.` });
    expect(await settings()).toMatchObject({ email: NEW_EMAIL, pending_email: null });
    expect((await post('/api/settings/email/confirm', { token })).statusCode).toBe(400);

    // The partner signs in with the new address now.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: NEW_EMAIL, password, captcha: await solveCaptcha(t.app) } });
    expect(login.statusCode, login.body).toBe(200);
    cookieOf(login);
  });

  it('answers the same for an address used by another account, but mails no link to it', async () => {
    await signedUpPartner(t.app, 'taken@example.com');
    await passPasswordCheck(t.app, cookie, password);
    const takenBefore = (await mailbox(t.app, 'taken@example.com')).length;
    const taken = await post('/api/settings/email', { email: 'taken@example.com' });
    const free = await post('/api/settings/email', { email: 'free@example.com' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().message.replace('taken@', 'X@')).toBe(free.json().message.replace('free@', 'X@'));
    const toTaken = await mailbox(t.app, 'taken@example.com');
    expect(toTaken).toHaveLength(takenBefore + 1);
    expect(toTaken[0]!.subject).toBe('Someone tried to use your email address');
    expect(toTaken[0]!.links).toEqual([]);
    expect(await confirmLink('free@example.com')).toBeDefined();
    // The current address got a notice both times; the newest request replaces the older one.
    expect((await mailbox(t.app, EMAIL)).filter((m) => m.subject === 'A change of your email address was requested')).toHaveLength(2);
    expect(await settings()).toMatchObject({ email: EMAIL, pending_email: 'free@example.com' });
  });

  it('refuses a bad or unchanged address with 422, changing nothing; a link expires after 24 hours', async () => {
    await passPasswordCheck(t.app, cookie, password);
    const before = await accountTables(t.app);
    for (const [email, message] of [
      ['not-an-address', 'The email must be a valid email address'],
      ['', 'Email is required'],
      [EMAIL.toUpperCase(), 'This is already your email address'],
    ]) {
      const res = await post('/api/settings/email', { email });
      expect(res.statusCode, email).toBe(422);
      expect(res.json().errors, email).toEqual({ email: [message] });
    }
    expect(await accountTables(t.app)).toBe(before);

    await post('/api/settings/email', { email: NEW_EMAIL });
    const token = (await confirmLink(NEW_EMAIL))!.split('/').pop()!;
    t.clock.advance(24 * 3600 * 1000 - 1000);
    expect(await settings()).toMatchObject({ pending_email: NEW_EMAIL });
    t.clock.advance(1000);
    expect(await settings()).toMatchObject({ pending_email: null });
    expect((await post('/api/settings/email/confirm', { token })).statusCode).toBe(400);
    expect((await userRow()).email).toBe(EMAIL);
  });

  it('refuses the link when the address was taken meanwhile', async () => {
    await passPasswordCheck(t.app, cookie, password);
    await post('/api/settings/email', { email: NEW_EMAIL });
    const token = (await confirmLink(NEW_EMAIL))!.split('/').pop()!;
    await signedUpPartner(t.app, NEW_EMAIL);
    const res = await post('/api/settings/email/confirm', { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This email address is already used by another account.');
    expect((await userRow()).email).toBe(EMAIL);
  });
});

describe('sessions', () => {
  it("lists the partner's live sessions with an opaque id, marks the current one, and signs out the others", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: EMAIL, password, captcha: await solveCaptcha(t.app) },
      headers: { 'user-agent': 'Phone browser' },
      remoteAddress: '203.0.113.9',
    });
    const second = cookieOf(login);
    const other = await signedUpPartner(t.app, 'other@example.com');
    const res = await t.app.inject({ url: '/api/settings/sessions', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: Array<Record<string, unknown>> };
    expect(data).toHaveLength(2);
    for (const row of data) {
      expect(row.id).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(row)).not.toContain(cookie.split('=')[1]);
      expect(JSON.stringify(row)).not.toContain(second.split('=')[1]);
    }
    expect(data.filter((r) => r.current)).toHaveLength(1);
    expect(data.find((r) => !r.current)).toMatchObject({ ip: '203.0.113.9', user_agent: 'Phone browser' });
    expect(data.find((r) => r.current)).toMatchObject({ created_at: t.clock.now().toISOString() });

    const revoked = await post('/api/settings/sessions/revoke-others');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: '1 other session was signed out.', revoked: 1 });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: second } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/settings/sessions', headers: { cookie } })).json();
    expect(after.data).toHaveLength(1);
    expect(after.data[0].current).toBe(true);
    expect((await post('/api/settings/sessions/revoke-others')).json()).toMatchObject({ revoked: 0, message: '0 other sessions were signed out.' });
  });

  it('leaves out sessions that ran idle', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password, captcha: await solveCaptcha(t.app) } });
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    await settings();
    t.clock.advance(120_000);
    const { data } = (await t.app.inject({ url: '/api/settings/sessions', headers: { cookie } })).json();
    expect(data).toHaveLength(1);
    expect(data[0].current).toBe(true);
  });
});
