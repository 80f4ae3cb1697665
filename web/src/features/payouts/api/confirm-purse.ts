import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { PurseRow } from '@pc/core/contracts/payouts';
import { http } from '../../../lib/http.ts';
import { purseKeys, refreshQueries } from './keys.ts';

export interface ConfirmPurseAnswer {
  success: true;
  message: string;
  data: PurseRow;
}

/** POST /api/purse/confirm/{code}: the one-time code of the e-mailed link confirms a new wallet. */
export const confirmPurse = (code: string) => http.post<ConfirmPurseAnswer>(PAYOUT_PATHS.purseConfirm(code));

export function useConfirmPurse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPurse,
    // An invalid or expired link is the page's own state; 5xx still raises the app-wide dialog.
    meta: { handles: [400, 404, 409, 410, 422] },
    onSuccess: () => refreshQueries(queryClient, purseKeys),
  });
}
