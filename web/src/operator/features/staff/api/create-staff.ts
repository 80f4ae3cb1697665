import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '@pc/core/contracts/staff';
import type { StaffRole } from '@pc/core/rules/staff-access';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { refreshStaff } from './keys.ts';

export interface CreateStaffBody {
  email: string;
  name: string;
  role: StaffRole;
  /** A temporary password; left out, the server makes one up and answers it once. */
  password?: string;
}

export interface CreateStaffAnswer {
  member: StaffMember;
  temporary_password: string | null;
}

/** POST /operator/v1/staff: a new member, who sets up their authenticator at their first sign-in. */
export const createStaff = (body: CreateStaffBody) => operatorHttp.post<CreateStaffAnswer>(CONSOLE_PATHS.staff, { ...body });

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    // A taken e-mail (409) and field refusals land on the form.
    meta: { handles: [400, 403, 409, 422] },
    onSuccess: () => refreshStaff(queryClient),
  });
}
