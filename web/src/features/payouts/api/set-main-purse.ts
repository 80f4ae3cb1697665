import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';
import { purseKeys, refreshQueries } from './keys.ts';

/** POST /api/purse/{id}/main: the wallet the quick request pays to. */
export const setMainPurse = (id: number) => http.post<unknown>(PAYOUT_PATHS.purseMain(id));

export function useSetMainPurse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMainPurse,
    meta: { handles: [400, 404, 409, 422] },
    onSettled: () => refreshQueries(queryClient, purseKeys),
  });
}
