import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { LangCode } from '@pc/core/locales';
import { http } from '../../../lib/http.ts';
import { setSignedIn, type CurrentUser } from '../../../lib/session.ts';

export const changeLang = (lang: LangCode) => http.post<CurrentUser>(AUTH_PATHS.langsChange, { lang });
export const autoLoginTo = (app: string) =>
  http.post<{ url: string; token: string }>(AUTH_PATHS.autoLoginTo(app));

/** POST /api/langs/change for a signed-in partner; the answer is the user. */
export function useChangeLang() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLang,
    onSuccess: (user) => {
      if (user && typeof user === 'object' && 'email' in user) setSignedIn(queryClient, user);
    },
  });
}

/** POST /api/auth/auto-login/to/{app}: answers {url, token}; errors 400 show their own dialog. */
export function useAutoLoginTo() {
  return useMutation({ mutationFn: autoLoginTo, meta: { handles: [400, 404, 422] } });
}
