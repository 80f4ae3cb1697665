import type { z } from 'zod';
import { EARNINGS_PATHS } from '@pc/core/contracts/paths';
import type { EarningsTodayAnswer, earningsTodayQuery } from '@pc/core/contracts/earnings';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/earnings/today: today's earnings of a project. */
export type EarningsTodayParams = z.input<typeof earningsTodayQuery>;
export const earningsToday = readCall<EarningsTodayAnswer, EarningsTodayParams>(
  'earnings',
  EARNINGS_PATHS.today,
);
export const getEarningsToday = earningsToday.fetch;
export const earningsTodayQueryOptions = earningsToday.options;
export const useEarningsToday = earningsToday.use;
