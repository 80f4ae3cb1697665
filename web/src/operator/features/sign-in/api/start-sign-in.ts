import { useMutation } from '@tanstack/react-query';
import type { StaffSignInAnswer } from '@pc/core/contracts/staff';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export interface SignInBody {
  email: string;
  password: string;
}

/**
 * POST /operator/v1/session {email, password}: the first step. The answer says what comes next: `setup_totp` (the
 * authenticator to add, first time or after a reset) or `code`.
 */
export const startSignIn = (body: SignInBody) => operatorHttp.post<StaffSignInAnswer>(CONSOLE_PATHS.session, { ...body });

export function useStartSignIn() {
  // Wrong password (401), locked (429) and field refusals (400, 422) are the form's to show.
  return useMutation({ mutationFn: startSignIn, meta: { handles: [400, 401, 409, 422, 429] } });
}
