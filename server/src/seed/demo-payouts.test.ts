import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { payoutRequests, purses } from '../db/schema/index.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { fund } from '../modules/payouts/testing.ts';
import { balanceOf } from '../money/balance.ts';
import { loadProduct } from '../money/product.ts';
import { ensureDemoPartner } from './demo.ts';
import { ensureDemoPayouts, ensureDemoWallets } from './demo-payouts.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('demo wallets and payout history', () => {
  it('gives the demo partner an active main wallet and a card on hold, once, with the card number never stored whole', async () => {
    const userId = await ensureDemoPartner(t.ctx);
    await ensureDemoWallets(t.ctx, userId);
    await ensureDemoWallets(t.ctx, userId);
    const rows = await t.ctx.database.db.select().from(purses);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows.map((r) => r.details))).not.toContain('4242424242424242');

    const cookie = await sessionCookie(t.ctx.database, userId, t.clock.now());
    const answer = (await t.app.inject({ method: 'GET', url: '/api/purses', headers: { cookie } })).json();
    const byType = Object.fromEntries(answer.purses.map((p: { type: string }) => [p.type, p]));
    expect(byType.webmoney).toMatchObject({ state: 'active', main: true, summary: 'Z104729163850' });
    expect(byType.card).toMatchObject({ state: 'on_hold', main: false, summary: '•••• 4242 (USD)' });
    expect(answer.purses_not_confirmed).toEqual([]);
  });

  it('writes a paid, a rejected and a reviewed request once there is money, keeping the ledger consistent', async () => {
    const userId = await ensureDemoPartner(t.ctx);
    await ensureDemoWallets(t.ctx, userId);
    const product = await loadProduct(t.ctx.database.db);

    // Not enough money yet: nothing is written, a later start tries again.
    await fund(t.ctx.database, userId, 150_000_000, t.clock.now());
    await ensureDemoPayouts(t.ctx, userId);
    expect(await t.ctx.database.db.select().from(payoutRequests)).toHaveLength(0);

    await fund(t.ctx.database, userId, 850_000_000, t.clock.now());
    await ensureDemoPayouts(t.ctx, userId);
    await ensureDemoPayouts(t.ctx, userId);
    const requests = await t.ctx.database.db.select().from(payoutRequests).orderBy(payoutRequests.createdAt);
    expect(requests.map((r) => [r.status, r.amountMicro])).toEqual([
      ['accepted', 300_000_000],
      ['rejected', 50_000_000],
      ['review', 100_000_000],
    ]);
    // The fee is the wallet system's (WebMoney 0.8 %).
    expect(requests[0]!.feeMicro).toBe(2_400_000);

    const b = await balanceOf(t.ctx.database.db, userId, t.clock.now(), product);
    expect(b.balance).toBe(1_000_000_000 - 300_000_000 - 100_000_000);
    const [ledger] = await t.ctx.database.query<{ sum: string }>(sql`select sum(amount_micro) as sum from ledger_entries where user_id = ${userId}`);
    expect(Number(ledger!.sum)).toBe(b.balance);

    const cookie = await sessionCookie(t.ctx.database, userId, t.clock.now());
    const timeline = (await t.app.inject({ method: 'GET', url: `/api/payout/${requests[0]!.id}/timeline`, headers: { cookie } })).json();
    expect(timeline.events.map((e: { status: string }) => e.status)).toEqual(['created', 'review', 'process', 'accepted']);
  });
});
