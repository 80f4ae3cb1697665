import { BALANCE_PATHS } from '@pc/core/contracts/paths';
import type { AvailableWithdrawalAnswer } from '@pc/core/contracts/balance';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** GET /api/payouts/user/available-withdrawal: available for payout, the balance, on hold and requests in progress. */
export const availableWithdrawal = readCall<AvailableWithdrawalAnswer>(
  PAYOUTS_SCOPE,
  BALANCE_PATHS.availableWithdrawal,
);
export const getAvailableWithdrawal = availableWithdrawal.fetch;
export const availableWithdrawalQueryOptions = availableWithdrawal.options;
export const useAvailableWithdrawal = () => availableWithdrawal.use({});
