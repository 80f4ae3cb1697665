import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueuePayout } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPayouts } from './keys.ts';

/** POST /operator/v1/queue/payouts/{id}/approve (payouts.approve): the second pair of eyes. */
export const approvePayout = (id: number) => operatorHttp.post<QueuePayout>(CONSOLE_PATHS.queueApprove(id), {});

export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approvePayout, meta: CHANGE_META, onSettled: () => refreshPayouts(queryClient) });
}
