import { Navigate } from 'react-router';
import { ROUTES, href } from '../lib/routes.ts';
import { ProjectGuard } from './guards.tsx';
import { lazyPage, type LazyPage } from './lazy.ts';
import { page, type AppRoute } from './route-tree.tsx';

export { prefetchFrameReads } from './layout/frame-reads.ts';

/**
 * The signed-in partner's pages, in a module of their own: a guest's first load carries none of them (the
 * router knows only their paths, to send a guest to sign-in), and every new screen adds nothing to sign-in.
 */
const screen = (
  load: () => Promise<{ default: React.ComponentType }>,
  namespace: 'dashboard' | 'stats' | 'earnings',
): LazyPage => lazyPage(load, ['kit', namespace]);
/** A statistics screen: its tag filter says "No tag" in the tags screen's words (namespace tags). */
const statsScreen = (load: () => Promise<{ default: React.ComponentType }>): LazyPage => lazyPage(load, ['kit', 'stats', 'tags']);

const screens = {
  // The dashboard's get-started banner speaks the guide's words (namespace start).
  dashboard: lazyPage(() => import('../features/dashboard/pages/DashboardPage.tsx'), ['kit', 'dashboard', 'start']),
  detailed: statsScreen(() => import('../features/statistics/pages/DetailedPage.tsx')),
  files: statsScreen(() => import('../features/statistics/pages/FilesPage.tsx')),
  filesCopies: statsScreen(() => import('../features/statistics/pages/FilesCopiesPage.tsx')),
  sales: statsScreen(() => import('../features/statistics/pages/SalesPage.tsx')),
  sources: statsScreen(() => import('../features/statistics/pages/SourcesPage.tsx')),
  videos: statsScreen(() => import('../features/statistics/pages/VideosPage.tsx')),
  earnings: screen(() => import('../features/earnings/pages/EarningsPage.tsx'), 'earnings'),
  gold: screen(() => import('../features/earnings/pages/GoldPage.tsx'), 'earnings'),
};
const settingsPage = lazyPage(() => import('../features/settings/pages/SettingsPage.tsx'), ['kit', 'settings', 'statements']);
const confirmEmailChange = lazyPage(
  () => import('../features/settings/pages/ConfirmEmailChangePage.tsx'),
  ['kit', 'settings'],
);
const payoutsPage = lazyPage(() => import('../features/payouts/pages/PayoutsPage.tsx'), ['kit', 'payouts', 'statements']);
const purseConfirmPage = lazyPage(() => import('../features/payouts/pages/PurseConfirmPage.tsx'), ['kit', 'payouts']);
const newsPage = lazyPage(() => import('../features/news/pages/NewsPage.tsx'), ['kit', 'news']);
const newsArticlePage = lazyPage(() => import('../features/news/pages/NewsArticlePage.tsx'), ['kit', 'news']);
const notificationsPage = lazyPage(() => import('../features/news/pages/NotificationsPage.tsx'), ['kit', 'news']);
const tagsPage = lazyPage(() => import('../features/tags/pages/TagsPage.tsx'), ['kit', 'tags']);
// The buyers' tag column says "No tag" in the tags screen's words (namespace tags).
const buyersPage = lazyPage(() => import('../features/buyers/pages/BuyersPage.tsx'), ['kit', 'buyers', 'tags']);
const referralsPage = lazyPage(() => import('../features/referrals/pages/ReferralsPage.tsx'), ['kit', 'referrals']);
const sitesPage = lazyPage(() => import('../features/sites/pages/SitesPage.tsx'), ['kit', 'sites']);
const ratesPage = lazyPage(() => import('../features/plans/pages/RatesPage.tsx'), ['kit', 'plans']);
const startPage = lazyPage(() => import('../features/start/pages/StartPage.tsx'), ['kit', 'start']);
const faqPage = lazyPage(() => import('../features/faq/pages/FaqPage.tsx'), ['kit', 'faq']);
const helpCenterSsoPage = lazyPage(() => import('../features/help-center/pages/HelpCenterSsoPage.tsx'), ['kit', 'faq']);
const apiKeyPage = lazyPage(() => import('../features/api-key/pages/ApiKeyPage.tsx'), ['kit', 'apikey', 'postbacks']);
const videoPlayerPage = lazyPage(() => import('../features/video-player/pages/VideoPlayerPage.tsx'), ['kit', 'videoplayer']);
const confirmPasswordChanging = lazyPage(
  () => import('../features/auth/pages/ConfirmPasswordChangingPage.tsx'),
);

export const shellRoutes: AppRoute[] = [
  { path: ROUTES.root, element: <Navigate to={href('dashboard')} replace /> },
  page(ROUTES.dashboard, 'dashboard', screens.dashboard),
  page(ROUTES.videoPlayer, 'videoPlayer', videoPlayerPage),
  page(ROUTES.payouts, 'payouts', payoutsPage),
  page(ROUTES.purseConfirm, 'purseConfirm', purseConfirmPage),
  page(ROUTES.settings, 'settings', settingsPage),
  page(ROUTES.confirmEmailChange, 'settings', confirmEmailChange),
  page(ROUTES.notifications, 'notifications', notificationsPage),
  page(ROUTES.news, 'news', newsPage),
  page(ROUTES.newsArticle, 'news', newsArticlePage),
  // /app/test (with a child) names no screen: old links to it land on the dashboard (decision 0151).
  { path: ROUTES.appTest, element: <Navigate to={href('dashboard')} replace /> },
  { path: ROUTES.appTestChild, element: <Navigate to={href('dashboard')} replace /> },
  page(ROUTES.faq, 'faq', faqPage),
  page(ROUTES.start, 'start', startPage),
  page(ROUTES.helpCenterSso, 'helpCenter', helpCenterSsoPage),
  page(ROUTES.apiKey, 'apiKey', apiKeyPage),
  page(ROUTES.confirmPasswordChanging, 'confirmPasswordChanging', confirmPasswordChanging),
  {
    element: <ProjectGuard />,
    children: [
      { path: ROUTES.statistics, element: <Navigate to="detailed" replace /> },
      page(ROUTES.statisticsDetailed, 'statistics.detailed', screens.detailed, 'statistics.title'),
      page(ROUTES.statisticsFiles, 'statistics.files', screens.files, 'statistics.title'),
      page(ROUTES.statisticsSales, 'statistics.sales', screens.sales, 'statistics.title'),
      page(ROUTES.statisticsSources, 'statistics.sources', screens.sources, 'statistics.title'),
      page(ROUTES.statisticsTags, 'statistics.tags', tagsPage, 'statistics.title'),
      page(ROUTES.statisticsFilesCopies, 'statistics.filesCopies', screens.filesCopies, 'statistics.title'),
      page(ROUTES.videos, 'statistics.videos', screens.videos, 'statistics.title'),
      page(ROUTES.earnings, 'earnings', screens.earnings),
      page(ROUTES.gold, 'gold', screens.gold),
      page(ROUTES.sites, 'sites', sitesPage),
      page(ROUTES.referrals, 'referrals', referralsPage),
      page(ROUTES.buyers, 'buyers', buyersPage),
      page(ROUTES.rates, 'rates', ratesPage),
    ],
  },
];
