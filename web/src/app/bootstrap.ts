import type { QueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { http, setRequestLanguage } from '../lib/http.ts';
import { START_NAMESPACES, chooseLanguage, i18n, initI18n } from '../lib/i18n.ts';
import { currentUserQuery, setSignedIn, setSignedOut, type CurrentUser } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter, loadShellRoutes, prefetchFrameReads, preloadPage, preloadShellPage, preloadSignedInPage, type AppRouter } from './router.tsx';
import { href } from '../lib/routes.ts';

/**
 * Start-up (docs/product.md#start-up): the app renders only after GET /api/user settles (401 = guest). The language is the
 * user's, else the stored one, else the browser's, else en. A user who is not active is signed out and
 * sent to sign-in.
 */
export async function bootstrap({ prerendered = false } = {}): Promise<{ queryClient: QueryClient; router: AppRouter }> {
  const queryClient = createQueryClient();
  const userCheck = queryClient.fetchQuery(currentUserQuery).catch(() => null);
  if (typeof window !== 'undefined') preloadSignedInPage(window.location);
  // A prerendered guest page is replaced by the app's first render, which must draw the page, not wait for its code.
  const guestPage = prerendered ? preloadPage(window.location).catch(() => undefined) : undefined;
  let user: CurrentUser | null = await userCheck;
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
  // A prerendered partner's page is replaced by the app's first render, which must draw the page, not its frame alone.
  const partnerPage = user && prerendered ? preloadShellPage(window.location).catch(() => undefined) : undefined;
  const lang = chooseLanguage(user?.lang);
  if (user) {
    // The frame's reads leave now, in the partner's language (their answers carry texts), not after the first render.
    setRequestLanguage(lang);
    void prefetchFrameReads(queryClient).catch(() => undefined);
  }
  await initI18n(lang);
  await i18n.loadNamespaces([...START_NAMESPACES]);
  await shellRoutes;
  await guestPage;
  await partnerPage;
  const router = createAppRouter();
  return { queryClient, router };
}
