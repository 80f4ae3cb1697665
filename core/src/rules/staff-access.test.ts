import { describe, expect, it } from 'vitest';
import { can, isStaffPermission, isStaffRole, permissionsOf, STAFF_ACCESS, STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from './staff-access.ts';

/**
 * The whole matrix, written out once more by hand: a change to the table must change this test too, so a
 * permission never moves to a role by accident. Columns: admin, finance, support, content.
 */
const MATRIX: Record<StaffPermission, [admin: boolean, finance: boolean, support: boolean, content: boolean]> = {
  'overview.read': [true, true, false, false],
  'payouts.read': [true, true, true, false],
  'payouts.move': [true, true, false, false],
  'payouts.export': [true, true, false, false],
  'payouts.approve': [true, true, false, false],
  'wallets.read': [true, true, false, false],
  'partners.read': [true, true, true, false],
  'partners.block': [true, false, true, false],
  'partners.sessions': [true, false, true, false],
  'partners.view_as': [true, false, true, false],
  'balance.read': [true, true, true, false],
  'additional_income.write': [true, true, false, false],
  'sites.ban': [true, false, true, false],
  'content.write': [true, false, false, true],
  'settings.read': [true, true, false, false],
  'settings.write': [true, false, false, false],
  'staff.manage': [true, false, false, false],
  'tokens.manage': [true, false, false, false],
  'audit.read': [true, false, false, false],
  'flagged.read': [true, true, false, false],
};

describe('staff access matrix', () => {
  it('covers exactly the closed list of permissions', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...STAFF_PERMISSIONS].sort());
    expect(Object.keys(STAFF_ACCESS).sort()).toEqual([...STAFF_PERMISSIONS].sort());
  });

  const cases = STAFF_PERMISSIONS.flatMap((permission) => STAFF_ROLES.map((role, i) => ({ permission, role, allowed: MATRIX[permission][i]! })));
  it.each(cases)('$role $permission → $allowed', ({ role, permission, allowed }) => {
    expect(can(role, permission)).toBe(allowed);
  });

  it('admin holds everything; content only publishes', () => {
    expect(permissionsOf('admin')).toEqual([...STAFF_PERMISSIONS]);
    expect(permissionsOf('content')).toEqual(['content.write']);
  });

  it('finance moves money but does not manage partners; support manages partners but moves no money', () => {
    const finance = new Set<StaffPermission>(permissionsOf('finance'));
    const support = new Set<StaffPermission>(permissionsOf('support'));
    for (const p of ['payouts.move', 'payouts.approve', 'additional_income.write', 'wallets.read'] as const) {
      expect(finance.has(p)).toBe(true);
      expect(support.has(p)).toBe(false);
    }
    for (const p of ['partners.block', 'partners.sessions', 'partners.view_as', 'sites.ban'] as const) {
      expect(support.has(p)).toBe(true);
      expect(finance.has(p)).toBe(false);
    }
  });

  it('only an administrator manages staff, tokens and settings', () => {
    for (const p of ['staff.manage', 'tokens.manage', 'settings.write', 'audit.read'] as const)
      expect(STAFF_ROLES.filter((r: StaffRole) => can(r, p))).toEqual(['admin']);
  });

  it('recognizes roles and permissions', () => {
    expect(isStaffRole('finance')).toBe(true);
    expect(isStaffRole('root')).toBe(false);
    expect(isStaffPermission('payouts.move')).toBe(true);
    expect(isStaffPermission('payouts.delete')).toBe(false);
  });
});
