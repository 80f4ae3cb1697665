import type { QueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { http } from '../lib/http.ts';
import { START_NAMESPACES, chooseLanguage, i18n, initI18n } from '../lib/i18n.ts';
import { currentUserQuery, setSignedIn, setSignedOut, type CurrentUser } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter, loadShellRoutes, type AppRouter } from './router.tsx';
import { href } from '../lib/routes.ts';

/**
 * Start-up (docs/product.md#start-up): the app renders only after GET /api/user settles (401 = guest). The language is the
 * user's, else the stored one, else the browser's, else en. A user who is not active is signed out and
 * sent to sign-in.
 */
export async function bootstrap(): Promise<{ queryClient: QueryClient; router: AppRouter }> {
  const queryClient = createQueryClient();
  let user: CurrentUser | null = await queryClient.fetchQuery(currentUserQuery).catch(() => null);
  if (user && !user.is_active) {
    await http.post(AUTH_PATHS.logout).catch(() => undefined);
    user = null;
    setSignedOut(queryClient);
    window.history.replaceState(null, '', href('login'));
  } else if (user) {
    setSignedIn(queryClient, user);
  } else {
    setSignedOut(queryClient);
  }
  // A partner's pages start loading with the texts, not after them.
  const shellRoutes = user ? loadShellRoutes().catch(() => undefined) : undefined;
  await initI18n(chooseLanguage(user?.lang));
  await i18n.loadNamespaces([...START_NAMESPACES]);
  await shellRoutes;
  const router = createAppRouter();
  return { queryClient, router };
}
