import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { OperatorTokenView, StaffMember, StaffRole } from '@pc/core';
import type { Db } from '../db/client.ts';
import { operatorTokens, staff, staffRecoveryCodes, staffSessions } from '../db/schema/index.ts';
import { isUniqueViolation, type Tx } from '../db/sql.ts';
import { AppError } from '../lib/errors.ts';
import { assertPasswordAcceptable, hashPassword } from '../lib/passwords.ts';
import { audit, type StaffActor } from './audit.ts';
import { NAMED_TOKEN_PREFIX, namedTokenHash } from './access.ts';
import { endAllStaffSessions, type StaffRow } from './staff-auth.ts';

/**
 * Staff accounts and named tokens as administrators manage them (decision 0160), for the API and the CLI alike.
 * Every change writes its audit row in its transaction; before/after hold what an administrator sees of a member
 * (never a password, its hash or an authenticator secret).
 */

type TokenRow = typeof operatorTokens.$inferSelect;

/** What the audit log and the staff list show of a member. */
function visible(m: StaffRow) {
  return {
    email: m.email,
    name: m.name,
    role: m.role,
    lang: m.lang,
    totp_confirmed: m.totpConfirmedAt !== null,
    disabled: m.disabledAt !== null,
  };
}

export function staffMemberView(m: StaffRow, lastSeenAt: Date | null): StaffMember {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    lang: (m.lang ?? null) as StaffMember['lang'],
    totp_confirmed: m.totpConfirmedAt !== null,
    disabled_at: m.disabledAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
    created_by: m.createdBy,
    last_seen_at: lastSeenAt?.toISOString() ?? null,
  };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ member: staff, lastSeenAt: sql<string | Date | null>`(select max(s.last_seen_at) from staff_sessions s where s.staff_id = ${staff.id})` })
    .from(staff)
    .orderBy(asc(staff.id));
  return rows.map((r) => staffMemberView(r.member, r.lastSeenAt === null ? null : new Date(r.lastSeenAt)));
}

/** A temporary password for a new member or a reset: 18 url-safe random characters (108 bits). */
export function temporaryPassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}

export async function createStaff(
  db: Db,
  actor: StaffActor,
  input: { email: string; name: string; role: StaffRole; lang?: string | null | undefined; password?: string | undefined },
  ip: string | null,
  now: Date,
): Promise<{ member: StaffMember; temporaryPassword: string | null }> {
  if (input.password !== undefined) assertPasswordAcceptable(input.password);
  const password = input.password ?? temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ email: input.email.toLowerCase(), name: input.name, role: input.role, lang: input.lang ?? null, passwordHash, createdAt: now, createdBy: actor.name })
        .returning();
      const member = row!;
      await audit(tx, actor, { action: 'staff.create', targetType: 'staff', targetId: member.id, before: null, after: visible(member) }, ip, now);
      return { member: staffMemberView(member, null), temporaryPassword: input.password === undefined ? password : null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', { key: 'operator:staff_email_taken' });
    throw error;
  }
}

/** Whether another enabled administrator than `id` exists (the last one may not be demoted or disabled). */
async function anotherAdmin(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt), ne(staff.id, id)))
    .limit(1);
  return Boolean(row);
}

export interface StaffChanges {
  name?: string | undefined;
  role?: StaffRole | undefined;
  lang?: string | null | undefined;
  password?: string | undefined;
  disabled?: boolean | undefined;
  reset_totp?: true | undefined;
}

/**
 * Changes a member. Disabling, a new password and an authenticator reset end the member's sessions (a reset
 * forgets the secret and the recovery codes: the next sign-in sets one up). The last enabled administrator can
 * be neither demoted nor disabled, so the console always has someone to manage it.
 */
export async function updateStaff(db: Db, actor: StaffActor, id: number, changes: StaffChanges, ip: string | null, now: Date): Promise<StaffMember> {
  if (changes.password !== undefined) assertPasswordAcceptable(changes.password);
  const passwordHash = changes.password !== undefined ? await hashPassword(changes.password) : undefined;
  return db.transaction(async (tx) => {
    // One administrator change at a time, so two cannot each leave the other as the last one and both go.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('staff-admins', 0))`);
    const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!current) throw new AppError('not_found', { key: 'operator:staff_not_found' });
    const losesAdmin = current.role === 'admin' && current.disabledAt === null && ((changes.role !== undefined && changes.role !== 'admin') || changes.disabled === true);
    if (losesAdmin && !(await anotherAdmin(tx, id))) throw new AppError('conflict', { key: 'operator:last_admin' });
    const set: Partial<typeof staff.$inferInsert> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.role !== undefined) set.role = changes.role;
    if (changes.lang !== undefined) set.lang = changes.lang;
    if (passwordHash !== undefined) set.passwordHash = passwordHash;
    if (changes.disabled !== undefined) set.disabledAt = changes.disabled ? (current.disabledAt ?? now) : null;
    if (changes.reset_totp) Object.assign(set, { totpSecret: null, totpConfirmedAt: null, totpLastStep: null });
    const [row] = await tx.update(staff).set(set).where(eq(staff.id, id)).returning();
    const updated = row!;
    if (changes.reset_totp) await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
    if (changes.disabled === true || changes.reset_totp || passwordHash !== undefined) await endAllStaffSessions(tx, id, now);
    const before: Record<string, unknown> = visible(current);
    const after: Record<string, unknown> = visible(updated);
    // Which of them changed, and that a password or authenticator was replaced (never what they are).
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    const beforeShown = Object.fromEntries(changed.map((k) => [k, before[k]]));
    const afterShown: Record<string, unknown> = Object.fromEntries(changed.map((k) => [k, after[k]]));
    if (passwordHash !== undefined) afterShown.password_replaced = true;
    if (changes.reset_totp) afterShown.totp_reset = true;
    await audit(tx, actor, { action: 'staff.update', targetType: 'staff', targetId: id, before: beforeShown, after: afterShown }, ip, now);
    const [seen] = await tx.select({ at: sql<string | Date | null>`max(${staffSessions.lastSeenAt})` }).from(staffSessions).where(eq(staffSessions.staffId, id));
    return staffMemberView(updated, seen?.at ? new Date(seen.at) : null);
  });
}

// ---- named tokens -------------------------------------------------------------------------------------------------

export function tokenView(t: TokenRow): OperatorTokenView {
  return {
    id: t.id,
    name: t.name,
    role: t.role,
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    revoked_at: t.revokedAt?.toISOString() ?? null,
  };
}

export async function listTokens(db: Db): Promise<OperatorTokenView[]> {
  return (await db.select().from(operatorTokens).orderBy(desc(operatorTokens.id))).map(tokenView);
}

/** A new named token: `pco_` and 32 random bytes, answered once; only its SHA-256 is kept. */
export async function createToken(db: Db, actor: StaffActor, input: { name: string; role: StaffRole }, ip: string | null, now: Date) {
  const secret = `${NAMED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operatorTokens)
      .values({ name: input.name, role: input.role, tokenHash: namedTokenHash(secret), createdBy: actor.name, createdAt: now })
      .returning();
    const token = row!;
    await audit(tx, actor, { action: 'token.create', targetType: 'token', targetId: token.id, before: null, after: { name: token.name, role: token.role } }, ip, now);
    return { token: tokenView(token), secret };
  });
}

/** Revokes a token for good (a revoked one stays listed). Revoking it again changes nothing and logs nothing. */
export async function revokeToken(db: Db, actor: StaffActor, id: number, ip: string | null, now: Date): Promise<OperatorTokenView> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(operatorTokens)
      .set({ revokedAt: now })
      .where(and(eq(operatorTokens.id, id), isNull(operatorTokens.revokedAt)))
      .returning();
    if (revoked) {
      await audit(tx, actor, { action: 'token.revoke', targetType: 'token', targetId: id, before: { revoked: false }, after: { revoked: true } }, ip, now);
      return tokenView(revoked);
    }
    const [existing] = await tx.select().from(operatorTokens).where(eq(operatorTokens.id, id));
    if (!existing) throw new AppError('not_found', { key: 'operator:token_not_found' });
    return tokenView(existing);
  });
}
