import { eq, sql } from 'drizzle-orm';
import { payoutFee, validateWalletDetails, type PayoutSystem } from '@pc/core';
import type { AppContext } from '../context.ts';
import { payoutRequests, purses } from '../db/schema/index.ts';
import { balanceOf } from '../money/balance.ts';
import { insertPayoutRequest, movePayoutRequest } from '../money/payouts.ts';
import { loadProduct } from '../money/product.ts';
import { sealWallet, walletKeys, walletSummary } from '../money/wallets.ts';

const DAY_MS = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * The demo partner's wallets, once (never when the partner has or had any): a WebMoney purse confirmed long ago
 * (active, so the main one) and a card confirmed yesterday (on hold), so the payouts screen shows both states.
 * The card is a well-known test number; like every card it is kept only encrypted, with its last four digits.
 */
export async function ensureDemoWallets(ctx: AppContext, userId: number): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [any] = await db.select({ id: purses.id }).from(purses).where(eq(purses.userId, userId)).limit(1);
  if (any) return;
  const product = await loadProduct(db);
  const keys = walletKeys(ctx.config.PAYOUT_DETAILS_KEY);
  const wallets: Array<{ system: PayoutSystem; fields: Record<string, string>; createdDaysAgo: number; confirmedDaysAgo: number }> = [
    { system: 'webmoney', fields: { purse: 'Z104729163850' }, createdDaysAgo: 60, confirmedDaysAgo: 60 },
    {
      system: 'card',
      fields: { number: '4242424242424242', currency: 'USD', month: '12', year: String(now.getUTCFullYear() + 3), first_name: 'Demo', last_name: 'Partner' },
      createdDaysAgo: 1,
      confirmedDaysAgo: 1,
    },
  ];
  for (const wallet of wallets) {
    const checked = validateWalletDetails(wallet.system, wallet.fields, now, product);
    if (!checked.ok) throw new Error(`demo wallet ${wallet.system} is not valid: ${JSON.stringify(checked.errors)}`);
    const sealed = sealWallet(keys, userId, wallet.system, checked.details);
    await db.insert(purses).values({
      userId,
      system: wallet.system,
      details: sealed.details,
      secret: sealed.secret,
      fingerprint: sealed.fingerprint,
      createdAt: ago(now, wallet.createdDaysAgo),
      // An hour after it was added: the partner followed the e-mailed link.
      confirmedAt: new Date(ago(now, wallet.confirmedDaysAgo).getTime() + 3_600_000),
    });
  }
}

/**
 * A payout history for the demo partner, once (never when the partner has any request), from the money its traffic
 * earned: a request paid three weeks ago, one rejected, and one the operator is reviewing now, each with its
 * moves dated as an operator would have made them. Needs the demo traffic ingested first; with less than
 * 200 USD available it waits for a later start.
 */
export async function ensureDemoPayouts(ctx: AppContext, userId: number): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [any] = await db.select({ id: payoutRequests.id }).from(payoutRequests).where(eq(payoutRequests.userId, userId)).limit(1);
  if (any) return;
  const [wallet] = await db
    .select()
    .from(purses)
    .where(sql`${purses.userId} = ${userId} and ${purses.system} = 'webmoney' and ${purses.deletedAt} is null`)
    .limit(1);
  if (!wallet) return;
  const product = await loadProduct(db);
  const { available } = await balanceOf(db, userId, now, product);
  if (available < 200_000_000) return;
  // Whole dollars: a share of what is available now, so the partner still has money to request.
  const dollars = (share: number) => Math.floor((available * share) / 1_000_000) * 1_000_000;
  const plan: Array<{ amount: number; createdDaysAgo: number; moves: Array<{ to: 'review' | 'process' | 'accepted' | 'rejected'; daysAgo: number; reason?: string }> }> = [
    {
      amount: dollars(0.3),
      createdDaysAgo: 24,
      moves: [
        { to: 'review', daysAgo: 23 },
        { to: 'process', daysAgo: 21 },
        { to: 'accepted', daysAgo: 17 },
      ],
    },
    { amount: 50_000_000, createdDaysAgo: 12, moves: [{ to: 'rejected', daysAgo: 11, reason: 'The purse did not accept the transfer. Please check its details and request again.' }] },
    { amount: dollars(0.1), createdDaysAgo: 2, moves: [{ to: 'review', daysAgo: 1 }] },
  ];
  for (const request of plan) {
    const created = await db.transaction((tx) =>
      insertPayoutRequest(
        tx,
        {
          userId,
          amountMicro: request.amount,
          feeMicro: payoutFee(wallet.system, request.amount, product),
          walletType: wallet.system,
          paymentDetails: walletSummary(wallet.system, wallet.details),
          walletId: wallet.id,
          actor: 'partner',
        },
        ago(now, request.createdDaysAgo),
      ),
    );
    for (const move of request.moves) {
      await movePayoutRequest(db, { id: created.id, to: move.to, by: 'operator', reason: move.reason ?? '', actor: 'operator:demo' }, ago(now, move.daysAgo));
    }
  }
}
