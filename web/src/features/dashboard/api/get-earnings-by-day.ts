import type { z } from 'zod';
import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { EarningsByDayAnswer, earningsByDayQuery } from '@pc/core/contracts/dashboard';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/dashboard/earnings-by-day: earnings per day and project in a range. */
export type EarningsByDayParams = z.input<typeof earningsByDayQuery>;
export const earningsByDay = readCall<EarningsByDayAnswer, EarningsByDayParams>(
  'dashboard',
  DASHBOARD_PATHS.earningsByDay,
);
export const getEarningsByDay = earningsByDay.fetch;
export const earningsByDayQueryOptions = earningsByDay.options;
export const useEarningsByDay = earningsByDay.use;
