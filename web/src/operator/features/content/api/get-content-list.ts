import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { ContentNews, ContentNotification } from '@pc/core/contracts/console-content';
import type { ContentKind, ContentStatus } from '@pc/core/contracts/console-lists-content';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { operatorHttp } from '../../../lib/http.ts';
import { CONTENT_PATHS, CONTENT_SCOPE } from './keys.ts';

export type ContentItem = ContentNews | ContentNotification;
export interface ContentListAnswer {
  data: ContentItem[];
  meta: { page: number; per_page: number; total: number };
}
export interface ContentListParams {
  status?: ContentStatus;
  page: number;
  per_page: number;
}

/** GET /operator/v1/content/news or /content/notifications: newest publish time first (content.write). */
export const getContentList = (kind: ContentKind, params: ContentListParams, signal?: AbortSignal) =>
  operatorHttp.get<ContentListAnswer>(CONTENT_PATHS.list(kind), { query: { ...params }, signal });

export const contentListQueryOptions = (kind: ContentKind, params: ContentListParams) =>
  queryOptions({
    queryKey: [CONTENT_SCOPE, kind, 'list', params] as const,
    queryFn: ({ signal }) => getContentList(kind, params, signal),
    meta: SCREEN_READ_META,
    placeholderData: keepPreviousData,
  });

export const useContentList = (kind: ContentKind, params: ContentListParams) => useQuery(contentListQueryOptions(kind, params));
