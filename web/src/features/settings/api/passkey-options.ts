import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http } from '../../../lib/http.ts';
import { useSettingsAction, type ActionCallbacks } from './mutation.ts';

/**
 * POST /api/settings/passkeys/options: the options to create a passkey with (its challenge good once, for
 * 5 minutes). Needs the account password (403 need_security_password: the security check asks and repeats).
 */
export interface PasskeyOptionsAnswer {
  options: Record<string, unknown>;
}
export const passkeyOptions = () => http.post<PasskeyOptionsAnswer>(SECOND_FACTOR_PATHS.passkeyRegisterOptions, {}, { json: true });

export const usePasskeyOptions = (callbacks: ActionCallbacks<PasskeyOptionsAnswer, void>) => useSettingsAction(passkeyOptions, [], callbacks);
