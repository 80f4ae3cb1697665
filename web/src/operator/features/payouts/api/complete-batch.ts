import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchView } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPayouts } from './keys.ts';

/** POST /operator/v1/queue/batches/{id}/complete (payouts.move): all or nothing; 409 names each item that cannot. */
export const completeBatch = (id: number) => operatorHttp.post<BatchView>(CONSOLE_PATHS.batchComplete(id), {});

export function useCompleteBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeBatch, meta: CHANGE_META, onSettled: () => refreshPayouts(queryClient) });
}
