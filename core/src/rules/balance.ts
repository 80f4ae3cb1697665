import { type Micro } from '../money.ts';

/** The figures the balance is computed from, micro-USD. */
export interface BalanceInput {
  /** All earnings (ledger plus the live days not yet closed), reversals included. */
  earnings: Micro;
  /** Payouts accepted. */
  payoutsAccepted: Micro;
  /** Payout requests in progress (created, review, process). */
  payoutsInProgress: Micro;
  /** Sale earnings still inside their 14-day window. */
  hold: Micro;
}

export interface Balance {
  /** All earnings − all payouts not rejected/deleted (accepted and in progress). May be negative after a reversal. */
  balance: Micro;
  hold: Micro;
  inProgress: Micro;
  /** What can be requested now: balance − hold, never below 0. */
  available: Micro;
}

/**
 * Balance and available for withdrawal (docs/product.md#balance). Requests in progress are already
 * taken off the balance (it subtracts every payout not rejected/deleted), so the available amount subtracts
 * only the hold from it: subtracting them a second time would block money that is not requested
 * (docs/decisions/0031-money-rules.md).
 */
export function computeBalance(input: BalanceInput): Balance {
  const balance = input.earnings - input.payoutsAccepted - input.payoutsInProgress;
  return {
    balance,
    hold: input.hold,
    inProgress: input.payoutsInProgress,
    available: Math.max(0, balance - input.hold),
  };
}
