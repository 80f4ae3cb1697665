/**
 * Who among the programme's staff may do what in the operator console and API (decision 0160). One table, one
 * row per permission, listing the roles that hold it: least privilege, so a role holds only what its daily work
 * needs. The server checks every /operator/v1 call against it (each route names its permission) and the console
 * hides what the signed-in member's role lacks (the "me" answer lists the role's permissions).
 */

export const STAFF_ROLES = ['admin', 'finance', 'support', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The closed list of console permissions. */
export const STAFF_PERMISSIONS = [
  'overview.read',
  'payouts.read',
  'payouts.move',
  'payouts.export',
  'payouts.approve',
  'wallets.read',
  'partners.read',
  'partners.block',
  'partners.sessions',
  'partners.view_as',
  'balance.read',
  'additional_income.write',
  'sites.ban',
  'content.write',
  'settings.read',
  'settings.write',
  'staff.manage',
  'tokens.manage',
  'audit.read',
  'flagged.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * The matrix. admin holds everything; finance runs the money (payouts, balances, additional income, the overview
 * and flagged sales) and reads partners and the product settings the payouts depend on; support looks after
 * partners (block, sessions, view-as, site bans) and reads money without moving it or seeing whole wallet
 * numbers; content publishes news and notifications only. The audit log is the administrators' (decision 0160).
 */
export const STAFF_ACCESS: Readonly<Record<StaffPermission, readonly StaffRole[]>> = {
  'overview.read': ['admin', 'finance'],
  'payouts.read': ['admin', 'finance', 'support'],
  'payouts.move': ['admin', 'finance'],
  'payouts.export': ['admin', 'finance'],
  'payouts.approve': ['admin', 'finance'],
  /** A payout's wallet with its secret details decrypted (a card's whole number). */
  'wallets.read': ['admin', 'finance'],
  'partners.read': ['admin', 'finance', 'support'],
  'partners.block': ['admin', 'support'],
  'partners.sessions': ['admin', 'support'],
  'partners.view_as': ['admin', 'support'],
  'balance.read': ['admin', 'finance', 'support'],
  'additional_income.write': ['admin', 'finance'],
  'sites.ban': ['admin', 'support'],
  'content.write': ['admin', 'content'],
  'settings.read': ['admin', 'finance'],
  'settings.write': ['admin'],
  'staff.manage': ['admin'],
  'tokens.manage': ['admin'],
  'audit.read': ['admin'],
  'flagged.read': ['admin', 'finance'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function isStaffPermission(value: unknown): value is StaffPermission {
  return typeof value === 'string' && (STAFF_PERMISSIONS as readonly string[]).includes(value);
}

/** Whether a role holds a permission. */
export function can(role: StaffRole, permission: StaffPermission): boolean {
  return STAFF_ACCESS[permission].includes(role);
}

/** Every permission a role holds, in the list's order (the "me" answer). */
export function permissionsOf(role: StaffRole): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((permission) => can(role, permission));
}

/**
 * Who opened a partner's read-only view: the server records them as `kind:id:name` (staff:1:Ada Admin, or the
 * legacy token's operator name alone); the name is what people read.
 */
export function viewerName(operatorView: string): string {
  return /^[a-z_]+:\d*:(.+)$/.exec(operatorView)?.[1] ?? operatorView;
}
