import type { AuditRow, StaffActorKind } from '@pc/core/contracts/staff';
import { readCall } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';

export const AUDIT_SCOPE = 'console-audit';

/** The log's filters as the calls take them; `from` and `to` are UTC days (a day as `to` means its end). */
export interface AuditFilters {
  staff_id?: number;
  token_id?: number;
  actor_kind?: StaffActorKind;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

export interface AuditAnswer {
  data: AuditRow[];
  meta: { page: number; per_page: number; total: number };
}

/** GET /operator/v1/audit: one page of the audit log, newest first (audit.read). */
export const auditLog = readCall<AuditAnswer, AuditFilters & { page: number; per_page: number }>(AUDIT_SCOPE, CONSOLE_PATHS.audit, operatorHttp);
export const getAudit = auditLog.fetch;
export const auditQueryOptions = auditLog.options;
export const useAudit = auditLog.use;
