import { Navigate } from 'react-router';
import { ROUTES, href } from '../lib/routes.ts';
import { ProjectGuard } from './guards.tsx';
import { lazyPage, type LazyPage } from './lazy.ts';
import { lazyRoute, page, type AppRoute } from './route-tree.tsx';

/**
 * The signed-in partner's pages, in a module of their own: a guest's first load carries none of them (the
 * router knows only their paths, to send a guest to sign-in), and every new screen adds nothing to sign-in.
 */
const notAvailable = lazyPage(() => import('../features/placeholder/pages/NotAvailablePage.tsx'));

function placeholder(path: string, titleKey: string, groupKey?: string): AppRoute {
  return { path, ...lazyRoute(notAvailable), handle: { titleKey, groupKey } };
}

const screen = (
  load: () => Promise<{ default: React.ComponentType }>,
  namespace: 'dashboard' | 'stats' | 'earnings',
): LazyPage => lazyPage(load, ['kit', namespace]);

const screens = {
  dashboard: screen(() => import('../features/dashboard/pages/DashboardPage.tsx'), 'dashboard'),
  detailed: screen(() => import('../features/statistics/pages/DetailedPage.tsx'), 'stats'),
  files: screen(() => import('../features/statistics/pages/FilesPage.tsx'), 'stats'),
  filesCopies: screen(() => import('../features/statistics/pages/FilesCopiesPage.tsx'), 'stats'),
  sales: screen(() => import('../features/statistics/pages/SalesPage.tsx'), 'stats'),
  sources: screen(() => import('../features/statistics/pages/SourcesPage.tsx'), 'stats'),
  videos: screen(() => import('../features/statistics/pages/VideosPage.tsx'), 'stats'),
  earnings: screen(() => import('../features/earnings/pages/EarningsPage.tsx'), 'earnings'),
  gold: screen(() => import('../features/earnings/pages/GoldPage.tsx'), 'earnings'),
};
const confirmPasswordChanging = lazyPage(
  () => import('../features/auth/pages/ConfirmPasswordChangingPage.tsx'),
);

export const shellRoutes: AppRoute[] = [
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
  placeholder(ROUTES.apiKey, 'apiKey'),
  page(ROUTES.confirmPasswordChanging, 'confirmPasswordChanging', confirmPasswordChanging),
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
];
