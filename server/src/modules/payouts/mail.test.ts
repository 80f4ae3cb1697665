import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { htmlText, plainText, startSmtpPeer, subjectOf, type ReceivedMail, type SmtpPeer } from '../../mail/testing.ts';
import { createPartner } from '../../money/testing.ts';
import { notifyPayoutDecisions } from '../../money/payout-mail.ts';
import { storeRate } from '../../money/exchange-rates.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { cardNumber, fund, insertWallet, jsonHeaders, walletFields } from './testing.ts';
import deMail from '../../../../locales/de/mail.json' with { type: 'json' };

/** Mails of wallets and payouts through a real SMTP peer: the confirmation link works; decisions are mailed once. */
let t: TestApp | undefined;
let smtp: SmtpPeer | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

const USD = 1_000_000;
const DAY = 86_400_000;
const OPERATOR = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };

async function startSmtp(): Promise<ReceivedMail[]> {
  smtp = await startSmtpPeer();
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z', config: { SMTP_URL: smtp.url } });
  return smtp.received;
}


describe('wallet mail', () => {
  it('the confirmation mail arrives through SMTP in the partner\'s language; its link confirms the wallet', async () => {
    const received = await startSmtp();
    const p = await createPartner(t!.ctx.database, { email: 'smtp@x.test' });
    await t!.ctx.database.db.execute(sql`update users set lang = 'ru' where id = ${p}`);
    const cookie = await sessionCookie(t!.ctx.database, p, t!.clock.now());
    const added = await t!.app.inject({ method: 'POST', url: '/api/purse', headers: jsonHeaders(cookie), payload: { type: 'paypal', ...walletFields('paypal', 3) } });
    expect(added.statusCode, added.body).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['smtp@x.test']);
    const text = plainText(received[0]!.raw);
    expect(text).toContain('wallet3@pay.example');
    const link = /http:\/\/localhost:3000\/purse\/confirm\/([A-Za-z0-9_-]+)/.exec(text);
    expect(link).not.toBeNull();
    expect(htmlText(received[0]!.raw)).toContain('<html lang="ru" dir="ltr">');
    // Once sent, the outbox keeps no body (and so no live link): the subject, kind, language and time stay.
    const [row] = await t!.ctx.database.query<{ lang: string; kind: string; sent_at: Date | null; html_body: string; text_body: string }>(
      sql`select lang, kind, sent_at, html_body, text_body from mail_outbox`,
    );
    expect(row).toMatchObject({ lang: 'ru', kind: 'purse_confirm', html_body: '', text_body: '' });
    expect(row!.sent_at).not.toBeNull();

    const confirmed = await t!.app.inject({ method: 'POST', url: `/api/purse/confirm/${link![1]}`, headers: { cookie } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ id: added.json().data.id, state: 'on_hold' });
  });
});

describe('payout decision mail', () => {
  it('mails "completed" and "rejected" once per move, in the partner\'s language, with amount, fee, received and reason', async () => {
    const received = await startSmtp();
    const db = t!.ctx.database;
    const p = await createPartner(db, { email: 'pay@x.test' });
    const cookie = await sessionCookie(db, p, t!.clock.now());
    await fund(db, p, 200 * USD, t!.clock.now());
    const w = await insertWallet(db, t!.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'paypal', createdAt: new Date(t!.clock.now().getTime() - 20 * DAY), confirmedAt: new Date(t!.clock.now().getTime() - 10 * DAY) });
    const create = async (amount: number) => (await t!.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(cookie), payload: { amount, wallet: w } })).json().data.id as number;
    const a = await create(50 * USD);
    const b = await create(30 * USD);
    const move = (id: number, status: string, reason?: string) =>
      t!.app.inject({ method: 'POST', url: `/operator/v1/payouts/${id}/status`, headers: OPERATOR, payload: { status, ...(reason ? { reason } : {}) } });

    for (const status of ['review', 'process']) expect((await move(a, status)).statusCode).toBe(200);
    expect(received).toHaveLength(0);
    expect((await move(a, 'accepted')).statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(subjectOf(received[0]!.raw)).toBe('Your payout has been completed');
    const accepted = plainText(received[0]!.raw);
    expect(accepted).toContain(`#${a} of $50.00`);
    expect(accepted).toContain('$48.50 (the amount less the fee of $1.50) was sent to wallet0@pay.example');
    expect(accepted).toContain('http://localhost:3000/payouts');

    // The same move again is refused and mails nothing; asking to notify again sends nothing either.
    expect((await move(a, 'accepted')).statusCode).toBe(409);
    expect(await notifyPayoutDecisions(t!.ctx, t!.app.log, a)).toBe(0);
    expect(received).toHaveLength(1);

    await db.db.execute(sql`update users set lang = 'de' where id = ${p}`);
    expect((await move(b, 'rejected', 'The wallet is closed')).statusCode).toBe(200);
    expect(received).toHaveLength(2);
    // In German now: the partner's language at the time of the move.
    expect(subjectOf(received[1]!.raw)).toBe(deMail.payout_rejected.subject);
    const rejected = plainText(received[1]!.raw);
    expect(rejected).toContain('Grund: The wallet is closed');
    expect(rejected).toContain('30,00');
    expect(htmlText(received[1]!.raw)).toContain('<html lang="de" dir="ltr">');
    expect(await notifyPayoutDecisions(t!.ctx, t!.app.log, b)).toBe(0);
    expect(received).toHaveLength(2);

    const marks = await db.query<{ request_id: number; to_status: string; notified: boolean }>(
      sql`select request_id, to_status, notified_at is not null as notified from payout_request_history order by id`,
    );
    expect(marks.filter((m) => m.notified).map((m) => [Number(m.request_id), m.to_status])).toEqual([
      [a, 'accepted'],
      [b, 'rejected'],
    ]);
    expect(await db.query(sql`select kind, lang from mail_outbox order by id`)).toEqual([
      { kind: 'payout_accepted', lang: 'en' },
      { kind: 'payout_rejected', lang: 'de' },
    ]);
  });

  it('a completed payout to a card in roubles says what arrived in roubles and at which rate, in the partner\'s language', async () => {
    const received = await startSmtp();
    const db = t!.ctx.database;
    const p = await createPartner(db, { email: 'rub@x.test' });
    const cookie = await sessionCookie(db, p, t!.clock.now());
    await fund(db, p, 200 * USD, t!.clock.now());
    await storeRate(db, { currency: 'RUB', rate: '92.5058', date: '2026-11-19', source: 'cbr', fetchedAt: t!.clock.now() });
    const ago = (days: number) => new Date(t!.clock.now().getTime() - days * DAY);
    const w = await insertWallet(db, t!.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'card', details: { currency: 'RUB' }, createdAt: ago(20), confirmedAt: ago(10) });
    const create = async () => (await t!.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(cookie), payload: { amount: 40 * USD, wallet: w } })).json().data.id as number;
    const accept = async (id: number) => {
      for (const status of ['review', 'process', 'accepted'])
        expect((await t!.app.inject({ method: 'POST', url: `/operator/v1/payouts/${id}/status`, headers: OPERATOR, payload: { status } })).statusCode).toBe(200);
    };
    await accept(await create());
    // 40 USD less 3 % + 1 USD = 37.80 USD; at 92.5058 that is 3,496.72 RUB.
    expect(plainText(received[0]!.raw)).toContain(
      `$37.80 (the amount less the fee of $2.20) was sent to •••• ${cardNumber(0).slice(-4)} (RUB), which is RUB\u00a03,496.72 at 1 USD = 92.5058 RUB (Central Bank of Russia, rate for Nov 19, 2026).`,
    );

    await db.db.execute(sql`update users set lang = 'ru' where id = ${p}`);
    await accept(await create());
    expect(plainText(received[1]!.raw)).toContain('то есть 3\u00a0496,72\u00a0₽ по курсу 1 USD = 92,5058 RUB (Банк России, курс на 19 нояб. 2026 г.).');

    // A rejected one says nothing of roubles: nothing was sent.
    await db.db.execute(sql`update users set lang = 'en' where id = ${p}`);
    const rejected = await create();
    expect((await t!.app.inject({ method: 'POST', url: `/operator/v1/payouts/${rejected}/status`, headers: OPERATOR, payload: { status: 'rejected', reason: 'Closed' } })).statusCode).toBe(200);
    expect(plainText(received[2]!.raw)).not.toContain('3,496.72');
  });

  it('GET /operator/v1/payouts?status= lists the requests in one status (and of one partner)', async () => {
    t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
    const db = t.ctx.database;
    const ids: Record<string, number[]> = {};
    for (const email of ['a@x.test', 'b@x.test']) {
      const p = await createPartner(db, { email });
      const cookie = await sessionCookie(db, p, t.clock.now());
      await fund(db, p, 100 * USD, t.clock.now());
      const w = await insertWallet(db, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'webmoney', createdAt: t.clock.now(), confirmedAt: new Date(t.clock.now().getTime() - 10 * DAY) });
      ids[email] = [];
      for (const amount of [10, 20, 30]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(cookie), payload: { amount: amount * USD, wallet: w } });
        ids[email]!.push(res.json().data.id);
      }
    }
    const [a1, a2] = ids['a@x.test']!;
    const [b1] = ids['b@x.test']!;
    for (const id of [a1!, a2!, b1!]) await t.app.inject({ method: 'POST', url: `/operator/v1/payouts/${id}/status`, headers: OPERATOR, payload: { status: 'review' } });
    const list = async (query: string) => {
      const res = await t!.app.inject({ url: `/operator/v1/payouts${query}`, headers: OPERATOR });
      return res;
    };
    const review = await list('?status=review');
    expect(review.statusCode).toBe(200);
    expect(review.json().meta).toEqual({ page: 1, per_page: 50, total: 3 });
    expect(review.json().data.map((r: { id: number }) => r.id).sort()).toEqual([a1, a2, b1].sort());
    expect(review.json().data[0]).toMatchObject({ status: 'review', wallet_type: 'webmoney', fee: expect.any(Number) });
    expect((await list('?status=created')).json().meta.total).toBe(3);
    const user = (await list('?status=created&user_id=' + (await db.query<{ id: number }>(sql`select id from users where email = 'b@x.test'`))[0]!.id)).json();
    expect(user.data.map((r: { id: number }) => r.id).sort()).toEqual(ids['b@x.test']!.slice(1).sort());
    expect((await list('?status=accepted')).json()).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0 } });
    const bad = await list('?status=paid');
    expect(bad.statusCode).toBe(422);
  });
});
