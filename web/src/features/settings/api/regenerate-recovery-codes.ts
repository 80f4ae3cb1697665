import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import type { RecoveryCodesAnswer } from '@pc/core/contracts/second-factor';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks } from './mutation.ts';
import type { SecondFactorProofBody } from './disable-totp.ts';

/** POST /api/settings/second-factor/recovery-codes: ten new codes in place of the old ones (password and a code). */
export const regenerateRecoveryCodes = (body: SecondFactorProofBody) =>
  http.post<RecoveryCodesAnswer>(SECOND_FACTOR_PATHS.recoveryCodes, { ...body });

export const useRegenerateRecoveryCodes = (callbacks: ActionCallbacks<RecoveryCodesAnswer, SecondFactorProofBody>) =>
  useSettingsAction(regenerateRecoveryCodes, [SETTINGS_SCOPE], callbacks);
