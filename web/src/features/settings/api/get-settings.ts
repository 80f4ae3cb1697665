import { SETTINGS_PATHS } from '@pc/core/contracts/paths';
import type { SettingsAnswer } from '@pc/core/contracts/settings';
import { readCall } from '../../../lib/read-call.ts';
import { SETTINGS_SCOPE } from './mutation.ts';

/** GET /api/settings: personal info, the e-mail waiting for confirmation and the security options. */
export const settings = readCall<SettingsAnswer>(SETTINGS_SCOPE[0], SETTINGS_PATHS.settings);
export const getSettings = settings.fetch;
export const settingsQueryOptions = settings.options;
export const useSettings = () => settings.use({});
