import type { AuditRow, OperatorTokenView, StaffMe, StaffMember } from '@pc/core/contracts/staff';
import { permissionsOf, type StaffRole } from '@pc/core/rules/staff-access';

/** Answers of the operator API for the console's component tests; console-fixtures.test.ts holds them against core's contract. */
export const meAs = (role: StaffRole, over: Partial<StaffMe> = {}): StaffMe => ({
  id: 1,
  email: 'ada@staff.test',
  name: 'Ada Admin',
  role,
  lang: 'en',
  permissions: permissionsOf(role),
  ...over,
});

export const staffMembers: StaffMember[] = [
  {
    id: 1,
    email: 'ada@staff.test',
    name: 'Ada Admin',
    role: 'admin',
    lang: 'en',
    totp_confirmed: true,
    disabled_at: null,
    created_at: '2026-11-01T09:00:00.000Z',
    created_by: 'cli:ops',
    last_seen_at: '2026-11-27T10:15:00.000Z',
  },
  {
    id: 2,
    email: 'fin@staff.test',
    name: 'Fiona Finance',
    role: 'finance',
    lang: 'ru',
    totp_confirmed: false,
    disabled_at: null,
    created_at: '2026-11-20T12:00:00.000Z',
    created_by: 'Ada Admin',
    last_seen_at: null,
  },
  {
    id: 3,
    email: 'old@staff.test',
    name: 'Oleg Old',
    role: 'support',
    lang: null,
    totp_confirmed: true,
    disabled_at: '2026-11-25T08:00:00.000Z',
    created_at: '2026-10-01T12:00:00.000Z',
    created_by: 'Ada Admin',
    last_seen_at: '2026-11-24T17:40:00.000Z',
  },
];

export const tokens: OperatorTokenView[] = [
  { id: 4, name: 'payout-robot', role: 'finance', created_by: 'Ada Admin', created_at: '2026-11-10T10:00:00.000Z', last_used_at: '2026-11-27T06:00:00.000Z', revoked_at: null },
  { id: 5, name: 'old-export', role: 'admin', created_by: 'Ada Admin', created_at: '2026-09-01T10:00:00.000Z', last_used_at: null, revoked_at: '2026-10-01T10:00:00.000Z' },
];

export const auditRows: AuditRow[] = [
  {
    id: 12,
    at: '2026-11-27T10:20:00.000Z',
    actor: { kind: 'staff', id: 1, name: 'Ada Admin' },
    role: 'admin',
    action: 'staff.update',
    target: { type: 'staff', id: '2' },
    before: { role: 'support' },
    after: { role: 'finance' },
    ip: '203.0.113.7',
  },
  {
    id: 11,
    at: '2026-11-27T09:00:00.000Z',
    actor: { kind: 'token', id: 4, name: 'payout-robot' },
    role: 'finance',
    action: 'payout.status',
    target: { type: 'payout', id: '42' },
    before: { status: 'created' },
    after: { status: 'review' },
    ip: '198.51.100.2',
  },
  {
    id: 10,
    at: '2026-11-26T18:00:00.000Z',
    actor: { kind: 'staff', id: 1, name: 'Ada Admin' },
    role: 'admin',
    action: 'session.sign_in',
    target: { type: 'staff', id: '1' },
    before: null,
    after: null,
    ip: '203.0.113.7',
  },
];

export const auditPage = { data: auditRows, meta: { page: 1, per_page: 50, total: 3 } };
