import type { QueryClient } from '@tanstack/react-query';

export const PAYOUTS_SCOPE = 'console-payouts';

/** After a change to a request or a batch: the queue, the request, the batch, the overview's figures and the audit log. */
export function refreshPayouts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [PAYOUTS_SCOPE] }),
    queryClient.invalidateQueries({ queryKey: ['console-overview'] }),
    queryClient.invalidateQueries({ queryKey: ['console-audit'] }),
  ]);
}

/** The mutations' statuses the screens tell themselves (a refusal's message in place); a 5xx has the app's dialog. */
export const CHANGE_META = { handles: [400, 403, 404, 409, 422] };
