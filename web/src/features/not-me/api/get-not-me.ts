import { useQuery } from '@tanstack/react-query';
import type { NotMeInfo } from '@pc/core/contracts/devices';
import { NOT_ME_PATHS } from '@pc/core/contracts/devices-paths';
import { http } from '../../../lib/http.ts';

/** GET /api/not-me/{token}: what a "this was not me" link is about. Changes nothing (decision 0191). */
export const getNotMe = (token: string, signal?: AbortSignal) => http.get<NotMeInfo>(NOT_ME_PATHS.link(token), { signal });

export function useNotMe(token: string) {
  return useQuery({
    queryKey: ['not-me', token],
    queryFn: ({ signal }) => getNotMe(token, signal),
    retry: false,
    staleTime: Infinity,
    // An invalid or used link is the page's own state; 5xx still raises the app-wide dialog.
    meta: { handles: [400, 404, 422, 429] },
  });
}
