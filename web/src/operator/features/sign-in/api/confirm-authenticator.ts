import { useMutation } from '@tanstack/react-query';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export interface ConfirmAuthenticatorAnswer {
  stage: 'signed_in';
  /** The ten recovery codes, shown this once. */
  recovery_codes: string[];
}

/** POST /operator/v1/session/totp {code}: the newly added authenticator's first code confirms it and signs in. */
export const confirmAuthenticator = (code: string) =>
  operatorHttp.post<ConfirmAuthenticatorAnswer>(CONSOLE_PATHS.sessionTotp, { code });

export function useConfirmAuthenticator() {
  return useMutation({ mutationFn: confirmAuthenticator, meta: { handles: [400, 401, 409, 422, 429] } });
}
