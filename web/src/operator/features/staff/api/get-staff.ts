import type { StaffMember } from '@pc/core/contracts/staff';
import { readCall } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { STAFF_SCOPE } from './keys.ts';

export interface StaffListAnswer {
  data: StaffMember[];
}

/** GET /operator/v1/staff: every staff member, disabled ones too (staff.manage). */
export const staffList = readCall<StaffListAnswer>(STAFF_SCOPE, CONSOLE_PATHS.staff, operatorHttp);
export const getStaff = staffList.fetch;
export const staffQueryOptions = staffList.options;
export const useStaff = () => staffList.use({});
