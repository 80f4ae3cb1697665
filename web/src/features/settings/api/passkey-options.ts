import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import type { webauthnOptionsAnswer } from '@pc/core/contracts/second-factor';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { useSettingsAction, type ActionCallbacks } from './mutation.ts';

/**
 * POST /api/settings/passkeys/options: the options to create a passkey with (its challenge good once, for
 * 5 minutes). Needs the account password (403 need_security_password: the security check asks and repeats).
 */
export type PasskeyOptionsAnswer = z.infer<typeof webauthnOptionsAnswer>;
export const passkeyOptions = () => http.post<PasskeyOptionsAnswer>(SECOND_FACTOR_PATHS.passkeyRegisterOptions, {}, { json: true });

export const usePasskeyOptions = (callbacks: ActionCallbacks<PasskeyOptionsAnswer, void>) => useSettingsAction(passkeyOptions, [], callbacks);
