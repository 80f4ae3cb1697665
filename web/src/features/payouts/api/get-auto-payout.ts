import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { AutoPayoutAnswer } from '@pc/core/contracts/auto-payouts';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** GET /api/payouts/auto: the automatic payouts choice, the last attempt, the lowest threshold allowed (decision 0202). */
export const autoPayout = readCall<AutoPayoutAnswer>(PAYOUTS_SCOPE, PAYOUT_PATHS.autoPayout);
export const getAutoPayout = autoPayout.fetch;
export const useAutoPayout = () => autoPayout.use({});
