import type { QueryClient } from '@tanstack/react-query';

export const PARTNERS_SCOPE = 'console-partners';

/**
 * After a change to a partner (block, income, sessions, sites): every partner answer (the search's rows, the page, its
 * tabs), the overview's figures (income moves what is owed) and the audit log, which has a row for each change.
 */
export function refreshPartners(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [PARTNERS_SCOPE] }),
    queryClient.invalidateQueries({ queryKey: ['console-overview'] }),
    queryClient.invalidateQueries({ queryKey: ['console-audit'] }),
  ]);
}

/** The mutations' statuses the screens tell themselves (a refusal's message in place); a 5xx has the app's dialog. */
export const CHANGE_META = { handles: [400, 403, 404, 409, 422] };
