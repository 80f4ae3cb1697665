import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  detailedBaseAnswer,
  detailedCountriesAnswer,
  detailedTodayAnswer,
  filesAnswer,
  salesAnswer,
  sourcesBaseAnswer,
  sourcesDetailsAnswer,
  videosStatAnswer,
  videosTodayAnswer,
} from '@pc/core/contracts/statistics';
import { earningsStatAnswer, earningsTodayAnswer, goldStatusAnswer } from '@pc/core/contracts/earnings';
import {
  earningsByDayAnswer,
  earningsByMonthAnswer,
  infoBlocksAnswer,
  storagePeriodAnswer,
  unlimitedHistoryAnswer,
  unusedFilesAnswer,
} from '@pc/core/contracts/dashboard';
import { productSettingsAnswer } from '@pc/core/contracts/product';
import { userAnswer } from '@pc/core/contracts/auth';
import { sessionsAnswer, settingsAnswer } from '@pc/core/contracts/settings';
import { securityInfoAnswer } from '@pc/core/contracts/security';
import { payoutsAnswer, payoutsInfoAnswer, payoutTimelineAnswer, pursesAnswer } from '@pc/core/contracts/payouts';
import { exchangeRatesAnswer } from '@pc/core/contracts/exchange-rates';
import { autoPayoutAnswer } from '@pc/core/contracts/auto-payouts';
import { availableWithdrawalAnswer, holdInfoAnswer } from '@pc/core/contracts/balance';
import { linksAnswer } from '@pc/core/contracts/help-center';
import { newsAnswer, newsArticleAnswer, notificationsAnswer, unreadAnswer } from '@pc/core/contracts/messages';
import { startAnswer } from '@pc/core/contracts/start';
import { apiKeyStateAnswer } from '@pc/core/contracts/webmaster';
import { postbacksAnswer } from '@pc/core/contracts/postbacks';
import { alertSettingsAnswer } from '@pc/core/contracts/alerts';
import { plansAnswer, simulationAnswer } from '@pc/core/contracts/plans';
import { sitesAnswer } from '@pc/core/contracts/sites';
import { fixtures } from './screens.tsx';

const contracts: Record<keyof typeof fixtures, z.ZodType> = {
  user: userAnswer,
  productSettings: productSettingsAnswer,
  infoBlocks: infoBlocksAnswer,
  earningsByDay: earningsByDayAnswer,
  earningsByMonth: earningsByMonthAnswer,
  storagePeriod: storagePeriodAnswer,
  unlimitedHistory: unlimitedHistoryAnswer,
  unusedFiles: unusedFilesAnswer,
  sourcesBase: sourcesBaseAnswer,
  sourcesDetails: sourcesDetailsAnswer,
  sales: salesAnswer,
  files: filesAnswer,
  filesCopies: filesAnswer,
  detailedToday: detailedTodayAnswer,
  detailedBase: detailedBaseAnswer,
  detailedCountries: detailedCountriesAnswer,
  videosStat: videosStatAnswer,
  videosToday: videosTodayAnswer,
  earningsStat: earningsStatAnswer,
  earningsToday: earningsTodayAnswer,
  goldStatus: goldStatusAnswer,
  settings: settingsAnswer,
  sessions: sessionsAnswer,
  securityInfo: securityInfoAnswer,
  purses: pursesAnswer,
  payoutsInfo: payoutsInfoAnswer,
  payouts: payoutsAnswer,
  payoutTimeline: payoutTimelineAnswer,
  exchangeRates: exchangeRatesAnswer,
  autoPayout: autoPayoutAnswer,
  availableWithdrawal: availableWithdrawalAnswer,
  holdInfo: holdInfoAnswer,
  links: linksAnswer,
  news: newsAnswer,
  newsArticle: newsArticleAnswer,
  notifications: notificationsAnswer,
  messagesUnread: unreadAnswer,
  startSteps: startAnswer,
  apiKey: apiKeyStateAnswer,
  postbacks: postbacksAnswer,
  alertSettings: alertSettingsAnswer,
  plans: plansAnswer,
  plansScheduled: plansAnswer,
  plansSimulation: simulationAnswer,
  sites: sitesAnswer,
};

describe('recorded answers', () => {
  for (const [name, contract] of Object.entries(contracts)) {
    it(`${name} is an answer of today's contract`, () => {
      const result = contract.safeParse(fixtures[name as keyof typeof fixtures]);
      expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    });
  }
});
