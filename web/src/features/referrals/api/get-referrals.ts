import type { z } from 'zod';
import { REFERRALS_PATHS } from '@pc/core/contracts/paths';
import { REFERRAL_SORT_KEYS } from '@pc/core/contracts/keys';
import type { ReferralsAnswer, referralsQuery } from '@pc/core/contracts/referrals';
import { readCall } from '../../../lib/read-call.ts';

export { REFERRAL_SORT_KEYS };

/** GET /api/referrals: the invited partners of a project (two levels), a page at a time and sorted, with the invite link. */
export type ReferralsParams = z.input<typeof referralsQuery>;
export const referrals = readCall<ReferralsAnswer, ReferralsParams>('referrals', REFERRALS_PATHS.list);
export const getReferrals = referrals.fetch;
export const referralsQueryOptions = referrals.options;
export const useReferrals = referrals.use;
