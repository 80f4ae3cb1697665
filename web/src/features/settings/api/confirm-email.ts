import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { AFTER_ACCOUNT_CHANGE, type MessageAnswer } from './mutation.ts';

/** POST /api/settings/email/confirm {token}: the link e-mailed to the new address. */
export const confirmEmail = (token: string) => http.post<MessageAnswer>(SETTINGS_PATHS.confirmEmail, { token });

/** The confirmation page shows every refusal and failure itself (invalid, expired, try later). */
const OWN_ERRORS = { handles: [400, 403, 404, 409, 410, 422, 429, 500, 502, 503, 504] };

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    meta: OWN_ERRORS,
    onSuccess: () => {
      for (const queryKey of AFTER_ACCOUNT_CHANGE) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
