import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThemePreference } from '@pc/core/contracts/auth';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { http } from '../../../lib/http.ts';
import { setSignedIn, type CurrentUser } from '../../../lib/session.ts';

export const changeTheme = (theme: ThemePreference) => http.post<CurrentUser>(AUTH_PATHS.themeChange, { theme });

/** POST /api/theme/change for a signed-in partner; the answer is the user, which then carries the new choice. */
export function useChangeTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTheme,
    onSuccess: (user) => setSignedIn(queryClient, user),
  });
}
