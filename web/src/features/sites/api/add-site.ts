import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SITES_PATHS } from '@pc/core/contracts/paths';
import type { SiteAddAnswer } from '@pc/core/contracts/sites';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { SITES_SCOPE } from './get-sites.ts';

/** POST /api/sites?app= {url}: a new, not yet verified site (422 on `url` when it cannot be added). */
export const addSite = (v: { app: ProjectId; url: string }) => http.post<SiteAddAnswer>(SITES_PATHS.sites, { url: v.url }, { query: { app: v.app } });

export function useAddSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSite,
    // Refusals land on the form's field; the rest on the form.
    meta: { handles: [400, 403, 404, 409, 422, 429] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SITES_SCOPE] }),
  });
}
