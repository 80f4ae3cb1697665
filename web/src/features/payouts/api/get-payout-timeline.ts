import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { PayoutTimelineAnswer } from '@pc/core/contracts/payouts';
import { http } from '../../../lib/http.ts';
import { SCREEN_READ_META } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** GET /api/payout/{id}/timeline: the request and every move it made, oldest first. */
export const getPayoutTimeline = (id: number, signal?: AbortSignal) =>
  http.get<PayoutTimelineAnswer>(PAYOUT_PATHS.payoutTimeline(id), { signal });

export const payoutTimelineQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [PAYOUTS_SCOPE, 'timeline', id] as const,
    queryFn: ({ signal }) => getPayoutTimeline(id, signal),
    meta: SCREEN_READ_META,
  });

export const usePayoutTimeline = (id: number | null) =>
  useQuery({ ...payoutTimelineQueryOptions(id ?? 0), enabled: id !== null });
