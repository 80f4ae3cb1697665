import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerSessionsEndedAnswer } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

export type SessionsEnded = z.infer<typeof partnerSessionsEndedAnswer>;

/** DELETE /operator/v1/partners/{id}/sessions/{sid} (partners.sessions): signs that one session out. */
export const endSession = ({ id, sid }: { id: number; sid: string }) => operatorHttp.delete<SessionsEnded>(CONSOLE_PATHS.partnerSession(id, sid));

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
