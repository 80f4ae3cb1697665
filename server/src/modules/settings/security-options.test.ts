import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { accountTables, mailbox, signedUpPartner } from '../auth/testing.ts';
import { SECURITY_CHECK_VALID_MS } from '../../plumbing/session/security-guard.ts';
import { passPasswordCheck, postAs } from './testing.ts';

let t: TestApp;
let cookie: string;
let userId: number;
let password: string;
const EMAIL = 'partner@example.com';
const DAY = 24 * 3600 * 1000;

beforeEach(async () => {
  t = await createTestApp();
  ({ cookie, password } = await signedUpPartner(t.app, EMAIL));
  userId = (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)))[0]!.id;
});
afterEach(async () => {
  await t.close();
});

const save = (payload: Record<string, unknown>) => postAs(t.app, cookie, '/api/settings/security', payload);
const settings = async () => (await t.app.inject({ url: '/api/settings', headers: { cookie } })).json();
const info = async () => (await t.app.inject({ url: '/api/security/info/code', headers: { cookie } })).json();
const checkCode = (code: string) => postAs(t.app, cookie, '/api/security/check-code', { code });
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe('POST /settings/security', () => {
  it('needs the account password check, which lasts 5 minutes', async () => {
    const before = await accountTables(t.app);
    const refused = await save({ code: '1234', code_confirmation: '1234' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'need_security_password', message: 'Enter your account password to continue.' });
    expect(await accountTables(t.app)).toBe(before);
    await passPasswordCheck(t.app, cookie, password);
    expect((await save({ captcha_enabled: true })).statusCode).toBe(200);
    t.clock.advance(SECURITY_CHECK_VALID_MS);
    expect((await save({ captcha_enabled: true })).json().code).toBe('need_security_password');
  });

  it('refuses a bad code with localized 422 messages, changing nothing', async () => {
    await passPasswordCheck(t.app, cookie, password);
    const before = await accountTables(t.app);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ code: '123', code_confirmation: '123' }, { code: ['The security code must be at least 4 characters long'] }],
      [{ code: 'x'.repeat(33), code_confirmation: 'x'.repeat(33) }, { code: ['The security code must be at most 32 characters long'] }],
      [{ code: '', code_confirmation: '1234' }, { code: ['Enter the security code'] }],
      [{ code: '1234', code_confirmation: '12345' }, { code_confirmation: ['Security code does not match its confirmation'] }],
      [{ code: '1234', code_confirmation: '' }, { code_confirmation: ['Security code does not match its confirmation'] }],
      [{ code: '1234', code_confirmation: '1234', remove_code: true }, { remove_code: ['Leave the new code empty to remove the security code'] }],
      [{ code: '1234', code_confirmation: '1234', captcha_enabled: 'perhaps' }, { captcha_enabled: ['Captcha has the wrong type'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await accountTables(t.app)).toBe(before);
  });

  it('setting the first code applies at once: no freeze', async () => {
    await passPasswordCheck(t.app, cookie, password);
    const res = await save({ code: ' 2468 ', code_confirmation: '2468' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'The security code is set. It is asked before payouts, wallet changes and file deletion.' });
    const user = await userRow();
    expect(user.securityCodeHash).toMatch(/^\$argon2id\$/);
    expect(user).toMatchObject({ securityCodeChangedAt: null, securityCodeFrozenUntil: null });
    expect((await settings()).security).toMatchObject({ code_set: true, code_changed_at: null, frozen_until: null });
    expect(await info()).toMatchObject({ is_allowed: true, ask_code: true, code_created_at: null, will_be_allowed_at: null });
    expect((await checkCode('2468')).statusCode).toBe(200);
    expect((await mailbox(t.app, EMAIL)).map((m) => m.subject)).not.toContain('Your security code has been changed');
  });

  it('changing the code freezes money operations for 15 days, forgets passed code checks and mails the partner', async () => {
    await passPasswordCheck(t.app, cookie, password);
    await save({ code: '2468', code_confirmation: '2468' });
    expect((await checkCode('2468')).statusCode).toBe(200);
    t.clock.advance(60_000);

    // The same code again is no change.
    expect((await save({ code: '2468', code_confirmation: '2468' })).json().message).toBe('The security settings are saved.');
    expect((await userRow()).securityCodeChangedAt).toBeNull();

    const res = await save({ code: 'new-code', code_confirmation: 'new-code' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The security code is changed. For 15 days, payouts, wallet changes and file deletion are not possible.');
    const now = t.clock.now();
    const until = new Date(now.getTime() + 15 * DAY);
    expect(await userRow()).toMatchObject({ securityCodeChangedAt: now, securityCodeFrozenUntil: until });
    expect((await settings()).security).toEqual({
      code_set: true,
      code_changed_at: now.toISOString(),
      frozen_until: until.toISOString(),
      login_limit_enabled: true,
      captcha_enabled: true,
    });
    expect(await info()).toEqual({
      is_allowed: false,
      ask_code: true,
      ask_password: false,
      code_created_at: now.toISOString(),
      will_be_allowed_at: until.toISOString(),
    });
    const [session] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(session!.codeCheckedAt).toBeNull();
    const mail = (await mailbox(t.app, EMAIL))[0]!;
    expect(mail.subject).toBe('Your security code has been changed');
    expect(mail.text).toContain('For the next 15 days');
    // The new code is the one checked.
    expect((await checkCode('2468')).statusCode).toBe(422);
    expect((await checkCode('new-code')).statusCode).toBe(200);
  });

  it('removing the code freezes too; setting one again afterwards does not extend the freeze', async () => {
    await passPasswordCheck(t.app, cookie, password);
    await save({ code: '2468', code_confirmation: '2468' });
    const res = await save({ remove_code: 'on', code: '', code_confirmation: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The security code is removed. For 15 days, payouts, wallet changes and file deletion are not possible.');
    const removedAt = t.clock.now();
    expect(await userRow()).toMatchObject({ securityCodeHash: null, securityCodeChangedAt: removedAt });
    expect((await settings()).security).toMatchObject({ code_set: false, frozen_until: new Date(removedAt.getTime() + 15 * DAY).toISOString() });
    expect(await info()).toMatchObject({ is_allowed: false, ask_code: false });

    t.clock.advance(60_000);
    expect((await save({ code: '1357', code_confirmation: '1357' })).json().message).toMatch(/^The security code is set\./);
    expect((await userRow()).securityCodeChangedAt).toEqual(removedAt);
    // Removing when none is set changes nothing.
    await save({ remove_code: true });
    await save({ remove_code: true });
    expect((await userRow()).securityCodeHash).toBeNull();
  });

  it('switches the login-attempt limit and the captcha; omitted options stay as they are', async () => {
    await passPasswordCheck(t.app, cookie, password);
    const res = await save({ login_limit_enabled: false, captcha_enabled: 'false' });
    expect(res.json()).toEqual({ success: true, message: 'The security settings are saved.' });
    expect(await userRow()).toMatchObject({ loginLimitEnabled: false, captchaEnabled: false, securityCodeHash: null });
    await save({ captcha_enabled: true });
    expect(await userRow()).toMatchObject({ loginLimitEnabled: false, captchaEnabled: true });
    // Form-encoded, as the web app posts it.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/settings/security',
      payload: 'login_limit_enabled=on&code=&code_confirmation=',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await userRow()).toMatchObject({ loginLimitEnabled: true, captchaEnabled: true });
    expect((await settings()).security).toMatchObject({ login_limit_enabled: true, captcha_enabled: true });
  });

  it("follows the operator's product settings: code length and freeze days", async () => {
    await t.ctx.database.query(
      sql`update product_settings set value = value || '{"securityCodeMinLength": 6, "securityCodeFreezeDays": 10}'::jsonb where key = 'product'`,
    );
    await passPasswordCheck(t.app, cookie, password);
    expect((await save({ code: '12345', code_confirmation: '12345' })).json().errors).toEqual({
      code: ['The security code must be at least 6 characters long'],
    });
    await save({ code: '123456', code_confirmation: '123456' });
    const res = await save({ code: '654321', code_confirmation: '654321' });
    expect(res.json().message).toBe('The security code is changed. For 10 days, payouts, wallet changes and file deletion are not possible.');
    expect((await settings()).security.frozen_until).toBe(new Date(t.clock.now().getTime() + 10 * DAY).toISOString());
  });
});
