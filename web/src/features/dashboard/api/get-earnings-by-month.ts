import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { EarningsByMonthAnswer } from '@pc/core/contracts/dashboard';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/dashboard/earnings-by-month: the last 12 months' earnings per project, files size and storage cost. */
export const earningsByMonth = readCall<EarningsByMonthAnswer>('dashboard', DASHBOARD_PATHS.earningsByMonth);
export const getEarningsByMonth = earningsByMonth.fetch;
export const earningsByMonthQueryOptions = earningsByMonth.options;
export const useEarningsByMonth = () => earningsByMonth.use({});
