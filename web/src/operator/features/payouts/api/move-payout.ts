import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QueuePayout, queueMoveBody } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPayouts } from './keys.ts';

export type PayoutMove = z.infer<typeof queueMoveBody>;

/** POST /operator/v1/queue/payouts/{id}/status (payouts.move); 409 with `reason` when four eyes or the move refuse. */
export const movePayout = ({ id, move }: { id: number; move: PayoutMove }) => operatorHttp.post<QueuePayout>(CONSOLE_PATHS.queueMove(id), { ...move });

export function useMovePayout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: movePayout, meta: CHANGE_META, onSettled: () => refreshPayouts(queryClient) });
}
