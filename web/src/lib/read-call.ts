import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, type Http } from './http.ts';

type QueryValue = string | number | boolean | null | undefined;

/**
 * Screens show a failed read in place (an error block with a retry), so these statuses do not also raise
 * the global error dialog; 401 still signs the partner out.
 */
export const SCREEN_READ_META = { handles: [400, 403, 404, 422, 429, 500, 502, 503, 504] };

/**
 * One GET call of a screen: its fetcher, its queryOptions (key = [scope, path, params]) and its hook.
 * While new parameters load, the previous answer stays on screen (tables do not flash empty). `client` is the API the
 * call goes to: the partner API unless told (the operator console passes its own).
 */
export function readCall<TAnswer, TParams extends object = Record<string, never>>(scope: string, path: string, client: Pick<Http, 'get'> = http) {
  const fetch = (params: TParams, signal?: AbortSignal) =>
    client.get<TAnswer>(path, { query: params as Record<string, QueryValue>, signal });
  const options = (params: TParams) =>
    queryOptions({
      queryKey: [scope, path, params] as const,
      queryFn: ({ signal }) => fetch(params, signal),
      meta: SCREEN_READ_META,
      placeholderData: keepPreviousData,
    });
  const use = (params: TParams, enabled = true) => useQuery({ ...options(params), enabled });
  return { fetch, options, use };
}
