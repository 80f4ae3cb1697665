import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { purseKeys, refreshQueries } from './keys.ts';

/** DELETE /api/purse/{id}: removes a wallet (the main one is refused). */
export const deletePurse = (id: number) => http.delete<unknown>(PAYOUT_PATHS.purseDelete(id));

export function useDeletePurse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePurse,
    // A refusal (the main wallet, one already gone) is shown by the screen; 403 stays with the security check.
    meta: { handles: [400, 404, 409, 422] },
    onSettled: () => refreshQueries(queryClient, purseKeys),
  });
}
