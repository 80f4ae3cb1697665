import type { QueryClient } from '@tanstack/react-query';

export const STAFF_SCOPE = 'console-staff';

/** After a change: the list again, and the audit log, which now has the change's row. */
export function refreshStaff(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [STAFF_SCOPE] }),
    queryClient.invalidateQueries({ queryKey: ['console-audit'] }),
  ]);
}
