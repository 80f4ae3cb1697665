import { Navigate, createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/RootLayout.tsx';
import { GuestOnly, ProjectGuard, RequireUser } from './guards.tsx';
import { RouteError } from './RouteError.tsx';
import { lazyPage } from './lazy.ts';
import { ROUTES, href } from './routes.ts';
import { registerNavigate } from './navigation.ts';

/** What the layout needs to know about a route: its title (nav namespace) and whether it is per project. */
export interface RouteHandle {
  titleKey: string;
  /** Breadcrumb parent inside a project (e.g. the Statistics group). */
  groupKey?: string;
}

const notAvailable = lazyPage(() => import('../features/placeholder/pages/NotAvailablePage.tsx'));

function placeholder(path: string, titleKey: string, groupKey?: string): RouteObject {
  return { path, lazy: notAvailable, errorElement: <RouteError />, handle: { titleKey, groupKey } satisfies RouteHandle };
}

function page(path: string, titleKey: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return { path, lazy: lazyPage(load), errorElement: <RouteError />, handle: { titleKey } satisfies RouteHandle };
}

const auth = {
  login: () => import('../features/auth/pages/LoginPage.tsx'),
  register: () => import('../features/auth/pages/RegisterPage.tsx'),
  confirmRegistration: () => import('../features/auth/pages/ConfirmRegistrationPage.tsx'),
  autoLogin: () => import('../features/auth/pages/AutoLoginPage.tsx'),
  restoreAccess: () => import('../features/auth/pages/RestoreAccessPage.tsx'),
  restoreAccessToken: () => import('../features/auth/pages/UnblockAccountPage.tsx'),
  restorePassword: () => import('../features/auth/pages/RestorePasswordPage.tsx'),
  restorePasswordToken: () => import('../features/auth/pages/SetNewPasswordPage.tsx'),
  confirmPasswordChanging: () => import('../features/auth/pages/ConfirmPasswordChangingPage.tsx'),
  logout: () => import('../features/auth/pages/LogoutPage.tsx'),
};

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError fullPage />,
    children: [
      {
        element: <RequireUser />,
        children: [
          {
            lazy: lazyPage(() => import('./layout/ShellLayout.tsx')),
            errorElement: <RouteError fullPage />,
            children: [
              { path: ROUTES.root, element: <Navigate to={href('dashboard')} replace /> },
              placeholder(ROUTES.dashboard, 'dashboard'),
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
                  placeholder(ROUTES.statisticsDetailed, 'statistics.detailed', 'statistics.title'),
                  placeholder(ROUTES.statisticsFiles, 'statistics.files', 'statistics.title'),
                  placeholder(ROUTES.statisticsSales, 'statistics.sales', 'statistics.title'),
                  placeholder(ROUTES.statisticsSources, 'statistics.sources', 'statistics.title'),
                  placeholder(ROUTES.statisticsFilesCopies, 'statistics.filesCopies', 'statistics.title'),
                  placeholder(ROUTES.videos, 'statistics.videos', 'statistics.title'),
                  placeholder(ROUTES.earnings, 'earnings'),
                  placeholder(ROUTES.gold, 'gold'),
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
            lazy: lazyPage(() => import('./layout/GuestLayout.tsx')),
            errorElement: <RouteError fullPage />,
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
      page('*', 'notFound', () => import('../features/placeholder/pages/NotFoundPage.tsx')),
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes, { basename: '/' });
  registerNavigate((to) => void router.navigate(to));
  return router;
}

/** The same routes in memory, for component tests. */
export function createTestRouter(initialEntries: string[]): AppRouter {
  const router = createMemoryRouter(appRoutes, { initialEntries });
  registerNavigate((to) => void router.navigate(to));
  return router;
}
