import { useMutation } from '@tanstack/react-query';
import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http, type FormBody } from '../../../lib/http.ts';
import { signWithPasskey } from '../../../lib/passkeys.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { OWN_ERRORS } from './own-errors.ts';

/**
 * Password-less sign-in with a passkey: POST /api/auth/passkey/options, the browser's passkey prompt, then
 * POST /api/auth/passkey with its assertion. Answers the signed-in user.
 */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const { options } = await http.post<{ options: Record<string, unknown> }>(SECOND_FACTOR_PATHS.passkeyOptions, {}, { json: true });
  const response = await signWithPasskey(options);
  return http.post<CurrentUser>(SECOND_FACTOR_PATHS.passkey, { response } as unknown as FormBody, { json: true });
}

export const useSignInWithPasskey = () =>
  useMutation({ mutationFn: signInWithPasskey, meta: OWN_ERRORS });
