import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import { PAYOUT_SORT_KEYS } from '@pc/core/contracts/keys';
import type { PayoutsAnswer } from '@pc/core/contracts/payouts';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** The history's sort keys; core keeps them beside its zod schema, so they are repeated here and checked against it. */
export { PAYOUT_SORT_KEYS };
export type PayoutSortKey = (typeof PAYOUT_SORT_KEYS)[number];

export interface PayoutsParams {
  page: number;
  per_page: number;
  sort_key: PayoutSortKey;
  sort_dir: 'asc' | 'desc';
}

/** GET /api/payouts: the partner's payout requests, a page at a time, sorted on the server. */
export const payouts = readCall<PayoutsAnswer, PayoutsParams>(PAYOUTS_SCOPE, PAYOUT_PATHS.payouts);
export const getPayouts = payouts.fetch;
export const payoutsQueryOptions = payouts.options;
export const usePayouts = payouts.use;
