import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type PayoutSystem, type StaffRole } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { writeEntry } from '../money/ledger.ts';
import { balanceOf, balancesOfAll } from '../money/balance.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { addRollup, createPartner, ledgerRows } from '../money/testing.ts';
import { insertWallet, walletFields } from '../modules/payouts/testing.ts';
import { createSession } from '../plumbing/session/service.ts';
import { addMember } from './testing.ts';
import { STAFF_COOKIE, startStaffSession } from './staff-auth.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const TOKEN = 'dev-operator-token-0000000000000000';
const legacy = { authorization: `Bearer ${TOKEN}`, 'x-operator': 'alice' };

/** A signed-in member of staff of a role: the console's cookie (a full session, as after the code). */
async function member(role: StaffRole, name = `${role}-${Math.random().toString(36).slice(2, 8)}`) {
  const m = await addMember(t, role, { email: `${name}@staff.test`, name, totp: false });
  const token = await startStaffSession(t.ctx.database.db, m.id, 'full', t.clock.now(), { ip: '10.0.0.9', userAgent: 'test' });
  return { id: m.id, headers: { cookie: `${STAFF_COOKIE}=${token}` } };
}
type Who = { headers: Record<string, string> };
const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url: `/operator/v1${url}`, headers: who.headers });
const post = (who: Who, url: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url: `/operator/v1${url}`, headers: who.headers, payload: payload as object });
const del = (who: Who, url: string) => t.app.inject({ method: 'DELETE', url: `/operator/v1${url}`, headers: who.headers });

const day = (iso: string) => iso.slice(0, 10);
async function earn(userId: number, amount: number, at: string, opts: { key?: string; availableAt?: string; kind?: 'earning' | 'correction' } = {}) {
  await t.ctx.database.db.transaction((tx) =>
    writeEntry(tx, {
      userId,
      project: 'fd1',
      day: day(at),
      source: 'files',
      bucket: opts.availableAt ? 'sales' : 'downloads',
      kind: opts.kind ?? 'earning',
      amountMicro: amount,
      availableAt: new Date(opts.availableAt ?? at),
      idempotencyKey: opts.key ?? `test:${userId}:${at}:${amount}`,
    }),
  );
}
async function request(userId: number, amount: number, opts: { system?: PayoutSystem; walletId?: number; details?: string } = {}) {
  return t.ctx.database.db.transaction((tx) =>
    insertPayoutRequest(
      tx,
      {
        userId,
        amountMicro: amount,
        feeMicro: Math.round(amount * 0.03),
        walletType: opts.system ?? 'paypal',
        walletId: opts.walletId ?? null,
        paymentDetails: opts.details ?? 'p@x.test',
        actor: 'partner',
      },
      t.clock.now(),
    ),
  );
}
const ledgerSum = async (userId: number) => (await ledgerRows(t.ctx.database, userId)).reduce((a, e) => a + Number(e.amount_micro), 0);

describe('console: overview', () => {
  it('owes the sum of the balances, with the payouts waiting, the earnings booked and the new partners', async () => {
    const a = await createPartner(t.ctx.database, { email: 'a@x.test', createdAt: '2026-11-20T08:00:00Z' });
    const b = await createPartner(t.ctx.database, { email: 'b@x.test', createdAt: '2026-11-03T08:00:00Z' });
    await createPartner(t.ctx.database, { email: 'c@x.test', createdAt: '2026-10-03T08:00:00Z' });
    await earn(a, 300_000_000, '2026-11-20T01:00:00Z');
    await earn(a, 50_000_000, '2026-11-19T01:00:00Z', { availableAt: '2026-12-03T00:00:00Z' });
    await earn(b, 700_000_000, '2026-10-30T01:00:00Z');
    await earn(b, -20_000_000, '2026-11-02T01:00:00Z', { kind: 'correction' });
    // A live day of b not yet closed: part of the balance, not of the ledger's booked earnings.
    await addRollup(t.ctx.database, b, 'fd1', '2026-11-20', { download_earned_micro: 4_000_000 });
    t.clock.set('2026-11-20T13:00:00Z');
    const r1 = await request(b, 100_000_000);
    t.clock.set('2026-11-20T14:00:00Z');
    await request(a, 40_000_000, { system: 'card', details: '•••• 4242 (USD)' });
    t.clock.set('2026-11-20T15:00:00Z');

    const finance = await member('finance');
    const res = await get(finance, '/overview');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    // Independently, from this test's own rows: a = 300 + 50 (held) − 40; b = 700 − 20 + 4 − 100.
    expect(o.owed).toEqual({ balance: 310_000_000 + 584_000_000, hold: 50_000_000, available: 260_000_000 + 584_000_000, partners: 2 });
    expect(o.payouts_waiting).toEqual([
      { status: 'created', system: 'card', count: 1, amount: 40_000_000 },
      { status: 'created', system: 'paypal', count: 1, amount: 100_000_000 },
    ]);
    expect(o.earnings_booked).toEqual({ today: 300_000_000, month: 350_000_000 });
    expect(o.new_partners).toEqual({ today: 1, month: 2 });
    expect(o.oldest_waiting).toEqual({ id: r1.id, user_id: b, status: 'created', amount: 100_000_000, created_at: '2026-11-20T13:00:00.000Z', age_seconds: 7200 });

    // The set-based read equals balanceOf per partner.
    const now = t.clock.now();
    const all = await balancesOfAll(t.ctx.database.db, now, DEFAULT_PRODUCT);
    for (const id of [a, b]) expect(all.get(id)).toEqual(await balanceOf(t.ctx.database.db, id, now, DEFAULT_PRODUCT));

    // Support cannot see the overview.
    expect((await get(await member('support'), '/overview')).statusCode).toBe(403);
  });
});

describe('console: payouts queue', () => {
  it('filters by status, system, amount, age and partner; sorts; pages', async () => {
    const a = await createPartner(t.ctx.database, { email: 'a@x.test' });
    const b = await createPartner(t.ctx.database, { email: 'B@x.test' });
    const r1 = await request(a, 10_000_000);
    t.clock.advance(3600_000);
    const r2 = await request(a, 30_000_000, { system: 'card' });
    t.clock.advance(3600_000);
    const r3 = await request(b, 20_000_000);
    await post({ headers: legacy }, `/payouts/${r2.id}/status`, { status: 'review' });
    const finance = await member('finance');
    const ids = async (query: string) => {
      const res = await get(finance, `/queue/payouts?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: { id: number }) => r.id);
    };
    expect(await ids('')).toEqual([r1.id, r2.id, r3.id]);
    expect(await ids('status=created')).toEqual([r1.id, r3.id]);
    expect(await ids('status=created,review&sort=-amount')).toEqual([r2.id, r3.id, r1.id]);
    expect(await ids('status=review&status=created&system=paypal')).toEqual([r1.id, r3.id]);
    expect(await ids('amount_min=15000000&amount_max=25000000')).toEqual([r3.id]);
    expect(await ids('created_before=2026-11-20T13:30:00Z')).toEqual([r1.id, r2.id]);
    expect(await ids('created_after=2026-11-20T13:00:00Z&sort=-created_at')).toEqual([r3.id, r2.id]);
    expect(await ids(`partner=${b}`)).toEqual([r3.id]);
    expect(await ids('partner=b@X.test')).toEqual([r3.id]);
    const page = await get(finance, '/queue/payouts?per_page=2&page=2&sort=id');
    expect(page.json().meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page.json().data[0]).toMatchObject({ id: r3.id, email: 'B@x.test', needs_approval: false, approval: null, batch_id: null });
    expect((await get(finance, '/queue/payouts?status=nope')).statusCode).toBe(422);
    expect((await get(finance, '/queue/payouts?partner=a%01b')).statusCode).toBe(422);
    // Content staff do not see payouts.
    expect((await get(await member('content'), '/queue/payouts')).statusCode).toBe(403);
  });

  it('flags a wallet shared by two partners, and a first payout, with the numbers behind them', async () => {
    const key = t.ctx.config.PAYOUT_DETAILS_KEY;
    const a = await createPartner(t.ctx.database, { email: 'a@x.test' });
    const b = await createPartner(t.ctx.database, { email: 'b@x.test' });
    const c = await createPartner(t.ctx.database, { email: 'c@x.test' });
    const old = new Date('2026-01-01T00:00:00Z');
    const wa = await insertWallet(t.ctx.database, key, { userId: a, system: 'paypal', n: 7, createdAt: old, confirmedAt: old });
    await insertWallet(t.ctx.database, key, { userId: b, system: 'paypal', n: 7, createdAt: old, confirmedAt: old });
    await insertWallet(t.ctx.database, key, { userId: c, system: 'paypal', n: 8, createdAt: old, confirmedAt: old });
    const r = await request(a, 25_000_000, { walletId: wa });
    const finance = await member('finance');
    const res = await get(finance, `/queue/payouts/${r.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.risk).toEqual([
      { code: 'first_payout', level: 'info', facts: { accepted_payouts: 0 } },
      { code: 'shared_wallet', level: 'high', facts: { partners: [b] } },
    ]);
    expect(view.partner).toMatchObject({ id: a, email: 'a@x.test', lang: 'en', blocked: false });
    expect(view.history.map((h: { to: string }) => h.to)).toEqual(['created']);
    expect(view.four_eyes_micro).toBe(1_000_000_000);
  });

  it('four eyes: a large request needs another member’s approval, and its approver cannot complete it', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    await earn(p, 5_000_000_000, '2026-11-01T00:00:00Z');
    const big = await request(p, 1_500_000_000);
    const f1 = await member('finance', 'fin-one');
    const f2 = await member('finance', 'fin-two');
    for (const status of ['review', 'process']) expect((await post(f1, `/queue/payouts/${big.id}/status`, { status })).statusCode).toBe(200);

    // One member alone cannot complete it.
    const alone = await post(f1, `/queue/payouts/${big.id}/status`, { status: 'accepted' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ code: 'conflict', reason: 'approval_required' });
    expect(alone.json().message).toMatch(/another member of staff must approve/);
    // Nor through the older status call, nor with the shared token.
    expect((await post(f1, `/payouts/${big.id}/status`, { status: 'accepted' })).json().reason).toBe('approval_required');
    expect((await post({ headers: legacy }, `/payouts/${big.id}/status`, { status: 'accepted' })).json().reason).toBe('not_a_person');
    // A token is not a person: it cannot approve.
    expect((await post({ headers: legacy }, `/queue/payouts/${big.id}/approve`)).json().reason).toBe('not_a_person');

    const approved = await post(f1, `/queue/payouts/${big.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ needs_approval: true, approval: { staff_id: f1.id, name: 'fin-one' } });
    expect((await post(f2, `/queue/payouts/${big.id}/approve`)).json().reason).toBe('already_approved');
    // The approver cannot complete it.
    const self = await post(f1, `/queue/payouts/${big.id}/status`, { status: 'accepted' });
    expect(self.statusCode).toBe(409);
    expect(self.json().reason).toBe('approver_cannot_complete');
    expect((await get(f1, `/queue/payouts/${big.id}`)).json().request.status).toBe('process');
    // Another member can.
    const done = await post(f2, `/queue/payouts/${big.id}/status`, { status: 'accepted' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('accepted');

    const audit = await t.ctx.database.query<{ action: string; actor_name: string }>(
      sql`select action, actor_name from staff_audit where target_type = 'payout' and target_id = ${String(big.id)} order by id`,
    );
    expect(audit.map((a) => `${a.action}:${a.actor_name}`)).toEqual([
      'payout.status:fin-one',
      'payout.status:fin-one',
      'payout.approve:fin-one',
      'payout.status:fin-two',
    ]);
    // A small request needs nothing.
    const small = await request(p, 100_000_000);
    expect((await post(f1, `/queue/payouts/${small.id}/approve`)).json().reason).toBe('not_needed');
  });

  it('rejects with a reason (control characters refused), money back through the ledger', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    await earn(p, 100_000_000, '2026-11-01T00:00:00Z');
    const r = await request(p, 60_000_000);
    const f = await member('finance');
    const bad = await post(f, `/queue/payouts/${r.id}/status`, { status: 'rejected', reason: 'wallet\u0000closed' });
    expect(bad.statusCode).toBe(422);
    expect((await get(f, `/queue/payouts/${r.id}`)).json().request.status).toBe('created');
    const ok = await post(f, `/queue/payouts/${r.id}/status`, { status: 'rejected', reason: 'Кошелёк закрыт' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'rejected', status_reason: 'Кошелёк закрыт' });
    expect(await ledgerSum(p)).toBe(100_000_000);
    const mails = await t.ctx.database.query<{ kind: string }>(sql`select kind from mail_outbox where to_address = 'p@x.test'`);
    expect(mails.map((m) => m.kind)).toEqual(['payout_rejected']);
  });

  it('exports three PayPal requests into a batch and its CSV, moves them to process, completes them', async () => {
    const key = t.ctx.config.PAYOUT_DETAILS_KEY;
    const ids: number[] = [];
    const partners: number[] = [];
    const old = new Date('2026-01-01T00:00:00Z');
    for (const [i, amount] of [100_000_000, 25_500_000, 40_000_000].entries()) {
      const p = await createPartner(t.ctx.database, { email: `p${i}@x.test` });
      partners.push(p);
      await earn(p, 200_000_000, '2026-11-01T00:00:00Z');
      const w = await insertWallet(t.ctx.database, key, { userId: p, system: 'paypal', n: i, createdAt: old, confirmedAt: old });
      ids.push((await request(p, amount, { walletId: w })).id);
    }
    const other = await request(partners[0]!, 10_000_000, { system: 'card' });
    const f = await member('finance');
    await post(f, `/queue/payouts/${ids[1]}/status`, { status: 'review' });

    // All or nothing: a request of another system refuses the whole export.
    const mixed = await post(f, '/queue/payouts/export', { ids: [...ids, other.id], system: 'paypal' });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({ reason: 'export_refused', problems: `${other.id}:other_system` });
    expect((await t.ctx.database.query(sql`select 1 from payout_batches`)).length).toBe(0);
    // Support may not export (no whole wallets for them).
    expect((await post(await member('support'), '/queue/payouts/export', { ids, system: 'paypal' })).statusCode).toBe(403);

    const res = await post(f, '/queue/payouts/export', { ids, system: 'paypal' });
    expect(res.statusCode, res.body).toBe(200);
    const { batch, file } = res.json();
    expect(batch).toMatchObject({ system: 'paypal', status: 'open', created_by: { kind: 'staff', id: f.id }, completed_at: null });
    expect(batch.items.map((i: { payout_id: number; status: string }) => [i.payout_id, i.status])).toEqual(ids.map((id) => [id, 'process']));
    expect(file.name).toBe(`paypal-batch-${batch.id}.csv`);
    // email, amount (received: amount − 3% fee) with two decimals, currency, unique id, note.
    expect(file.content).toBe(
      [
        `wallet0@pay.example,97.00,USD,pc-${batch.id}-${ids[0]},Payout ${ids[0]}`,
        `wallet1@pay.example,24.74,USD,pc-${batch.id}-${ids[1]},Payout ${ids[1]}`,
        `wallet2@pay.example,38.80,USD,pc-${batch.id}-${ids[2]},Payout ${ids[2]}`,
      ]
        .map((l) => `${l}\r\n`)
        .join(''),
    );
    // In an open batch already: a second export of one of them is refused.
    expect((await post(f, '/queue/payouts/export', { ids: [ids[0]], system: 'paypal' })).json().problems).toBe(`${ids[0]}:in_open_batch`);
    // The file again, audited.
    const again = await get(f, `/queue/batches/${batch.id}/file`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toMatch(/^text\/csv/);
    expect(again.body).toBe(file.content);
    const audit = await t.ctx.database.query<{ action: string; after: unknown }>(sql`select action, after from staff_audit where target_type = 'batch' order by id`);
    expect(audit).toEqual([
      { action: 'payout.export', after: { system: 'paypal', ids } },
      { action: 'batch.file', after: { ids } },
    ]);

    // One item rejected (its money back), then the batch completed: the others accepted.
    const rejected = await post(f, `/queue/batches/${batch.id}/items/${ids[2]}/reject`, { reason: 'PayPal account closed' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const completed = await post(f, `/queue/batches/${batch.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'completed', completed_at: '2026-11-20T12:00:00.000Z' });
    expect(completed.json().items.map((i: { status: string }) => i.status)).toEqual(['accepted', 'accepted', 'rejected']);
    expect((await post(f, `/queue/batches/${batch.id}/complete`)).statusCode).toBe(409);

    // The ledger invariant: each partner's ledger sum is their balance.
    const now = t.clock.now();
    const expected = [200_000_000 - 100_000_000 - 10_000_000, 200_000_000 - 25_500_000, 200_000_000];
    for (const [i, p] of partners.entries()) {
      const b = await balanceOf(t.ctx.database.db, p, now, DEFAULT_PRODUCT);
      expect(await ledgerSum(p)).toBe(b.balance);
      expect(b.balance).toBe(expected[i]);
    }
  });

  it('a batch with a large request completes only when another member approved it; nothing moves otherwise', async () => {
    const key = t.ctx.config.PAYOUT_DETAILS_KEY;
    const old = new Date('2026-01-01T00:00:00Z');
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    await earn(p, 5_000_000_000, '2026-11-01T00:00:00Z');
    const w = await insertWallet(t.ctx.database, key, { userId: p, system: 'card', n: 1, createdAt: old, confirmedAt: old });
    const big = await request(p, 2_000_000_000, { system: 'card', walletId: w });
    const small = await request(p, 50_000_000, { system: 'card', walletId: w });
    const f1 = await member('finance', 'one');
    const f2 = await member('admin', 'two');
    const res = await post(f1, '/queue/payouts/export', { ids: [big.id, small.id], system: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const { batch, file } = res.json();
    const [header, first] = file.content.split('\r\n');
    expect(header).toContain('payment_id,batch_id,payout_id,partner_id,partner_email,system,requested_usd,fee_usd,pay_usd');
    expect(header).toContain('wallet_number');
    // The card's whole number is in the file, and only there.
    expect(first).toContain(`,${walletFields('card', 1).number},`);
    const audit = JSON.stringify(await t.ctx.database.query(sql`select * from staff_audit`));
    expect(audit).not.toMatch(/\d{13,19}/);

    const refused = await post(f1, `/queue/batches/${batch.id}/complete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'batch_complete_refused', problems: `${big.id}:approval_required` });
    expect((await get(f1, `/queue/batches/${batch.id}`)).json().items.map((i: { status: string }) => i.status)).toEqual(['process', 'process']);
    expect((await post(f2, `/queue/payouts/${big.id}/approve`)).statusCode).toBe(200);
    expect((await post(f2, `/queue/batches/${batch.id}/complete`)).json().problems).toBe(`${big.id}:approver_cannot_complete`);
    const done = await post(f1, `/queue/batches/${batch.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().items.map((i: { status: string }) => i.status)).toEqual(['accepted', 'accepted']);
  });
});

describe('console: partners', () => {
  it('finds partners by e-mail, id, wallet, site and sign-in address, and shows one with balance and ledger', async () => {
    const key = t.ctx.config.PAYOUT_DETAILS_KEY;
    const a = await createPartner(t.ctx.database, { email: 'alpha@x.test' });
    const b = await createPartner(t.ctx.database, { email: 'beta@x.test' });
    await t.ctx.database.query(sql`update users set first_name = 'Grace', last_name = 'Hopper' where id = ${b}`);
    const old = new Date('2026-01-01T00:00:00Z');
    await insertWallet(t.ctx.database, key, { userId: b, system: 'card', n: 3, createdAt: old, confirmedAt: old });
    await t.ctx.database.query(sql`insert into partner_sites (user_id, project, domain, token, status) values (${a}, 'fd1', 'files-blog.example', 't', 'active')`);
    await createSession(t.ctx.database.db, a, t.clock.now(), { ip: '203.0.113.7', userAgent: 'x' });
    await earn(a, 12_000_000, '2026-11-19T00:00:00Z');
    const s = await member('support');
    const search = async (q: string) => {
      const res = await get(s, `/partners?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: { id: number; matched: string }) => `${r.id}:${r.matched}`);
    };
    expect(await search('alpha')).toEqual([`${a}:email`]);
    expect(await search(String(b))).toContain(`${b}:id`);
    expect(await search('hopper')).toEqual([`${b}:name`]);
    // A card's whole number is stored only encrypted: it is found by its fingerprint.
    expect(await search(walletFields('card', 3).number!)).toEqual([`${b}:wallet`]);
    expect(await search('Lovelace')).toEqual([`${b}:wallet`]);
    expect(await search('files-blog')).toEqual([`${a}:site`]);
    expect(await search('203.0.113.7')).toEqual([`${a}:address`]);
    expect((await get(s, '/partners?q=%07')).statusCode).toBe(422);

    const one = await get(s, `/partners/${a}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      profile: { id: a, email: 'alpha@x.test' },
      status: { state: 'active', reason: null, sign_in_locked: false },
      programs: [{ project: 'fd1', plan: null }],
      balance: { balance: 12_000_000, available: 12_000_000 },
    });
    expect(one.json().recent_ledger).toHaveLength(1);
    const ledger = await get(s, `/partners/${a}/ledger?kind=earning`);
    expect(ledger.json()).toMatchObject({ meta: { total: 1 }, sum: 12_000_000 });
    const csv = await get(s, `/partners/${a}/ledger.csv`);
    expect(csv.body.split('\r\n')[0]).toBe('id,day,project,source,bucket,kind,amount_micro,available_at,note,created_at');
    expect(csv.body).toContain(',2026-11-19,fd1,files,downloads,earning,12000000,');
    expect((await get(s, `/partners/${a}/sites`)).json().data).toMatchObject([{ domain: 'files-blog.example', status: 'active' }]);
    expect((await get(s, '/partners/999999')).statusCode).toBe(404);
  });

  it('blocking ends every session at once: the old cookie answers 401 right after; unblock lets them in again', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const token = await createSession(t.ctx.database.db, p, t.clock.now(), { ip: '198.51.100.1', userAgent: 'x' });
    const me = () => t.app.inject({ url: '/api/user', headers: { cookie: `pc_session=${token}` } });
    expect((await me()).statusCode).toBe(200);
    const s = await member('support');
    expect((await get(s, `/partners/${p}/sessions`)).json().data).toHaveLength(1);
    expect((await post(s, `/partners/${p}/block`, { reason: 'fraud\u001b[31m' })).statusCode).toBe(422);
    expect((await me()).statusCode).toBe(200);
    const blocked = await post(s, `/partners/${p}/block`, { reason: 'Chargebacks' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ id: p, status: { state: 'blocked', reason: 'Chargebacks' }, sessions_ended: 1 });
    expect((await me()).statusCode).toBe(401);
    expect((await post(s, `/partners/${p}/block`, { reason: 'again' })).statusCode).toBe(409);
    const [row] = await t.ctx.database.query<{ before: unknown; after: unknown }>(sql`select before, after from staff_audit where action = 'partner.block'`);
    expect(row).toMatchObject({ before: { state: 'active' }, after: { state: 'blocked', reason: 'Chargebacks' } });
    // Finance may not block.
    expect((await post(await member('finance'), `/partners/${p}/unblock`, { reason: 'x' })).statusCode).toBe(403);
    const unblocked = await post(s, `/partners/${p}/unblock`, { reason: 'Cleared' });
    expect(unblocked.json().status).toMatchObject({ state: 'active', reason: null });
  });

  it('support resets a partner\'s lost second factor: authenticator, recovery codes and passkeys go, sessions end, payouts wait, the partner is mailed', async () => {
    const db = t.ctx.database;
    const now = t.clock.now();
    const p = await createPartner(db, { email: 'locked-out@x.test' });
    await db.query(sql`update users set totp_secret = 'sealed', totp_enabled_at = ${now} where id = ${p}`);
    await db.query(sql`insert into user_recovery_codes (user_id, code_hash, created_at) values (${p}, 'h1', ${now}), (${p}, 'h2', ${now})`);
    await db.query(sql`insert into user_passkeys (user_id, credential_id, public_key, name, created_at) values (${p}, 'cred-1', '\\x00'::bytea, 'Phone', ${now})`);
    const token = await createSession(db.db, p, now, { ip: '198.51.100.7', userAgent: 'x' });
    const s = await member('support');
    expect((await get(s, `/partners/${p}`)).json().profile.second_factor).toEqual(['totp', 'passkey']);
    // A reason is required and checked; finance may not reset.
    expect((await post(s, `/partners/${p}/second-factor/reset`, {})).statusCode).toBe(422);
    expect((await post(await member('finance'), `/partners/${p}/second-factor/reset`, { reason: 'Lost phone' })).statusCode).toBe(403);
    const reset = await post(s, `/partners/${p}/second-factor/reset`, { reason: 'Lost phone, identity checked by ticket 4411' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ id: p, sessions_ended: 1 });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: `pc_session=${token}` } })).statusCode).toBe(401);
    const [user] = await db.query<{ totp_secret: string | null; totp_enabled_at: Date | null; payout_cooling_reason: string | null; payout_cooling_until: Date | null }>(
      sql`select totp_secret, totp_enabled_at, payout_cooling_reason, payout_cooling_until from users where id = ${p}`,
    );
    expect(user).toMatchObject({ totp_secret: null, totp_enabled_at: null, payout_cooling_reason: 'second_factor_off' });
    expect(new Date(user!.payout_cooling_until!).getTime()).toBe(now.getTime() + DEFAULT_PRODUCT.payoutCoolingOffHours * 3_600_000);
    const [left] = await db.query<{ codes: number; keys: number }>(
      sql`select (select count(*)::int from user_recovery_codes where user_id = ${p}) as codes, (select count(*)::int from user_passkeys where user_id = ${p}) as keys`,
    );
    expect(left).toEqual({ codes: 0, keys: 0 });
    expect((await get(s, `/partners/${p}`)).json().profile.second_factor).toEqual([]);
    const [row] = await db.query<{ before: unknown; after: unknown }>(sql`select before, after from staff_audit where action = 'partner.second_factor_reset'`);
    expect(row).toEqual({ before: { methods: ['totp', 'passkey'] }, after: { reason: 'Lost phone, identity checked by ticket 4411' } });
    const mails = await db.query<{ subject: string }>(sql`select subject from mail_outbox where to_address = 'locked-out@x.test'`);
    expect(mails.map((m) => m.subject)).toEqual(['Support reset your two-step sign-in']);
    // Nothing left to reset: refused, nothing written.
    const again = await post(s, `/partners/${p}/second-factor/reset`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This partner has no two-step sign-in to reset.');
  });

  it('ends one session or all of them', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const t1 = await createSession(t.ctx.database.db, p, t.clock.now(), { ip: '1.1.1.1', userAgent: 'x' });
    await createSession(t.ctx.database.db, p, t.clock.now(), { ip: '1.1.1.2', userAgent: 'y' });
    const s = await member('support');
    const list = (await get(s, `/partners/${p}/sessions`)).json().data as Array<{ id: string; ip: string }>;
    const first = list.find((x) => x.ip === '1.1.1.1')!;
    expect((await del(s, `/partners/${p}/sessions/${first.id}`)).json()).toEqual({ ended: 1 });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: `pc_session=${t1}` } })).statusCode).toBe(401);
    expect((await del(s, `/partners/${p}/sessions/${first.id}`)).statusCode).toBe(404);
    expect((await del(s, `/partners/${p}/sessions`)).json()).toEqual({ ended: 1 });
  });

  it('adds additional income through the partner, audited; a site is banned and unbanned', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const f = await member('finance');
    const res = await post(f, `/partners/${p}/additional-income`, { project: 'fd1', amount: 7_000_000, reason: 'Contest prize' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerSum(p)).toBe(7_000_000);
    expect((await post(f, `/partners/${p}/additional-income`, { project: 'fd1', amount: 7_000_000, reason: 'bad\u0000' })).statusCode).toBe(422);
    const [site] = await t.ctx.database.query<{ id: number }>(sql`insert into partner_sites (user_id, project, domain, token, status) values (${p}, 'fd1', 'a.example', 't', 'active') returning id`);
    const s = await member('support');
    expect((await post(s, `/sites/${site!.id}/unban`, { reason: 'x' })).statusCode).toBe(409);
    expect((await post(s, `/sites/${site!.id}/ban`, { reason: 'spam' })).statusCode).toBe(200);
    expect((await post(s, `/sites/${site!.id}/unban`, { reason: 'appealed' })).json()).toEqual({ id: site!.id, status: 'not_verified' });
  });

  it('view-as: a read-only session that reads and refuses every write call of the partner API', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    await t.ctx.database.query(sql`update users set lang = 'de' where id = ${p}`);
    const s = await member('support');
    const res = await post(s, `/partners/${p}/view-as`);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_in_seconds } = res.json();
    expect(expires_in_seconds).toBe(900);
    const path = new URL(url).pathname;
    const open = await t.app.inject({ url: path });
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe('/');
    const cookie = open.cookies.find((c) => c.name === 'pc_session')!;
    expect(cookie.maxAge).toBe(900);
    // A link opens once.
    expect((await t.app.inject({ url: path })).statusCode).toBe(400);
    const headers = { cookie: `pc_session=${cookie.value}` };
    const me = await t.app.inject({ url: '/api/user', headers });
    expect(me.statusCode).toBe(200);
    // The cabinet is told it is a view, and by whom (the member's name, not the server's kind:id:name).
    expect(me.json().view_as).toEqual({ by: expect.stringMatching(/^support-[a-z0-9]+$/) });
    expect((await get(s, `/partners/${p}/sessions`)).json().data[0].operator_view).toMatch(/support/);

    // Every mutating /api route refuses it, in the partner's language.
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const writes = Object.entries(doc.paths)
      .filter(([route]) => route.startsWith('/api/'))
      .flatMap(([route, methods]) => Object.keys(methods).filter((m) => !['get', 'head', 'options'].includes(m)).map((m) => [m.toUpperCase(), route] as const));
    expect(writes.length).toBeGreaterThan(30);
    for (const [method, route] of writes) {
      const target = route.replace(/\{[^}]+\}/g, '1');
      const answer = await t.app.inject({ method: method as 'POST', url: target, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
      expect(answer.statusCode, `${method} ${route}`).toBe(403);
      expect(answer.json(), `${method} ${route}`).toMatchObject({ code: 'forbidden', reason: 'view_as_read_only' });
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/langs/change', headers: { ...headers, 'content-type': 'application/json' }, payload: { lang: 'en' } });
    expect(refused.json().message).toMatch(/schreibgeschützte/);
    // It ends by itself after 15 minutes.
    t.clock.advance(15 * 60_000);
    expect((await t.app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
    const [row] = await t.ctx.database.query<{ action: string; actor_kind: string }>(sql`select action, actor_kind from staff_audit where action = 'partner.view_as'`);
    expect(row).toEqual({ action: 'partner.view_as', actor_kind: 'staff' });
  });
});
