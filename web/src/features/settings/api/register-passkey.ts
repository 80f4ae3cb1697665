import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http, type FormBody } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/** POST /api/settings/passkeys: the new passkey's name and the browser's answer to the options. */
export interface RegisterPasskeyBody {
  name: string;
  response: Record<string, unknown>;
}
export const registerPasskey = (body: RegisterPasskeyBody) =>
  http.post<MessageAnswer>(SECOND_FACTOR_PATHS.passkeys, body as unknown as FormBody, { json: true });

export const useRegisterPasskey = (callbacks: ActionCallbacks<MessageAnswer, RegisterPasskeyBody>) =>
  useSettingsAction(registerPasskey, [SETTINGS_SCOPE], callbacks);
