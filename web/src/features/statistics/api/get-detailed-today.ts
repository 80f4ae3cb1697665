import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { DetailedTodayAnswer, detailedTodayQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/detailed/today: today's detailed figures; with `sub_id`, the tag's (decision 0206). */
export type DetailedTodayParams = z.input<typeof detailedTodayQuery>;
export const detailedToday = readCall<DetailedTodayAnswer, DetailedTodayParams>(
  'statistics',
  STATISTICS_PATHS.detailedToday,
);
export const getDetailedToday = detailedToday.fetch;
export const detailedTodayQueryOptions = detailedToday.options;
export const useDetailedToday = detailedToday.use;
