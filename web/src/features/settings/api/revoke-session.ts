import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import type { revokeSessionAnswer } from '@pc/core/contracts/settings';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks } from './mutation.ts';

/** POST /api/settings/sessions/{id}/revoke: signs one session out, by its id in the list (decision 0191). */
export type RevokeSessionAnswer = z.infer<typeof revokeSessionAnswer>;
export const revokeSession = (id: string) => http.post<RevokeSessionAnswer>(SETTINGS_PATHS.sessionRevoke(id));

export const useRevokeSession = (callbacks: ActionCallbacks<RevokeSessionAnswer, string>) =>
  useSettingsAction(revokeSession, [SETTINGS_SCOPE], callbacks);
