import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES_PATHS } from '@pc/core/contracts/paths';
import type { UnreadAnswer } from '@pc/core/contracts/messages';
import { http } from '../../../lib/http.ts';
import { unreadKey } from './keys.ts';

/** How often the top bar asks again, so that a notification published meanwhile shows up without a reload. */
const UNREAD_REFRESH_MS = 120_000;

/** GET /api/messages/unread: the top bar's badges. A failure leaves the icons without a badge, silently. */
export const getUnread = (signal?: AbortSignal) => http.get<UnreadAnswer>(MESSAGES_PATHS.unread, { signal });

export const unreadQuery = queryOptions({
  queryKey: unreadKey,
  queryFn: ({ signal }) => getUnread(signal),
  meta: { handles: [0, 400, 403, 404, 405, 429, 500, 501, 502, 503, 504] },
  retry: false,
  refetchInterval: UNREAD_REFRESH_MS,
  refetchIntervalInBackground: false,
});

export const useUnread = () => useQuery(unreadQuery);
