import { useMutation } from '@tanstack/react-query';
import type { SettingsPreviewAnswer } from '@pc/core/contracts/console-settings';
import type { FormBody } from '../../../../lib/http.ts';
import { operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, SETTINGS_PATHS } from './keys.ts';

export type { SettingsPreviewAnswer };

/** What the screen sends: whole editable settings by key, and when they take effect (absent: the earliest moment). */
export interface SettingsChange {
  changes: Record<string, unknown>;
  effective_from?: string;
}

/** POST /operator/v1/settings/preview (settings.read): what partners would see change, from when; nothing is written. 422 per field. */
export const previewSettings = (body: SettingsChange) => operatorHttp.post<SettingsPreviewAnswer>(SETTINGS_PATHS.preview, body as unknown as FormBody);

export const usePreviewSettings = () => useMutation({ mutationFn: previewSettings, meta: CHANGE_META });
