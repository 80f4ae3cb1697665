import { useMutation } from '@tanstack/react-query';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

/** The authenticator's six digits, or one of the recovery codes. */
export type SecondFactor = { code: string } | { recovery_code: string };

export interface SubmitCodeAnswer {
  stage: 'signed_in';
  recovery_codes_left: number;
}

/** POST /operator/v1/session/code: the second step; a recovery code is used up by it. */
export const submitCode = (body: SecondFactor) => operatorHttp.post<SubmitCodeAnswer>(CONSOLE_PATHS.sessionCode, { ...body });

export function useSubmitCode() {
  return useMutation({ mutationFn: submitCode, meta: { handles: [400, 401, 409, 422, 429] } });
}
