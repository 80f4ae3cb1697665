import { and, eq, sql } from 'drizzle-orm';
import {
  activeCoolingOff,
  canTransitionPayout,
  convertMicroUsd,
  dayOf,
  payoutCountsAgainstBalance,
  payoutConversionCurrency,
  payoutFee,
  payoutRateUsable,
  type ConvertedCurrency,
  type CoolingOffReason,
  type PayoutActor,
  type PayoutConversionView,
  type ProductConfig,
  type WalletState,
} from '@pc/core';
import type { Db } from '../db/client.ts';
import { payoutRequestHistory, payoutRequests, type PayoutStatus } from '../db/schema/index.ts';
import { lockKey, rows, type Tx } from '../db/sql.ts';
import { enqueuePostbacks, payoutPostback } from '../lib/postbacks.ts';
import { balanceOf } from './balance.ts';
import { coolingOffOf, recoveryPending } from './cooling-off.ts';
import { latestRate, normalizeDecimal, type ExchangeRate } from './exchange-rates.ts';
import { writeEntry } from './ledger.ts';
import { liveWallets, mainWalletId, partnerMoneyLock, stateOf, walletSummary } from './wallets.ts';

/**
 * Payout requests and their money. Creating a request writes a `payout` ledger entry (−amount); rejecting or
 * deleting it writes the `payout_reversal` (+amount). So balance = sum of the ledger (+ live earnings) and no
 * request is counted twice. Who may move a request where is core's canTransitionPayout (the operator: created →
 * review → process → accepted, rejected from the first three; the partner: deleted while created).
 */
export type PayoutRow = typeof payoutRequests.$inferSelect;

/**
 * What a payout to a wallet in roubles or hryvnias pays in that currency (decision 0150): the amount received
 * (amount − fee) at the national bank's last known rate when the request is made, in minor units, with the rate,
 * the day the bank set it for and its source. The operator pays this amount.
 */
export interface PayoutConversion {
  currency: ConvertedCurrency;
  rate: string;
  rateDate: string;
  source: ExchangeRate['source'];
  minor: number;
}

export function conversionAt(rate: ExchangeRate, receivedMicro: number): PayoutConversion {
  return { currency: rate.currency, rate: rate.rate, rateDate: rate.date, source: rate.source, minor: convertMicroUsd(receivedMicro, rate.rate) };
}

/**
 * A stored request's conversion as the partner's and the operator's answers, its mail and its postbacks carry it
 * (core payoutConversion), or null for one paid in US dollars.
 */
export function conversionView(row: PayoutRow): PayoutConversionView | null {
  const { convertedCurrency: currency, convertedRate: rate, convertedRateDate: day, convertedRateSource: source, convertedMinor: minor } = row;
  if (!currency || rate === null || !day || !source || minor === null) return null;
  return { currency, rate: normalizeDecimal(rate), rate_date: day, source, amount_minor: minor };
}

export async function insertPayoutRequest(
  tx: Tx,
  input: {
    userId: number;
    amountMicro: number;
    feeMicro?: number;
    walletType?: string;
    paymentDetails: string;
    walletId?: number | null;
    conversion?: PayoutConversion | null;
    actor: string;
    /** Made by the automatic payouts job (decision 0202). */
    automatic?: boolean;
  },
  now: Date,
): Promise<PayoutRow> {
  const conversion = input.conversion ?? null;
  const [row] = await tx
    .insert(payoutRequests)
    .values({
      userId: input.userId,
      amountMicro: input.amountMicro,
      feeMicro: input.feeMicro ?? 0,
      walletType: input.walletType ?? '',
      paymentDetails: input.paymentDetails,
      walletId: input.walletId ?? null,
      status: 'created',
      createdAt: now,
      updatedAt: now,
      convertedCurrency: conversion?.currency ?? null,
      convertedRate: conversion?.rate ?? null,
      convertedRateDate: conversion?.rateDate ?? null,
      convertedRateSource: conversion?.source ?? null,
      convertedMinor: conversion?.minor ?? null,
      automatic: input.automatic ?? false,
    })
    .returning();
  const request = row!;
  const [created] = await tx
    .insert(payoutRequestHistory)
    .values({ requestId: request.id, userId: request.userId, fromStatus: null, toStatus: 'created', actor: input.actor, at: now })
    .returning({ id: payoutRequestHistory.id });
  // The partner's postback URLs hear of every move of a request, in the transaction that makes it (decision 0123).
  await enqueuePostbacks(tx, null, [payoutPostback(request, { historyId: created!.id, from: null, to: 'created', reason: '', at: now }, conversionView(request))], now);
  await writeEntry(tx, {
    userId: request.userId,
    project: null,
    day: dayOf(now),
    source: 'payout',
    bucket: 'other',
    kind: 'payout',
    amountMicro: -request.amountMicro,
    availableAt: now,
    idempotencyKey: `payout:${request.id}`,
    refId: request.id,
  });
  return request;
}

export type MoveResult = { ok: true; request: PayoutRow } | { ok: false; reason: 'not_found' | 'not_allowed'; status?: PayoutStatus };

/** Moves a request to `to` if its current status allows it; the check and the change are one statement. */
export async function movePayoutRequest(
  db: Db,
  input: { id: number; to: PayoutStatus; by: PayoutActor; reason?: string; actor: string; userId?: number },
  now: Date,
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const where = input.userId === undefined ? eq(payoutRequests.id, input.id) : and(eq(payoutRequests.id, input.id), eq(payoutRequests.userId, input.userId));
    const [current] = await tx.select().from(payoutRequests).where(where).for('update');
    if (!current) return { ok: false, reason: 'not_found' } as const;
    if (!canTransitionPayout(current.status, input.to, input.by)) return { ok: false, reason: 'not_allowed', status: current.status } as const;
    await lockKey(tx, partnerMoneyLock(current.userId));
    const [updated] = await tx
      .update(payoutRequests)
      .set({ status: input.to, statusReason: input.reason ?? '', updatedAt: now })
      .where(and(eq(payoutRequests.id, current.id), eq(payoutRequests.status, current.status)))
      .returning();
    if (!updated) return { ok: false, reason: 'not_allowed', status: current.status } as const;
    const [moved] = await tx
      .insert(payoutRequestHistory)
      .values({
        requestId: current.id,
        userId: current.userId,
        fromStatus: current.status,
        toStatus: input.to,
        reason: input.reason ?? '',
        actor: input.actor,
        at: now,
      })
      .returning({ id: payoutRequestHistory.id });
    await enqueuePostbacks(
      tx,
      null,
      [payoutPostback(updated, { historyId: moved!.id, from: current.status, to: input.to, reason: input.reason ?? '', at: now }, conversionView(updated))],
      now,
    );
    if (payoutCountsAgainstBalance(current.status) && !payoutCountsAgainstBalance(input.to)) {
      await writeEntry(tx, {
        userId: current.userId,
        project: null,
        day: dayOf(now),
        source: 'payout',
        bucket: 'other',
        kind: 'payout_reversal',
        amountMicro: current.amountMicro,
        availableAt: now,
        idempotencyKey: `payout:${current.id}:reversal`,
        refId: current.id,
        note: input.reason ?? '',
      });
    }
    return { ok: true, request: updated } as const;
  });
}

export async function payoutHistory(db: Db, requestId: number) {
  return db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, requestId)).orderBy(sql`${payoutRequestHistory.id}`);
}

/** Where a request is paid: a live wallet of the partner (by id, or the main one), or fixed details (tests, imports). */
export type PayoutDestination =
  | { wallet: number | 'main' }
  | { paymentDetails: string; walletType?: string; feeMicro?: number; walletId?: number | null };

export type PayoutRequestResult =
  | { ok: true; request: PayoutRow }
  | { ok: false; reason: 'insufficient_funds'; available: number }
  /** The amount (or, for 'available', everything available) is below the system's minimum payout. */
  | { ok: false; reason: 'below_minimum'; minimum: number; available: number }
  | { ok: false; reason: 'wallet_not_found' }
  | { ok: false; reason: 'no_main_wallet' }
  /** Only active wallets receive payouts; `otherActive`: the partner has another active wallet to choose. */
  | { ok: false; reason: 'wallet_not_active'; walletId: number; wallet: WalletState; otherActive: boolean }
  /** A recent sensitive change holds the partner's new requests back until `until` (decision 0177). */
  | { ok: false; reason: 'cooling_off'; until: Date; why: CoolingOffReason }
  /** "This was not me" was confirmed and the password not reset yet (decision 0191). */
  | { ok: false; reason: 'account_recovery' };

/**
 * Creates a partner's payout request. Everything it depends on is read and checked in one transaction under
 * the partner's money lock (partnerMoneyLock), so requests sent at once cannot both spend the same money and a
 * wallet cannot be removed or replaced half-way:
 * - to a wallet: it must be live, the partner's, and active (confirmed and past its hold); `'main'` is the main
 *   wallet (mainWalletId). Its system's fee (payoutFee over the product settings) is stored with the request,
 *   the system as `wallet_type` and the wallet's summary as `payment_details`;
 * - `amountMicro: 'available'` asks for everything available at that moment (the quick request);
 * - the amount must reach the system's minimum and leave something after the fee, and be at most what is
 *   available now (balance − hold − requests in progress).
 */
export async function requestPayout(
  db: Db,
  input: { userId: number; amountMicro: number | 'available'; automatic?: boolean } & PayoutDestination,
  now: Date,
  product: ProductConfig,
): Promise<PayoutRequestResult> {
  if (input.amountMicro !== 'available' && (!Number.isSafeInteger(input.amountMicro) || input.amountMicro <= 0))
    throw new RangeError(`not a payout amount: ${input.amountMicro}`);
  return db.transaction(async (tx): Promise<PayoutRequestResult> => {
    await lockKey(tx, partnerMoneyLock(input.userId));
    let target: {
      walletId: number | null;
      walletType: string;
      paymentDetails: string;
      minimum: number;
      fee: (amount: number) => number;
      /** The currency the wallet is paid in at a national bank's rate, if any. */
      converted: ConvertedCurrency | null;
    };
    if ('wallet' in input) {
      const wallets = await liveWallets(tx, input.userId);
      const id = input.wallet === 'main' ? mainWalletId(wallets, now, product) : input.wallet;
      if (id === null) return { ok: false, reason: 'no_main_wallet' };
      const wallet = wallets.find((w) => w.id === id);
      if (!wallet) return { ok: false, reason: 'wallet_not_found' };
      const state = stateOf(wallet, now, product);
      if (state.state !== 'active') {
        const otherActive = wallets.some((w) => w.id !== wallet.id && stateOf(w, now, product).state === 'active');
        return { ok: false, reason: 'wallet_not_active', walletId: wallet.id, wallet: state, otherActive };
      }
      // Then the partner's own request waits out a cooling-off window (read under the lock: a change may have just
      // set it). A wallet still on hold is told first: its date is the more specific one.
      // A "not me" recovery under way refuses every request of the partner's until the password reset (decision 0191).
      if (await recoveryPending(tx, input.userId)) return { ok: false, reason: 'account_recovery' };
      const cooling = activeCoolingOff(await coolingOffOf(tx, input.userId), now);
      if (cooling) return { ok: false, reason: 'cooling_off', until: cooling.until, why: cooling.reason };
      const system = wallet.system;
      target = {
        walletId: wallet.id,
        walletType: system,
        paymentDetails: walletSummary(system, wallet.details),
        minimum: product.payoutSystems[system].minimumMicro,
        fee: (amount) => payoutFee(system, amount, product),
        converted: payoutConversionCurrency(system, wallet.details),
      };
    } else {
      const feeMicro = input.feeMicro ?? 0;
      target = {
        walletId: input.walletId ?? null,
        walletType: input.walletType ?? '',
        paymentDetails: input.paymentDetails,
        minimum: 1,
        fee: () => feeMicro,
        converted: null,
      };
    }
    const b = await balanceOf(tx, input.userId, now, product);
    const amount = input.amountMicro === 'available' ? b.available : input.amountMicro;
    if (amount < target.minimum || amount <= target.fee(amount)) return { ok: false, reason: 'below_minimum', minimum: target.minimum, available: b.available };
    if (amount > b.available) return { ok: false, reason: 'insufficient_funds', available: b.available };
    const fee = target.fee(amount);
    // Quoted at the last rate the bank set when the request is made; with no rate known yet (or only one too old to
    // quote), the request still goes through in US dollars and the operator converts it on the day it is paid.
    const known = target.converted ? await latestRate({ query: (q) => rows(tx, q) }, target.converted) : null;
    const rate = known && payoutRateUsable(known.date, now, product) ? known : null;
    const request = await insertPayoutRequest(
      tx,
      {
        userId: input.userId,
        amountMicro: amount,
        feeMicro: fee,
        walletType: target.walletType,
        paymentDetails: target.paymentDetails,
        walletId: target.walletId,
        conversion: rate ? conversionAt(rate, amount - fee) : null,
        // The automatic payouts job asks as the partner would, on the partner's standing choice (decision 0202).
        actor: input.automatic ? 'automatic' : 'partner',
        automatic: input.automatic ?? false,
      },
      now,
    );
    return { ok: true, request };
  });
}

/** The partner deletes their own request; allowed only while it is `created`. The money comes back at once. */
export async function deletePayoutRequest(db: Db, input: { userId: number; id: number }, now: Date): Promise<MoveResult> {
  return movePayoutRequest(db, { id: input.id, userId: input.userId, to: 'deleted', by: 'partner', actor: 'partner' }, now);
}
