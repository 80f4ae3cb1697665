import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { runAutoPayouts } from '../../money/auto-payouts.ts';
import { signedUpPartner } from '../auth/testing.ts';
import { passPasswordCheck, postAs } from '../settings/testing.ts';
import { fund, insertWallet, jsonHeaders, setSecurity, walletFields } from './testing.ts';

/**
 * Automatic payouts (decision 0202): the choice is turned on, changed and off behind the security code; the job
 * requests everything available to the main wallet through the quick request's function, once a day at most,
 * marked automatic; a refusal is notified once, in the partner's language.
 */
let t: TestApp;
let cookie: string;
let password: string;
let userId: number;
let wallet: number;
const EMAIL = 'partner@example.com';
const NOW = '2026-11-20T12:00:00.000Z'; // a Friday
const H = 3_600_000;
const USD = 1_000_000;

beforeEach(async () => {
  t = await createTestApp({ clock: NOW });
  ({ cookie, password } = await signedUpPartner(t.app, EMAIL));
  userId = (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)))[0]!.id;
  // A PayPal wallet confirmed long ago (the only one, so the main one): nothing about it holds a request back.
  const old = new Date(Date.parse(NOW) - 30 * 24 * H);
  wallet = await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId, system: 'paypal', createdAt: old, confirmedAt: old });
});
afterEach(async () => {
  await t.close();
});

const save = (payload: Record<string, unknown>, as = cookie, lang?: string) =>
  t.app.inject({ method: 'POST', url: '/api/payouts/auto', headers: jsonHeaders(as, lang), payload });
const read = async (lang?: string) => (await t.app.inject({ url: '/api/payouts/auto', headers: { cookie, ...(lang ? { 'x-localization': lang } : {}) } })).json();
const run = () => runAutoPayouts(t.ctx.database.db, t.clock.now());
const requests = () =>
  t.ctx.database.query<{ id: number; amount_micro: number; fee_micro: number; automatic: boolean; wallet_id: number }>(
    sql`select id, amount_micro::bigint as amount_micro, fee_micro::bigint as fee_micro, automatic, wallet_id from payout_requests where user_id = ${userId} order by id`,
  );
const notificationsOf = async (lang?: string) =>
  (await t.app.inject({ url: '/api/notifications', headers: { cookie, ...(lang ? { 'x-localization': lang } : {}) } })).json().data as Array<{ title: string; body: string }>;
/** A code set and checked in this session (the security calls are another module's; their real flow is tested below). */
const codeChecked = () => setSecurity(t.ctx.database, userId, { codeSet: true, checkedAt: t.clock.now() });

describe('the automatic payouts choice', () => {
  it('answers 401 before validating a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payouts/auto', headers: { 'content-type': 'application/json' }, payload: { mode: 'sometimes' } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/payouts/auto' })).statusCode).toBe(401);
  });

  it('is off at first, and turning it on without a security code says to set one first', async () => {
    expect(await read()).toEqual({ setting: null, last_attempt: null, minimum: DEFAULT_PRODUCT.payoutSystems.paypal.minimumMicro, security_code_set: false });
    const res = await save({ mode: 'threshold', threshold: 50 * USD });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', reason: 'security_code_not_set', message: 'Set a security code in Settings first: automatic payouts can only be turned on with one.' });
    expect((await save({ mode: 'threshold', threshold: 50 * USD }, cookie, 'de')).json().message).toContain('Sicherheitscode');
    expect((await read()).setting).toBeNull();
  });

  it('turning on needs the right security code, through the real security calls', async () => {
    await passPasswordCheck(t.app, cookie, password);
    expect((await postAs(t.app, cookie, '/api/settings/security', { code: '2468', code_confirmation: '2468' })).statusCode).toBe(200);
    // The code's check is the session's: a new session has not passed it.
    await t.ctx.database.db.execute(sql`update sessions set code_checked_at = null where user_id = ${userId}`);
    const asked = await save({ mode: 'threshold', threshold: 50 * USD });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe('need_security_code');
    expect((await postAs(t.app, cookie, '/api/security/check-code', { code: '1357' })).statusCode).toBe(422);
    expect((await save({ mode: 'threshold', threshold: 50 * USD })).json().code).toBe('need_security_code');
    expect((await read()).setting).toBeNull();
    expect((await postAs(t.app, cookie, '/api/security/check-code', { code: '2468' })).statusCode).toBe(200);
    const saved = await save({ mode: 'threshold', threshold: 50 * USD });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Automatic payouts have been saved.', setting: { mode: 'threshold', threshold: 50 * USD, weekday: null, month_day: null }, security_code_set: true });
    expect((await read()).setting).toEqual({ mode: 'threshold', threshold: 50 * USD, weekday: null, month_day: null, updated_at: NOW });
    // Changing and turning off are guarded the same way.
    t.clock.advance(10 * 60_000);
    expect((await save({ mode: 'weekly', weekday: 1 })).json().code).toBe('need_security_code');
    expect((await save({ mode: 'off' })).json().code).toBe('need_security_code');
    await postAs(t.app, cookie, '/api/security/check-code', { code: '2468' });
    expect((await save({ mode: 'weekly', weekday: 1 })).json().setting).toMatchObject({ mode: 'weekly', weekday: 1, threshold: null });
    const off = await save({ mode: 'off' });
    expect(off.json()).toMatchObject({ message: 'Automatic payouts have been turned off.', setting: null });
  });

  it('refuses a bad choice with localized errors per field', async () => {
    await codeChecked();
    const minimum = DEFAULT_PRODUCT.payoutSystems.paypal.minimumMicro;
    const cases: Array<[Record<string, unknown>, Record<string, unknown[]>]> = [
      [{ mode: 'threshold' }, { threshold: ['Enter the amount.'] }],
      [{ mode: 'threshold', threshold: minimum - 1 }, { threshold: ['The amount must be at least $20.00, the minimum payout to your main wallet.'] }],
      [{ mode: 'weekly' }, { weekday: ['Choose a day of the week.'] }],
      [{ mode: 'monthly', month_day: 29 }, { month_day: [expect.stringContaining('28')] }],
      [{ mode: 'sometimes' }, { mode: [expect.any(String)] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await save({ mode: 'weekly' }, cookie, 'fr')).json().errors).toEqual({ weekday: ['Choisissez un jour de la semaine.'] });
    expect((await read()).setting).toBeNull();
  });

  it('needs a main wallet to be turned on', async () => {
    await codeChecked();
    await t.ctx.database.db.execute(sql`update purses set deleted_at = ${t.clock.now()} where user_id = ${userId}`);
    expect((await read()).minimum).toBeNull();
    const res = await save({ mode: 'monthly', month_day: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ mode: ['Set a main wallet first: automatic payouts always go to it.'] });
  });
});

describe('the automatic payouts job', () => {
  it('makes exactly one request when the available amount crosses the threshold, marked automatic', async () => {
    await codeChecked();
    expect((await save({ mode: 'threshold', threshold: 50 * USD })).statusCode).toBe(200);
    await fund(t.ctx.database, userId, 30 * USD, t.clock.now());
    expect(await run()).toEqual({ attempted: 0, requested: 0, refused: 0, notified: 0 });
    expect(await requests()).toEqual([]);

    t.clock.advance(H);
    await fund(t.ctx.database, userId, 25 * USD, t.clock.now());
    expect(await run()).toMatchObject({ attempted: 1, requested: 1 });
    expect(await run()).toMatchObject({ attempted: 0, requested: 0 });
    const made = await requests();
    expect(made).toHaveLength(1);
    // Everything available to the main wallet, with the system's fee, as the quick request would.
    expect(made[0]).toMatchObject({ automatic: true, wallet_id: wallet });
    expect(Number(made[0]!.amount_micro)).toBe(55 * USD);
    expect(Number(made[0]!.fee_micro)).toBe(Math.round((55 * USD * DEFAULT_PRODUCT.payoutSystems.paypal.feeBp) / 10_000) + DEFAULT_PRODUCT.payoutSystems.paypal.feeFixedMicro);
    const history = (await t.app.inject({ url: '/api/payouts', headers: { cookie } })).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ automatic: true, amount: 55 * USD, status: 'created' });
    const [actor] = await t.ctx.database.query<{ actor: string }>(sql`select actor from payout_request_history where request_id = ${made[0]!.id}`);
    expect(actor!.actor).toBe('automatic');
    expect((await read()).last_attempt).toEqual({ at: t.clock.now().toISOString(), request_id: Number(made[0]!.id), refusal: null, message: null });
    expect((await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json().amount).toBe(0);

    // More money the same day: still that one request; the next day, a new one.
    await fund(t.ctx.database, userId, 60 * USD, t.clock.now());
    expect(await run()).toMatchObject({ attempted: 0 });
    expect(await requests()).toHaveLength(1);
    t.clock.set(new Date('2026-11-21T00:05:00.000Z'));
    expect(await run()).toMatchObject({ attempted: 1, requested: 1 });
    expect(await requests()).toHaveLength(2);
    // A request made by hand is not automatic.
    await codeChecked();
    await fund(t.ctx.database, userId, 30 * USD, t.clock.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(cookie), payload: { amount: 25 * USD, wallet } })).statusCode).toBe(200);
    expect((await requests()).map((r) => r.automatic)).toEqual([true, true, false]);
    expect(await run()).toMatchObject({ attempted: 0 });
  });

  it('makes none in a cooling-off window, and notifies the reason once', async () => {
    await codeChecked();
    await t.ctx.database.db.execute(sql`update users set lang = 'de' where id = ${userId}`);
    expect((await save({ mode: 'threshold', threshold: 50 * USD })).statusCode).toBe(200);
    await fund(t.ctx.database, userId, 80 * USD, t.clock.now());
    // A wallet added through the real call starts the 48-hour window for every wallet.
    const added = await t.app.inject({ method: 'POST', url: '/api/purse', headers: jsonHeaders(cookie), payload: { type: 'webmoney', ...walletFields('webmoney', 5) } });
    expect(added.statusCode, added.body).toBe(200);
    expect(await run()).toEqual({ attempted: 1, requested: 0, refused: 1, notified: 1 });
    expect(await run()).toEqual({ attempted: 0, requested: 0, refused: 0, notified: 0 });
    expect(await requests()).toEqual([]);
    const [note] = await notificationsOf('de');
    expect(note!.title).toBe('Automatische Auszahlung nicht erfolgt');
    expect(note!.body).toContain('Ihre automatische Auszahlung ist nicht erfolgt.');
    expect(note!.body).toContain('weil eine Auszahlungsmethode hinzugefügt wurde');
    expect((await notificationsOf('en'))[0]!.body).toMatch(/^Your automatic payout was not made\. For your security, new payout requests can be sent after November 22, 2026/);
    expect((await read()).last_attempt).toMatchObject({ refusal: 'cooling_off', request_id: null });

    // The next day: tried again, refused for the same reason, not notified again.
    t.clock.set(new Date('2026-11-21T09:00:00.000Z'));
    expect(await run()).toEqual({ attempted: 1, requested: 0, refused: 1, notified: 0 });
    expect(await notificationsOf()).toHaveLength(1);
    // After the window, the request is made.
    t.clock.set(new Date('2026-11-22T13:00:00.000Z'));
    expect(await run()).toMatchObject({ attempted: 1, requested: 1 });
    expect(await requests()).toHaveLength(1);
  });

  it('weekly: on its UTC day only, once', async () => {
    await codeChecked();
    await fund(t.ctx.database, userId, 40 * USD, t.clock.now());
    expect((await save({ mode: 'weekly', weekday: 6 })).statusCode).toBe(200); // Saturday
    expect(await run()).toMatchObject({ attempted: 0 }); // Friday
    t.clock.set(new Date('2026-11-21T00:00:00.000Z'));
    expect(await run()).toMatchObject({ attempted: 1, requested: 1 });
    t.clock.set(new Date('2026-11-21T23:59:00.000Z'));
    await fund(t.ctx.database, userId, 40 * USD, t.clock.now());
    expect(await run()).toMatchObject({ attempted: 0 });
    t.clock.set(new Date('2026-11-22T08:00:00.000Z'));
    expect(await run()).toMatchObject({ attempted: 0 }); // Sunday
    expect(await requests()).toHaveLength(1);
    t.clock.set(new Date('2026-11-28T08:00:00.000Z'));
    expect(await run()).toMatchObject({ attempted: 1, requested: 1 });
    expect((await requests()).every((r) => r.automatic)).toBe(true);
  });

  it('below the minimum on its day: notified once, not retried that day; off stops it', async () => {
    await codeChecked();
    await fund(t.ctx.database, userId, 5 * USD, t.clock.now());
    expect((await save({ mode: 'monthly', month_day: 20 })).statusCode).toBe(200);
    expect(await run()).toEqual({ attempted: 1, requested: 0, refused: 1, notified: 1 });
    expect((await notificationsOf())[0]!.body).toBe(
      'Your automatic payout was not made: $5.00 is available for withdrawal, less than the minimum payout of $20.00 to your main wallet. It will be tried again on the next due day.',
    );
    expect(await run()).toMatchObject({ attempted: 0 });
    await codeChecked();
    expect((await save({ mode: 'off' })).statusCode).toBe(200);
    await fund(t.ctx.database, userId, 100 * USD, t.clock.now());
    t.clock.set(new Date('2026-12-20T08:00:00.000Z'));
    expect(await run()).toMatchObject({ attempted: 0 });
    expect(await requests()).toEqual([]);
  });

  it('the freeze after a security code change stops it, as it stops the partner', async () => {
    await codeChecked();
    expect((await save({ mode: 'threshold', threshold: 20 * USD })).statusCode).toBe(200);
    await setSecurity(t.ctx.database, userId, { codeSet: true, changedAt: t.clock.now() });
    await fund(t.ctx.database, userId, 50 * USD, t.clock.now());
    expect(await run()).toMatchObject({ attempted: 1, requested: 0, refused: 1, notified: 1 });
    expect((await notificationsOf())[0]!.body).toContain('payouts are suspended after the security code change until');
    expect((await read()).last_attempt).toMatchObject({ refusal: 'frozen' });
  });
});
