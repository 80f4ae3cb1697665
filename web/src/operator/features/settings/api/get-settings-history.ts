import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsHistoryAnswer, SettingsVersion } from '@pc/core/contracts/console-settings';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { operatorHttp } from '../../../lib/http.ts';
import { SETTINGS_PATHS, SETTINGS_SCOPE } from './keys.ts';

export type { SettingsHistoryAnswer, SettingsVersion };
export interface SettingsHistoryParams {
  page: number;
  per_page: number;
}

/** GET /operator/v1/settings/history (settings.read): every version with who wrote it and what it changed, newest first. */
export const getSettingsHistory = (params: SettingsHistoryParams, signal?: AbortSignal) =>
  operatorHttp.get<SettingsHistoryAnswer>(SETTINGS_PATHS.history, { query: { ...params }, signal });

export const settingsHistoryQueryOptions = (params: SettingsHistoryParams) =>
  queryOptions({
    queryKey: [SETTINGS_SCOPE, 'history', params] as const,
    queryFn: ({ signal }) => getSettingsHistory(params, signal),
    meta: SCREEN_READ_META,
    placeholderData: keepPreviousData,
  });

export const useSettingsHistory = (params: SettingsHistoryParams) => useQuery(settingsHistoryQueryOptions(params));
