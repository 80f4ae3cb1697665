import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { http } from '../../../lib/http.ts';
import { setSignedOut } from '../../../lib/session.ts';

export const logout = () => http.post<unknown>(AUTH_PATHS.logout);

/** POST /api/auth/logout; the session ends locally whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { handles: [401, 500, 502, 503] },
    onSettled: () => setSignedOut(queryClient),
  });
}
