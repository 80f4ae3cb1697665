import { useQuery } from '@tanstack/react-query';
import type { OperatorTokenView, StaffMember } from '@pc/core/contracts/staff';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export interface AuditActor {
  kind: 'staff' | 'token';
  id: number;
  name: string;
}

/**
 * Who the log can be filtered by: the staff members (GET /operator/v1/staff) and the named tokens (GET
 * /operator/v1/tokens), each asked only when the member's role may list them.
 */
export async function getActors(mayList: { staff: boolean; tokens: boolean }): Promise<AuditActor[]> {
  const [staff, tokens] = await Promise.all([
    mayList.staff ? operatorHttp.get<{ data: StaffMember[] }>(CONSOLE_PATHS.staff) : { data: [] },
    mayList.tokens ? operatorHttp.get<{ data: OperatorTokenView[] }>(CONSOLE_PATHS.tokens) : { data: [] },
  ]);
  return [
    ...staff.data.map((m): AuditActor => ({ kind: 'staff', id: m.id, name: m.name })),
    ...tokens.data.map((tk): AuditActor => ({ kind: 'token', id: tk.id, name: tk.name })),
  ];
}

export function useActors(mayList: { staff: boolean; tokens: boolean }) {
  return useQuery({ queryKey: ['console-audit', 'actors', mayList], queryFn: () => getActors(mayList), meta: SCREEN_READ_META });
}
