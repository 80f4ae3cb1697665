import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { ResendPurseLinkAnswer } from '@pc/core/contracts/payouts';
import { http } from '../../../lib/http.ts';
import { purseKeys, refreshQueries } from './keys.ts';

/** POST /api/purse/{id}/link: a waiting wallet's confirmation link e-mailed again (at most one a minute). */
export const resendPurseLink = (id: number) => http.post<ResendPurseLinkAnswer>(PAYOUT_PATHS.purseLink(id));

export function useResendPurseLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendPurseLink,
    // A refusal (already verified, gone, sent less than a minute ago) is shown by the screen with the server's words.
    meta: { handles: [400, 404, 409, 422, 429] },
    // Verified meanwhile in another tab, or removed: the list shows it as it is now.
    onSettled: () => refreshQueries(queryClient, purseKeys),
  });
}
