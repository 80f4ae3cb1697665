import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, PAYOUT_SYSTEM_FIELDS, PAYOUT_SYSTEMS, validateWalletDetails, type PayoutSystem } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { t as translate } from '../../lib/i18n.ts';
import { createPartner } from '../../money/testing.ts';
import { decryptWalletSecret, encryptWalletSecret, walletFingerprint, walletKeys } from '../../money/wallets.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { cardNumber, insertWallet, jsonHeaders, moneyTables, outbox, setSecurity, tronAddress, turkishIban, walletFields } from './testing.ts';

let t: TestApp;
let p: number;
let cookie: string;
const NOW = '2026-11-20T12:00:00.000Z';
const DAY = 86_400_000;

beforeEach(async () => {
  t = await createTestApp({ clock: NOW });
  p = await createPartner(t.ctx.database, { email: 'p@x.test' });
  cookie = await sessionCookie(t.ctx.database, p, t.clock.now());
});
afterEach(async () => {
  await t.close();
});

const addPurse = (payload: Record<string, unknown>, as = cookie, lang?: string) =>
  t.app.inject({ method: 'POST', url: '/api/purse', headers: jsonHeaders(as, lang), payload });
const purses = async (as = cookie) => {
  const res = await t.app.inject({ url: '/api/purses', headers: { cookie: as } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { purses: Array<Record<string, unknown>>; purses_not_confirmed: Array<Record<string, unknown>> };
};
/** The token of the newest confirmation link mailed to an address. */
async function mailedPurseToken(to = 'p@x.test'): Promise<string> {
  const mails = (await outbox(t.app, to)).filter((m) => m.kind === 'purse_confirm');
  const match = /\/purse\/confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '');
  if (!match) throw new Error('no confirmation link mailed');
  return match[1]!;
}
const confirm = (token: string, as = cookie) => t.app.inject({ method: 'POST', url: `/api/purse/confirm/${token}`, headers: { cookie: as } });
const key = () => t.ctx.config.PAYOUT_DETAILS_KEY;

describe('wallets: access', () => {
  it('every call needs a signed-in partner', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/purses'],
      ['GET', '/api/payouts/info'],
      ['POST', '/api/purse'],
      ['POST', '/api/purse/confirm/abc'],
      ['DELETE', '/api/purse/1'],
      ['POST', '/api/purse/1/main'],
      ['POST', '/api/purse/1/link'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/payouts/info', () => {
  it('answers the payout systems, currencies, banks and periods from the product settings', async () => {
    const res = await t.app.inject({ url: '/api/payouts/info', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      card_currencies: DEFAULT_PRODUCT.cardCurrencies,
      bank_tr_currencies: DEFAULT_PRODUCT.bankTrCurrencies,
      active_purses_types: [...PAYOUT_SYSTEMS],
      hold_period: 3,
      processing_days: 7,
      turkish_banks: DEFAULT_PRODUCT.turkishBanks,
    });
    expect(info.purses_types).toContainEqual({ type: 'card', fee_bp: 300, fee_fixed: 1_000_000, min_payout: 40_000_000, fields: [...PAYOUT_SYSTEM_FIELDS.card] });
    expect(info.purses_types).toHaveLength(6);
  });

  it('follows an operator change: hold period, a closed system (no new wallets of it)', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' },
      payload: { changes: { walletHoldDays: 5, openPayoutSystems: ['paypal', 'card'] } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const info = (await t.app.inject({ url: '/api/payouts/info', headers: { cookie } })).json();
    expect(info.hold_period).toBe(5);
    expect(info.active_purses_types).toEqual(['paypal', 'card']);
    const before = await moneyTables(t.ctx.database);
    const res = await addPurse({ type: 'capitalist', ...walletFields('capitalist') });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.type).toEqual(['New wallets of this payout system cannot be added at the moment']);
    expect(await moneyTables(t.ctx.database)).toBe(before);
  });
});

describe('POST /api/purse: adding a wallet', () => {
  it.each(PAYOUT_SYSTEMS.map((s) => [s]))('adds a %s wallet waiting for confirmation and mails the link', async (system) => {
    const res = await addPurse({ type: system, ...walletFields(system) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('We have sent you an email with a confirmation link. Follow it to verify your payout details.');
    expect(body.data).toMatchObject({ type: system, state: 'waiting_confirmation', confirmed_at: null, active_from: null, main: false, created_at: NOW });
    expect(body.data.min_payout).toBe(DEFAULT_PRODUCT.payoutSystems[system].minimumMicro);
    const list = await purses();
    expect(list.purses).toEqual([]);
    expect(list.purses_not_confirmed).toEqual([body.data]);
    const [mail] = await outbox(t.app, 'p@x.test');
    expect(mail).toMatchObject({ kind: 'purse_confirm', lang: 'en', subject: 'Confirm your new payout details' });
    expect(mail!.text_body).toContain(body.data.summary);
    expect(mail!.text_body).toContain(translate('en', `money:systems.${system}`));
    expect(mail!.text_body).toMatch(/http:\/\/localhost:3000\/purse\/confirm\/[A-Za-z0-9_-]{16,}/);
    expect(mail!.text_body).toContain('valid for 24 hours');
  });

  it('accepts the form-encoded post of the web app, and normalizes the details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purse',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ type: 'bank_tr', first_name: ' Ayşe ', last_name: 'Yılmaz', currency: 'try', iban: turkishIban(7).replace(/(.{4})/g, '$1 '), bank_name: 'akbank' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const iban = turkishIban(7);
    expect(res.json().data.details).toEqual({ first_name: 'Ayşe', last_name: 'Yılmaz', currency: 'TRY', iban, bank_name: 'Akbank' });
    expect(res.json().data.summary).toBe(`${iban.slice(0, 4)} … ${iban.slice(-4)}`);
  });

  const number = cardNumber(5);
  const badIban = turkishIban(3).slice(0, -1) + ((Number(turkishIban(3).slice(-1)) + 1) % 10);
  const badTron = (() => {
    const a = tronAddress(9);
    return a.slice(0, -1) + (a.endsWith('2') ? '3' : '2');
  })();
  const invalid: Array<[PayoutSystem, Record<string, string>, string, string]> = [
    ['webmoney', { purse: '' }, 'purse', 'Enter the WebMoney purse'],
    ['webmoney', { purse: 'Z123' }, 'purse', 'A WebMoney purse is the letter Z followed by 12 digits'],
    ['webmoney', { purse: 'R123456789012' }, 'purse', 'A WebMoney purse is the letter Z followed by 12 digits'],
    ['paypal', { email: 'not-an-address' }, 'email', 'The email must be a valid email address'],
    ['paypal', { email: '   ' }, 'email', 'Enter the PayPal email address'],
    ['card', { number: number.slice(0, -1) + ((Number(number.slice(-1)) + 1) % 10) }, 'number', 'This card number is not valid. Please check the digits'],
    ['card', { number: '1234 5678' }, 'number', 'A card number has 12 to 19 digits'],
    ['card', { currency: 'GBP' }, 'currency', 'Choose one of these currencies: USD, EUR, RUB, UAH, KZT'],
    ['card', { month: '13' }, 'month', 'Enter the expiry month as a number from 1 to 12'],
    ['card', { year: '203' }, 'year', 'Enter the expiry year with 2 or 4 digits'],
    ['card', { month: '10', year: '2026' }, 'year', 'This card has expired'],
    ['card', { first_name: '12345' }, 'first_name', 'Use letters only (spaces, dots, apostrophes and hyphens are allowed), at most 64 characters'],
    ['card', { last_name: '' }, 'last_name', 'Enter the last name'],
    ['bank_tr', { iban: 'DE89370400440532013000' }, 'iban', 'Only Turkish IBANs (starting with TR) are accepted'],
    ['bank_tr', { iban: 'TR12345' }, 'iban', 'A Turkish IBAN is TR followed by 24 digits'],
    ['bank_tr', { iban: badIban }, 'iban', 'This IBAN is not valid. Please check the digits'],
    ['bank_tr', { bank_name: 'Bank of Nowhere' }, 'bank_name', 'Choose a bank from the list'],
    ['bank_tr', { currency: 'RUB' }, 'currency', 'Choose one of these currencies: TRY, USD, EUR'],
    ['usdt_trc20', { address: badTron }, 'address', 'This is not a valid TRON (TRC-20) address'],
    ['usdt_trc20', { address: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'address', 'This is not a valid TRON (TRC-20) address'],
    ['capitalist', { account: 'U12' }, 'account', 'A Capitalist account is the letter U followed by 7 to 10 digits'],
  ];

  it.each(invalid)('%s with %o answers 422 on %s and changes nothing', async (system, override, field, message) => {
    const before = await moneyTables(t.ctx.database);
    const res = await addPurse({ type: system, ...walletFields(system), ...override });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'Please check the highlighted fields.' });
    expect(res.json().errors[field]).toContain(message);
    expect(await moneyTables(t.ctx.database)).toBe(before);
  });

  it('has an English text for "required" on every field of every system (the other codes: the table above)', () => {
    for (const system of PAYOUT_SYSTEMS) {
      const r = validateWalletDetails(system, {}, NOW);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(Object.keys(r.errors).sort()).toEqual([...PAYOUT_SYSTEM_FIELDS[system]].sort());
      for (const [field, codes] of Object.entries(r.errors))
        for (const code of codes) expect(translate('en', `money:details.${field}.${code}`, { defaultValue: '' }), `${field}.${code}`).not.toBe('');
    }
  });

  it('refuses a missing or unknown payout system', async () => {
    for (const [payload, message] of [
      [{}, 'Choose a payout system'],
      [{ type: '' }, 'Choose a payout system'],
      [{ type: 'bitcoin', address: 'x' }, 'This payout system is not available'],
    ] as const) {
      const res = await addPurse(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.type).toEqual([message]);
    }
    expect(JSON.parse(await moneyTables(t.ctx.database)).purses).toEqual([]);
  });

  it('another language falls back to English until translated (code and field)', async () => {
    const res = await addPurse({ type: 'webmoney', purse: 'nope' }, cookie, 'de');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors.purse).toHaveLength(1);
  });

  it('refuses a duplicate of a live wallet on its identifying field, by a keyed fingerprint; after removal it may come back', async () => {
    expect((await addPurse({ type: 'paypal', ...walletFields('paypal', 1) })).statusCode).toBe(200);
    const card = await addPurse({ type: 'card', ...walletFields('card', 1) });
    expect(card.statusCode).toBe(200);
    const before = await moneyTables(t.ctx.database);
    const again = await addPurse({ type: 'paypal', email: 'WALLET1@pay.example' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['You have already added this wallet'] });
    // The same card written with spaces, another holder name and currency is the same card.
    const spaced = cardNumber(1).replace(/(.{4})/g, '$1 ');
    const cardAgain = await addPurse({ type: 'card', ...walletFields('card', 1), number: spaced, currency: 'EUR', first_name: 'Grace' });
    expect(cardAgain.statusCode).toBe(422);
    expect(cardAgain.json().errors).toEqual({ number: ['You have already added this wallet'] });
    expect(await moneyTables(t.ctx.database)).toBe(before);
    // Another partner may add the same PayPal address (duplicates are per partner).
    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    expect((await addPurse({ type: 'paypal', ...walletFields('paypal', 1) }, await sessionCookie(t.ctx.database, q, t.clock.now()))).statusCode).toBe(200);
    // The fingerprint is a keyed hash, not the value.
    const [row] = await t.ctx.database.query<{ fingerprint: string }>(sql`select fingerprint from purses where id = ${card.json().data.id}`);
    expect(row!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.fingerprint).not.toContain(cardNumber(1));
    // Removed (it is not main: not confirmed), it may be added again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purse/${card.json().data.id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await addPurse({ type: 'card', ...walletFields('card', 1) })).statusCode).toBe(200);
  });

  it(`allows at most ${DEFAULT_PRODUCT.maxLiveWallets} live wallets`, async () => {
    for (let n = 0; n < DEFAULT_PRODUCT.maxLiveWallets; n++) expect((await addPurse({ type: 'webmoney', ...walletFields('webmoney', n) })).statusCode).toBe(200);
    const before = await moneyTables(t.ctx.database);
    const res = await addPurse({ type: 'capitalist', ...walletFields('capitalist') });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You can have at most 10 wallets. Remove one you no longer use to add another.');
    expect(res.json().errors.type).toEqual(['You can have at most 10 wallets. Remove one you no longer use to add another.']);
    expect(await moneyTables(t.ctx.database)).toBe(before);
    // Removing one makes room.
    const id = (await purses()).purses_not_confirmed[0]!.id;
    await t.app.inject({ method: 'DELETE', url: `/api/purse/${id}`, headers: { cookie } });
    expect((await addPurse({ type: 'capitalist', ...walletFields('capitalist') })).statusCode).toBe(200);
  });
});

describe('card numbers are never stored or shown whole', () => {
  it('keeps the last four digits in details and the whole number only encrypted', async () => {
    const number = cardNumber(4242);
    const res = await addPurse({ type: 'card', ...walletFields('card', 4242), number: number.replace(/(.{4})/g, '$1-') });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(res.body).not.toContain(number);
    expect(data.details).toEqual({ number: `•••• ${number.slice(-4)}`, currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace' });
    expect(data.summary).toBe(`•••• ${number.slice(-4)} (USD)`);

    const token = await mailedPurseToken();
    const confirmed = await confirm(token);
    expect(confirmed.body).not.toContain(number);
    expect(JSON.stringify(await purses())).not.toContain(number);

    const [row] = await t.ctx.database.query<{ details: Record<string, string>; secret: string; row: string }>(
      sql`select details, secret, (to_jsonb(p) - 'secret')::text as row from purses p where id = ${data.id}`,
    );
    expect(row!.details).toEqual({ currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace', last4: number.slice(-4) });
    expect(row!.row).not.toContain(number);
    expect(row!.secret).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(row!.secret).not.toContain(number);
    expect(decryptWalletSecret(walletKeys(key()), p, 'card', row!.secret)).toBe(number);
    // Not in any mail either, nor anywhere else in the database's text.
    const mails = await outbox(t.app, 'p@x.test');
    for (const m of mails) expect(m.text_body + m.html_body + m.subject).not.toContain(number);
    const dump = await t.ctx.database.query<{ t: string }>(
      sql`select string_agg(x::text, '|') as t from (select to_jsonb(o) as x from mail_outbox o union all select to_jsonb(k) from one_time_tokens k union all select to_jsonb(l) from ledger_entries l) s`,
    );
    expect(dump[0]?.t ?? '').not.toContain(number);
  });

  it('encrypts with AES-256-GCM bound to the partner and system; keys derive from PAYOUT_DETAILS_KEY', () => {
    const keys = walletKeys('k'.repeat(40));
    const a = encryptWalletSecret(keys, 7, 'card', '4111111111111111');
    const b = encryptWalletSecret(keys, 7, 'card', '4111111111111111');
    expect(a).not.toBe(b);
    expect(decryptWalletSecret(keys, 7, 'card', a)).toBe('4111111111111111');
    expect(() => decryptWalletSecret(keys, 8, 'card', a)).toThrow();
    expect(() => decryptWalletSecret(walletKeys('x'.repeat(40)), 7, 'card', a)).toThrow();
    const tampered = a.slice(0, -2) + (a.endsWith('AA') ? 'BB' : 'AA');
    expect(() => decryptWalletSecret(keys, 7, 'card', tampered)).toThrow();
    const fp = (k: string) => walletFingerprint(walletKeys(k), 'paypal', { email: 'A@b.example' });
    expect(fp('k'.repeat(40))).toBe(walletFingerprint(keys, 'paypal', { email: 'a@b.example' }));
    expect(fp('k'.repeat(40))).not.toBe(fp('x'.repeat(40)));
  });

  it('PAYOUT_DETAILS_KEY: derived from SESSION_SECRET outside production, required in production', () => {
    const a = loadConfig({ SESSION_SECRET: 's'.repeat(40) }).PAYOUT_DETAILS_KEY;
    expect(a).toBe(loadConfig({ SESSION_SECRET: 's'.repeat(40) }).PAYOUT_DETAILS_KEY);
    expect(a).not.toBe(loadConfig({ SESSION_SECRET: 't'.repeat(40) }).PAYOUT_DETAILS_KEY);
    expect(a).not.toContain('s'.repeat(40));
    expect(loadConfig({ PAYOUT_DETAILS_KEY: 'p'.repeat(32) }).PAYOUT_DETAILS_KEY).toBe('p'.repeat(32));
    expect(() => loadConfig({ PAYOUT_DETAILS_KEY: 'short' })).toThrow(/PAYOUT_DETAILS_KEY/);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/pc',
      SESSION_SECRET: 'prod-session-secret-0123456789abcdefghijklmnop',
      CAPTCHA_SECRET: 'prod-captcha-secret-0123',
      AUTOLOGIN_SECRET_FD1: 'prod-autologin-fd1-0123',
      AUTOLOGIN_SECRET_FD2: 'prod-autologin-fd2-0123',
      INGEST_TOKEN_FD1: 'prod-ingest-fd1-0123456789',
      INGEST_TOKEN_FD2: 'prod-ingest-fd2-0123456789',
      OPERATOR_TOKEN: 'prod-operator-0123456789',
    };
    expect(() => loadConfig(production)).toThrow(/PAYOUT_DETAILS_KEY must be set in production/);
    expect(loadConfig({ ...production, PAYOUT_DETAILS_KEY: 'prod-payout-key-0123456789abcdef0123' }).PAYOUT_DETAILS_KEY).toBe('prod-payout-key-0123456789abcdef0123');
  });
});

describe('POST /api/purse/confirm/{code}', () => {
  it('confirms with the mailed link: the wallet goes on hold until confirmation + hold_period, then is active', async () => {
    const added = (await addPurse({ type: 'paypal', ...walletFields('paypal') })).json().data;
    t.clock.advance(3_600_000);
    const res = await confirm(await mailedPurseToken());
    expect(res.statusCode, res.body).toBe(200);
    const confirmedAt = new Date(Date.parse(NOW) + 3_600_000);
    const activeFrom = new Date(confirmedAt.getTime() + 3 * DAY).toISOString();
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Payout details successfully verified',
      data: { id: added.id, state: 'on_hold', confirmed_at: confirmedAt.toISOString(), active_from: activeFrom, main: false },
    });
    expect((await purses()).purses.map((w) => [w.id, w.state])).toEqual([[added.id, 'on_hold']]);
    t.clock.set(activeFrom);
    // The first wallet to become active is the main one.
    expect((await purses()).purses.map((w) => [w.id, w.state, w.main])).toEqual([[added.id, 'active', true]]);
  });

  it('refuses a used, expired, unknown or other partner\'s link, and a removed wallet\'s, changing nothing', async () => {
    const invalid = 'URL is invalid or expired. Please try again';
    const expectInvalid = async (token: string, as = cookie) => {
      const before = await moneyTables(t.ctx.database);
      const res = await confirm(token, as);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: invalid, errors: { code: [invalid] } });
      expect(await moneyTables(t.ctx.database)).toBe(before);
    };
    // Unknown codes of every shape.
    await expectInvalid('abc');
    await expectInvalid('A'.repeat(43));
    // Another partner's code: refused, and still usable by its owner.
    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    const qCookie = await sessionCookie(t.ctx.database, q, t.clock.now());
    await addPurse({ type: 'paypal', ...walletFields('paypal', 1) });
    const token = await mailedPurseToken();
    await expectInvalid(token, qCookie);
    expect((await confirm(token)).statusCode).toBe(200);
    // Used.
    await expectInvalid(token);
    // Expired: 24 hours.
    await addPurse({ type: 'webmoney', ...walletFields('webmoney', 1) });
    const late = await mailedPurseToken();
    t.clock.advance(24 * 3_600_000);
    await expectInvalid(late);
    expect((await purses()).purses_not_confirmed).toHaveLength(1);
    // The wallet was removed meanwhile.
    const w = (await addPurse({ type: 'capitalist', ...walletFields('capitalist', 1) })).json().data;
    const removedToken = await mailedPurseToken();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purse/${w.id}`, headers: { cookie } })).statusCode).toBe(200);
    await expectInvalid(removedToken);
  });
});

describe('POST /api/purse/{id}/link: the confirmation link sent again', () => {
  const resend = (id: number | string, as = cookie, lang?: string) =>
    t.app.inject({ method: 'POST', url: `/api/purse/${id}/link`, headers: { cookie: as, ...(lang ? { 'x-localization': lang } : {}) } });
  const confirmMails = async () => (await outbox(t.app, 'p@x.test')).filter((m) => m.kind === 'purse_confirm').length;

  it('mails a new link once the first expired; it confirms the wallet; not twice within a minute', async () => {
    const added = (await addPurse({ type: 'paypal', ...walletFields('paypal') })).json().data;
    const first = await mailedPurseToken();
    // Pressed right after adding: the first mail is on its way.
    const soon = await resend(added.id);
    expect(soon.statusCode, soon.body).toBe(429);
    expect(soon.json()).toMatchObject({
      code: 'rate_limited',
      message: 'We sent a link for this wallet less than a minute ago. Check your mailbox, or try again in a minute.',
    });
    expect(await confirmMails()).toBe(1);

    t.clock.advance(25 * 3_600_000);
    const res = await resend(added.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'We have sent a new confirmation link to p@x.test.' });
    expect(await confirmMails()).toBe(2);
    const second = await mailedPurseToken();
    expect(second).not.toBe(first);
    expect((await resend(added.id)).statusCode).toBe(429);
    t.clock.advance(60_000);
    expect((await resend(added.id, cookie, 'de')).json().message).toBe('Wir haben einen neuen Bestätigungslink an p@x.test gesendet.');
    expect(await confirmMails()).toBe(3);

    // The expired first link stays refused; a new one confirms.
    expect((await confirm(first)).statusCode).toBe(422);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await purses()).purses.map((w) => [w.id, w.state])).toEqual([[added.id, 'on_hold']]);
    // Confirmed: nothing to send, and the third link has nothing left to confirm.
    t.clock.advance(60_000);
    const done = await resend(added.id);
    expect(done.statusCode, done.body).toBe(422);
    expect(done.json().message).toBe('This wallet is already verified.');
    expect((await confirm(await mailedPurseToken())).statusCode).toBe(422);
    expect(await confirmMails()).toBe(3);
  });

  it('earlier links stay valid until they expire: whichever is followed first confirms', async () => {
    const added = (await addPurse({ type: 'webmoney', ...walletFields('webmoney') })).json().data;
    const first = await mailedPurseToken();
    t.clock.advance(2 * 60_000);
    expect((await resend(added.id)).statusCode).toBe(200);
    const second = await mailedPurseToken();
    expect((await confirm(first)).statusCode).toBe(200);
    expect((await confirm(second)).statusCode).toBe(422);
    expect((await purses()).purses.map((w) => w.id)).toEqual([added.id]);
  });

  it("another partner's, unknown, malformed and removed wallets answer 404 and mail nothing", async () => {
    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    const qCookie = await sessionCookie(t.ctx.database, q, t.clock.now());
    const theirs = (await addPurse({ type: 'paypal', ...walletFields('paypal', 1) }, qCookie)).json().data;
    const mine = (await addPurse({ type: 'paypal', ...walletFields('paypal', 2) })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/purse/${mine.id}`, headers: { cookie } })).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const before = (await outbox(t.app, 'q@x.test')).length + (await confirmMails());
    for (const id of [theirs.id, mine.id, 999999, 'abc']) {
      const res = await resend(id);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: 'This wallet was not found.' });
    }
    expect((await outbox(t.app, 'q@x.test')).length + (await confirmMails())).toBe(before);
  });
});

describe('main wallet, removal', () => {
  async function threeWallets() {
    const now = t.clock.now();
    const a = await insertWallet(t.ctx.database, key(), { userId: p, system: 'paypal', n: 1, createdAt: new Date(now.getTime() - 20 * DAY), confirmedAt: new Date(now.getTime() - 10 * DAY) });
    const b = await insertWallet(t.ctx.database, key(), { userId: p, system: 'webmoney', n: 2, createdAt: new Date(now.getTime() - 9 * DAY), confirmedAt: new Date(now.getTime() - 5 * DAY) });
    const c = await insertWallet(t.ctx.database, key(), { userId: p, system: 'capitalist', n: 3, createdAt: now });
    const d = await insertWallet(t.ctx.database, key(), { userId: p, system: 'usdt_trc20', n: 4, createdAt: now, confirmedAt: now });
    return { a, b, c, d };
  }
  const del = (id: number | string, as = cookie) => t.app.inject({ method: 'DELETE', url: `/api/purse/${id}`, headers: { cookie: as } });
  const main = (id: number | string, as = cookie) => t.app.inject({ method: 'POST', url: `/api/purse/${id}/main`, headers: { cookie: as } });
  const mainOf = async () => [...(await purses()).purses, ...(await purses()).purses_not_confirmed].filter((w) => w.main).map((w) => w.id);

  it('the first wallet to become active is main until another confirmed one is set; the main one cannot be removed', async () => {
    const { a, b, c, d } = await threeWallets();
    const list = await purses();
    expect(list.purses.map((w) => [w.id, w.state, w.main])).toEqual([
      [a, 'active', true],
      [b, 'active', false],
      [d, 'on_hold', false],
    ]);
    expect(list.purses_not_confirmed.map((w) => [w.id, w.state])).toEqual([[c, 'waiting_confirmation']]);

    const before = await moneyTables(t.ctx.database);
    const refused = await del(a);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The main wallet cannot be removed. Select a verified wallet and set it as the main one to be able to remove all the rest.',
    );
    const waiting = await main(c);
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toBe('Only a verified wallet can be the main one. Follow the link we emailed you to verify it first.');
    expect(await moneyTables(t.ctx.database)).toBe(before);

    // A wallet on hold may be chosen as main (payouts to it wait for the hold).
    const onHold = await main(d);
    expect(onHold.statusCode, onHold.body).toBe(200);
    expect(onHold.json()).toMatchObject({ success: true, message: 'This wallet is now your main wallet.', data: { id: d, main: true, state: 'on_hold' } });
    expect(await mainOf()).toEqual([d]);
    // Choosing again within the same millisecond still follows the latest choice.
    expect((await main(b)).statusCode).toBe(200);
    expect(await mainOf()).toEqual([b]);
    expect((await del(b)).statusCode).toBe(409);

    const removed = await del(a);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'The wallet has been removed.' });
    const [row] = await t.ctx.database.query<{ deleted_at: Date | string }>(sql`select deleted_at from purses where id = ${a}`);
    expect(new Date(row!.deleted_at).toISOString()).toBe(NOW);
    for (const id of [c, d]) expect((await del(id)).statusCode).toBe(200);
    // The last live wallet may go, even as main.
    expect((await del(b)).statusCode).toBe(200);
    expect(await purses()).toEqual({ purses: [], purses_not_confirmed: [] });
  });

  it('another partner\'s, unknown, malformed and removed wallet ids answer 404 and change nothing', async () => {
    const { a, c } = await threeWallets();
    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    const qCookie = await sessionCookie(t.ctx.database, q, t.clock.now());
    const before = await moneyTables(t.ctx.database);
    for (const id of [a, c]) {
      for (const res of [await del(id, qCookie), await main(id, qCookie)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'not_found', message: 'This wallet was not found.' });
      }
    }
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect((await del(id)).statusCode, id).toBe(404);
      expect((await main(id)).statusCode, id).toBe(404);
    }
    expect(await moneyTables(t.ctx.database)).toBe(before);
    expect((await del(c)).statusCode).toBe(200);
    expect((await del(c)).statusCode).toBe(404);
    expect((await main(c)).statusCode).toBe(404);
  });
});

describe('the security check guards wallet changes', () => {
  it('403 need_security_code when a code is set and not checked lately; passes after a check; 403 frozen after a change', async () => {
    const w = await insertWallet(t.ctx.database, key(), { userId: p, system: 'paypal', createdAt: t.clock.now(), confirmedAt: t.clock.now() });
    const calls = () => [
      addPurse({ type: 'webmoney', ...walletFields('webmoney') }),
      t.app.inject({ method: 'DELETE', url: `/api/purse/${w}`, headers: { cookie } }),
      t.app.inject({ method: 'POST', url: `/api/purse/${w}/main`, headers: { cookie } }),
    ];
    await setSecurity(t.ctx.database, p, { codeSet: true, checkedAt: new Date(t.clock.now().getTime() - 6 * 60_000) });
    const before = await moneyTables(t.ctx.database);
    for (const res of await Promise.all(calls())) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('need_security_code');
    }
    // Reading and following the mailed link are not guarded.
    expect((await t.app.inject({ url: '/api/purses', headers: { cookie } })).statusCode).toBe(200);
    expect(await moneyTables(t.ctx.database)).toBe(before);

    await setSecurity(t.ctx.database, p, { codeSet: true, changedAt: new Date(t.clock.now().getTime() - 2 * DAY), checkedAt: t.clock.now() });
    for (const res of await Promise.all(calls())) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'operations_are_frozen', allowed_at: new Date(t.clock.now().getTime() + 13 * DAY).toISOString() });
    }
    expect(await moneyTables(t.ctx.database)).toBe(before);

    await setSecurity(t.ctx.database, p, { codeSet: true, checkedAt: new Date(t.clock.now().getTime() - 60_000) });
    expect((await addPurse({ type: 'webmoney', ...walletFields('webmoney') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/purse/${w}/main`, headers: { cookie } })).statusCode).toBe(200);
  });
});
