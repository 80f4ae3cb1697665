import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_PAYOUT_MICRO } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertPayoutRequest, movePayoutRequest } from '../../money/payouts.ts';
import { createPartner, ledgerRows } from '../../money/testing.ts';
import { storeRate } from '../../money/exchange-rates.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { cardNumber, fund, insertWallet, jsonHeaders, ledgerFigures, moneyTables, outbox, setSecurity, walletFields } from './testing.ts';

let t: TestApp;
let p: number;
let cookie: string;
const NOW = '2026-11-20T12:00:00.000Z';
const DAY = 86_400_000;
const USD = 1_000_000;

beforeEach(async () => {
  t = await createTestApp({ clock: NOW });
  p = await createPartner(t.ctx.database, { email: 'p@x.test' });
  cookie = await sessionCookie(t.ctx.database, p, t.clock.now());
});
afterEach(async () => {
  await t.close();
});

const key = () => t.ctx.config.PAYOUT_DETAILS_KEY;
const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY);
/** An active wallet (confirmed 10 days ago) of a partner. */
const activeWallet = (system: Parameters<typeof walletFields>[0] = 'paypal', userId = p, n = 0) =>
  insertWallet(t.ctx.database, key(), { userId, system, n, createdAt: ago(11), confirmedAt: ago(10) });
const request = (payload: Record<string, unknown>, as = cookie, lang?: string) =>
  t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(as, lang), payload });
const quick = (as = cookie) => t.app.inject({ method: 'POST', url: '/api/payouts/quick', headers: { cookie: as } });
const available = async () => (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json();
const op = (id: number, to: 'review' | 'process' | 'accepted' | 'rejected', reason = '') =>
  movePayoutRequest(t.ctx.database.db, { id, to, by: 'operator', actor: 'op', reason }, t.clock.now());

describe('payout requests: access', () => {
  it('every call needs a signed-in partner', async () => {
    for (const [method, url] of [
      ['GET', '/api/payouts'],
      ['POST', '/api/payouts'],
      ['POST', '/api/payouts/quick'],
      ['DELETE', '/api/payout/1'],
      ['GET', '/api/payout/1/timeline'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/payouts', () => {
  it('creates a request to an active wallet with its system\'s fee; the money is taken off what is available', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const w = await activeWallet('paypal');
    const res = await request({ amount: '50000000', wallet: String(w) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your payout request has been sent.',
      data: {
        id: expect.any(Number),
        created_date: NOW,
        amount: 50 * USD,
        fee: 1_500_000,
        received: 48_500_000,
        wallet_type: 'paypal',
        payment_details: 'wallet0@pay.example',
        status: 'created',
        status_reason: '',
        updated_at: NOW,
        expected_at: null,
        can_delete: true,
        conversion: null,
        automatic: false,
      },
    });
    expect(await available()).toMatchObject({ amount: 50 * USD, in_progress: 50 * USD });
    const [row] = await t.ctx.database.query<{ wallet_id: number; fee_micro: number }>(sql`select wallet_id, fee_micro from payout_requests`);
    expect(Number(row!.wallet_id)).toBe(w);
    expect(Number(row!.fee_micro)).toBe(1_500_000);
    expect((await ledgerRows(t.ctx.database, p)).map((e) => [e.kind, Number(e.amount_micro)])).toEqual([
      ['additional', 100 * USD],
      ['payout', -50 * USD],
    ]);
  });

  it('a card request: 3% + 1 USD fee, the masked number as payment details, never the whole number', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const w = await activeWallet('card', p, 77);
    const res = await request({ amount: 40 * USD, wallet: w });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 40 * USD, fee: 2_200_000, received: 37_800_000, wallet_type: 'card', payment_details: `•••• ${cardNumber(77).slice(-4)} (USD)` });
    expect(await moneyTables(t.ctx.database)).not.toContain(cardNumber(77));
    // Only the operator's view of the request reads the whole number (to pay it), and that reading is logged.
    const operator = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };
    const view = await t.app.inject({ url: `/operator/v1/payouts/${res.json().data.id}`, headers: operator });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().wallet).toEqual({
      id: w,
      type: 'card',
      removed: false,
      details: { number: cardNumber(77), currency: 'USD', month: '12', year: '2030', first_name: 'Ada', last_name: 'Lovelace' },
    });
    const actions = (await t.app.inject({ url: '/operator/v1/actions', headers: operator })).json().data;
    expect(actions[0]).toMatchObject({ operator: 'alice', action: 'payout.wallet_viewed', target: `payout:${res.json().data.id}`, payload: { wallet_id: w } });
    expect(JSON.stringify(actions)).not.toContain(cardNumber(77));
  });

  const badAmounts: Array<[unknown, string]> = [
    ['abc', 'Please enter a valid amount'],
    ['12.5', 'Please enter a valid amount'],
    ['-5', 'Please enter a valid amount'],
    ['1e3', 'Please enter a valid amount'],
    [' 50000000', 'Please enter a valid amount'],
    [1.5, 'Please enter a valid amount'],
    [-5, 'The amount must be greater than 0'],
    [0, 'The amount must be greater than 0'],
    ['0', 'The amount must be greater than 0'],
    [1e20, 'The amount must be less than or equal to $1,000,000,000.00'],
    [MAX_PAYOUT_MICRO + 1, 'The amount must be less than or equal to $1,000,000,000.00'],
    [String(MAX_PAYOUT_MICRO + 1), 'The amount must be less than or equal to $1,000,000,000.00'],
    ['9'.repeat(400), 'The amount must be less than or equal to $1,000,000,000.00'],
    ['', 'Enter the amount'],
    [undefined, 'Enter the amount'],
  ];
  it.each(badAmounts)('amount %j answers 422 on amount and changes nothing', async (amount, message) => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const w = await activeWallet();
    const before = await moneyTables(t.ctx.database);
    const res = await request({ amount, wallet: w });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Please check the highlighted fields.', errors: { amount: [message] } });
    expect(await moneyTables(t.ctx.database)).toBe(before);
  });

  it('a form-encoded post with a bad amount and no wallet names both fields; a JSON boolean is refused too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=12.5&wallet=',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: ['Please enter a valid amount'], wallet: ['Choose a wallet'] });
    const bool = await request({ amount: true, wallet: 1 });
    expect(bool.statusCode).toBe(422);
    expect(Object.keys(bool.json().errors)).toEqual(['amount']);
    expect(JSON.parse(await moneyTables(t.ctx.database)).payout_requests).toEqual([]);
  });

  it('another partner\'s, unknown, malformed and removed wallets answer 404 and change nothing', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    const theirs = await activeWallet('paypal', q);
    const removed = await activeWallet('webmoney');
    await t.ctx.database.db.execute(sql`update purses set deleted_at = ${ago(1)} where id = ${removed}`);
    const before = await moneyTables(t.ctx.database);
    for (const wallet of [theirs, String(theirs), removed, 999_999, 'abc', '1.5', -3]) {
      const res = await request({ amount: 20 * USD, wallet });
      expect(res.statusCode, `${wallet}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'This wallet was not found.' });
    }
    expect(await moneyTables(t.ctx.database)).toBe(before);
  });

  it('a wallet waiting for its link is refused on the wallet field', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const w = await insertWallet(t.ctx.database, key(), { userId: p, system: 'paypal', createdAt: t.clock.now() });
    const before = await moneyTables(t.ctx.database);
    const res = await request({ amount: 20 * USD, wallet: w });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ wallet: ['This wallet is not verified yet. Follow the link we emailed you to verify it.'] });
    expect(await moneyTables(t.ctx.database)).toBe(before);
  });

  it('below the system\'s minimum and above what is available: 422 with the amounts in USD', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const paypal = await activeWallet('paypal');
    const card = await activeWallet('card', p, 3);
    const before = await moneyTables(t.ctx.database);
    const low = await request({ amount: 20 * USD - 1, wallet: paypal });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors).toEqual({ amount: ['The minimum payout to PayPal is $20.00'] });
    expect((await request({ amount: 39 * USD, wallet: card })).json().errors).toEqual({ amount: ['The minimum payout to Bank card is $40.00'] });
    const high = await request({ amount: 100 * USD + 1, wallet: paypal });
    expect(high.statusCode).toBe(422);
    expect(high.json().errors).toEqual({ amount: ['The amount is more than is available for payout ($100.00)'] });
    // In the partner's language when translated; English meanwhile, with the amount formatted for the language.
    const de = await request({ amount: 100 * USD + 1, wallet: paypal }, cookie, 'de');
    expect(de.statusCode).toBe(422);
    expect(de.json().errors.amount[0]).toContain('100,00');
    expect(await moneyTables(t.ctx.database)).toBe(before);
    expect((await request({ amount: 100 * USD, wallet: paypal })).statusCode).toBe(200);
    expect((await request({ amount: 20 * USD, wallet: paypal })).json().errors).toEqual({ amount: ['The amount is more than is available for payout ($0.00)'] });
  });

  it('hold: a newly confirmed wallet is refused with the date until hold_period has passed, then accepted', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const added = await t.app.inject({ method: 'POST', url: '/api/purse', headers: jsonHeaders(cookie), payload: { type: 'webmoney', ...walletFields('webmoney', 5) } });
    const [mail] = await outbox(t.app, 'p@x.test');
    const token = /\/purse\/confirm\/([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    t.clock.advance(3_600_000);
    expect((await t.app.inject({ method: 'POST', url: `/api/purse/confirm/${token}`, headers: { cookie } })).statusCode).toBe(200);
    const w = added.json().data.id;
    const activeFrom = new Date(Date.parse(NOW) + 3_600_000 + 3 * DAY);

    const before = await moneyTables(t.ctx.database);
    const refused = await request({ amount: 20 * USD, wallet: w });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ wallet: ['Payout details were changed. A new request can be sent after November 23, 2026 at 01:00 PM UTC'] });
    expect(refused.json().message).toBe('Payout details were changed. A new request can be sent after November 23, 2026 at 01:00 PM UTC');
    // With another active wallet the message offers it.
    const other = await activeWallet('capitalist');
    expect((await request({ amount: 20 * USD, wallet: w })).json().errors.wallet).toEqual([
      'Payout details were changed. A new request can be sent after November 23, 2026 at 01:00 PM UTC or set a confirmed wallet in Settings',
    ]);
    await t.ctx.database.db.execute(sql`update purses set deleted_at = ${t.clock.now()} where id = ${other}`);
    const before2 = await moneyTables(t.ctx.database);
    // The date in the partner's own language (the text falls back to English until translated).
    await t.ctx.database.db.execute(sql`update users set lang = 'de' where id = ${p}`);
    const de = await request({ amount: 20 * USD, wallet: w });
    expect(de.json().errors.wallet[0]).toContain('23. November 2026');
    expect(await moneyTables(t.ctx.database)).toBe(before2);
    void before;

    t.clock.set(new Date(activeFrom.getTime() - 1));
    expect((await request({ amount: 20 * USD, wallet: w })).statusCode).toBe(422);
    t.clock.set(activeFrom);
    const ok = await request({ amount: 20 * USD, wallet: w });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ wallet_type: 'webmoney', payment_details: walletFields('webmoney', 5).purse, fee: 160_000 });
  });
});

describe('payouts in roubles and hryvnias (decision 0150)', () => {
  const operator = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };
  const cardIn = (currency: string, n = 0) =>
    insertWallet(t.ctx.database, key(), { userId: p, system: 'card', n, details: { currency }, createdAt: ago(11), confirmedAt: ago(10) });
  const rate = (currency: 'RUB' | 'UAH', value: string, date: string, source: 'cbr' | 'nbu' | 'demo' = currency === 'RUB' ? 'cbr' : 'nbu') =>
    storeRate(t.ctx.database, { currency, rate: value, date, source, fetchedAt: t.clock.now() });

  it('a card in roubles: what it receives is quoted at the last Bank of Russia rate, and the quote stays', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    await rate('RUB', '90', '2026-11-18');
    await rate('RUB', '92.5058', '2026-11-19');
    await rate('UAH', '41.0529', '2026-11-20');
    const w = await cardIn('RUB', 5);
    const res = await request({ amount: 40 * USD, wallet: w });
    expect(res.statusCode, res.body).toBe(200);
    // 40 USD less 3 % + 1 USD = 37.80 USD; at 92.5058 that is 3,496.71924 RUB, 349,672 kopecks.
    const conversion = { currency: 'RUB', rate: '92.5058', rate_date: '2026-11-19', source: 'cbr', amount_minor: 349_672 };
    expect(res.json().data).toMatchObject({ amount: 40 * USD, fee: 2_200_000, received: 37_800_000, payment_details: expect.stringContaining('(RUB)'), conversion });
    const id = res.json().data.id;

    // A later rate does not move a request already made; the partner's list and timeline and the operator who
    // pays it read the same figures.
    await rate('RUB', '95', '2026-11-20');
    const list = (await t.app.inject({ url: '/api/payouts', headers: { cookie } })).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].conversion).toEqual(conversion);
    const paid = await t.app.inject({ url: `/operator/v1/payouts/${id}`, headers: operator });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().conversion).toEqual(conversion);
    expect((await t.app.inject({ url: '/operator/v1/payouts', headers: operator })).json().data[0].conversion).toEqual(conversion);
    expect(await op(id, 'review')).toMatchObject({ ok: true });
    expect((await t.app.inject({ url: `/api/payout/${id}/timeline`, headers: { cookie } })).json().data.conversion).toEqual(conversion);

    // The next request takes the newer rate: 37.80 USD at 95 = 3,591 RUB.
    const next = await request({ amount: 40 * USD, wallet: w });
    expect(next.json().data.conversion).toEqual({ currency: 'RUB', rate: '95', rate_date: '2026-11-20', source: 'cbr', amount_minor: 359_100 });
  });

  it('the quick request to a card in hryvnias converts everything available at the National Bank of Ukraine rate', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    await rate('UAH', '41.0529', '2026-11-20');
    await cardIn('UAH');
    const res = await quick();
    expect(res.statusCode, res.body).toBe(200);
    // 100 USD less 3 % + 1 USD = 96 USD; at 41.0529 that is 3,941.0784 UAH, 394,108 kopiyky.
    expect(res.json().data).toMatchObject({
      amount: 100 * USD,
      received: 96 * USD,
      conversion: { currency: 'UAH', rate: '41.0529', rate_date: '2026-11-20', source: 'nbu', amount_minor: 394_108 },
    });
  });

  it('a card in dollars or euros, other systems, and a rouble card without a fresh rate: paid in US dollars', async () => {
    await fund(t.ctx.database, p, 500 * USD, t.clock.now());
    await rate('RUB', '92.5058', '2026-11-19');
    for (const w of [await cardIn('USD', 1), await cardIn('EUR', 2), await activeWallet('paypal'), await activeWallet('bank_tr')]) {
      const res = await request({ amount: 50 * USD, wallet: w });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.conversion).toBeNull();
    }
    // The last Bank of Russia rate is for November 12: more than 7 days old, the feed has stopped; not quoted.
    await t.ctx.database.query(sql`delete from exchange_rates`);
    await rate('RUB', '90', '2026-11-12');
    const rouble = await cardIn('RUB', 3);
    const stale = await request({ amount: 50 * USD, wallet: rouble });
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json().data.conversion).toBeNull();
    // Nor with no rate at all.
    await t.ctx.database.query(sql`delete from exchange_rates`);
    const rub = await request({ amount: 50 * USD, wallet: rouble });
    expect(rub.statusCode, rub.body).toBe(200);
    expect(rub.json().data.conversion).toBeNull();
  });

  it('a demo placeholder is quoted as one (the demo has no bank), never mistaken for a bank rate', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    await rate('RUB', '100', '2026-11-20', 'demo');
    const res = await request({ amount: 40 * USD, wallet: await cardIn('RUB') });
    expect(res.json().data.conversion).toEqual({ currency: 'RUB', rate: '100', rate_date: '2026-11-20', source: 'demo', amount_minor: 378_000 });
  });
});

describe('POST /api/payouts/quick', () => {
  it('sends everything available to the main wallet; refuses without one, on hold, or below the minimum', async () => {
    const before = await moneyTables(t.ctx.database);
    const none = await quick();
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('You have no main wallet yet. Add a wallet and verify it, or choose a wallet for this request.');
    expect(await moneyTables(t.ctx.database)).toBe(before);

    await fund(t.ctx.database, p, 15 * USD, t.clock.now());
    const webmoney = await activeWallet('webmoney');
    const paypal = await activeWallet('paypal', p, 1);
    // Main by default: the first to become active (both confirmed 10 days ago: the older id).
    const onHold = await insertWallet(t.ctx.database, key(), { userId: p, system: 'capitalist', createdAt: ago(2), confirmedAt: ago(1) });
    expect((await t.app.inject({ method: 'POST', url: `/api/purse/${onHold}/main`, headers: { cookie } })).statusCode).toBe(200);
    const held = await quick();
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toMatch(/^Payout details were changed\. A new request can be sent after November 22, 2026 at 12:00 PM UTC or set a confirmed wallet in Settings$/);

    expect((await t.app.inject({ method: 'POST', url: `/api/purse/${paypal}/main`, headers: { cookie } })).statusCode).toBe(200);
    const low = await quick();
    expect(low.statusCode).toBe(422);
    expect(low.json().errors).toEqual({ amount: ['Available for withdrawal ($15.00) is less than the minimum payout of $20.00 to your main wallet'] });

    expect((await t.app.inject({ method: 'POST', url: `/api/purse/${webmoney}/main`, headers: { cookie } })).statusCode).toBe(200);
    const ok = await quick();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ amount: 15 * USD, fee: 120_000, received: 14_880_000, wallet_type: 'webmoney' });
    expect(await available()).toMatchObject({ amount: 0, balance: 0, in_progress: 15 * USD });
    expect((await quick()).json().errors.amount).toEqual(['Available for withdrawal ($0.00) is less than the minimum payout of $10.00 to your main wallet']);
    // A balance below zero (an operator's correction) still reads as nothing available.
    await t.ctx.database.db.transaction((tx) => insertPayoutRequest(tx, { userId: p, amountMicro: 5 * USD, paymentDetails: 'x', actor: 'operator' }, t.clock.now()));
    expect((await quick()).json().errors.amount).toEqual(['Available for withdrawal ($0.00) is less than the minimum payout of $10.00 to your main wallet']);
    expect((await request({ amount: 10 * USD, wallet: webmoney })).json().errors.amount).toEqual(['The amount is more than is available for payout ($0.00)']);
  });
});

describe('DELETE /api/payout/{id}', () => {
  it('deletes a created request and gives the money back; later statuses and others\' requests are refused', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const w = await activeWallet();
    const a = (await request({ amount: 30 * USD, wallet: w })).json().data.id;
    const b = (await request({ amount: 20 * USD, wallet: w })).json().data.id;
    expect(await available()).toMatchObject({ amount: 50 * USD });

    const del = (id: number | string, as = cookie) => t.app.inject({ method: 'DELETE', url: `/api/payout/${id}`, headers: { cookie: as } });
    const res = await del(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'The payout request has been deleted. Its amount is back on your balance.', data: { id: a, status: 'deleted', can_delete: false } });
    expect(await available()).toMatchObject({ amount: 80 * USD, in_progress: 20 * USD });
    expect((await ledgerRows(t.ctx.database, p)).filter((e) => e.kind === 'payout_reversal').map((e) => Number(e.amount_micro))).toEqual([30 * USD]);

    const before = await moneyTables(t.ctx.database);
    const again = await del(a);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', message: 'Only a request that is not yet being processed can be deleted. This one is: deleted.' });
    await op(b, 'review');
    const inReview = await del(b);
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json().message).toBe('Only a request that is not yet being processed can be deleted. This one is: In progress.');

    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    const qCookie = await sessionCookie(t.ctx.database, q, t.clock.now());
    const before2 = await moneyTables(t.ctx.database);
    for (const id of [b, 999_999, 'abc', '0']) {
      const r = await del(id, id === b ? qCookie : cookie);
      expect(r.statusCode, String(id)).toBe(404);
      expect(r.json()).toEqual({ code: 'not_found', message: 'This payout request was not found.' });
    }
    expect((await t.app.inject({ url: `/api/payout/${b}/timeline`, headers: { cookie: qCookie } })).statusCode).toBe(404);
    expect(await moneyTables(t.ctx.database)).toBe(before2);
    void before;
  });
});

describe('GET /api/payouts and the timeline', () => {
  it('pages and sorts the partner\'s requests; fee, received, expected date from review, can_delete', async () => {
    await fund(t.ctx.database, p, 1_000 * USD, t.clock.now());
    const q = await createPartner(t.ctx.database, { email: 'q@x.test' });
    await fund(t.ctx.database, q, 100 * USD, t.clock.now());
    const qw = await activeWallet('paypal', q, 9);
    const w = await activeWallet('webmoney');
    const ids: number[] = [];
    for (const amount of [30, 10, 50, 20]) {
      ids.push((await request({ amount: amount * USD, wallet: w })).json().data.id);
      t.clock.advance(60_000);
    }
    await request({ amount: 25 * USD, wallet: qw }, await sessionCookie(t.ctx.database, q, t.clock.now()));
    const [a, b, c, d] = ids as [number, number, number, number];
    t.clock.set('2026-11-21T08:00:00Z');
    await op(a, 'review');
    await op(b, 'review');
    await op(b, 'process');
    t.clock.set('2026-11-22T00:00:00Z');
    await op(b, 'accepted');
    await op(c, 'rejected', 'wrong purse');

    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/api/payouts${query}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<Record<string, unknown>>; meta: Record<string, number> };
    };
    const all = await list('');
    expect(all.meta).toEqual({ page: 1, per_page: 25, total: 4 });
    expect(all.data.map((r) => r.id)).toEqual([d, c, b, a]);
    const byId = Object.fromEntries(all.data.map((r) => [r.id, r]));
    expect(byId[a]).toMatchObject({ status: 'review', amount: 30 * USD, fee: 240_000, received: 29_760_000, expected_at: '2026-11-28T08:00:00.000Z', can_delete: false });
    expect(byId[b]).toMatchObject({ status: 'accepted', expected_at: null, can_delete: false });
    expect(byId[c]).toMatchObject({ status: 'rejected', status_reason: 'wrong purse', expected_at: null });
    expect(byId[d]).toMatchObject({ status: 'created', expected_at: null, can_delete: true });

    expect((await list('?sort_key=amount&sort_dir=asc')).data.map((r) => r.amount)).toEqual([10, 20, 30, 50].map((x) => x * USD));
    expect((await list('?sort_key=status&sort_dir=asc')).data.map((r) => r.status)).toEqual(['created', 'review', 'accepted', 'rejected']);
    const page2 = await list('?per_page=3&page=2&sort_key=created_date&sort_dir=asc');
    expect(page2).toMatchObject({ meta: { page: 2, per_page: 3, total: 4 } });
    expect(page2.data.map((r) => r.id)).toEqual([d]);
    expect((await t.app.inject({ url: '/api/payouts?sort_key=wallet', headers: { cookie } })).statusCode).toBe(422);

    const timeline = await t.app.inject({ url: `/api/payout/${b}/timeline`, headers: { cookie } });
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json()).toEqual({
      data: expect.objectContaining({ id: b, status: 'accepted' }),
      events: [
        { status: 'created', at: '2026-11-20T12:01:00.000Z', reason: '' },
        { status: 'review', at: '2026-11-21T08:00:00.000Z', reason: '' },
        { status: 'process', at: '2026-11-21T08:00:00.000Z', reason: '' },
        { status: 'accepted', at: '2026-11-22T00:00:00.000Z', reason: '' },
      ],
    });
    const rejected = (await t.app.inject({ url: `/api/payout/${c}/timeline`, headers: { cookie } })).json();
    expect(rejected.events.at(-1)).toEqual({ status: 'rejected', at: '2026-11-22T00:00:00.000Z', reason: 'wrong purse' });
    expect((await t.app.inject({ url: '/api/payout/abc/timeline', headers: { cookie } })).statusCode).toBe(404);
  });
});

describe('the security check guards money operations', () => {
  it('requests, quick requests and deletions answer 403 without a recent code check, or while frozen; nothing changes', async () => {
    await fund(t.ctx.database, p, 100 * USD, t.clock.now());
    const w = await activeWallet();
    const id = (await request({ amount: 20 * USD, wallet: w })).json().data.id;
    await setSecurity(t.ctx.database, p, { codeSet: true });
    const before = await moneyTables(t.ctx.database);
    const calls = async () => [
      await request({ amount: 20 * USD, wallet: w }),
      await quick(),
      await t.app.inject({ method: 'DELETE', url: `/api/payout/${id}`, headers: { cookie } }),
    ];
    for (const res of await calls()) expect(res.json().code).toBe('need_security_code');
    await setSecurity(t.ctx.database, p, { codeSet: true, changedAt: ago(14), checkedAt: t.clock.now() });
    for (const res of await calls()) expect([res.statusCode, res.json().code]).toEqual([403, 'operations_are_frozen']);
    expect(await moneyTables(t.ctx.database)).toBe(before);
    // Reads are not guarded.
    expect((await t.app.inject({ url: '/api/payouts', headers: { cookie } })).statusCode).toBe(200);
    await setSecurity(t.ctx.database, p, { codeSet: true, changedAt: ago(15), checkedAt: t.clock.now() });
    expect((await request({ amount: 20 * USD, wallet: w })).statusCode).toBe(200);
    const f = await ledgerFigures(t.ctx.database, p);
    expect(f.earnings - f.counted).toBe(60 * USD);
  });
});
