import { describe, expect, it } from 'vitest';
import { quoteFor } from './quote.ts';

describe('quoteFor', () => {
  it("applies the server's terms for the system, not core's defaults", () => {
    expect(
      quoteFor('card', 100_000_000, { fee_bp: 300, fee_fixed: 1_000_000, min_payout: 40_000_000 }),
    ).toEqual({
      amount: 100_000_000,
      fee: 4_000_000,
      received: 96_000_000,
      minimum: 40_000_000,
    });
    expect(quoteFor('card', 100_000_000, { fee_bp: 150, fee_fixed: 0, min_payout: 5_000_000 })).toMatchObject(
      {
        fee: 1_500_000,
        received: 98_500_000,
        minimum: 5_000_000,
      },
    );
  });

  it('rounds the percentage half-up to a whole micro-dollar and never receives below zero', () => {
    // 0.8% of 10.01 USD = 80,080 micro-USD exactly; of 0.000063 USD it would be 0.504 → 1.
    expect(quoteFor('webmoney', 10_010_000, { fee_bp: 80, fee_fixed: 0, min_payout: 10_000_000 }).fee).toBe(
      80_080,
    );
    expect(quoteFor('webmoney', 63, { fee_bp: 80, fee_fixed: 0, min_payout: 0 }).fee).toBe(1);
    expect(quoteFor('usdt_trc20', 500_000, { fee_bp: 0, fee_fixed: 1_000_000, min_payout: 0 }).received).toBe(
      0,
    );
  });
});
