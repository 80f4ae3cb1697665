import type { QueryClient } from '@tanstack/react-query';
import { availableWithdrawalQuery, holdInfoQuery } from '../../features/balance/api/balance.ts';
import { LATEST_NEWS, newsQueryOptions } from '../../features/news/api/get-news.ts';
import { unreadQuery } from '../../features/news/api/get-unread.ts';
import { supportLinks } from '../../lib/support-links.ts';

/**
 * The reads of the signed-in frame (the user bar's balance and latest news, the top bar's unread badges and support
 * links), started as soon as the partner is known, with the same options the bars read them with: they would
 * otherwise leave only after the frame's code has arrived and its first render is committed, a second round trip
 * a phone waits for in full. The bars then find them in flight or answered.
 */
export function prefetchFrameReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(availableWithdrawalQuery);
  void queryClient.prefetchQuery(holdInfoQuery);
  void queryClient.prefetchQuery(newsQueryOptions(LATEST_NEWS));
  void queryClient.prefetchQuery(unreadQuery);
  void queryClient.prefetchQuery(supportLinks.options({}));
}
