import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentKind } from '@pc/core/contracts/console-lists-content';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { operatorHttp } from '../../../lib/http.ts';
import type { ContentItem } from './get-content-list.ts';
import { CONTENT_PATHS, CONTENT_SCOPE } from './keys.ts';

/** GET /operator/v1/content/{kind}/{id}: one item with all its texts (content.write). */
export const getContentItem = (kind: ContentKind, id: number, signal?: AbortSignal) => operatorHttp.get<ContentItem>(CONTENT_PATHS.item(kind, id), { signal });

export const contentItemQueryOptions = (kind: ContentKind, id: number) =>
  queryOptions({ queryKey: [CONTENT_SCOPE, kind, 'item', id] as const, queryFn: ({ signal }) => getContentItem(kind, id, signal), meta: SCREEN_READ_META });

export const useContentItem = (kind: ContentKind, id: number, enabled = true) => useQuery({ ...contentItemQueryOptions(kind, id), enabled });
