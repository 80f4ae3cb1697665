import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_PAYOUT_MICRO,
  parsePayoutAmount,
  type LangCode,
  type PayoutRow as PayoutRowAnswer,
  type PayoutTimelineAnswer,
  type PayoutsAnswer,
  type ProductConfig,
  type payoutsQuery,
} from '@pc/core';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { payoutRequestHistory, payoutRequests } from '../../db/schema/index.ts';
import { AppError, type LocalizedText } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { deletePayoutRequest, requestPayout, type PayoutRequestResult, type PayoutRow } from '../../money/payouts.ts';
import { coolingOffText, recoveryText } from '../../money/cooling-off.ts';
import { loadProduct } from '../../money/product.ts';
import { dateTime, pathId, payoutView, usd } from './views.ts';

/**
 * Payout requests of the partner (docs/product.md#payouts: statuses and calls): create to a chosen
 * wallet or, quickly, everything available to the main wallet; delete while created; list and timeline. The
 * money side (the lock, the balance check, the ledger entries) is money/payouts.ts.
 */

const amountProblemKey = { required: 'amount_required', invalid: 'amount_invalid', not_positive: 'amount_not_positive', too_large: 'amount_too_large' } as const;

/** When each request went into review (for expected_at). */
async function reviewTimes(ctx: AppContext, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  const rows = await ctx.database.db
    .select({ requestId: payoutRequestHistory.requestId, at: payoutRequestHistory.at })
    .from(payoutRequestHistory)
    .where(and(inArray(payoutRequestHistory.requestId, ids), eq(payoutRequestHistory.toStatus, 'review')))
    .orderBy(asc(payoutRequestHistory.id));
  const out = new Map<number, Date>();
  for (const r of rows) if (!out.has(r.requestId)) out.set(r.requestId, r.at);
  return out;
}

async function viewOne(ctx: AppContext, row: PayoutRow, product: ProductConfig): Promise<PayoutRowAnswer> {
  return payoutView(row, (await reviewTimes(ctx, [row.id])).get(row.id) ?? null, product);
}

/** Turns a refused request into its localized 4xx: 404 for a wallet that is not the partner's live one, else 422. */
async function refusal(result: Exclude<PayoutRequestResult, { ok: true }>, lang: LangCode, quick: boolean, systemOf: () => Promise<string>): Promise<AppError> {
  const field = (key: string, params?: Record<string, unknown>, name = 'amount') => {
    const text: LocalizedText = { key, params };
    return new AppError('validation_failed', text, { [name]: [text] });
  };
  switch (result.reason) {
    case 'wallet_not_found':
      return new AppError('not_found', { key: 'money:purse.not_found' });
    case 'no_main_wallet':
      return new AppError('validation_failed', { key: 'money:payout.no_main_wallet' });
    case 'wallet_not_active':
      if (result.wallet.state === 'waiting_confirmation') return field('money:payout.wallet_waiting', undefined, 'wallet');
      return field(
        result.otherActive ? 'money:payout.wallet_on_hold_alternative' : 'money:payout.wallet_on_hold',
        { date: dateTime(result.wallet.activeFrom, lang) },
        'wallet',
      );
    case 'below_minimum':
      if (quick) return field('money:payout.quick_below_minimum', { available: usd(Math.max(0, result.available), lang), minimum: usd(result.minimum, lang) });
      return field('money:payout.below_minimum', { system: await systemOf(), minimum: usd(result.minimum, lang) });
    case 'insufficient_funds':
      return field('money:payout.above_available', { available: usd(Math.max(0, result.available), lang) });
    case 'cooling_off':
      // Not a field's fault: the whole request waits, and the message says until when and after which change.
      return new AppError('conflict', coolingOffText({ until: result.until, reason: result.why }, lang), undefined, {
        reason: 'cooling_off',
        until: result.until.toISOString(),
      });
    case 'account_recovery':
      // "This was not me" was confirmed: nothing is paid out until the password is reset (decision 0191).
      return new AppError('conflict', recoveryText(), undefined, { reason: 'account_recovery' });
  }
}

/**
 * POST /payouts: `amount` micro-USD (a JSON integer or a string of digits) to `wallet` (an id). Format problems
 * of both fields are answered together; then the wallet (404 unless a live wallet of the partner; 422 while it
 * waits for its link or is on hold) and the amount (the system's minimum, what is available), all checked under
 * the partner's lock by requestPayout.
 */
export async function createRequest(ctx: AppContext, userId: number, body: { amount?: unknown; wallet?: unknown }, lang: LangCode): Promise<PayoutRowAnswer> {
  const errors: Record<string, LocalizedText[]> = {};
  const amount = parsePayoutAmount(body.amount);
  if (!amount.ok) errors.amount = [{ key: `money:payout.${amountProblemKey[amount.problem]}`, params: { max: usd(MAX_PAYOUT_MICRO, lang) } }];
  const rawWallet = body.wallet;
  const walletGiven = rawWallet !== undefined && rawWallet !== null && String(rawWallet).trim() !== '';
  const walletId = walletGiven && (typeof rawWallet === 'string' || typeof rawWallet === 'number') ? pathId(rawWallet) : null;
  if (!walletGiven) errors.wallet = [{ key: 'money:payout.wallet_required' }];
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, errors);
  // A wallet id that cannot exist is a wallet that is not the partner's: the same 404.
  if (walletId === null || !amount.ok) throw new AppError('not_found', { key: 'money:purse.not_found' });

  const now = ctx.clock.now();
  const product = await loadProduct(ctx.database.db);
  const result = await requestPayout(ctx.database.db, { userId, amountMicro: amount.micro, wallet: walletId }, now, product);
  if (!result.ok) {
    throw await refusal(result, lang, false, async () => {
      const [w] = await ctx.database.query<{ system: string }>(sql`select system from purses where id = ${walletId} and user_id = ${userId}`);
      return t(lang, `money:systems.${w?.system ?? ''}`, { defaultValue: w?.system ?? '' });
    });
  }
  return viewOne(ctx, result.request, product);
}

/** POST /payouts/quick: everything available now to the main wallet. */
export async function createQuickRequest(ctx: AppContext, userId: number, lang: LangCode): Promise<PayoutRowAnswer> {
  const now = ctx.clock.now();
  const product = await loadProduct(ctx.database.db);
  const result = await requestPayout(ctx.database.db, { userId, amountMicro: 'available', wallet: 'main' }, now, product);
  if (!result.ok) throw await refusal(result, lang, true, async () => '');
  return viewOne(ctx, result.request, product);
}

const payoutNotFound = () => new AppError('not_found', { key: 'money:payout.not_found' });

/** DELETE /payout/{id}: only while created; the money comes back (movePayoutRequest writes the reversal). */
export async function removeRequest(ctx: AppContext, userId: number, id: number, lang: LangCode): Promise<PayoutRowAnswer> {
  const result = await deletePayoutRequest(ctx.database.db, { userId, id }, ctx.clock.now());
  if (!result.ok) {
    if (result.reason === 'not_found') throw payoutNotFound();
    throw new AppError('conflict', { key: 'money:payout.cannot_delete', params: { status: t(lang, `money:statuses.${result.status ?? ''}`) } });
  }
  return viewOne(ctx, result.request, await loadProduct(ctx.database.db));
}

const STATUS_ORDER = sql`case ${payoutRequests.status} when 'created' then 0 when 'review' then 1 when 'process' then 2 when 'accepted' then 3 when 'rejected' then 4 else 5 end`;

/** GET /payouts: the partner's requests, a page at a time, sorted by date, amount or status (lifecycle order). */
export async function listRequests(ctx: AppContext, userId: number, q: z.infer<typeof payoutsQuery>): Promise<PayoutsAnswer> {
  const { db } = ctx.database;
  const product = await loadProduct(db);
  const dir = q.sort_dir === 'asc' ? asc : desc;
  const key = q.sort_key === 'amount' ? payoutRequests.amountMicro : q.sort_key === 'status' ? STATUS_ORDER : payoutRequests.createdAt;
  const rows = await db
    .select()
    .from(payoutRequests)
    .where(eq(payoutRequests.userId, userId))
    .orderBy(dir(key), dir(payoutRequests.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(payoutRequests).where(eq(payoutRequests.userId, userId));
  const reviews = await reviewTimes(ctx, rows.map((r) => r.id));
  return {
    data: rows.map((r) => payoutView(r, reviews.get(r.id) ?? null, product)),
    meta: { page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
  };
}

/** GET /payout/{id}/timeline: the request and every move it made, oldest first. */
export async function requestTimeline(ctx: AppContext, userId: number, id: number): Promise<PayoutTimelineAnswer> {
  const { db } = ctx.database;
  const [row] = await db.select().from(payoutRequests).where(and(eq(payoutRequests.id, id), eq(payoutRequests.userId, userId)));
  if (!row) throw payoutNotFound();
  const history = await db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, row.id)).orderBy(asc(payoutRequestHistory.id));
  const reviewAt = history.find((h) => h.toStatus === 'review')?.at ?? null;
  return {
    data: payoutView(row, reviewAt, await loadProduct(db)),
    events: history.map((h) => ({ status: h.toStatus, at: h.at.toISOString(), reason: h.reason })),
  };
}

