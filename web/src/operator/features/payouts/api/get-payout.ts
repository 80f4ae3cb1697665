import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { queuePayoutAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

export type QueuePayoutAnswer = z.infer<typeof queuePayoutAnswer>;

/** GET /operator/v1/queue/payouts/{id}: a request, its history, the partner's recent requests, risk signals. */
export const getQueuePayout = (id: number, signal?: AbortSignal) => operatorHttp.get<QueuePayoutAnswer>(CONSOLE_PATHS.queuePayout(id), { signal });

export const queuePayoutQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PAYOUTS_SCOPE, 'request', id] as const, queryFn: ({ signal }) => getQueuePayout(id, signal), meta: SCREEN_READ_META });

export const useQueuePayout = (id: number) => useQuery(queuePayoutQueryOptions(id));
