import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { cookieOf, mailbox, signedUpPartner } from '../auth/testing.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { passPasswordCheck, postAs } from '../settings/testing.ts';
import { fund, insertWallet, jsonHeaders, moneyTables, walletFields } from './testing.ts';

/**
 * The cooling-off window (decision 0177): after an e-mail change, a password reset, the security code turned off or a
 * wallet added, the partner's new payout requests are refused for 48 hours with the date and the reason, and the
 * payouts page is told the same; after the window they are accepted. Each change is made through its real calls.
 */
let t: TestApp;
let cookie: string;
let password: string;
let userId: number;
let wallet: number;
const EMAIL = 'partner@example.com';
const NOW = '2026-11-20T12:00:00.000Z';
const H = 3_600_000;
const USD = 1_000_000;

beforeEach(async () => {
  t = await createTestApp({ clock: NOW });
  ({ cookie, password } = await signedUpPartner(t.app, EMAIL));
  userId = (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)))[0]!.id;
  await fund(t.ctx.database, userId, 100 * USD, t.clock.now());
  // A wallet confirmed long ago: nothing about it holds a request back.
  const old = new Date(Date.parse(NOW) - 30 * 24 * H);
  wallet = await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId, system: 'paypal', createdAt: old, confirmedAt: old });
});
afterEach(async () => {
  await t.close();
});

const request = (as = cookie, lang?: string) => t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(as, lang), payload: { amount: 20 * USD, wallet } });
const available = async (as = cookie) => (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie: as } })).json();

/** Refused for the window that ends at `until`, after `reason`, with nothing written; the page says the same. */
async function expectHeld(until: string, reason: string, as = cookie) {
  const before = await moneyTables(t.ctx.database);
  const refused = await request(as);
  expect(refused.statusCode, refused.body).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'conflict', reason: 'cooling_off', until });
  expect(refused.json().message).toBe(`For your security, new payout requests can be sent after November 22, 2026 at 12:00 PM UTC, because ${reason}. If it was not you, change your password and contact support.`);
  expect(await moneyTables(t.ctx.database)).toBe(before);
  expect((await available(as)).cooling_off).toEqual({ until, reason: expect.any(String), message: refused.json().message });
}

describe('the cooling-off window of payout requests', () => {
  it('none without a sensitive change: a request goes through', async () => {
    expect((await available()).cooling_off).toBeNull();
    expect((await request()).statusCode).toBe(200);
  });

  it('after an e-mail change: 48 hours, then requests are accepted again', async () => {
    await passPasswordCheck(t.app, cookie, password);
    expect((await postAs(t.app, cookie, '/api/settings/email', { email: 'new@example.com' })).statusCode).toBe(200);
    // Asking is not the change: until the new address is confirmed nothing waits.
    expect((await available()).cooling_off).toBeNull();
    const token = (await mailbox(t.app, 'new@example.com')).flatMap((m) => m.links).find((l) => l.includes('/settings/email/confirm/'))!.split('/').pop()!;
    expect((await postAs(t.app, cookie, '/api/settings/email/confirm', { token })).statusCode).toBe(200);
    await expectHeld('2026-11-22T12:00:00.000Z', 'your email address was changed');
    // In the partner's language.
    expect((await request(cookie, 'de')).json().message).toContain('weil Ihre E-Mail-Adresse geändert wurde');

    t.clock.set(new Date(Date.parse('2026-11-22T12:00:00.000Z') - 1));
    expect((await request()).statusCode).toBe(409);
    t.clock.set(new Date('2026-11-22T12:00:00.000Z'));
    expect((await available()).cooling_off).toBeNull();
    expect((await request()).statusCode).toBe(200);
  });

  it('after a password reset through the mailed link', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/restore-password/request', payload: { email: EMAIL, captcha: await solveCaptcha(t.app) } });
    const link = (await mailbox(t.app, EMAIL)).flatMap((m) => m.links).find((l) => l.includes('/auth/restore-password/'))!;
    const token = link.split('/').pop()!;
    const NEW = 'correct-horse-battery-staple';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/restore-password', payload: { email: EMAIL, token, password: NEW, password_confirmation: NEW } });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset ended every session: sign in again.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: NEW, captcha: await solveCaptcha(t.app) } });
    expect(login.statusCode, login.body).toBe(200);
    await expectHeld('2026-11-22T12:00:00.000Z', 'your password was reset', cookieOf(login));
  });

  it('after a wallet is added, for requests to the wallets the partner had before too', async () => {
    const added = await t.app.inject({ method: 'POST', url: '/api/purse', headers: jsonHeaders(cookie), payload: { type: 'webmoney', ...walletFields('webmoney', 5) } });
    expect(added.statusCode, added.body).toBe(200);
    await expectHeld('2026-11-22T12:00:00.000Z', 'a wallet was added');
  });

  it('a later change moves the end and names itself; an earlier one never shortens it', async () => {
    await t.app.inject({ method: 'POST', url: '/api/purse', headers: jsonHeaders(cookie), payload: { type: 'webmoney', ...walletFields('webmoney', 5) } });
    t.clock.advance(10 * H);
    await passPasswordCheck(t.app, cookie, password);
    await postAs(t.app, cookie, '/api/settings/email', { email: 'new@example.com' });
    const token = (await mailbox(t.app, 'new@example.com')).flatMap((m) => m.links).find((l) => l.includes('/settings/email/confirm/'))!.split('/').pop()!;
    await postAs(t.app, cookie, '/api/settings/email/confirm', { token });
    expect((await available()).cooling_off).toMatchObject({ until: '2026-11-22T22:00:00.000Z', reason: 'email_change' });
  });
});
