import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_PATHS } from '@pc/core/contracts/paths';
import type { NewsArticleAnswer } from '@pc/core/contracts/messages';
import { http } from '../../../lib/http.ts';
import { SCREEN_READ_META } from '../../../lib/read-call.ts';
import { articleKey, newsListKey, unreadKey } from './keys.ts';

/** GET /api/news/{id}: the whole article; the server marks it read (404 when unknown or not for this partner). */
export const getNewsArticle = (id: string, signal?: AbortSignal) => http.get<NewsArticleAnswer>(MESSAGES_PATHS.newsArticle(id), { signal });

export const newsArticleQueryOptions = (id: string) =>
  queryOptions({ queryKey: articleKey(id), queryFn: ({ signal }) => getNewsArticle(id, signal), meta: SCREEN_READ_META });

/** The article; once it has answered, the list's unread markers and the badge are refreshed (it is read now). */
export function useNewsArticle(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(newsArticleQueryOptions(id));
  const answered = query.dataUpdatedAt;
  useEffect(() => {
    if (!answered) return;
    void queryClient.invalidateQueries({ queryKey: unreadKey });
    void queryClient.invalidateQueries({ queryKey: newsListKey });
  }, [answered, queryClient]);
  return query;
}
