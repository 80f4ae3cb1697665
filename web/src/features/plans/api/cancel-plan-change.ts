import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { PlansWriteAnswer } from '@pc/core/contracts/plans';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { plansKey } from './keys.ts';

/** DELETE /api/rates/next?app=: takes back the plan change that has not started yet; the plan in force stays. */
export const cancelPlanChange = (app: ProjectId) => http.delete<PlansWriteAnswer>(PLANS_PATHS.next, { query: { app } });

export function useCancelPlanChange(app: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelPlanChange(app),
    // A refusal (nothing scheduled any more, or its last minutes) is shown on the page.
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: (answer) => {
      queryClient.setQueryData(plansKey(app), answer.data);
      // The get-started guide's "choose a plan" step counts choices: this one is gone.
      return queryClient.invalidateQueries({ queryKey: ['start'] });
    },
  });
}
