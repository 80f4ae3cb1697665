import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { PayoutRow } from '@pc/core/contracts/payouts';
import { http } from '../../../lib/http.ts';
import { payoutKeys, refreshQueries } from './keys.ts';

export interface CreatePayoutBody {
  /** Integer micro-USD, as digits. */
  amount: string;
  /** The wallet's id. */
  wallet: number;
}

export interface CreatePayoutAnswer {
  data: PayoutRow;
  message: string;
}

/** POST /api/payouts {amount, wallet}: a payout request of `amount` (the fee comes out of it) to a wallet. */
export const createPayout = (body: CreatePayoutBody) =>
  http.post<CreatePayoutAnswer>(PAYOUT_PATHS.payouts, { ...body });

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    // Refusals (below the minimum, above what is available, a wallet in its waiting period) land on the form;
    // 403 runs the app-wide security check, which sends the request again once the code is right.
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: () => refreshQueries(queryClient, payoutKeys),
  });
}
