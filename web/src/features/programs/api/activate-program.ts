import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { currentUserQuery } from '../../../lib/session.ts';

export interface ActivateProgramAnswer {
  success: boolean;
  message: string;
  user_id: number;
}

export const activateProgram = (pid: ProjectId) =>
  http.post<ActivateProgramAnswer>(AUTH_PATHS.activateProgram, { pid });

/** POST /api/activate-program {pid}; the user is reloaded so that app_users_id shows the new programme. */
export function useActivateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateProgram,
    // Refusals (400, 409, 422) show the Error dialog (docs/product.md#dialogs-and-messages) here; 401/5xx stay with the call layer.
    meta: { handles: [400, 403, 404, 409, 422] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
