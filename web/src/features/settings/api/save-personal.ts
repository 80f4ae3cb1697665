import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import type { personalBody } from '@pc/core/contracts/settings';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { AFTER_ACCOUNT_CHANGE, useSettingsAction, type ActionCallbacks, type MessageAnswer } from './mutation.ts';

/** POST /api/settings/personal {first_name, last_name, contact}. */
export type PersonalBody = Required<z.input<typeof personalBody>>;
export const savePersonal = (body: PersonalBody) => http.post<MessageAnswer>(SETTINGS_PATHS.personal, body);

export const useSavePersonal = (callbacks: ActionCallbacks<MessageAnswer, PersonalBody>) =>
  useSettingsAction(savePersonal, AFTER_ACCOUNT_CHANGE, callbacks);
