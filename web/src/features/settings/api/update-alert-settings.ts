import { ALERT_PATHS } from '@pc/core/contracts/paths';
import type { AlertSettingsBody, SaveAlertSettingsAnswer } from '@pc/core/contracts/alerts';
import { http } from '../../../lib/http.ts';
import { SETTINGS_SCOPE, useSettingsAction, type ActionCallbacks } from './mutation.ts';

/** PUT /api/settings/notifications: every choice at once (sale, payout status, weekly summary, language). */
export const updateAlertSettings = (body: AlertSettingsBody) =>
  http.put<SaveAlertSettingsAnswer>(ALERT_PATHS.settings, { ...body });

export const useUpdateAlertSettings = (callbacks: ActionCallbacks<SaveAlertSettingsAnswer, AlertSettingsBody>) =>
  useSettingsAction(updateAlertSettings, [SETTINGS_SCOPE], callbacks);
