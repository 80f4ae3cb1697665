import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductConfig } from '@pc/core/product';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { operatorHttp } from '../../../lib/http.ts';
import { SETTINGS_PATHS, SETTINGS_SCOPE } from './keys.ts';

/** GET /operator/v1/settings (settings.read): the product settings as stored, every key. */
export const getSettings = (signal?: AbortSignal) => operatorHttp.get<{ value: ProductConfig }>(SETTINGS_PATHS.settings, { signal });

export const settingsQueryOptions = () => queryOptions({ queryKey: [SETTINGS_SCOPE, 'current'] as const, queryFn: ({ signal }) => getSettings(signal), meta: SCREEN_READ_META });

export const useSettings = () => useQuery(settingsQueryOptions());
