import type { Micro } from '../money.ts';
import type { SaleStatus } from '../product.ts';
import { saleStatusEarns } from './sales.ts';
import type { FlaggedKind, FlaggedSaleKind } from '../contracts/console-lists-flagged.ts';

/**
 * The console's Flagged sales (decision 0164): which of a partner's sales count as flagged, the share they are of
 * the partner's sales, and what the partner no longer earns from them. The server's SQL filters and orders with the
 * same definitions; these functions are the reference its tests compare with.
 */

export interface FlaggableSale {
  status: SaleStatus;
  fraud: boolean;
}

/** Why a sale is flagged: fraud, refunded, or both; null when it is neither (a void sale is a cancellation, not a flag). */
export function saleFlagKind(sale: FlaggableSale): FlaggedSaleKind | null {
  const refunded = sale.status === 'refund';
  if (sale.fraud && refunded) return 'both';
  if (sale.fraud) return 'fraud';
  if (refunded) return 'refund';
  return null;
}

/** Whether a sale is flagged for a filter: `both` takes either flag, `fraud` and `refund` that flag (a sale with both flags matches each). */
export function isFlaggedFor(sale: FlaggableSale, kind: FlaggedKind): boolean {
  if (kind === 'fraud') return sale.fraud;
  if (kind === 'refund') return sale.status === 'refund';
  return saleFlagKind(sale) !== null;
}

/**
 * The flagged sales' share of the partner's sales in basis points, rounded down (as the payout risk signal rounds
 * its share): a partner at 4.99% is not shown at 5%. 0 without sales; never above 10,000.
 */
export function flaggedShareBp(flagged: number, sales: number): number {
  if (sales <= 0 || flagged <= 0) return 0;
  return Math.floor((Math.min(flagged, sales) * 10_000) / sales);
}

/**
 * What the partner no longer earns from a flagged sale: its whole share when its status no longer earns (refunded),
 * nothing while it still does (a fraud flag on a sale that stands stops its coins, not its money).
 */
export function flaggedSaleLostMicro(sale: FlaggableSale, shareMicro: Micro): Micro {
  return saleStatusEarns(sale.status) ? 0 : shareMicro;
}

export interface FlaggedPartnerFigures {
  id: number;
  sales: number;
  flagged: number;
  flaggedAmountMicro: Micro;
}

/** The order of the partner rows: highest share first, then the larger flagged amount, then the lower id (a stable page). */
export function compareFlaggedPartners(a: FlaggedPartnerFigures, b: FlaggedPartnerFigures, sort: 'share' | 'amount' = 'share'): number {
  const share = flaggedShareBp(b.flagged, b.sales) - flaggedShareBp(a.flagged, a.sales);
  const amount = b.flaggedAmountMicro - a.flaggedAmountMicro;
  const [first, second] = sort === 'share' ? [share, amount] : [amount, share];
  return first || second || a.id - b.id;
}
