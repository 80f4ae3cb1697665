import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import type { revokeOthersAnswer } from '@pc/core/contracts/settings';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks } from './mutation.ts';

/** POST /api/settings/sessions/revoke-others: signs out every session but this one; answers how many. */
export type RevokeOthersAnswer = z.infer<typeof revokeOthersAnswer>;
export const revokeOtherSessions = () => http.post<RevokeOthersAnswer>(SETTINGS_PATHS.sessionsRevokeOthers);

export const useRevokeOtherSessions = (callbacks: ActionCallbacks<RevokeOthersAnswer, void>) =>
  useSettingsAction(revokeOtherSessions, [SETTINGS_SCOPE], callbacks);
