import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { PursesAnswer } from '@pc/core/contracts/payouts';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** GET /api/purses: the partner's confirmed wallets (on hold or active) and those waiting for their e-mailed link. */
export const purses = readCall<PursesAnswer>(PAYOUTS_SCOPE, PAYOUT_PATHS.purses);
export const getPurses = purses.fetch;
export const pursesQueryOptions = purses.options;
export const usePurses = () => purses.use({});
