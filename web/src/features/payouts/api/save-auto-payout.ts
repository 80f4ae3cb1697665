import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { AutoPayoutBody, SaveAutoPayoutAnswer } from '@pc/core/contracts/auto-payouts';
import { http } from '../../../lib/http.ts';
import { PAYOUTS_SCOPE, refreshQueries } from './keys.ts';

/** POST /api/payouts/auto: turns automatic payouts on, changes or turns them off (the security code is asked on 403). */
export const saveAutoPayout = (body: AutoPayoutBody) => http.post<SaveAutoPayoutAnswer>(PAYOUT_PATHS.autoPayout, { ...body }, { json: true });

export function useSaveAutoPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoPayout,
    // Refusals (no security code set, no main wallet, a threshold below the minimum) land on the form; 403 runs the
    // app-wide security check, which sends the request again once the code is right.
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: () => refreshQueries(queryClient, [[PAYOUTS_SCOPE, PAYOUT_PATHS.autoPayout]]),
  });
}
