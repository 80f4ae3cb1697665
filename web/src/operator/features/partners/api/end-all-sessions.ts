import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import type { SessionsEnded } from './end-session.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

/** DELETE /operator/v1/partners/{id}/sessions (partners.sessions): signs the partner out everywhere. */
export const endAllSessions = (id: number) => operatorHttp.delete<SessionsEnded>(CONSOLE_PATHS.partnerSessions(id));

export function useEndAllSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endAllSessions, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
