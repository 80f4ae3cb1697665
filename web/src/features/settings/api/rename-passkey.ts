import { SECOND_FACTOR_PATHS } from '@pc/core/contracts/second-factor-paths';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/** PATCH /api/settings/passkeys/{id}: a new name. */
export interface RenamePasskeyBody {
  id: number;
  name: string;
}
export const renamePasskey = ({ id, name }: RenamePasskeyBody) => http.patch<MessageAnswer>(SECOND_FACTOR_PATHS.passkeyItem(id), { name }, { json: true });

export const useRenamePasskey = (callbacks: ActionCallbacks<MessageAnswer, RenamePasskeyBody>) =>
  useSettingsAction(renamePasskey, [SETTINGS_SCOPE], callbacks);
