import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { staff, staffRecoveryCodes, staffSessions, staffSignInFailures } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../lib/passwords.ts';
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, openTotpSecret, recoveryCodeHash, sealTotpSecret, totpSetup } from './totp.ts';

/**
 * Staff sign-in and console sessions (decision 0160): e-mail and password open a first-stage session, which the
 * authenticator's code (or a recovery code) makes full; the first time, the authenticator is set up instead.
 * Sessions live in the database (only the cookie's hash), so idle expiry, sign-out and a disabled account hold
 * on every process at once.
 */
export const STAFF_COOKIE = 'pc_staff';
/** How long the step between the password and the code may take. */
export const STAFF_SECOND_STEP_MS = 10 * 60 * 1000;
/** The longest a console session lasts however busy it is: a working day, then the password and code again. */
export const STAFF_SESSION_MAX_MS = 12 * 3600 * 1000;

/**
 * The lockout, on the failures of the last STAFF_FAILURE_WINDOW_MS: at STAFF_ACCOUNT_FAILURE_LIMIT for one e-mail
 * address (wrong passwords and wrong codes together; an unknown address counts the same, so the lock does not
 * tell whether an account exists) or STAFF_IP_FAILURE_LIMIT from one client address, every sign-in step of that
 * account or address answers 429 with Retry-After until the window has passed. Partners' sign-in blocks the
 * account until an e-mailed link (auth/service.ts); staff have an administrator instead, so the lock is a pause.
 */
export const STAFF_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const STAFF_ACCOUNT_FAILURE_LIMIT = 5;
export const STAFF_IP_FAILURE_LIMIT = 20;

export type StaffRow = typeof staff.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export const hashSessionToken = (token: string): Buffer => createHash('sha256').update(token).digest();

// ---- lockout ----------------------------------------------------------------------------------------------------

function locked(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'rate_limited',
    { key: 'operator:sign_in_locked', params: { count: Math.ceil(seconds / 60) } },
    undefined,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Counts an attempt before the secret is checked (a failure row, taken back when the secret is right): parallel
 * guesses each take a place first, so they cannot slip past the limit together. Throws 429 at the limit.
 */
async function reserveAttempt(db: Db, email: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - STAFF_FAILURE_WINDOW_MS);
  const [row] = await db.insert(staffSignInFailures).values({ email, ip, at: now }).returning({ id: staffSignInFailures.id });
  const id = row!.id;
  const [byEmail] = await db
    .select({ n: count(), latest: sql<string>`max(${staffSignInFailures.at})` })
    .from(staffSignInFailures)
    .where(and(eq(staffSignInFailures.email, email), gt(staffSignInFailures.at, since), lt(staffSignInFailures.id, id)));
  const [byIp] = await db
    .select({ n: count(), latest: sql<string>`max(${staffSignInFailures.at})` })
    .from(staffSignInFailures)
    .where(and(eq(staffSignInFailures.ip, ip), gt(staffSignInFailures.at, since), lt(staffSignInFailures.id, id)));
  const over = [byEmail!.n >= STAFF_ACCOUNT_FAILURE_LIMIT ? byEmail : null, byIp!.n >= STAFF_IP_FAILURE_LIMIT ? byIp : null].filter((x) => x !== null);
  if (over.length) {
    // A refused attempt is no guess: it is not counted, so the pause ends a window after the last real failure.
    await db.delete(staffSignInFailures).where(eq(staffSignInFailures.id, id));
    const latest = Math.max(...over.map((o) => new Date(o!.latest).getTime()));
    throw locked(latest + STAFF_FAILURE_WINDOW_MS - now.getTime());
  }
  return id;
}

/** A right secret takes its attempt back. */
async function takeBack(db: Tx, attempt: number) {
  await db.delete(staffSignInFailures).where(eq(staffSignInFailures.id, attempt));
}

/** Signed in fully: the account's count starts again (the address keeps its count; it may be guessing others). */
async function clearFailures(db: Tx, email: string, now: Date) {
  await db.delete(staffSignInFailures).where(or(eq(staffSignInFailures.email, email), lt(staffSignInFailures.at, new Date(now.getTime() - STAFF_FAILURE_WINDOW_MS))));
}

// ---- sessions ---------------------------------------------------------------------------------------------------

/** A new session of a stage: answers the cookie's value (32 random bytes); only its hash is stored. */
export async function startStaffSession(db: Tx, staffId: number, stage: StaffSessionRow['stage'], now: Date, meta: { ip: string; userAgent: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    tokenHash: hashSessionToken(token),
    staffId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return token;
}

export async function endStaffSession(db: Tx, token: string, now: Date): Promise<StaffSessionRow | null> {
  const [ended] = await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(eq(staffSessions.tokenHash, hashSessionToken(token)), isNull(staffSessions.endedAt)))
    .returning();
  return ended ?? null;
}

/** Ends every open session of a member (disabled, authenticator reset, new password). */
export async function endAllStaffSessions(db: Tx, staffId: number, now: Date) {
  await db.update(staffSessions).set({ endedAt: now }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
}

export type SessionLookup =
  | { ok: true; session: StaffSessionRow; member: StaffRow }
  | { ok: false; reason: 'unknown' | 'disabled' | 'idle' | 'expired' | 'stage' };

/**
 * The open session behind a cookie, if it still signs its member in at `now`: a full session unused for less
 * than the idle time and younger than STAFF_SESSION_MAX_MS (`stage: 'full'`), or a first-stage session younger
 * than STAFF_SECOND_STEP_MS (`stage: 'password_ok'`), of a member not disabled. A full session's use is recorded
 * (last_seen_at); one that ran out is ended.
 */
export async function lookUpStaffSession(
  db: Db,
  token: string,
  stage: StaffSessionRow['stage'],
  now: Date,
  idleMs: number,
): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashSessionToken(token)), isNull(staffSessions.endedAt)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  const { session, member } = row;
  const end = async () => {
    await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, session.id));
  };
  if (member.disabledAt) {
    await end();
    return { ok: false, reason: 'disabled' };
  }
  if (session.stage !== stage) return { ok: false, reason: 'stage' };
  const t = now.getTime();
  if (stage === 'password_ok') {
    if (t - session.createdAt.getTime() > STAFF_SECOND_STEP_MS) {
      await end();
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, session, member };
  }
  if (t - session.lastSeenAt.getTime() > idleMs) {
    await end();
    return { ok: false, reason: 'idle' };
  }
  if (t - session.createdAt.getTime() > STAFF_SESSION_MAX_MS) {
    await end();
    return { ok: false, reason: 'expired' };
  }
  if (t > session.lastSeenAt.getTime()) await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id));
  return { ok: true, session: { ...session, lastSeenAt: now }, member };
}

// ---- the sign-in steps --------------------------------------------------------------------------------------------

const wrongCredentials = () => new AppError('unauthorized', { key: 'operator:wrong_credentials' }, undefined, { reason: 'wrong_credentials' });
const wrongCode = (field: 'code' | 'recovery_code') => fieldError(field, 'operator:wrong_code');

export async function findStaffByEmail(db: Pick<Tx, 'select'>, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export type PasswordStep = { member: StaffRow; setup: { otpauth_url: string; qr_svg: string; secret: string } | null };

/**
 * Step 1: e-mail and password. A wrong password, an unknown address and a disabled account all answer the same
 * 401 after the same work. Right: the member, and for one without a confirmed authenticator the secret to set up
 * (kept until confirmed, so signing in again shows the same one).
 */
export async function checkStaffPassword(db: Db, config: Config, input: { email: string; password: string; ip: string }, now: Date): Promise<PasswordStep> {
  const email = input.email.toLowerCase();
  const attempt = await reserveAttempt(db, email, input.ip, now);
  const member = await findStaffByEmail(db, email);
  if (!member) {
    await verifyAgainstDummy(input.password);
    throw wrongCredentials();
  }
  if (!(await verifyPassword(member.passwordHash, input.password)) || member.disabledAt) throw wrongCredentials();
  await takeBack(db, attempt);
  if (member.totpConfirmedAt) return { member, setup: null };
  let secret: string | null = null;
  if (member.totpSecret) {
    try {
      secret = openTotpSecret(config, member.id, member.totpSecret);
    } catch {
      secret = null;
    }
  }
  if (!secret) {
    secret = newTotpSecret();
    await db.update(staff).set({ totpSecret: sealTotpSecret(config, member.id, secret) }).where(eq(staff.id, member.id));
  }
  return { member, setup: await totpSetup(secret, member.email) };
}

/** The member's authenticator secret, or a 409 when it cannot be read (an administrator must reset it). */
function readSecret(config: Config, member: StaffRow): string {
  try {
    if (member.totpSecret) return openTotpSecret(config, member.id, member.totpSecret);
  } catch {
    // falls through
  }
  throw new AppError('conflict', { key: 'operator:totp_unreadable' });
}

/**
 * Step 2, first time: the first code from the newly added authenticator confirms it, and the ten recovery codes
 * are made (their hashes replace any earlier ones). `then` runs in the same transaction (the session's promotion
 * and its audit row). Answers the codes, shown once, and what `then` answered.
 */
export async function confirmTotp<T>(
  db: Db,
  config: Config,
  input: { member: StaffRow; code: string; ip: string },
  now: Date,
  then: (tx: Tx) => Promise<T>,
): Promise<{ codes: string[]; then: T }> {
  const { member } = input;
  if (member.totpConfirmedAt) throw new AppError('conflict', { key: 'operator:totp_already_set_up' });
  const attempt = await reserveAttempt(db, member.email, input.ip, now);
  const step = await acceptedTotpStep(readSecret(config, member), input.code, now, null);
  if (step === null) throw wrongCode('code');
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(staff)
      .set({ totpConfirmedAt: now, totpLastStep: step })
      .where(and(eq(staff.id, member.id), isNull(staff.totpConfirmedAt), eq(staff.totpSecret, member.totpSecret!)))
      .returning({ id: staff.id });
    if (!confirmed.length) throw new AppError('conflict', { key: 'operator:totp_already_set_up' });
    const codes = newRecoveryCodes();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId: member.id, codeHash: recoveryCodeHash(code) })));
    await takeBack(tx, attempt);
    await clearFailures(tx, member.email, now);
    return { codes, then: await then(tx) };
  });
}

/**
 * Step 2: the authenticator's code (each time step accepted once) or an unused recovery code (used up). `then`
 * runs in the same transaction. Answers how the member got in, how many recovery codes are left, and what `then`
 * answered.
 */
export async function checkSecondFactor<T>(
  db: Db,
  config: Config,
  input: { member: StaffRow; code?: string | undefined; recoveryCode?: string | undefined; ip: string },
  now: Date,
  then: (tx: Tx, method: 'totp' | 'recovery_code') => Promise<T>,
): Promise<{ method: 'totp' | 'recovery_code'; left: number; then: T }> {
  const { member } = input;
  if (!member.totpConfirmedAt) throw new AppError('conflict', { key: 'operator:totp_not_set_up' });
  const attempt = await reserveAttempt(db, member.email, input.ip, now);
  const step = input.code !== undefined ? await acceptedTotpStep(readSecret(config, member), input.code, now, member.totpLastStep) : null;
  if (input.code !== undefined && step === null) throw wrongCode('code');
  return db.transaction(async (tx) => {
    let method: 'totp' | 'recovery_code';
    if (step !== null) {
      // Conditional: of two requests with the same code, one wins the step.
      const moved = await tx
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, member.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
        .returning({ id: staff.id });
      if (!moved.length) throw wrongCode('code');
      method = 'totp';
    } else {
      const used = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, member.id),
            eq(staffRecoveryCodes.codeHash, recoveryCodeHash(input.recoveryCode ?? '')),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (!used.length) throw wrongCode('recovery_code');
      method = 'recovery_code';
    }
    await takeBack(tx, attempt);
    await clearFailures(tx, member.email, now);
    const [left] = await tx
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, member.id), isNull(staffRecoveryCodes.usedAt)));
    return { method, left: left?.n ?? 0, then: await then(tx, method) };
  });
}

/**
 * The first-stage session becomes a full one under a new cookie value (the value known before the second
 * factor signs nobody in). Answers the new value.
 */
export async function promoteSession(tx: Tx, sessionId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.update(staffSessions).set({ tokenHash: hashSessionToken(token), stage: 'full', lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
  return token;
}
