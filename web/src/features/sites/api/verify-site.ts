import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SITES_PATHS } from '@pc/core/contracts/paths';
import type { SiteVerifyAnswer } from '@pc/core/contracts/sites';
import { http } from '../../../lib/http.ts';
import { SITES_SCOPE } from './get-sites.ts';

/**
 * POST /api/sites/{id}/verify: the server checks the site now (the file or the meta tag). A check that does not
 * verify is still a 200: the answer says why.
 */
export const verifySite = (id: number) => http.post<SiteVerifyAnswer>(SITES_PATHS.verify(id));

export function useVerifySite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySite,
    // A site gone or banned (404, 409) and too many checks (429) are shown beside the list.
    meta: { handles: [404, 409, 429] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SITES_SCOPE] }),
  });
}
