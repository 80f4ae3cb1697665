import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { availableWithdrawalQuery, holdInfoQuery } from '../../features/balance/api/balance.ts';
import { LATEST_NEWS, newsQueryOptions } from '../../features/news/api/get-news.ts';
import { unreadQuery } from '../../features/news/api/get-unread.ts';
import { supportLinks } from '../../lib/support-links.ts';

/**
 * How long an answer of the frame's reads counts as fresh. The bars mount right after the reads were started early
 * (below); with answers stale at once, each bar would ask for its read a second time as it mounts. Writes that
 * change them still update them at once (marking news read sets the badges; opening an article invalidates them),
 * and the unread badges are asked again on their own interval.
 */
const FRAME_READ_FRESH_MS = 30_000;

const latestNewsQuery = queryOptions({ ...newsQueryOptions(LATEST_NEWS), staleTime: FRAME_READ_FRESH_MS });
const unreadBadgesQuery = queryOptions({ ...unreadQuery, staleTime: FRAME_READ_FRESH_MS });
const supportLinksQuery = queryOptions({ ...supportLinks.options({}), staleTime: FRAME_READ_FRESH_MS });

/** The user bar's latest news. */
export const useLatestNews = () => useQuery(latestNewsQuery);
/** The top bar's unread badges. */
export const useUnreadBadges = () => useQuery(unreadBadgesQuery);
/** The top bar's help centre, support and messenger links. */
export const useFrameSupportLinks = () => useQuery(supportLinksQuery);

/**
 * The reads of the signed-in frame (the user bar's balance and latest news, the top bar's unread badges and support
 * links), started as soon as the partner is known, with the same options the bars read them with: they would
 * otherwise leave only after the frame's code has arrived and its first render is committed, a second round trip
 * a phone waits for in full. The bars then find them in flight or answered, and fresh.
 */
export function prefetchFrameReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(availableWithdrawalQuery);
  void queryClient.prefetchQuery(holdInfoQuery);
  void queryClient.prefetchQuery(latestNewsQuery);
  void queryClient.prefetchQuery(unreadBadgesQuery);
  void queryClient.prefetchQuery(supportLinksQuery);
}
