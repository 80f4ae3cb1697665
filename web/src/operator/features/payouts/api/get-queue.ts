import type { z } from 'zod';
import type { QueuePayout, queuePayoutsAnswer } from '@pc/core/contracts/console';
import { readCall } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

export type QueueAnswer = z.infer<typeof queuePayoutsAnswer>;
export type { QueuePayout };

/** The queue's filters as the call takes them (`status` as `a,b`, amounts in micro-USD, instants in UTC). */
export interface QueueParams {
  status?: string;
  system?: string;
  amount_min?: number;
  amount_max?: number;
  created_after?: string;
  created_before?: string;
  partner?: string;
  batch_id?: number;
  sort: string;
  page: number;
  per_page: number;
}

/** GET /operator/v1/queue/payouts: one page of payout requests (payouts.read). */
export const queueCall = readCall<QueueAnswer, QueueParams>(PAYOUTS_SCOPE, CONSOLE_PATHS.queue, operatorHttp);
export const getQueue = queueCall.fetch;
export const queueQueryOptions = queueCall.options;
export const useQueue = queueCall.use;
