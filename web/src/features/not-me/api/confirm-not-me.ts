import { useMutation } from '@tanstack/react-query';
import type { NotMeAnswer } from '@pc/core/contracts/devices';
import { NOT_ME_PATHS } from '@pc/core/contracts/devices-paths';
import { http } from '../../../lib/http.ts';

/**
 * POST /api/not-me/{token}: "this was not me" confirmed. Every session of the account ends (this browser's too, if
 * it was signed in), payouts are held and a password reset link is mailed (decision 0191).
 */
export const confirmNotMe = (token: string) => http.post<NotMeAnswer>(NOT_ME_PATHS.link(token));

export function useConfirmNotMe() {
  return useMutation({
    mutationFn: confirmNotMe,
    meta: { handles: [400, 404, 422, 429] },
  });
}
