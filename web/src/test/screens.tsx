import { render } from '@testing-library/react';
import { App } from '../app/App.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createTestRouter } from '../app/router.tsx';
import { USER_QUERY_KEY, type CurrentUser } from '../lib/session.ts';
import { mockApi, type MockAnswer, type RecordedCall } from './utils.tsx';
import user from './fixtures/user.json';
import productSettings from './fixtures/product-settings.json';
import infoBlocks from './fixtures/info-blocks.json';
import earningsByDay from './fixtures/earnings-by-day.json';
import earningsByMonth from './fixtures/earnings-by-month.json';
import storagePeriod from './fixtures/storage-period.json';
import unlimitedHistory from './fixtures/unlimited-history.json';
import unusedFiles from './fixtures/unused-files.json';
import sourcesBase from './fixtures/sources-base.json';
import sourcesDetails from './fixtures/sources-details.json';
import sales from './fixtures/sales.json';
import files from './fixtures/files.json';
import filesCopies from './fixtures/files-copies.json';
import detailedToday from './fixtures/detailed-today.json';
import detailedBase from './fixtures/detailed-base.json';
import detailedCountries from './fixtures/detailed-countries.json';
import videosStat from './fixtures/videos-stat.json';
import videosToday from './fixtures/videos-today.json';
import earningsStat from './fixtures/earnings-stat.json';
import earningsToday from './fixtures/earnings-today.json';
import goldStatus from './fixtures/gold-status.json';
import settings from './fixtures/settings.json';
import sessions from './fixtures/sessions.json';
import securityInfo from './fixtures/security-info.json';
import purses from './fixtures/purses.json';
import payoutsInfo from './fixtures/payouts-info.json';
import payouts from './fixtures/payouts.json';
import payoutTimeline from './fixtures/payout-timeline.json';
import exchangeRates from './fixtures/exchange-rates.json';
import autoPayout from './fixtures/auto-payout.json';
import availableWithdrawal from './fixtures/available-withdrawal.json';
import holdInfo from './fixtures/hold-info.json';
import links from './fixtures/links.json';
import news from './fixtures/news.json';
import newsArticle from './fixtures/news-article.json';
import notifications from './fixtures/notifications.json';
import messagesUnread from './fixtures/messages-unread.json';
import startSteps from './fixtures/start.json';
import apiKey from './fixtures/api-key.json';
import postbacks from './fixtures/postbacks.json';
import alertSettings from './fixtures/alert-settings.json';
import plans from './fixtures/plans.json';
import plansScheduled from './fixtures/plans-scheduled.json';
import plansSimulation from './fixtures/plans-simulation.json';
import sites from './fixtures/sites.json';

/**
 * Answers of the real read calls, recorded from a running cabinet with the demo partner (e2e/record-fixtures.ts);
 * fixtures.test.ts holds each one against core's contract.
 */
export const fixtures = {
  user,
  productSettings,
  infoBlocks,
  earningsByDay,
  earningsByMonth,
  storagePeriod,
  unlimitedHistory,
  unusedFiles,
  sourcesBase,
  sourcesDetails,
  sales,
  files,
  filesCopies,
  detailedToday,
  detailedBase,
  detailedCountries,
  videosStat,
  videosToday,
  earningsStat,
  earningsToday,
  goldStatus,
  settings,
  sessions,
  securityInfo,
  purses,
  payoutsInfo,
  payouts,
  payoutTimeline,
  exchangeRates,
  autoPayout,
  availableWithdrawal,
  holdInfo,
  links,
  news,
  newsArticle,
  notifications,
  messagesUnread,
  startSteps,
  apiKey,
  postbacks,
  alertSettings,
  plans,
  plansScheduled,
  plansSimulation,
  sites,
};

type Handler = MockAnswer | ((call: RecordedCall) => MockAnswer | Promise<MockAnswer>);

export const recordedAnswers: Record<string, Handler> = {
  'GET /api/user': { body: user },
  'GET /api/product/settings': { body: productSettings },
  'GET /api/payouts/user/available-withdrawal': { body: availableWithdrawal },
  'GET /api/payouts/user/hold-info': { body: holdInfo },
  'GET /api/dashboard/info-blocks': { body: infoBlocks },
  'GET /api/dashboard/earnings-by-day': { body: earningsByDay },
  'GET /api/dashboard/earnings-by-month': { body: earningsByMonth },
  'GET /api/dashboard/storage-period': { body: storagePeriod },
  'GET /api/dashboard/unlimited-activation-history': { body: unlimitedHistory },
  'GET /api/dashboard/unused-files': { body: unusedFiles },
  'GET /api/statistics/sources/base': { body: sourcesBase },
  'GET /api/statistics/sources/details': { body: sourcesDetails },
  'GET /api/statistics/sales': { body: sales },
  'GET /api/statistics/files': { body: files },
  'GET /api/statistics/files-copies': { body: filesCopies },
  'GET /api/statistics/detailed/today': { body: detailedToday },
  'GET /api/statistics/detailed/base': { body: detailedBase },
  'GET /api/statistics/detailed/countries': { body: detailedCountries },
  'GET /api/videos/stat': { body: videosStat },
  'GET /api/videos/today': { body: videosToday },
  'GET /api/earnings/stat': { body: earningsStat },
  'GET /api/earnings/today': { body: earningsToday },
  'GET /api/earnings/gold-status': { body: goldStatus },
  'GET /api/settings': { body: settings },
  'GET /api/settings/sessions': { body: sessions },
  'GET /api/settings/second-factor': { body: { totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 }, passkeys: [] } },
  'GET /api/security/info/password': { body: securityInfo },
  'GET /api/purses': { body: purses },
  'GET /api/payouts/info': { body: payoutsInfo },
  'GET /api/payouts': { body: payouts },
  'GET /api/payout/51/timeline': { body: payoutTimeline },
  'GET /api/payouts/rates': { body: exchangeRates },
  'GET /api/payouts/auto': { body: autoPayout },
  'GET /api/links': { body: links },
  'GET /api/news': { body: news },
  'GET /api/news/14': { body: newsArticle },
  'GET /api/notifications': { body: notifications },
  'GET /api/messages/unread': { body: messagesUnread },
  'GET /api/start': { body: startSteps },
  'GET /api/api-key': { body: apiKey },
  'GET /api/postbacks': { body: postbacks },
  'GET /api/settings/notifications': { body: alertSettings },
  'GET /api/settings/business-details': { body: { name: '', address: '', tax_id: '', vat_number: '' } },
  'GET /api/rates': { body: plans },
  'GET /api/rates/simulation': { body: plansSimulation },
  'GET /api/sites': { body: sites },
};

/** The whole app at a signed-in route, the API answering with the recorded answers (some replaced). */
export function startScreen(path: string, overrides: Record<string, Handler> = {}, partner: CurrentUser = user as CurrentUser) {
  const api = mockApi({ ...recordedAnswers, 'GET /api/user': { body: partner }, ...overrides });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, partner);
  const router = createTestRouter([path]);
  render(<App queryClient={queryClient} router={router} />);
  const callsTo = (path: string) => api.calls.filter((c) => c.path === `/api${path}`);
  return { api, router, queryClient, callsTo };
}

export const serverError: MockAnswer = { status: 500, body: { code: 'internal', message: 'An error occurred. Try later.' } };
