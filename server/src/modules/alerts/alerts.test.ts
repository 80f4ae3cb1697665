import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { headerOf, htmlText, plainText, startSmtpPeer, subjectOf, type ReceivedMail, type SmtpPeer } from '../../mail/testing.ts';
import { createPartner } from '../../money/testing.ts';
import { writeEntry } from '../../money/ledger.ts';
import { sendSaleAlerts, sendWeeklySummaries, lastFullWeek } from '../../jobs/alerts.ts';
import { unsubscribeToken } from '../../mail/alerts.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { fund, insertWallet, jsonHeaders } from '../payouts/testing.ts';
import frAlerts from '../../../../locales/fr/alerts.json' with { type: 'json' };

/** E-mail alerts (decision 0124): choices, the unsubscribe link without a session, each alert kind through SMTP, the jobs. */
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

/** The app with a real SMTP peer; the clock starts on a Friday (2026-11-20). */
async function startSmtp(clock = '2026-11-20T12:00:00Z'): Promise<ReceivedMail[]> {
  smtp = await startSmtpPeer();
  t = await createTestApp({ clock, config: { SMTP_URL: smtp.url } });
  return smtp.received;
}

const unsubscribeIn = (text: string) => /http:\/\/localhost:3000\/alerts\/unsubscribe\/(\S+)/.exec(text)?.[1];

async function partnerWithSession(email: string) {
  const db = t!.ctx.database;
  const id = await createPartner(db, { email });
  return { id, cookie: await sessionCookie(db, id, t!.clock.now()) };
}

async function saveAlerts(cookie: string, body: Record<string, unknown>) {
  return t!.app.inject({ method: 'PUT', url: '/api/settings/notifications', headers: jsonHeaders(cookie), payload: body });
}

async function addSale(userId: number, project: string, saleId: string, at: Date, shareMicro: number, file?: { id: string; name: string }) {
  const db = t!.ctx.database.db;
  if (file) {
    await db.execute(sql`insert into ingest_files (project, file_id, user_id, known, name) values (${project}, ${file.id}, ${userId}, true, ${file.name})
      on conflict do nothing`);
  }
  await db.execute(sql`insert into ingest_sales (project, sale_id, user_id, known, at, amount_micro, file_id, status, applied_sales, applied_amount_micro, applied_share_micro)
    values (${project}, ${saleId}, ${userId}, true, ${at}, ${shareMicro * 2}, ${file?.id ?? null}, 'ok', 1, ${shareMicro * 2}, ${shareMicro})`);
}

describe('alert settings', () => {
  it('defaults (opt-in kinds off, the interface language), saved and read back; bad input is a localized 422; no session is 401', async () => {
    t = await createTestApp();
    const { id, cookie } = await partnerWithSession('prefs@x.test');
    await t.ctx.database.db.execute(sql`update users set lang = 'fr' where id = ${id}`);
    const get = () => t!.app.inject({ url: '/api/settings/notifications', headers: { cookie } });

    expect((await get()).json()).toEqual({ sale: false, payout_status: false, weekly_summary: false, wallet_change: true, lang: 'fr' });

    const saved = await saveAlerts(cookie, { sale: true, payout_status: true, weekly_summary: false, lang: 'ja' });
    expect(saved.statusCode, saved.body).toBe(200);
    // The answer speaks the partner's interface language (French here), not the alerts' language.
    expect(saved.json()).toMatchObject({ success: true, message: frAlerts.saved, data: { sale: true, payout_status: true, lang: 'ja' } });
    expect((await get()).json()).toEqual({ sale: true, payout_status: true, weekly_summary: false, wallet_change: true, lang: 'ja' });
    const [since] = await t.ctx.database.query<{ sale_since: Date }>(sql`select sale_since from alert_settings where user_id = ${id}`);
    expect(new Date(since!.sale_since).toISOString()).toBe('2026-11-20T12:00:00.000Z');

    // Saving again with sale alerts still on keeps their cursor; switching them off clears it.
    t.clock.advance(DAY);
    await saveAlerts(cookie, { sale: true, payout_status: true, weekly_summary: true, lang: 'ja' });
    const [kept] = await t.ctx.database.query<{ sale_since: Date }>(sql`select sale_since from alert_settings where user_id = ${id}`);
    expect(new Date(kept!.sale_since).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    await saveAlerts(cookie, { sale: false, payout_status: true, weekly_summary: true, lang: 'ja' });
    const [cleared] = await t.ctx.database.query<{ sale_since: Date | null }>(sql`select sale_since from alert_settings where user_id = ${id}`);
    expect(cleared!.sale_since).toBeNull();

    const badLang = await saveAlerts(cookie, { sale: true, payout_status: true, weekly_summary: true, lang: 'xx' });
    expect(badLang.statusCode).toBe(422);
    expect(badLang.json().errors).toHaveProperty('lang');
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: { ...jsonHeaders(cookie), 'x-localization': 'de' },
      payload: { sale: 'maybe', lang: 'en' },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['payout_status', 'sale', 'weekly_summary']);
    expect(missing.json().message).not.toMatch(/^errors:/);
    const extra = await saveAlerts(cookie, { sale: true, payout_status: true, weekly_summary: true, lang: 'en', wallet_change: false });
    expect(extra.statusCode).toBe(422);
    expect((await get()).json()).toMatchObject({ sale: false, payout_status: true, weekly_summary: true, lang: 'ja' });

    expect((await t.app.inject({ url: '/api/settings/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/notifications', headers: { 'content-type': 'application/json' }, payload: { sale: true, payout_status: true, weekly_summary: true, lang: 'en' } })).statusCode).toBe(401);
  });
});

describe('unsubscribe link', () => {
  it('works without a session: a genuine token turns its kind off; an altered one is refused and changes nothing', async () => {
    t = await createTestApp();
    const a = await partnerWithSession('a@x.test');
    const b = await partnerWithSession('b@x.test');
    for (const p of [a, b]) await saveAlerts(p.cookie, { sale: true, payout_status: true, weekly_summary: true, lang: 'en' });
    const prefs = async (cookie: string) => (await t!.app.inject({ url: '/api/settings/notifications', headers: { cookie } })).json();

    const token = unsubscribeToken(t.ctx.config, a.id, 'weekly_summary');
    const res = await t.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Weekly summaries are now off. You can switch them on again in your settings.', data: { kind: 'weekly_summary' } });
    expect(await prefs(a.cookie)).toMatchObject({ sale: true, payout_status: true, weekly_summary: false });
    expect(await prefs(b.cookie)).toMatchObject({ weekly_summary: true });
    // Following it again is fine (still off).
    const again = await t.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`, headers: { 'x-localization': 'en' } });
    expect(again.statusCode).toBe(200);
    // A GET (a mail scanner, a link preview) changes nothing: it leads to the page, where the partner confirms.
    const sale0 = unsubscribeToken(t.ctx.config, a.id, 'sale');
    const opened = await t.app.inject({ url: `/api/alerts/unsubscribe?token=${encodeURIComponent(sale0)}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/alerts/unsubscribe/${encodeURIComponent(sale0)}`);
    expect(await prefs(a.cookie)).toMatchObject({ sale: true });

    const sale = unsubscribeToken(t.ctx.config, a.id, 'sale');
    const tampered = [
      sale.replace(`.${a.id}.`, `.${b.id}.`), // another partner
      sale.replace('.sale.', '.payout_status.'), // another kind
      `${sale.slice(0, -1)}${sale.endsWith('A') ? 'B' : 'A'}`, // the signature
      sale.slice(0, -4),
      'garbage',
      unsubscribeToken({ SESSION_SECRET: 'another-secret-another-secret-another-secret' }, a.id, 'sale'),
    ];
    for (const bad of tampered) {
      const r = await t.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().message).toContain('unsubscribe link is not valid');
    }
    expect(await prefs(a.cookie)).toMatchObject({ sale: true, payout_status: true });
    expect(await prefs(b.cookie)).toMatchObject({ sale: true, payout_status: true, weekly_summary: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe' })).statusCode).toBe(422);

    // A partner who never saved the choices gets a row with the kind off.
    const c = await createPartner(t.ctx.database, { email: 'c@x.test' });
    const r = await t.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${unsubscribeToken(t.ctx.config, c, 'sale')}` });
    expect(r.statusCode).toBe(200);
    expect(await t.ctx.database.query(sql`select sale, payout_status, weekly_summary from alert_settings where user_id = ${c}`)).toEqual([
      { sale: false, payout_status: false, weekly_summary: false },
    ]);
  });
});

describe('alert mails through SMTP', () => {
  it('sale alerts: one mail per run listing the new sales, each sale once, only for partners who opted in; its unsubscribe link works', async () => {
    const received = await startSmtp();
    const log = t!.app.log;
    const on = await partnerWithSession('seller@x.test');
    const off = await partnerWithSession('quiet@x.test');
    const now = () => t!.clock.now();
    // A sale before the alerts were switched on is never mailed.
    await addSale(on.id, 'fd1', 'early', new Date(now().getTime() - 60_000), 2 * USD);
    await saveAlerts(on.cookie, { sale: true, payout_status: false, weekly_summary: false, lang: 'en' });
    await addSale(off.id, 'fd1', 'other', now(), 5 * USD);
    expect(await sendSaleAlerts(t!.ctx, log, now())).toBe(0);

    t!.clock.advance(60_000);
    await addSale(on.id, 'fd1', 's1', now(), 1_500_000, { id: 'f1', name: 'movie.mp4' });
    await addSale(on.id, 'fd2', 's2', now(), 500_000);
    await addSale(on.id, 'fd1', 'zero', now(), 0); // earned nothing: not an alert
    t!.clock.advance(60_000);
    expect(await sendSaleAlerts(t!.ctx, log, now())).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['seller@x.test']);
    expect(subjectOf(received[0]!.raw)).toBe('You made 2 sales');
    const text = plainText(received[0]!.raw);
    expect(text).toContain('2 new sales on your Partner Cabinet account seller@x.test earned you $2.00:');
    expect(text).toContain('FD1 · movie.mp4: $1.50');
    expect(text).toContain('FD2 · file —: $0.50');
    expect(text).toContain('http://localhost:3000/app/fd1/statistics/sales');

    // The same sales are never mailed again; a new one is, alone.
    expect(await sendSaleAlerts(t!.ctx, log, now())).toBe(0);
    await t!.ctx.database.db.execute(sql`update ingest_sales set status = 'hold' where sale_id = 's1'`);
    expect(await sendSaleAlerts(t!.ctx, log, now())).toBe(0);
    await addSale(on.id, 'fd1', 's3', now(), USD, { id: 'f1', name: 'movie.mp4' });
    expect(await sendSaleAlerts(t!.ctx, log, now())).toBe(1);
    expect(subjectOf(received[1]!.raw)).toBe('You made a sale');
    expect(received).toHaveLength(2);
    expect(await t!.ctx.database.query(sql`select kind, lang from mail_outbox order by id`)).toEqual([
      { kind: 'alert_sale', lang: 'en' },
      { kind: 'alert_sale', lang: 'en' },
    ]);

    const token = unsubscribeIn(plainText(received[1]!.raw));
    expect(token).toBeTruthy();
    const html = htmlText(received[1]!.raw);
    expect(html).toContain(`href="http://localhost:3000/alerts/unsubscribe/${token}"`);
    // The mail's own unsubscribe button (RFC 8058): the same signed token, posted by the mail client from its own
    // site with the one-click body, needs no session and no page.
    const listUnsubscribe = headerOf(received[1]!.raw, 'List-Unsubscribe');
    expect(listUnsubscribe).toBe(`<http://localhost:3000/api/alerts/unsubscribe?token=${token}>`);
    expect(headerOf(received[1]!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(listUnsubscribe!.slice(1, -1));
    const unsubscribed = await t!.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json().data).toEqual({ kind: 'sale' });
    await addSale(on.id, 'fd1', 's4', now(), USD);
    expect(await sendSaleAlerts(t!.ctx, log, now())).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('payout status: review and process mailed only when opted in (with an unsubscribe link), in the alerts language; completed always', async () => {
    const received = await startSmtp();
    const db = t!.ctx.database;
    const p = await partnerWithSession('status@x.test');
    await fund(db, p.id, 200 * USD, t!.clock.now());
    const w = await insertWallet(db, t!.ctx.config.PAYOUT_DETAILS_KEY, { userId: p.id, system: 'paypal', createdAt: new Date(t!.clock.now().getTime() - 20 * DAY), confirmedAt: new Date(t!.clock.now().getTime() - 10 * DAY) });
    const create = async () => (await t!.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(p.cookie), payload: { amount: 50 * USD, wallet: w } })).json().data.id as number;
    const move = (id: number, status: string) => t!.app.inject({ method: 'POST', url: `/operator/v1/payouts/${id}/status`, headers: OPERATOR, payload: { status } });

    const a = await create();
    expect((await move(a, 'review')).statusCode).toBe(200);
    expect(received).toHaveLength(0); // off by default

    await saveAlerts(p.cookie, { sale: false, payout_status: true, weekly_summary: false, lang: 'en' });
    expect((await move(a, 'process')).statusCode).toBe(200);
    expect(received).toHaveLength(1); // only the latest move's state, not the earlier review
    expect(subjectOf(received[0]!.raw)).toBe(`Your payout request #${a} is being processed`);
    const text = plainText(received[0]!.raw);
    expect(text).toContain(`Your payout request #${a} of $50.00 to wallet0@pay.example from the Partner Cabinet account status@x.test is now being processed.`);
    expect(unsubscribeIn(text)).toBeTruthy();
    expect((await move(a, 'accepted')).statusCode).toBe(200);
    expect(received).toHaveLength(2);
    expect(subjectOf(received[1]!.raw)).toBe('Your payout has been completed');
    expect(plainText(received[1]!.raw)).not.toContain('/alerts/unsubscribe/');
    expect(headerOf(received[0]!.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=a1\.\d+\.payout_status\./);
    expect(headerOf(received[1]!.raw, 'List-Unsubscribe')).toBeNull();

    // The partner's own deletion is not mailed; the alerts' language is used for every payout mail.
    await saveAlerts(p.cookie, { sale: false, payout_status: true, weekly_summary: false, lang: 'ru' });
    const b = await create();
    expect((await t!.app.inject({ method: 'DELETE', url: `/api/payout/${b}`, headers: { cookie: p.cookie } })).statusCode).toBe(200);
    const c = await create();
    expect((await move(c, 'review')).statusCode).toBe(200);
    expect(received).toHaveLength(3);
    expect(await db.query(sql`select kind, lang from mail_outbox order by id`)).toEqual([
      { kind: 'alert_payout_status', lang: 'en' },
      { kind: 'payout_accepted', lang: 'en' },
      { kind: 'alert_payout_status', lang: 'ru' },
    ]);

    // Unsubscribed: the next move is not mailed, the decision still is.
    const token = unsubscribeIn(plainText(received[2]!.raw));
    expect((await t!.app.inject({ method: 'POST', url: `/api/alerts/unsubscribe?token=${token}` })).statusCode).toBe(200);
    expect((await move(c, 'process')).statusCode).toBe(200);
    expect(received).toHaveLength(3);
    expect((await t!.app.inject({ method: 'POST', url: `/operator/v1/payouts/${c}/status`, headers: OPERATOR, payload: { status: 'rejected', reason: 'Closed' } })).statusCode).toBe(200);
    expect(received).toHaveLength(4);
    expect(subjectOf(received[3]!.raw)).not.toBe('');
  });

  it('wallet changes (removed, made main) are always mailed, with no unsubscribe link', async () => {
    const received = await startSmtp();
    const db = t!.ctx.database;
    const p = await partnerWithSession('wallets@x.test');
    const past = (days: number) => new Date(t!.clock.now().getTime() - days * DAY);
    const first = await insertWallet(db, t!.ctx.config.PAYOUT_DETAILS_KEY, { userId: p.id, system: 'paypal', n: 1, createdAt: past(30), confirmedAt: past(20), mainAt: past(20) });
    const second = await insertWallet(db, t!.ctx.config.PAYOUT_DETAILS_KEY, { userId: p.id, system: 'webmoney', n: 2, createdAt: past(30), confirmedAt: past(20) });

    const main = await t!.app.inject({ method: 'POST', url: `/api/purse/${second}/main`, headers: { cookie: p.cookie } });
    expect(main.statusCode, main.body).toBe(200);
    expect(received).toHaveLength(1);
    expect(subjectOf(received[0]!.raw)).toBe('Your main wallet has changed');
    const mainText = plainText(received[0]!.raw);
    expect(mainText).toContain('WebMoney, Z100000000002 is now the main wallet of your Partner Cabinet account wallets@x.test');
    expect(mainText).toContain('This email is always sent');
    expect(mainText).not.toContain('/alerts/unsubscribe/');
    expect(headerOf(received[0]!.raw, 'List-Unsubscribe')).toBeNull();
    expect(headerOf(received[0]!.raw, 'List-Unsubscribe-Post')).toBeNull();

    const removed = await t!.app.inject({ method: 'DELETE', url: `/api/purse/${first}`, headers: { cookie: p.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(received).toHaveLength(2);
    expect(subjectOf(received[1]!.raw)).toBe('A wallet was removed from your account');
    expect(plainText(received[1]!.raw)).toContain('The wallet PayPal, wallet1@pay.example was removed from your Partner Cabinet account wallets@x.test.');
    expect(await db.query(sql`select kind from mail_outbox order by id`)).toEqual([{ kind: 'alert_wallet_change' }, { kind: 'alert_wallet_change' }]);
  });

  it('weekly summary: on Monday for the week before (UTC), once the week is closed; once per partner and week; catches up later in the week', async () => {
    const received = await startSmtp('2026-11-23T00:30:00Z'); // a Monday
    const db = t!.ctx.database;
    const log = t!.app.log;
    const p = await partnerWithSession('weekly@x.test');
    const quiet = await partnerWithSession('quiet@x.test');
    await saveAlerts(p.cookie, { sale: false, payout_status: false, weekly_summary: true, lang: 'en' });
    expect(lastFullWeek(t!.clock.now())).toEqual({ week: '2026-11-16', sunday: '2026-11-22' });
    const entry = (project: string, day: string, amount: number, key: string) =>
      writeEntry(db.db, { userId: p.id, project, day, source: 'files', bucket: 'downloads', kind: 'earning', amountMicro: amount, availableAt: new Date(`${day}T00:00:00Z`), idempotencyKey: key });
    await entry('fd1', '2026-11-16', 3 * USD, 'a');
    await entry('fd1', '2026-11-22', 2 * USD, 'b');
    await entry('fd2', '2026-11-18', 1_250_000, 'c');
    await entry('fd1', '2026-11-15', 100 * USD, 'before'); // the week before that: not in the summary
    await entry('fd1', '2026-11-23', 100 * USD, 'after');
    await db.db.execute(sql`insert into day_closes (day, first_closed_at, last_closed_at) values ('2026-11-21', now(), now())`);

    // Sunday not closed yet: nothing.
    expect(await sendWeeklySummaries(t!.ctx, log, t!.clock.now())).toBe(0);
    await db.db.execute(sql`insert into day_closes (day, first_closed_at, last_closed_at) values ('2026-11-22', now(), now())`);
    expect(await sendWeeklySummaries(t!.ctx, log, t!.clock.now())).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['weekly@x.test']);
    const [outbox] = await db.query<{ subject: string }>(sql`select subject from mail_outbox`);
    expect(outbox!.subject).toBe('Your week in the Partner Cabinet: Nov 16, 2026 – Nov 22, 2026');
    const text = plainText(received[0]!.raw).replaceAll('\r\n', '\n');
    expect(text).toContain('FD1: $5.00\nFD2: $1.25\nTotal: $6.25');
    expect(text).toContain('Available for withdrawal now: $206.25');
    expect(text).toContain('http://localhost:3000/dashboard');
    expect(unsubscribeIn(text)).toBeTruthy();

    // Idempotent: later ticks of the same week send nothing, whatever the clock says within it.
    t!.clock.advance(3600_000);
    expect(await sendWeeklySummaries(t!.ctx, log, t!.clock.now())).toBe(0);
    t!.clock.set('2026-11-29T23:59:00Z');
    expect(await sendWeeklySummaries(t!.ctx, log, t!.clock.now())).toBe(0);
    expect(received).toHaveLength(1);

    // The next week: the server was down on Monday; it catches up on Wednesday, and in the alerts language.
    await saveAlerts(p.cookie, { sale: false, payout_status: false, weekly_summary: true, lang: 'de' });
    await db.db.execute(sql`insert into day_closes (day, first_closed_at, last_closed_at) select d::date, now(), now() from generate_series('2026-11-23'::date, '2026-12-01'::date, '1 day') d`);
    t!.clock.set('2026-12-02T10:00:00Z');
    expect(await sendWeeklySummaries(t!.ctx, log, t!.clock.now())).toBe(1);
    expect(await sendWeeklySummaries(t!.ctx, log, t!.clock.now())).toBe(0);
    expect(received).toHaveLength(2);
    expect(await db.query(sql`select user_id, week::text as week from alert_weekly_sent order by week`)).toEqual([
      { user_id: p.id, week: '2026-11-16' },
      { user_id: p.id, week: '2026-11-23' },
    ]);
    expect(await db.query(sql`select kind, lang from mail_outbox order by id`)).toEqual([
      { kind: 'weekly_summary', lang: 'en' },
      { kind: 'weekly_summary', lang: 'de' },
    ]);
    expect(quiet.id).toBeGreaterThan(0);
  });
});
