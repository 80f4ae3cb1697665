import { z } from 'zod';
import { COOLING_OFF_REASONS } from '../rules/security.ts';

/**
 * The balance calls (docs/product.md#balance): GET /payouts/user/available-withdrawal and /payouts/user/hold-info. Money is
 * integer micro-USD.
 */
const micro = z.number().int().describe('micro-USD');

export const availableWithdrawalAnswer = z.object({
  /** What can be requested now: balance − hold, never below 0. */
  amount: micro,
  /** Every earning minus payouts not rejected or deleted. */
  balance: micro,
  hold: micro,
  /** Payout requests created, in review or in processing (already out of the balance). */
  in_progress: micro,
  /**
   * New payout requests wait until `until` after the change named by `reason` (decision 0177), as `message` says in
   * the partner's language (the same words a refused request answers with); null: they do not wait.
   */
  cooling_off: z.object({ until: z.string(), reason: z.enum(COOLING_OFF_REASONS), message: z.string() }).nullable().optional(),
  /**
   * "This was not me" was confirmed and the password is not reset yet (decision 0191): no payout request is taken,
   * as `message` says; null: none under way.
   */
  account_recovery: z.object({ message: z.string() }).nullable().optional(),
});

export const holdInfoAnswer = z.object({
  /** Sale earnings inside their refund window (and the gold bonus and referral commissions taken on them). */
  amount: micro,
  hold_period_days: z.number().int(),
  breakdown: z.object({
    files: micro,
    file_copies: micro,
    video: micro,
    sites_referrals: micro,
    referrals: micro,
    gold_bonus: micro,
  }),
  /** The next moment held money becomes available, with how much; null when nothing is held. */
  next_release: z.object({ date: z.string(), amount: micro }).nullable(),
  releases: z.array(z.object({ date: z.string(), amount: micro })),
  /** The releases per UTC day (YYYY-MM-DD), earliest first, with what is still held after each; they add up to `amount`. */
  schedule: z.array(z.object({ day: z.string(), amount: micro, held_after: micro })),
  /** Available money that waits for another reason (a cooling-off window, a wallet in its waiting period), until when. */
  waits: z.array(z.object({ reason: z.enum(['cooling_off', 'wallet_waiting']), until: z.string(), amount: micro })),
});

export type AvailableWithdrawalAnswer = z.infer<typeof availableWithdrawalAnswer>;
export type HoldInfoAnswer = z.infer<typeof holdInfoAnswer>;

export { BALANCE_PATHS } from './paths.ts';
