import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import type { CreatePayoutAnswer } from './create-payout.ts';
import { payoutKeys, refreshQueries } from './keys.ts';

/** POST /api/payouts/quick: the whole available amount to the main wallet. */
export const quickPayout = () => http.post<CreatePayoutAnswer>(PAYOUT_PATHS.payoutQuick);

export function useQuickPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickPayout,
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: () => refreshQueries(queryClient, payoutKeys),
  });
}
