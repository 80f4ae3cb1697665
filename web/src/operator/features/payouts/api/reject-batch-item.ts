import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchView } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPayouts } from './keys.ts';

/** POST /operator/v1/queue/batches/{id}/items/{payoutId}/reject (payouts.move): the money goes back to the balance. */
export const rejectBatchItem = ({ batchId, payoutId, reason }: { batchId: number; payoutId: number; reason: string }) =>
  operatorHttp.post<BatchView>(CONSOLE_PATHS.batchReject(batchId, payoutId), { reason });

export function useRejectBatchItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectBatchItem, meta: CHANGE_META, onSettled: () => refreshPayouts(queryClient) });
}
