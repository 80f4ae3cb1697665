import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '@pc/core/contracts/console-lists-content';
import { operatorHttp } from '../../../lib/http.ts';
import type { ContentItem } from './get-content-list.ts';
import { CHANGE_META, CONTENT_PATHS, refreshContent } from './keys.ts';

/** POST /operator/v1/content/{kind}/{id}/withdraw: partners no longer see it (409 when withdrawn already). */
export const withdrawContent = ({ kind, id }: { kind: ContentKind; id: number }) => operatorHttp.post<ContentItem>(CONTENT_PATHS.withdraw(kind, id), {});

export function useWithdrawContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawContent, meta: CHANGE_META, onSettled: () => refreshContent(queryClient) });
}
