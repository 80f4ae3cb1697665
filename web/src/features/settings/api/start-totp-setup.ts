import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import type { TotpSetupAnswer } from '@pc/core/contracts/second-factor';
import { http } from '../../../lib/http.ts';
import { useSettingsAction, type ActionCallbacks } from './mutation.ts';

/**
 * POST /api/settings/second-factor/totp/setup: a new secret for the authenticator app (otpauth URL, QR code as
 * SVG, the secret in text). Needs the account password (403 need_security_password: the security check asks).
 */
export const startTotpSetup = () => http.post<TotpSetupAnswer>(SECOND_FACTOR_PATHS.totpSetup);

export const useStartTotpSetup = (callbacks: ActionCallbacks<TotpSetupAnswer, void>) => useSettingsAction(startTotpSetup, [], callbacks);
