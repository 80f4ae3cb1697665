import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerSecondFactorResetAnswer } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

export type SecondFactorResetAnswer = z.infer<typeof partnerSecondFactorResetAnswer>;

/**
 * POST /operator/v1/partners/{id}/second-factor/reset (partners.block) with a reason: the partner's authenticator,
 * recovery codes and passkeys go and every session ends (`sessions_ended`). 409 when there is none to reset.
 */
export const resetSecondFactor = ({ id, reason }: { id: number; reason: string }) =>
  operatorHttp.post<SecondFactorResetAnswer>(CONSOLE_PATHS.partnerSecondFactorReset(id), { reason });

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetSecondFactor, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
