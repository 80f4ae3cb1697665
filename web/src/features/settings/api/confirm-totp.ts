import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import type { RecoveryCodesAnswer } from '@pc/core/contracts/second-factor';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks } from './mutation.ts';

/** POST /api/settings/second-factor/totp/confirm: the app's first code turns it on; answers ten recovery codes, once. */
export interface ConfirmTotpBody {
  code: string;
}
export const confirmTotp = (body: ConfirmTotpBody) => http.post<RecoveryCodesAnswer>(SECOND_FACTOR_PATHS.totpConfirm, { ...body });

export const useConfirmTotp = (callbacks: ActionCallbacks<RecoveryCodesAnswer, ConfirmTotpBody>) =>
  useSettingsAction(confirmTotp, [SETTINGS_SCOPE], callbacks);
