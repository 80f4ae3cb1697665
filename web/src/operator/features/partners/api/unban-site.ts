import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

/** POST /operator/v1/sites/{id}/unban (sites.ban) with a reason: the site goes back to not verified (the partner proves it again). */
export const unbanSite = ({ id, reason }: { id: number; reason: string }) => operatorHttp.post<{ id: number; status: 'not_verified' }>(CONSOLE_PATHS.siteUnban(id), { reason });

export function useUnbanSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unbanSite, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
