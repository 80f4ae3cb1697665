import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { DetailedCountriesAnswer, detailedCountriesQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/detailed/countries: one day's figures per country group. */
export type DetailedCountriesParams = z.input<typeof detailedCountriesQuery>;
export const detailedCountries = readCall<DetailedCountriesAnswer, DetailedCountriesParams>(
  'statistics',
  STATISTICS_PATHS.detailedCountries,
);
export const getDetailedCountries = detailedCountries.fetch;
export const detailedCountriesQueryOptions = detailedCountries.options;
export const useDetailedCountries = detailedCountries.use;
