import { BALANCE_PATHS } from '@pc/core/contracts/paths';
import type { HoldInfoAnswer } from '@pc/core/contracts/balance';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** GET /api/payouts/user/hold-info: the amount on hold, its hold period, its breakdown by source and when it is released. */
export const holdInfo = readCall<HoldInfoAnswer>(PAYOUTS_SCOPE, BALANCE_PATHS.holdInfo);
export const getHoldInfo = holdInfo.fetch;
export const holdInfoQueryOptions = holdInfo.options;
export const useHoldInfo = () => holdInfo.use({});
