import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '@pc/core/contracts/console-lists-content';
import type { FormBody } from '../../../../lib/http.ts';
import { operatorHttp } from '../../../lib/http.ts';
import type { ContentItem } from './get-content-list.ts';
import { CHANGE_META, CONTENT_PATHS, refreshContent } from './keys.ts';

/** What the form sends: texts per language (English required), the audience, the publish time (null: now; absent: unchanged). */
export interface ContentBody {
  texts?: Partial<Record<string, { title: string; body: string }>>;
  project?: 'fd1' | 'fd2' | null;
  partner?: string | null;
  publish_at?: string | null;
}

/**
 * POST /operator/v1/content/{kind} (a new item) or PATCH /operator/v1/content/{kind}/{id} (an edit, before or after
 * publishing); 422 with errors per field, 409 `reason: withdrawn`.
 */
export const saveContent = ({ kind, id, body }: { kind: ContentKind; id: number | null; body: ContentBody }) =>
  // The operator API takes JSON: the texts go as they are.
  id === null
    ? operatorHttp.post<ContentItem>(CONTENT_PATHS.list(kind), body as unknown as FormBody)
    : operatorHttp.patch<ContentItem>(CONTENT_PATHS.item(kind, id), body as unknown as FormBody);

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveContent, meta: CHANGE_META, onSettled: () => refreshContent(queryClient) });
}
