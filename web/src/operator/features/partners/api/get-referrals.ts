import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerReferralsAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type ReferralsAnswer = z.infer<typeof partnerReferralsAnswer>;
export type ReferralRow = ReferralsAnswer['data'][number];

/** GET /operator/v1/partners/{id}/referrals: the partners they brought, of the first and second level (partners.read). */
export const getReferrals = (id: number, signal?: AbortSignal) => operatorHttp.get<ReferralsAnswer>(CONSOLE_PATHS.partnerReferrals(id), { signal });

export const referralsQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PARTNERS_SCOPE, 'referrals', id] as const, queryFn: ({ signal }) => getReferrals(id, signal), meta: SCREEN_READ_META });

export const useReferrals = (id: number, enabled = true) => useQuery({ ...referralsQueryOptions(id), enabled });
