import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchView } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

export type { BatchView };

/** GET /operator/v1/queue/batches/{id}: an exported batch and its requests (payouts.read). */
export const getBatch = (id: number, signal?: AbortSignal) => operatorHttp.get<BatchView>(CONSOLE_PATHS.batch(id), { signal });

export const batchQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PAYOUTS_SCOPE, 'batch', id] as const, queryFn: ({ signal }) => getBatch(id, signal), meta: SCREEN_READ_META });

export const useBatch = (id: number) => useQuery(batchQueryOptions(id));
