import type { z } from 'zod';
import { REFERRALS_PATHS } from '@pc/core/contracts/paths';
import type { ReferralsAnswer, referralsQuery } from '@pc/core/contracts/referrals';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/referrals: the invited partners of a project (two levels), a page at a time, with the invite link. */
export type ReferralsParams = z.input<typeof referralsQuery>;
export const referrals = readCall<ReferralsAnswer, ReferralsParams>('referrals', REFERRALS_PATHS.list);
export const getReferrals = referrals.fetch;
export const referralsQueryOptions = referrals.options;
export const useReferrals = referrals.use;
