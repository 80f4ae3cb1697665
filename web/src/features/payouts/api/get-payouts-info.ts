import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { PayoutsInfoAnswer } from '@pc/core/contracts/payouts';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/**
 * GET /api/payouts/info: the payout systems (fee, minimum, the add form's fields in order), which of them take new
 * wallets now, card and bank currencies, the Turkish bank list, the wallet waiting period and processing days.
 */
export const payoutsInfo = readCall<PayoutsInfoAnswer>(PAYOUTS_SCOPE, PAYOUT_PATHS.info);
export const getPayoutsInfo = payoutsInfo.fetch;
export const payoutsInfoQueryOptions = payoutsInfo.options;
export const usePayoutsInfo = () => payoutsInfo.use({});
