import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { oneTimeTokens, sessions, users } from '../../db/schema/index.ts';
import { accountTables, cookieOf, mailbox, signedUpPartner } from '../auth/testing.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { SECURITY_CHECK_FAILURE_LIMIT } from '../../plumbing/session/security-attempts.ts';
import { postAs } from './testing.ts';

let t: TestApp;
let cookie: string;
let userId: number;
const EMAIL = 'partner@example.com';
const PASSWORD = 'Tr0ub4dor&3-horse';
const NEW_PASSWORD = 'correct-horse-battery-staple';

beforeEach(async () => {
  t = await createTestApp();
  const partner = await signedUpPartner(t.app, EMAIL, PASSWORD);
  cookie = partner.cookie;
  userId = partner.user.id;
});
afterEach(async () => {
  await t.close();
});

const change = (payload: Record<string, unknown>, c = cookie) => postAs(t.app, c, '/api/settings/password', payload);
const confirm = (payload: Record<string, unknown>, c = '') => postAs(t.app, c, '/api/auth/confirm-password-changing', payload);
const login = async (password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password, captcha: await solveCaptcha(t.app) } });
const signedIn = async (c: string) => (await t.app.inject({ url: '/api/user', headers: { cookie: c } })).statusCode === 200;
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

/** The user id and token of the newest password change link mailed to the partner. */
async function changeLink() {
  const link = (await mailbox(t.app, EMAIL)).flatMap((m) => m.links).find((l) => l.includes('/auth/confirm-password-changing/'));
  if (!link) throw new Error('no password change link');
  const [id, token] = link.split('/auth/confirm-password-changing/')[1]!.split('/');
  return { link, user_id: id!, token: token! };
}

describe('POST /settings/password', () => {
  it('refuses bad input with localized 422 messages on each field, changing nothing', async () => {
    const before = await accountTables(t.app);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ old_password: '', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, { old_password: ['Enter your current password'] }],
      [{ old_password: PASSWORD, password: 'short', password_confirmation: 'short' }, { password: ['Password must be at least 8 characters'] }],
      [{ old_password: PASSWORD, password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, { password: ['Password must be at most 128 characters'] }],
      [{ old_password: PASSWORD, password: 'password123', password_confirmation: 'password123' }, { password: ['This password is too common. Please choose another one'] }],
      [{ old_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD }, { password: ['The new password must differ from the current one'] }],
      [
        { old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}!` },
        { password_confirmation: ['Password does not match its confirmation'] },
      ],
      [
        { old_password: '', password: '', password_confirmation: 'x' },
        {
          old_password: ['Enter your current password'],
          password: ['Password must be at least 8 characters'],
          password_confirmation: ['Password does not match its confirmation'],
        },
      ],
      [{ old_password: 'not-my-password', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, { old_password: ['Wrong password'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await change(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json(), JSON.stringify(payload)).toEqual({ code: 'validation_failed', message: 'Please check the highlighted fields.', errors });
    }
    expect(await accountTables(t.app)).toBe(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/settings/password', payload: {} })).statusCode).toBe(401);
  });

  it('changes the password only when the mailed link is followed: other sessions end, a notice goes out, the link works once', async () => {
    const second = cookieOf(await login(PASSWORD));
    const res = await change({ old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `We have sent a confirmation link to ${EMAIL}. Your new password applies once you follow it.`,
    });
    const { link, user_id, token } = await changeLink();
    expect(link).toMatch(new RegExp(`^http://localhost:3000/auth/confirm-password-changing/${userId}/[A-Za-z0-9_-]{22}$`));
    expect((await mailbox(t.app, EMAIL))[0]!.subject).toBe('Confirm your new password');
    // Stored as a hash only, never the password itself.
    const stored = await t.ctx.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.kind, 'password_change'));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0]!.payload)).not.toContain(NEW_PASSWORD);
    expect(String(stored[0]!.payload.password_hash)).toMatch(/^\$argon2id\$/);

    // Nothing changed yet.
    const unchanged = await userRow();
    expect(unchanged.passwordChangedAt).toBeNull();
    expect(await signedIn(second)).toBe(true);

    t.clock.advance(60 * 60 * 1000);
    // Opened on another device, without a session.
    const done = await confirm({ user_id, token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Your password has been successfully changed!' });
    expect(await userRow()).toMatchObject({ passwordChangedAt: t.clock.now() });
    for (const c of [cookie, second]) expect(await signedIn(c)).toBe(false);
    const notice = (await mailbox(t.app, EMAIL))[0]!;
    expect(notice.subject).toBe('Your password has been changed');

    expect((await login(PASSWORD)).statusCode).toBe(422);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm({ user_id, token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'bad_request', message: 'This link is no longer valid. To change your password, start again in Settings.' });
  });

  it("keeps the caller's own session when the link is followed in it, ending the others", async () => {
    const second = cookieOf(await login(PASSWORD));
    await change({ old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const { user_id, token } = await changeLink();
    // Accepts a form-encoded post with the id as text, as the web app sends it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-password-changing',
      payload: `user_id=${user_id}&token=${token}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(second)).toBe(false);
    const live = await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(live).toHaveLength(1);
  });

  it("a session of another partner following the link keeps that session and ends all of this partner's", async () => {
    const other = await signedUpPartner(t.app, 'other@example.com');
    await change({ old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const { user_id, token } = await changeLink();
    expect((await confirm({ user_id, token }, other.cookie)).statusCode).toBe(200);
    expect(await signedIn(other.cookie)).toBe(true);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('refuses a link for another user id, an expired one, an older one and one outdated by a password reset', async () => {
    await change({ old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const first = await changeLink();
    await change({ old_password: PASSWORD, password: `${NEW_PASSWORD}-2`, password_confirmation: `${NEW_PASSWORD}-2` });
    const second = await changeLink();
    expect(second.token).not.toBe(first.token);
    const before = await accountTables(t.app);
    const invalid = 'This link is no longer valid. To change your password, start again in Settings.';
    for (const payload of [first, { ...second, user_id: String(userId + 1) }, { user_id: second.user_id, token: 'A'.repeat(22) }]) {
      const res = await confirm(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(invalid);
    }
    expect((await confirm({ user_id: 'me', token: second.token })).statusCode).toBe(422);
    expect(await accountTables(t.app)).toBe(before);

    // A password set another way since (a reset) outdates the link.
    await t.ctx.database.db.update(users).set({ passwordChangedAt: t.clock.now() }).where(eq(users.id, userId));
    expect((await confirm(second)).json().message).toBe(invalid);

    await t.ctx.database.db.update(users).set({ passwordChangedAt: null }).where(eq(users.id, userId));
    await change({ old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const third = await changeLink();
    t.clock.advance(24 * 3600 * 1000);
    expect((await confirm(third)).statusCode).toBe(400);
    expect((await userRow()).passwordChangedAt).toBeNull();
  });

  it('counts wrong old passwords against the security check limit', async () => {
    for (let i = 0; i < SECURITY_CHECK_FAILURE_LIMIT; i++) {
      const res = await change({ old_password: `guess-${i}`, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(res.statusCode).toBe(422);
    }
    const limited = await change({ old_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(await mailbox(t.app, EMAIL)).toHaveLength(1);
  });
});
