import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '@pc/core/contracts/staff';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { refreshStaff } from './keys.ts';

/** What one change sets: a role, disabled (true ends their sessions) or enabled, or a reset of the authenticator. */
export type StaffChange = { role: StaffRole } | { disabled: boolean } | { reset_totp: true };

/** PATCH /operator/v1/staff/{id}: changes a member; the answer is the member as now. */
export const updateStaff = ({ id, change }: { id: number; change: StaffChange }) =>
  operatorHttp.patch<StaffMember>(CONSOLE_PATHS.staffMember(id), { ...change });

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    // The last administrator kept (409), a member gone meanwhile (404): the screen says so.
    meta: { handles: [400, 403, 404, 409, 422] },
    onSettled: () => refreshStaff(queryClient),
  });
}
