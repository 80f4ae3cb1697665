import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { payoutKeys, refreshQueries } from './keys.ts';

/** DELETE /api/payout/{id}: the partner withdraws a request while it is still `created`. */
export const deletePayout = (id: number) => http.delete<unknown>(PAYOUT_PATHS.payoutDelete(id));

export function useDeletePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayout,
    // A request that has moved on meanwhile is refused (409/422): the screen says so and shows it as it is now.
    meta: { handles: [400, 404, 409, 422] },
    onSettled: () => refreshQueries(queryClient, payoutKeys),
  });
}
