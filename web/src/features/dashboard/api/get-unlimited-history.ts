import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { UnlimitedHistoryAnswer } from '@pc/core/contracts/dashboard';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/dashboard/unlimited-activation-history: every unlimited-status period, newest first. */
export const unlimitedHistory = readCall<UnlimitedHistoryAnswer>(
  'dashboard',
  DASHBOARD_PATHS.unlimitedActivationHistory,
);
export const getUnlimitedHistory = unlimitedHistory.fetch;
export const unlimitedHistoryQueryOptions = unlimitedHistory.options;
export const useUnlimitedHistory = () => unlimitedHistory.use({});
