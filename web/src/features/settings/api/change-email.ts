import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/**
 * POST /api/settings/email {email}: e-mails a confirmation link to the new address, which shows as waiting
 * until the link is followed. Needs the account password (403 need_security_password: the security check).
 */
export interface EmailChangeBody {
  email: string;
}
export const changeEmail = (body: EmailChangeBody) => http.post<MessageAnswer>(SETTINGS_PATHS.email, { ...body });

export const useChangeEmail = (callbacks: ActionCallbacks<MessageAnswer, EmailChangeBody>) =>
  useSettingsAction(changeEmail, [SETTINGS_SCOPE], callbacks);
