import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/**
 * DELETE /api/settings/passkeys/{id}. Needs the account password (403 need_security_password); removing the last
 * second factor starts the payout cooling-off window.
 */
export const removePasskey = (id: number) => http.delete<MessageAnswer>(SECOND_FACTOR_PATHS.passkeyItem(id));

export const useRemovePasskey = (callbacks: ActionCallbacks<MessageAnswer, number>) => useSettingsAction(removePasskey, [SETTINGS_SCOPE], callbacks);
