import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerBlockAnswer } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

export type BlockAnswer = z.infer<typeof partnerBlockAnswer>;

/**
 * POST /operator/v1/partners/{id}/block or …/unblock (partners.block) with a reason; blocking ends every session of
 * the partner (`sessions_ended`). 409 when the partner already is so.
 */
export const blockPartner = ({ id, unblock, reason }: { id: number; unblock: boolean; reason: string }) =>
  operatorHttp.post<BlockAnswer>(CONSOLE_PATHS.partnerBlock(id, unblock), { reason });

export function useBlockPartner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockPartner, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
