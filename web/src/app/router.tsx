import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, useStore } from '../lib/store.ts';
import { useCurrentUser } from '../lib/session.ts';
import {
  BrowserRouter,
  MemoryRouter,
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type RouteObject,
  type To,
} from 'react-router';
import { RootLayout } from './layout/RootLayout.tsx';
import { GuestOnly, RequireUser } from './guards.tsx';
import { RouteBoundary } from './RouteError.tsx';
import { lazyPage, withTimeout } from './lazy.ts';
import { lazyRoute, page, type AppRoute } from './route-tree.tsx';
import { RouteHandleContext, type RouteHandle } from '../lib/route-context.ts';
import { GUEST_ROUTES, PUBLIC_ROUTES, ROUTES, type RouteName } from '../lib/routes.ts';
import { registerNavigate } from './navigation.ts';

/**
 * The route tree, in React Router's declarative mode (useRoutes): the data router's loaders, actions
 * and fetchers are not used here, and leaving them out keeps about 16 KB off every page's first load
 * (decision 0042). Pages and layouts load on demand through lazyPage; each has an error boundary.
 * The signed-in pages live in shell-routes.tsx, loaded once a partner is signed in; until then the tree
 * holds only their paths, so that a guest who opens one is sent to sign-in (and comes back afterwards).
 */
let shellRoutesLoad: Promise<typeof import('./shell-routes.tsx')> | undefined;
const shellRoutesStore = createStore<AppRoute[] | null>(null);

function loadShellModule() {
  shellRoutesLoad ??= withTimeout(import('./shell-routes.tsx')).then((m) => {
    shellRoutesStore.set(m.shellRoutes);
    return m;
  });
  return shellRoutesLoad;
}

/** Loads the signed-in pages' routes (once); bootstrap starts it as soon as it knows the partner. */
export function loadShellRoutes(): Promise<AppRoute[]> {
  return loadShellModule().then((m) => m.shellRoutes);
}

/** Starts the signed-in frame's reads (layout/frame-reads.ts) with the frame's routes, for a signed-in partner. */
export function prefetchFrameReads(queryClient: QueryClient): Promise<void> {
  return loadShellModule().then((m) => m.prefetchFrameReads(queryClient));
}

/** The signed-in paths, for a guest: each only leads RequireUser to send the guest to sign-in. */
const NOT_SIGNED_IN = new Set<string>([...GUEST_ROUTES, ...PUBLIC_ROUTES, 'logout', 'userLogout']);
const signedInPaths: AppRoute[] = (Object.keys(ROUTES) as RouteName[])
  .filter((name) => !NOT_SIGNED_IN.has(name))
  .map((name) => ({ path: ROUTES[name], element: null }));

const auth = {
  login: lazyPage(() => import('../features/auth/pages/LoginPage.tsx')),
  register: lazyPage(() => import('../features/auth/pages/RegisterPage.tsx')),
  confirmRegistration: lazyPage(() => import('../features/auth/pages/ConfirmRegistrationPage.tsx')),
  autoLogin: lazyPage(() => import('../features/auth/pages/AutoLoginPage.tsx')),
  restoreAccess: lazyPage(() => import('../features/auth/pages/RestoreAccessPage.tsx')),
  restoreAccessToken: lazyPage(() => import('../features/auth/pages/UnblockAccountPage.tsx')),
  restorePassword: lazyPage(() => import('../features/auth/pages/RestorePasswordPage.tsx')),
  restorePasswordToken: lazyPage(() => import('../features/auth/pages/SetNewPasswordPage.tsx')),
  logout: lazyPage(() => import('../features/auth/pages/LogoutPage.tsx')),
};
/** Pages for signed-in partners and guests alike, in the sign-in frame. */
const alertsUnsubscribe = lazyPage(() => import('../features/alerts/pages/UnsubscribePage.tsx'), ['alerts']);
const notMe = lazyPage(() => import('../features/not-me/pages/NotMePage.tsx'), ['notme']);
const ShellLayout = lazyPage(() => import('./layout/ShellLayout.tsx'));
const GuestLayout = lazyPage(() => import('./layout/GuestLayout.tsx'));
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/NotFoundPage.tsx'));

/** The whole tree: with the signed-in pages once they are loaded, with their bare paths until then. */
export function buildRoutes(shell: AppRoute[]): AppRoute[] {
  return [
    {
      element: (
        <RouteBoundary fullPage>
          <RootLayout />
        </RouteBoundary>
      ),
      children: [
        {
          element: <RequireUser />,
          signedIn: true,
          children: [
            {
              ...lazyRoute(ShellLayout, { fullPage: true }),
              children: shell,
            },
          ],
        },
        page(ROUTES.logout, 'logout', auth.logout),
        page(ROUTES.userLogout, 'logout', auth.logout),
        {
          ...lazyRoute(GuestLayout, { fullPage: true }),
          children: [page(ROUTES.alertsUnsubscribe, 'alertsUnsubscribe', alertsUnsubscribe), page(ROUTES.notMe, 'notMe', notMe)],
        },
        {
          element: <GuestOnly />,
          children: [
            {
              ...lazyRoute(GuestLayout, { fullPage: true }),
              children: [
                page(ROUTES.login, 'signIn', auth.login),
                page(ROUTES.register, 'register', auth.register),
                page(ROUTES.confirmRegistration, 'confirmRegistration', auth.confirmRegistration),
                page(ROUTES.autoLogin, 'autoLogin', auth.autoLogin),
                page(ROUTES.restoreAccess, 'restoreAccess', auth.restoreAccess),
                page(ROUTES.restoreAccessToken, 'unblockAccount', auth.restoreAccessToken),
                page(ROUTES.restorePassword, 'restorePassword', auth.restorePassword),
                page(ROUTES.restorePasswordToken, 'setNewPassword', auth.restorePasswordToken),
              ],
            },
          ],
        },
        page('*', 'notFound', NotFoundPage),
      ],
    },
  ];
}

/** The routes of the tree built from `shell` that the location matches, outermost first. */
function routesAt(shell: AppRoute[], location: Pick<Location, 'pathname'>): AppRoute[] {
  return (matchRoutes(buildRoutes(shell) as RouteObject[], location) ?? []).map((match) => match.route as AppRoute);
}

/** Whether the location is a signed-in partner's page (known by its path alone, before the frame's routes load). */
const isSignedInPage = (location: Pick<Location, 'pathname'>) => routesAt(signedInPaths, location).some((route) => route.signedIn);

/**
 * Starts loading a signed-in page's code (the frame's routes and layout, the page) while the session is still being
 * checked: whoever opens such a page is nearly always signed in, and the first paint waits for that code. A guest's
 * page (sign-in, registration...) and the root load nothing more. The texts follow once the language is known (AppRoutes).
 */
export function preloadSignedInPage(location: Pick<Location, 'pathname'>): void {
  // The site's root is where guests arrive too (its bare address, bookmarks): it loads nothing before the check.
  if (location.pathname === '/' || !isSignedInPage(location)) return;
  void ShellLayout.preloadCode().catch(() => undefined);
  void loadShellRoutes()
    .then((shell) => {
      for (const route of routesAt(shell, location)) void route.preload?.preloadCode().catch(() => undefined);
    })
    .catch(() => undefined);
}

/**
 * Loads every chunk a signed-in page renders (the frame's routes and layout, the page, with their texts), so that the
 * app's first render draws the page at once: what replaces a prerendered signed-in page must not pass through an
 * empty frame (decision 0228). Loads nothing for a guest's page.
 */
export async function preloadShellPage(location: Pick<Location, 'pathname'>): Promise<void> {
  if (!isSignedInPage(location)) return;
  const shell = await loadShellRoutes();
  await Promise.all(routesAt(shell, location).map((route) => route.preload?.preload()));
}

/**
 * Loads every chunk a guest's page renders (its layout and the page, with their texts), so that the first render
 * draws the page at once instead of suspending: what replaces a prerendered page must not pass through an empty
 * frame (decision 0212). A signed-in page's branch is not a guest's and loads nothing.
 */
export async function preloadPage(location: Pick<Location, 'pathname'>): Promise<void> {
  const routes = routesAt(signedInPaths, location);
  if (routes.some((route) => route.signedIn)) return;
  await Promise.all(routes.map((route) => route.preload?.preload()));
}

/**
 * Renders the route of the current location. Every lazy chunk of the matched branch starts loading at
 * once (a layout and its page arrive together), and the deepest handle is shared with the layouts.
 */
function AppRoutes() {
  const location = useLocation();
  const user = useCurrentUser();
  const shell = useStore(shellRoutesStore);
  // A signed-in partner whose pages are still on their way sees nothing for that moment (no redirect).
  const waiting = user !== null && shell === null;
  useEffect(() => {
    if (waiting) void loadShellRoutes().catch(() => undefined);
  }, [waiting]);
  // React Router reads path, element and children; handle, preload and signedIn travel along untouched.
  const routeObjects = useMemo(
    () => buildRoutes(user && shell ? shell : signedInPaths) as RouteObject[],
    [user, shell],
  );
  const handle = useMemo(() => {
    const matches = matchRoutes(routeObjects, location) ?? [];
    for (const match of matches) {
      const route = match.route as AppRoute;
      // A guest is sent to sign-in from here: the signed-in frame's chunks are not fetched for nothing.
      if (route.signedIn && !user) break;
      void route.preload?.preload().catch(() => undefined);
    }
    return [...matches].reverse().find((match) => (match.route as AppRoute).handle)?.route.handle as
      RouteHandle | undefined;
  }, [location, routeObjects, user]);
  const element = useRoutes(routeObjects);
  if (waiting) return null;
  return (
    <RouteHandleContext.Provider value={handle}>
      <Suspense fallback={null}>{element}</Suspense>
    </RouteHandleContext.Provider>
  );
}

/**
 * How the app is routed: the browser's history in the app, an in-memory history in component tests.
 * `state.location` and `navigate` mirror the mounted router for code and tests outside React.
 */
export class AppRouter {
  readonly state: { location: Location } = {
    location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
  };
  private navigateImpl: ((to: To | number) => void) | undefined;

  constructor(readonly initialEntries?: string[]) {}

  /** Called by the mounted router with its navigate function. */
  connect(navigate: (to: To | number) => void) {
    this.navigateImpl = navigate;
  }

  async navigate(to: To | number): Promise<void> {
    if (!this.navigateImpl) throw new Error('the router is not mounted');
    this.navigateImpl(to);
    await Promise.resolve();
  }
}

/** Keeps AppRouter's location current and lets code outside React navigate (navigation.ts). */
function RouterBridge({ router }: { router: AppRouter }) {
  const location = useLocation();
  const navigate = useNavigate();
  router.state.location = location;
  useEffect(() => {
    const go = (to: To | number) => void (typeof to === 'number' ? navigate(to) : navigate(to));
    router.connect(go);
    registerNavigate(go);
  }, [navigate, router]);
  return null;
}

export function AppRouterView({ router }: { router: AppRouter }) {
  const content: ReactNode = (
    <>
      <RouterBridge router={router} />
      <AppRoutes />
    </>
  );
  return router.initialEntries ? (
    <MemoryRouter initialEntries={router.initialEntries}>{content}</MemoryRouter>
  ) : (
    <BrowserRouter>{content}</BrowserRouter>
  );
}

export function createAppRouter(): AppRouter {
  return new AppRouter();
}

/** The same routes in memory, for component tests. */
export function createTestRouter(initialEntries: string[]): AppRouter {
  return new AppRouter(initialEntries);
}
