import { dateTimeIn } from '../../lib/i18n.ts';
import {
  expectedPayoutDate,
  formatMoney,
  type LangCode,
  type PayoutRow as PayoutRowAnswer,
  type ProductConfig,
  type PurseRow,
} from '@pc/core';
import { conversionView, type PayoutRow } from '../../money/payouts.ts';
import { shownWalletDetails, stateOf, walletSummary, type WalletRow } from '../../money/wallets.ts';

/** A wallet as the partner sees it (core purseRow): masked details, state, the system's fee and minimum, main flag. */
export function purseView(wallet: WalletRow, mainId: number | null, now: Date, product: ProductConfig): PurseRow {
  const state = stateOf(wallet, now, product);
  const rule = product.payoutSystems[wallet.system];
  return {
    id: wallet.id,
    type: wallet.system,
    details: shownWalletDetails(wallet.system, wallet.details),
    summary: walletSummary(wallet.system, wallet.details),
    created_at: wallet.createdAt.toISOString(),
    confirmed_at: wallet.confirmedAt?.toISOString() ?? null,
    state: state.state,
    active_from: state.state === 'waiting_confirmation' ? null : state.activeFrom.toISOString(),
    fee_bp: rule.feeBp,
    fee_fixed: rule.feeFixedMicro,
    min_payout: rule.minimumMicro,
    main: wallet.id === mainId,
  };
}

/**
 * A payout request as the partner sees it (core payoutRow). `reviewAt`: when it went into review; the payout is
 * expected about payoutProcessingDays later while it is in review or processing.
 */
export function payoutView(row: PayoutRow, reviewAt: Date | null, product: ProductConfig): PayoutRowAnswer {
  const pending = row.status === 'review' || row.status === 'process';
  return {
    id: row.id,
    created_date: row.createdAt.toISOString(),
    amount: row.amountMicro,
    fee: row.feeMicro,
    received: Math.max(0, row.amountMicro - row.feeMicro),
    wallet_type: row.walletType,
    payment_details: row.paymentDetails,
    status: row.status,
    status_reason: row.statusReason,
    updated_at: row.updatedAt.toISOString(),
    expected_at: pending && reviewAt ? expectedPayoutDate(reviewAt, product).toISOString() : null,
    can_delete: row.status === 'created',
    conversion: conversionView(row),
    automatic: row.automatic,
  };
}

/** An amount in a message: USD in the reader's language. */
export const usd = (micro: number, lang: LangCode) => formatMoney(micro, lang);

/** A moment in a message (lib/i18n's dateTimeIn, under the name the payout messages use). */
export const dateTime = (at: Date, lang: LangCode) => dateTimeIn(lang, at);

/** A path id (`/purse/{id}`) as a number, or null for anything that cannot be one (answered 404, as unknown ids). */
export function pathId(value: string | number | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
