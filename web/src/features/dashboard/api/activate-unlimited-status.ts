import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { ProjectId } from '@pc/core/projects';
import type { ActivateUnlimitedAnswer } from '@pc/core/contracts/unlimited';
import { http } from '../../../lib/http.ts';


/** POST /api/dashboard/activate-unlimited-status {app, months}: the automatic status when earned, else a trial. */
export const activateUnlimitedStatus = (body: { app: ProjectId; months: number }) =>
  http.post<ActivateUnlimitedAnswer>(DASHBOARD_PATHS.activateUnlimitedStatus, body);

export function useActivateUnlimitedStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateUnlimitedStatus,
    // A refusal (409: already unlimited, trial months used) is shown in the dialog itself.
    meta: { handles: [400, 409, 422] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
