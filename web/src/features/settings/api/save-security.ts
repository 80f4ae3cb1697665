import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { AFTER_ACCOUNT_CHANGE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/**
 * POST /api/settings/security: set, change or remove the security code, the login-attempt limit and the
 * captcha. Fields left out stay as they are. Needs the account password (403 need_security_password).
 */
export interface SecurityOptionsBody {
  code?: string;
  code_confirmation?: string;
  remove_code?: boolean;
  login_limit_enabled?: boolean;
  captcha_enabled?: boolean;
}
export const saveSecurity = (body: SecurityOptionsBody) =>
  http.post<MessageAnswer>(SETTINGS_PATHS.security, { ...body });

export const useSaveSecurity = (callbacks: ActionCallbacks<MessageAnswer, SecurityOptionsBody>) =>
  useSettingsAction(saveSecurity, AFTER_ACCOUNT_CHANGE, callbacks);
