import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { staffPasswordAnswer } from '@pc/core/contracts/staff';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export type ChangePasswordAnswer = z.infer<typeof staffPasswordAnswer>;

/** POST /operator/v1/session/password: the member's own new password, with the current one and a code; other sessions end. */
export const changePassword = (body: { current_password: string; new_password: string; code: string }) =>
  operatorHttp.post<ChangePasswordAnswer>(CONSOLE_PATHS.sessionPassword, { ...body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A wrong password or code is the form's to say; 429 is the sign-in lockout, also said in place.
    meta: { handles: [400, 409, 422, 429] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console-audit'] }),
  });
}
