import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type RouteObject,
  type To,
} from 'react-router';
import { RootLayout } from './layout/RootLayout.tsx';
import { GuestOnly, ProjectGuard, RequireUser } from './guards.tsx';
import { RouteBoundary } from './RouteError.tsx';
import { lazyPage, type LazyPage } from './lazy.ts';
import { RouteHandleContext, type RouteHandle } from '../lib/route-context.ts';
import { ROUTES, href } from '../lib/routes.ts';
import { registerNavigate } from './navigation.ts';

/**
 * The route tree, in React Router's declarative mode (useRoutes): the data router's loaders, actions
 * and fetchers are not used here, and leaving them out keeps about 16 KB off every page's first load
 * (decision 0042). Pages and layouts load on demand through lazyPage; each has an error boundary.
 */
interface AppRoute {
  path?: string;
  element: ReactNode;
  handle?: RouteHandle;
  /** Chunks this route renders; started together as soon as the route matches (no waterfall). */
  preload?: LazyPage;
  children?: AppRoute[];
}

function lazyRoute(Page: LazyPage, options: { fullPage?: boolean } = {}): Pick<AppRoute, 'element' | 'preload'> {
  return {
    preload: Page,
    element: (
      <RouteBoundary fullPage={options.fullPage}>
        <Page />
      </RouteBoundary>
    ),
  };
}

const notAvailable = lazyPage(() => import('../features/placeholder/pages/NotAvailablePage.tsx'));

function placeholder(path: string, titleKey: string, groupKey?: string): AppRoute {
  return { path, ...lazyRoute(notAvailable), handle: { titleKey, groupKey } };
}

function page(path: string, titleKey: string, Page: LazyPage, groupKey?: string): AppRoute {
  return { path, ...lazyRoute(Page), handle: { titleKey, groupKey } };
}

const auth = {
  login: lazyPage(() => import('../features/auth/pages/LoginPage.tsx')),
  register: lazyPage(() => import('../features/auth/pages/RegisterPage.tsx')),
  confirmRegistration: lazyPage(() => import('../features/auth/pages/ConfirmRegistrationPage.tsx')),
  autoLogin: lazyPage(() => import('../features/auth/pages/AutoLoginPage.tsx')),
  restoreAccess: lazyPage(() => import('../features/auth/pages/RestoreAccessPage.tsx')),
  restoreAccessToken: lazyPage(() => import('../features/auth/pages/UnblockAccountPage.tsx')),
  restorePassword: lazyPage(() => import('../features/auth/pages/RestorePasswordPage.tsx')),
  restorePasswordToken: lazyPage(() => import('../features/auth/pages/SetNewPasswordPage.tsx')),
  confirmPasswordChanging: lazyPage(() => import('../features/auth/pages/ConfirmPasswordChangingPage.tsx')),
  logout: lazyPage(() => import('../features/auth/pages/LogoutPage.tsx')),
};
const screens = {
  dashboard: lazyPage(() => import('../features/dashboard/pages/DashboardPage.tsx'), ['kit', 'dashboard']),
  detailed: lazyPage(() => import('../features/statistics/pages/DetailedPage.tsx'), ['kit', 'stats']),
  files: lazyPage(() => import('../features/statistics/pages/FilesPage.tsx'), ['kit', 'stats']),
  filesCopies: lazyPage(() => import('../features/statistics/pages/FilesCopiesPage.tsx'), ['kit', 'stats']),
  sales: lazyPage(() => import('../features/statistics/pages/SalesPage.tsx'), ['kit', 'stats']),
  sources: lazyPage(() => import('../features/statistics/pages/SourcesPage.tsx'), ['kit', 'stats']),
  videos: lazyPage(() => import('../features/statistics/pages/VideosPage.tsx'), ['kit', 'stats']),
  earnings: lazyPage(() => import('../features/earnings/pages/EarningsPage.tsx'), ['kit', 'earnings']),
  gold: lazyPage(() => import('../features/earnings/pages/GoldPage.tsx'), ['kit', 'earnings']),
};
const ShellLayout = lazyPage(() => import('./layout/ShellLayout.tsx'));
const GuestLayout = lazyPage(() => import('./layout/GuestLayout.tsx'));
const NotFoundPage = lazyPage(() => import('../features/placeholder/pages/NotFoundPage.tsx'));

export const appRoutes: AppRoute[] = [
  {
    element: (
      <RouteBoundary fullPage>
        <RootLayout />
      </RouteBoundary>
    ),
    children: [
      {
        element: <RequireUser />,
        children: [
          {
            ...lazyRoute(ShellLayout, { fullPage: true }),
            children: [
              { path: ROUTES.root, element: <Navigate to={href('dashboard')} replace /> },
              page(ROUTES.dashboard, 'dashboard', screens.dashboard),
              placeholder(ROUTES.videoPlayer, 'videoPlayer'),
              placeholder(ROUTES.payouts, 'payouts'),
              placeholder(ROUTES.purseConfirm, 'purseConfirm'),
              placeholder(ROUTES.settings, 'settings'),
              placeholder(ROUTES.notifications, 'notifications'),
              placeholder(ROUTES.news, 'news'),
              placeholder(ROUTES.appTest, 'appTest'),
              placeholder(ROUTES.appTestChild, 'appTest'),
              placeholder(ROUTES.faq, 'faq'),
              placeholder(ROUTES.start, 'start'),
              placeholder(ROUTES.helpCenterSso, 'helpCenter'),
              page(ROUTES.confirmPasswordChanging, 'confirmPasswordChanging', auth.confirmPasswordChanging),
              {
                element: <ProjectGuard />,
                children: [
                  { path: ROUTES.statistics, element: <Navigate to="detailed" replace /> },
                  page(ROUTES.statisticsDetailed, 'statistics.detailed', screens.detailed, 'statistics.title'),
                  page(ROUTES.statisticsFiles, 'statistics.files', screens.files, 'statistics.title'),
                  page(ROUTES.statisticsSales, 'statistics.sales', screens.sales, 'statistics.title'),
                  page(ROUTES.statisticsSources, 'statistics.sources', screens.sources, 'statistics.title'),
                  page(ROUTES.statisticsFilesCopies, 'statistics.filesCopies', screens.filesCopies, 'statistics.title'),
                  page(ROUTES.videos, 'statistics.videos', screens.videos, 'statistics.title'),
                  page(ROUTES.earnings, 'earnings', screens.earnings),
                  page(ROUTES.gold, 'gold', screens.gold),
                  placeholder(ROUTES.sites, 'sites'),
                  placeholder(ROUTES.referrals, 'referrals'),
                  placeholder(ROUTES.rates, 'rates'),
                ],
              },
            ],
          },
        ],
      },
      page(ROUTES.logout, 'logout', auth.logout),
      page(ROUTES.userLogout, 'logout', auth.logout),
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

/** React Router reads path, element and children; handle and preload travel along untouched. */
const routeObjects = appRoutes as RouteObject[];

/**
 * Renders the route of the current location. Every lazy chunk of the matched branch starts loading at
 * once (a layout and its page arrive together), and the deepest handle is shared with the layouts.
 */
function AppRoutes() {
  const location = useLocation();
  const handle = useMemo(() => {
    const matches = matchRoutes(routeObjects, location) ?? [];
    for (const match of matches) void (match.route as AppRoute).preload?.preload().catch(() => undefined);
    return [...matches].reverse().find((match) => (match.route as AppRoute).handle)?.route.handle as RouteHandle | undefined;
  }, [location]);
  const element = useRoutes(routeObjects);
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
  readonly state: { location: Location } = { location: { pathname: '/', search: '', hash: '', state: null, key: 'default' } };
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
