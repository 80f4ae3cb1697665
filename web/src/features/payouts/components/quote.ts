import { DEFAULT_PRODUCT, type PayoutSystem, type ProductConfig } from '@pc/core/product';
import { payoutQuote, type PayoutQuote } from '@pc/core/rules/payouts';

/** A payout system's terms as the server reports them (a wallet row, or a system of GET /payouts/info). */
export interface PayoutTerms {
  fee_bp: number;
  fee_fixed: number;
  min_payout: number;
}

/**
 * The fee, what will be received and the minimum of a payout request: core's payoutQuote (the rule the server
 * applies, rounding half-up to a whole micro-dollar) over the terms the server reported for this system.
 */
export function quoteFor(system: PayoutSystem, amount: number, terms: PayoutTerms): PayoutQuote {
  const product: ProductConfig = {
    ...DEFAULT_PRODUCT,
    payoutSystems: {
      ...DEFAULT_PRODUCT.payoutSystems,
      [system]: { feeBp: terms.fee_bp, feeFixedMicro: terms.fee_fixed, minimumMicro: terms.min_payout },
    },
  };
  return payoutQuote(system, amount, product);
}
