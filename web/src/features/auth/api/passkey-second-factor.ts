import { useMutation } from '@tanstack/react-query';
import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http, type FormBody } from '../../../lib/http.ts';
import { signWithPasskey } from '../../../lib/passkeys.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { OWN_ERRORS } from './own-errors.ts';

/**
 * The sign-in's second step with a passkey: POST /api/auth/login/passkey/options with the pending token, the
 * browser's passkey prompt, then POST /api/auth/login/passkey. Answers the signed-in user.
 */
export async function secondFactorWithPasskey(token: string): Promise<CurrentUser> {
  const { options } = await http.post<{ options: Record<string, unknown> }>(SECOND_FACTOR_PATHS.signInPasskeyOptions, { token }, { json: true });
  const response = await signWithPasskey(options);
  return http.post<CurrentUser>(SECOND_FACTOR_PATHS.signInPasskey, { token, response } as unknown as FormBody, { json: true });
}

export const useSecondFactorWithPasskey = () =>
  useMutation({ mutationFn: secondFactorWithPasskey, meta: OWN_ERRORS });
