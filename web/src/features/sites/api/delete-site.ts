import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SITES_PATHS } from '@pc/core/contracts/paths';
import type { SiteDeleteAnswer } from '@pc/core/contracts/sites';
import { http } from '../../../lib/http.ts';
import { SITES_SCOPE } from './get-sites.ts';

/** DELETE /api/sites/{id}: the site leaves the list and stops earning (a banned one is refused, 409). */
export const deleteSite = (id: number) => http.delete<SiteDeleteAnswer>(SITES_PATHS.site(id));

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    meta: { handles: [404, 409] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SITES_SCOPE] }),
  });
}
