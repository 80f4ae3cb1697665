import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/**
 * POST /api/settings/second-factor/totp/disable: turns the authenticator off with the password and a current
 * code (or a recovery code). New payout requests then wait the cooling-off window.
 */
export interface SecondFactorProofBody {
  password: string;
  code?: string;
  recovery_code?: string;
}
export const disableTotp = (body: SecondFactorProofBody) => http.post<MessageAnswer>(SECOND_FACTOR_PATHS.totpDisable, { ...body });

export const useDisableTotp = (callbacks: ActionCallbacks<MessageAnswer, SecondFactorProofBody>) =>
  useSettingsAction(disableTotp, [SETTINGS_SCOPE], callbacks);
