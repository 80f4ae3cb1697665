import { ALERT_PATHS } from '@pc/core/contracts/paths';
import type { AlertSettingsAnswer } from '@pc/core/contracts/alerts';
import { readCall } from '../../../lib/read-call.ts';
import { SETTINGS_SCOPE } from './mutation.ts';

/** GET /api/settings/notifications: the e-mail alert choices and their language (decision 0124). */
export const alertSettings = readCall<AlertSettingsAnswer>(SETTINGS_SCOPE[0], ALERT_PATHS.settings);
export const getAlertSettings = alertSettings.fetch;
export const alertSettingsQueryOptions = alertSettings.options;
export const useAlertSettings = () => alertSettings.use({});
