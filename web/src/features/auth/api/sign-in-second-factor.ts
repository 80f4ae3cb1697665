import { useMutation } from '@tanstack/react-query';
import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http } from '../../../lib/http.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { OWN_ERRORS } from './own-errors.ts';

/**
 * POST /api/auth/login/second-factor: the sign-in's second step, the password step's pending token with an
 * authenticator code or a recovery code (decision 0190). Answers the signed-in user.
 */
export interface SecondFactorSignInBody {
  token: string;
  code?: string;
  recovery_code?: string;
}
export const signInSecondFactor = (body: SecondFactorSignInBody) => http.post<CurrentUser>(SECOND_FACTOR_PATHS.signInCode, { ...body });

/** The step shows refusals itself (on its field, or the expired step); server failures go to the app-wide dialog. */
export const useSignInSecondFactor = () =>
  useMutation({ mutationFn: signInSecondFactor, meta: OWN_ERRORS });
