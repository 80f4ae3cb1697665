import { isApiError } from '../../../../lib/http.ts';

/**
 * A 401 on a second step whose first-stage session is over (it ran idle, or the password was given again
 * elsewhere): the member starts again with the password. A wrong code is a 401 too, with another reason.
 */
export function isFirstStepGone(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.body.reason === 'signed_out';
}
