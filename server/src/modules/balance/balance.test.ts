import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../test/harness.ts';
import { closeDay } from '../../jobs/close.ts';
import { deletePayoutRequest, insertPayoutRequest, movePayoutRequest, requestPayout } from '../../money/payouts.ts';
import { addAdditionalIncome } from '../../operator/service.ts';
import { addRollup, createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { loadProduct } from '../../money/product.ts';
import { startCoolingOff } from '../../money/cooling-off.ts';
import { insertWallet } from '../payouts/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

async function request(userId: number, amount: number) {
  return t.ctx.database.db.transaction((tx) => insertPayoutRequest(tx, { userId, amountMicro: amount, paymentDetails: 'wm Z123456789012', actor: 'partner' }, t.clock.now()));
}

describe('balance, hold and available for withdrawal', () => {
  it('needs a signed-in partner', async () => {
    expect((await t.app.inject('/api/payouts/user/available-withdrawal')).statusCode).toBe(401);
    expect((await t.app.inject('/api/payouts/user/hold-info')).statusCode).toBe(401);
  });

  it('derives the figures from the ledger, the live days and the payout requests', async () => {
    const db = t.ctx.database;
    const p = await createPartner(db, { email: 'p@x.test', createdAt: '2026-01-01T00:00:00Z' });
    const other = await createPartner(db, { email: 'o@x.test' });
    // Closed 2026-11-01: sales released on 2026-11-16 00:00 (before now).
    await addRollup(db, p, 'fd1', '2026-11-01', { download_earned_micro: 1_000_000, sale_earned_micro: 3_000_000, sales: 1 });
    // Closed 2026-11-10: sales and site bonus held until 2026-11-25 00:00.
    await addRollup(db, p, 'fd1', '2026-11-10', { download_earned_micro: 100_000, sale_earned_micro: 2_000_000, site_earned_micro: 500_000, sales: 1 });
    await addRollup(db, other, 'fd1', '2026-11-10', { download_earned_micro: 9_999_999 });
    const now = t.clock.now();
    await closeDay(db, '2026-11-01', now);
    await closeDay(db, '2026-11-10', now);
    // Live (not closed) today: downloads available at once, the sale held until 2026-12-05 00:00.
    await addRollup(db, p, 'fd2', '2026-11-20', { download_earned_micro: 50_000, sale_earned_micro: 1_000_000, sales: 1 });
    await addAdditionalIncome(db.db, { userId: p, project: 'fd1', amount: 250_000, reason: 'bonus', operator: 'alice' }, now);
    const inProgress = await request(p, 1_000_000);
    const accepted = await request(p, 500_000);
    const rejected = await request(p, 300_000);
    for (const to of ['review', 'process', 'accepted'] as const) await movePayoutRequest(db.db, { id: accepted.id, to, by: 'operator', actor: 'op' }, now);
    await movePayoutRequest(db.db, { id: rejected.id, to: 'rejected', by: 'operator', reason: 'x', actor: 'op' }, now);
    void inProgress;

    const cookie = await sessionCookie(db, p, now);
    const available = await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } });
    expect(available.statusCode, available.body).toBe(200);
    // earnings: 1,000,000 + 3,000,000 + 100,000 + 2,000,000 + 500,000 (closed) + 50,000 + 1,000,000 (live)
    //           + 250,000 (additional) = 7,900,000
    // balance:  7,900,000 − 1,000,000 (in progress) − 500,000 (accepted) = 6,400,000 (the rejected one is given back)
    // hold:     2,000,000 + 500,000 (2026-11-10 sales) + 1,000,000 (live sale) = 3,500,000
    // available: 6,400,000 − 3,500,000 = 2,900,000
    expect(available.json()).toEqual({ amount: 2_900_000, balance: 6_400_000, hold: 3_500_000, in_progress: 1_000_000, cooling_off: null, account_recovery: null });

    const hold = await t.app.inject({ url: '/api/payouts/user/hold-info', headers: { cookie } });
    expect(hold.json()).toEqual({
      amount: 3_500_000,
      hold_period_days: 14,
      breakdown: { files: 3_000_000, file_copies: 0, video: 0, sites_referrals: 500_000, referrals: 0, gold_bonus: 0 },
      next_release: { date: '2026-11-25T00:00:00.000Z', amount: 2_500_000 },
      releases: [
        { date: '2026-11-25T00:00:00.000Z', amount: 2_500_000 },
        { date: '2026-12-05T00:00:00.000Z', amount: 1_000_000 },
      ],
      // The days add up to the hold: 2,500,000 + 1,000,000 = 3,500,000.
      schedule: [
        { day: '2026-11-25', amount: 2_500_000, held_after: 1_000_000 },
        { day: '2026-12-05', amount: 1_000_000, held_after: 0 },
      ],
      // No wallet at all: a wallet to add, not a date to wait for.
      waits: [],
    });

    // After the hold of 2026-11-10 ends, that money is available; nothing else moves.
    t.clock.set('2026-11-25T00:00:00Z');
    const later = await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie: await sessionCookie(db, p, t.clock.now()) } });
    expect(later.json()).toEqual({ amount: 5_400_000, balance: 6_400_000, hold: 1_000_000, in_progress: 1_000_000, cooling_off: null, account_recovery: null });
  });

  it('a refund inside the hold lowers the hold, not the available amount', async () => {
    const db = t.ctx.database;
    const p = await createPartner(db, { email: 'p@x.test' });
    await addRollup(db, p, 'fd1', '2026-11-15', { download_earned_micro: 400_000, sale_earned_micro: 6_000_000, sales: 1 });
    await closeDay(db, '2026-11-15', t.clock.now());
    await addRollup(db, p, 'fd1', '2026-11-15', { sale_earned_micro: -6_000_000, sales: -1 });
    await closeDay(db, '2026-11-15', t.clock.now(), { onlyDirty: true });
    const cookie = await sessionCookie(db, p, t.clock.now());
    const res = await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } });
    expect(res.json()).toEqual({ amount: 400_000, balance: 400_000, hold: 0, in_progress: 0, cooling_off: null, account_recovery: null });
    const hold = await t.app.inject({ url: '/api/payouts/user/hold-info', headers: { cookie } });
    expect(hold.json()).toMatchObject({ amount: 0, next_release: null, releases: [] });
  });
});

describe('payout requests against the available amount', () => {
  it('refuses more than is available; deleting a created request gives the money back', async () => {
    const db = t.ctx.database;
    const p = await createPartner(db, { email: 'p@x.test' });
    await addAdditionalIncome(db.db, { userId: p, project: 'fd1', amount: 50_000_000, reason: 'x', operator: 'alice' }, t.clock.now());
    const product = await loadProduct(db.db);
    const tooMuch = await requestPayout(db.db, { userId: p, amountMicro: 50_000_001, paymentDetails: 'x' }, t.clock.now(), product);
    expect(tooMuch).toEqual({ ok: false, reason: 'insufficient_funds', available: 50_000_000 });
    const ok = await requestPayout(db.db, { userId: p, amountMicro: 30_000_000, paymentDetails: 'x' }, t.clock.now(), product);
    expect(ok.ok).toBe(true);
    const second = await requestPayout(db.db, { userId: p, amountMicro: 30_000_000, paymentDetails: 'x' }, t.clock.now(), product);
    expect(second).toEqual({ ok: false, reason: 'insufficient_funds', available: 20_000_000 });
    // Someone else cannot delete it; the partner can while it is created.
    expect((await deletePayoutRequest(db.db, { userId: p + 1, id: ok.ok ? ok.request.id : 0 }, t.clock.now())).ok).toBe(false);
    expect((await deletePayoutRequest(db.db, { userId: p, id: ok.ok ? ok.request.id : 0 }, t.clock.now())).ok).toBe(true);
    const cookie = await sessionCookie(db, p, t.clock.now());
    const res = await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } });
    expect(res.json()).toEqual({ amount: 50_000_000, balance: 50_000_000, hold: 0, in_progress: 0, cooling_off: null, account_recovery: null });
  });

  it.runIf(testDbKind === 'pg')('two requests at once cannot both spend the same money (PostgreSQL)', async () => {
    const db = t.ctx.database;
    const p = await createPartner(db, { email: 'p@x.test' });
    await addAdditionalIncome(db.db, { userId: p, project: 'fd1', amount: 40_000_000, reason: 'x', operator: 'alice' }, t.clock.now());
    const product = await loadProduct(db.db);
    const results = await Promise.all(
      [1, 2, 3].map(() => requestPayout(db.db, { userId: p, amountMicro: 30_000_000, paymentDetails: 'x' }, t.clock.now(), product)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe('live earnings', () => {
  it('counts a partner day first seen after its day was closed until the re-close books it', async () => {
    const db = t.ctx.database;
    const p = await createPartner(db, { email: 'p@x.test' });
    const q = await createPartner(db, { email: 'q@x.test' });
    await addRollup(db, q, 'fd1', '2026-11-18', { download_earned_micro: 1 });
    await closeDay(db, '2026-11-18', t.clock.now());
    // A late event for p on the closed day: live until re-closed, then in the ledger; never counted twice.
    await addRollup(db, p, 'fd1', '2026-11-18', { download_earned_micro: 700_000 });
    const cookie = await sessionCookie(db, p, t.clock.now());
    const before = (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json();
    await closeDay(db, '2026-11-18', t.clock.now(), { onlyDirty: true });
    const after = (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json();
    expect(before).toEqual({ amount: 700_000, balance: 700_000, hold: 0, in_progress: 0, cooling_off: null, account_recovery: null });
    expect(after).toEqual(before);
  });
  it('says which available money waits for another reason and until when: a cooling-off window, a wallet in its waiting period', async () => {
    const db = t.ctx.database;
    const now = t.clock.now();
    const p = await createPartner(db, { email: 'w@x.test' });
    await addAdditionalIncome(db.db, { userId: p, project: 'fd1', amount: 40_000_000, reason: 'bonus', operator: 'alice' }, now);
    const product = await loadProduct(db.db);
    // A wallet confirmed now comes out of its waiting period walletHoldDays later; the change starts a cooling-off.
    await insertWallet(db, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'paypal', n: 1, createdAt: now, confirmedAt: now });
    await db.db.transaction((tx) => startCoolingOff(tx, p, 'wallet_added', now, product));
    const walletFree = new Date(now.getTime() + product.walletHoldDays * 86_400_000);
    const coolingEnds = new Date(now.getTime() + product.payoutCoolingOffHours * 3_600_000);
    const hold = async () => (await t.app.inject({ url: '/api/payouts/user/hold-info', headers: { cookie: await sessionCookie(db, p, t.clock.now()) } })).json();
    const first = await hold();
    expect(first.schedule).toEqual([]);
    expect(first.waits).toEqual(
      [
        { reason: 'cooling_off', until: coolingEnds.toISOString(), amount: 40_000_000 },
        { reason: 'wallet_waiting', until: walletFree.toISOString(), amount: 40_000_000 },
      ].sort((a, b) => a.until.localeCompare(b.until)),
    );
    // Once both dates have passed, nothing waits.
    t.clock.set(new Date(Math.max(walletFree.getTime(), coolingEnds.getTime())).toISOString());
    expect((await hold()).waits).toEqual([]);
  });
});
