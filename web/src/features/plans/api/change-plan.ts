import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { PlansWriteAnswer } from '@pc/core/contracts/plans';
import type { Plan } from '@pc/core/product';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { plansKey } from './keys.ts';

/** POST /api/rates?app= {plan}: the plan applying from the next day (once per the settings' number of days). */
export const changePlan = (app: ProjectId, plan: Plan) =>
  http.post<PlansWriteAnswer>(PLANS_PATHS.rates, { plan }, { query: { app } });

export function useChangePlan(app: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => changePlan(app, plan),
    // A refusal (too soon, with the date; the same plan) is shown on the page.
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: (answer) => {
      queryClient.setQueryData(plansKey(app), answer.data);
      // The get-started guide's "choose a plan" step is done now.
      return queryClient.invalidateQueries({ queryKey: ['start'] });
    },
  });
}
