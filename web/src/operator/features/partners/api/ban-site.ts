import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

/** POST /operator/v1/sites/{id}/ban (sites.ban) with a reason: the site's sales stop earning the site bonus. */
export const banSite = ({ id, reason }: { id: number; reason: string }) => operatorHttp.post<{ id: number; status: 'banned' }>(CONSOLE_PATHS.siteBan(id), { reason });

export function useBanSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: banSite, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
