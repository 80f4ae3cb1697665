import type { QueryClient } from '@tanstack/react-query';
import type { ContentKind } from '@pc/core/contracts/console-lists-content';

export const CONTENT_SCOPE = 'console-content';

/** The Content section's calls, relative to the operator API (docs/operator.md, content.write). */
export const CONTENT_PATHS = {
  list: (kind: ContentKind) => `/content/${kind}`,
  item: (kind: ContentKind, id: number) => `/content/${kind}/${id}`,
  withdraw: (kind: ContentKind, id: number) => `/content/${kind}/${id}/withdraw`,
} as const;

/** After a change: the lists, the item and the audit log. */
export function refreshContent(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: [CONTENT_SCOPE] }), queryClient.invalidateQueries({ queryKey: ['console-audit'] })]);
}

/** Refusals the screens show in place (a field's message, a withdrawn item); a 5xx has the app's dialog. */
export const CHANGE_META = { handles: [400, 403, 404, 409, 422] };
