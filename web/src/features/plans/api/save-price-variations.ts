import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { PlansWriteAnswer } from '@pc/core/contracts/plans';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { plansKey } from './keys.ts';

/** POST /api/rates/price-variations?app=: the ids picked from the project's list (sent comma-separated). */
export const savePriceVariations = (app: ProjectId, selected: readonly string[]) =>
  http.post<PlansWriteAnswer>(PLANS_PATHS.priceVariations, { selected: selected.join(',') }, { query: { app } });

export function useSavePriceVariations(app: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selected: readonly string[]) => savePriceVariations(app, selected),
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: (answer) => queryClient.setQueryData(plansKey(app), answer.data),
  });
}
