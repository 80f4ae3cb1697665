import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { createPartner, ledgerRows } from '../money/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const TOKEN = 'dev-operator-token-0000000000000000';
const auth = { authorization: `Bearer ${TOKEN}`, 'x-operator': 'alice' };
const post = (url: string, payload: unknown, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: `/operator/v1${url}`, headers, payload: payload as object });

async function payoutRequest(userId: number, amount = 50_000_000) {
  return t.ctx.database.db.transaction((tx) =>
    insertPayoutRequest(tx, { userId, amountMicro: amount, paymentDetails: 'paypal: p@x.test', walletType: 'paypal', actor: 'partner' }, t.clock.now()),
  );
}

describe('operator API: authentication', () => {
  it('refuses a missing or wrong token, and a missing X-Operator', async () => {
    const none = await t.app.inject({ url: '/operator/v1/payouts' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthorized');
    const wrong = await t.app.inject({ url: '/operator/v1/payouts', headers: { authorization: 'Bearer dev-operator-token-0000000000000001', 'x-operator': 'alice' } });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({ url: '/operator/v1/payouts', headers: { authorization: `Basic ${TOKEN}`, 'x-operator': 'alice' } });
    expect(basic.statusCode).toBe(401);
    const anonymous = await t.app.inject({ url: '/operator/v1/payouts', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toMatch(/X-Operator/);
    const ok = await t.app.inject({ url: '/operator/v1/payouts', headers: auth });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0 } });
  });

  it('a partner session does not open the operator API', async () => {
    const res = await t.app.inject({ url: '/operator/v1/actions', headers: { 'x-operator': 'alice', cookie: 'pc_session=abc' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('operator API: payout requests', () => {
  it('moves a request created → review → process → accepted, with history and an action log', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await payoutRequest(p);
    for (const status of ['review', 'process', 'accepted']) {
      const res = await post(`/payouts/${r.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const view = await t.app.inject({ url: `/operator/v1/payouts/${r.id}`, headers: auth });
    expect(view.json().history.map((h: { from: string | null; to: string; actor: string }) => [h.from, h.to, h.actor])).toEqual([
      [null, 'created', 'partner'],
      ['created', 'review', 'operator:alice'],
      ['review', 'process', 'operator:alice'],
      ['process', 'accepted', 'operator:alice'],
    ]);
    const actions = (await t.app.inject({ url: '/operator/v1/actions', headers: auth })).json().data;
    expect(actions).toHaveLength(3);
    expect(actions[0]).toMatchObject({ operator: 'alice', action: 'payout.status', target: `payout:${r.id}`, at: '2026-11-20T12:00:00.000Z' });
    // Accepted stays paid: one payout entry, no reversal.
    expect((await ledgerRows(t.ctx.database, p)).map((e) => [e.kind, e.amount_micro])).toEqual([['payout', -50_000_000]]);
    const money = await t.app.inject({ url: `/operator/v1/partners/${p}/balance`, headers: auth });
    expect(money.json()).toEqual({ user_id: p, earnings: 0, live: 0, payouts_accepted: 50_000_000, in_progress: 0, balance: -50_000_000, hold: 0, available: 0 });
    expect((await t.app.inject({ url: '/operator/v1/partners/999999/balance', headers: auth })).statusCode).toBe(404);
  });

  it('refuses transitions the statuses do not allow', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await payoutRequest(p);
    const skip = await post(`/payouts/${r.id}/status`, { status: 'accepted' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ code: 'conflict', message: 'A payout request in status created cannot move to accepted.' });
    const del = await post(`/payouts/${r.id}/status`, { status: 'deleted' });
    expect(del.statusCode).toBe(422);
    const unknown = await post(`/payouts/999999/status`, { status: 'review' });
    expect(unknown.statusCode).toBe(404);
    expect((await post(`/payouts/${r.id}/status`, { status: 'review' })).statusCode).toBe(200);
    expect((await post(`/payouts/${r.id}/status`, { status: 'review' })).statusCode).toBe(409);
  });

  it('rejects with a reason (required) and gives the money back through a reversal entry', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const r = await payoutRequest(p, 20_000_000);
    const noReason = await post(`/payouts/${r.id}/status`, { status: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['A reason is required to reject a payout request.']);
    expect((await post(`/payouts/${r.id}/status`, { status: 'review' })).statusCode).toBe(200);
    const rejected = await post(`/payouts/${r.id}/status`, { status: 'rejected', reason: 'wallet closed' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', status_reason: 'wallet closed' });
    expect((await ledgerRows(t.ctx.database, p)).map((e) => [e.kind, e.amount_micro])).toEqual([
      ['payout', -20_000_000],
      ['payout_reversal', 20_000_000],
    ]);
    expect((await post(`/payouts/${r.id}/status`, { status: 'process' })).statusCode).toBe(409);
  });

  it('lists requests by status', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const a = await payoutRequest(p, 10_000_000);
    await payoutRequest(p, 11_000_000);
    await post(`/payouts/${a.id}/status`, { status: 'review' });
    const res = await t.app.inject({ url: '/operator/v1/payouts?status=created', headers: auth });
    expect(res.json().data.map((r: { amount: number }) => r.amount)).toEqual([11_000_000]);
    expect(res.json().meta.total).toBe(1);
  });
});

describe('operator API: additional income, news, notifications, sites', () => {
  it('adds additional income by e-mail with a reason, available at once', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const res = await post('/additional-income', { email: 'P@x.test', project: 'fd2', amount: 2_500_000, reason: 'contest prize' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user_id: p, project: 'fd2', day: '2026-11-20', amount: 2_500_000, reason: 'contest prize' });
    const rows = await ledgerRows(t.ctx.database, p);
    expect(rows.map((e) => [e.source, e.kind, e.amount_micro, e.project])).toEqual([['additional', 'additional', 2_500_000, 'fd2']]);
  });

  it('validates additional income', async () => {
    await createPartner(t.ctx.database, { email: 'p@x.test' });
    const zero = await post('/additional-income', { email: 'p@x.test', project: 'fd1', amount: 0, reason: 'x' });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors)).toEqual(['amount']);
    const fraction = await post('/additional-income', { email: 'p@x.test', project: 'fd1', amount: 1.5, reason: 'x' });
    expect(fraction.statusCode).toBe(422);
    const noReason = await post('/additional-income', { email: 'p@x.test', project: 'fd3', amount: 5 });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors).sort()).toEqual(['project', 'reason']);
    const nobody = await post('/additional-income', { email: 'nobody@x.test', project: 'fd1', amount: 5, reason: 'x' });
    expect(nobody.statusCode).toBe(404);
    const neither = await post('/additional-income', { project: 'fd1', amount: 5, reason: 'x' });
    expect(neither.statusCode).toBe(422);
  });

  it('publishes news and notifications per language', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const news = await post('/news', { texts: { en: { title: 'New rates', body: 'From December.' }, ru: { title: 'Новые ставки', body: 'С декабря.' } } });
    expect(news.statusCode, news.body).toBe(200);
    expect(news.json().langs).toEqual(['en', 'ru']);
    const noEnglish = await post('/news', { texts: { ru: { title: 'x', body: 'y' } } });
    expect(noEnglish.statusCode).toBe(422);
    const badLang = await post('/news', { texts: { en: { title: 'x', body: 'y' }, xx: { title: 'x', body: 'y' } } });
    expect(badLang.statusCode).toBe(422);
    const one = await post('/notifications', { user_id: p, texts: { en: { title: 'Payout sent', body: 'Check your wallet.' } } });
    expect(one.json()).toMatchObject({ user_id: p });
    const all = await post('/notifications', { all: true, texts: { en: { title: 'Maintenance', body: 'Tonight.' } } });
    expect(all.json()).toMatchObject({ user_id: null });
    const texts = await t.ctx.database.query(sql`select lang, title from news_texts order by lang`);
    expect(texts).toEqual([
      { lang: 'en', title: 'New rates' },
      { lang: 'ru', title: 'Новые ставки' },
    ]);
  });

  it('bans a site', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const [site] = await t.ctx.database.query<{ id: number }>(
      sql`insert into partner_sites (user_id, project, domain, status, token) values (${p}, 'fd1', 'spam.example', 'active', 't') returning id`,
    );
    const res = await post(`/sites/${site!.id}/ban`, { reason: 'spam' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.database.query(sql`select status from partner_sites where id = ${site!.id}`);
    expect(row).toEqual({ status: 'banned' });
    expect((await post('/sites/999999/ban', { reason: 'x' })).statusCode).toBe(404);
    const [action] = await t.ctx.database.query(sql`select actor_kind, actor_name, action, target_type, target_id, before, after from staff_audit`);
    expect(action).toEqual({
      actor_kind: 'legacy',
      actor_name: 'alice',
      action: 'site.ban',
      target_type: 'site',
      target_id: String(site!.id),
      before: { status: 'active' },
      after: { status: 'banned', reason: 'spam' },
    });
  });
});

describe('operator API: product settings', () => {
  it('shows the seeded defaults and changes a setting keeping its shape', async () => {
    const get = await t.app.inject({ url: '/operator/v1/settings', headers: auth });
    expect(get.json().value.saleHoldDays).toBe(14);
    const patch = await t.app.inject({ method: 'PATCH', url: '/operator/v1/settings', headers: auth, payload: { changes: { saleHoldDays: 21 } } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().changed).toEqual(['saleHoldDays']);
    expect(patch.json().effective_from).toBe('2026-11-20T12:05:00.000Z');
    expect((await t.app.inject({ url: '/operator/v1/settings', headers: auth })).json().value.saleHoldDays).toBe(21);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: auth,
      payload: { changes: { saleHoldDays: '21', nope: 1, referral: { firstLevelBp: [1200] } } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['changes.nope', 'changes.referral', 'changes.saleHoldDays']);
    const [action] = await t.ctx.database.query(sql`select action, target_type, before, after from staff_audit where action = 'settings.change'`);
    expect(action).toEqual({
      action: 'settings.change',
      target_type: 'settings',
      before: { saleHoldDays: 14 },
      after: { saleHoldDays: 21, effective_from: '2026-11-20T12:05:00.000Z' },
    });
    // The history keeps what was in force before (from 1970) and the new version from five minutes on.
    const history = await t.ctx.database.query<{ from: string; hold: number; by: string }>(
      sql`select to_char(effective_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as from, (value->>'saleHoldDays')::int as hold, changed_by as by
          from product_settings_history order by effective_from`,
    );
    expect(history).toEqual([
      { from: '1970-01-01T00:00', hold: 14, by: 'seed' },
      { from: '2026-11-20T12:05', hold: 21, by: 'alice' },
    ]);
  });
});

describe('operator API: retries', () => {
  it('an Idempotency-Key makes a retried additional income add nothing new', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const headers = { ...auth, 'idempotency-key': 'bonus-2026-11-p' };
    const body = { user_id: p, project: 'fd1', amount: 1_000_000, reason: 'bonus' };
    const first = await post('/additional-income', body, headers);
    const again = await post('/additional-income', body, headers);
    expect(first.json()).toMatchObject({ replayed: false });
    expect(again.json()).toMatchObject({ id: first.json().id, replayed: true });
    expect(await ledgerRows(t.ctx.database, p)).toHaveLength(1);
    const other = await post('/additional-income', { ...body, amount: 2_000_000 }, headers);
    expect(other.statusCode).toBe(409);
  });
});
