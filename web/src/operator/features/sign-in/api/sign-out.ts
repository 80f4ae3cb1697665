import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { endConsoleSession } from '../../../lib/session.ts';

/** DELETE /operator/v1/session: ends the console session (audited) and clears its cookie. */
export const signOut = () => operatorHttp.delete<{ signed_out: true }>(CONSOLE_PATHS.session);

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // A session that had already ended is signed out all the same.
    meta: { handles: [401] },
    onSettled: () => endConsoleSession(queryClient, 'signed_out_here'),
  });
}
