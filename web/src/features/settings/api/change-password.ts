import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/**
 * POST /api/settings/password {old_password, password, password_confirmation}: e-mails a confirmation link;
 * the password changes only when the link (/auth/confirm-password-changing/:userId/:token) is followed.
 */
export interface PasswordChangeBody {
  old_password: string;
  password: string;
  password_confirmation: string;
}
export const changePassword = (body: PasswordChangeBody) =>
  http.post<MessageAnswer>(SETTINGS_PATHS.password, { ...body });

export const useChangePassword = (callbacks: ActionCallbacks<MessageAnswer, PasswordChangeBody>) =>
  useSettingsAction(changePassword, [], callbacks);
