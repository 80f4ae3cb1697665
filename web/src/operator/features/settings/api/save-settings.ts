import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormBody } from '../../../../lib/http.ts';
import { operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshSettings, SETTINGS_PATHS } from './keys.ts';
import type { SettingsChange } from './preview-settings.ts';

export interface SettingsSaved {
  value: Record<string, unknown>;
  changed: string[];
  effective_from: string;
}

/** PATCH /operator/v1/settings (settings.write): a new version from `effective_from`; 422 per field, nothing changed. */
export const saveSettings = (body: SettingsChange) => operatorHttp.patch<SettingsSaved>(SETTINGS_PATHS.settings, body as unknown as FormBody);

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSettings, meta: CHANGE_META, onSuccess: () => refreshSettings(queryClient) });
}
