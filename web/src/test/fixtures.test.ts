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
};

describe('recorded answers', () => {
  for (const [name, contract] of Object.entries(contracts)) {
    it(`${name} is an answer of today's contract`, () => {
      const result = contract.safeParse(fixtures[name as keyof typeof fixtures]);
      expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    });
  }
});
