import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LangCode, SecondFactorStatusAnswer } from '@pc/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { signInPending, userPasskeys, userRecoveryCodes, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { startCoolingOff } from '../../money/cooling-off.ts';
import { loadProduct } from '../../money/product.ts';
import { countedCheck } from '../../plumbing/session/security-attempts.ts';
import { hashToken, newSecretToken, type SessionState } from '../../plumbing/session/service.ts';
import { acceptedTotpStep, newRecoveryCodes, newTotpSecret, openTotpSecret, recoveryCodeHash, sealTotpSecret, totpSetup } from './totp.ts';
import { noticeMail } from '../../plumbing/second-factor.ts';

/**
 * Partners' second factor (decision 0190): the authenticator and its recovery codes in the settings, and the
 * sign-in's second step. Passkeys are in passkeys.ts; both end in the same pending step.
 */

type UserRow = typeof users.$inferSelect;

/** How long the password step's pending token lasts. */
export const PENDING_TTL_MS = 5 * 60 * 1000;

/** After the right password: a random token (SHA-256 stored) that the second step spends; no session yet. */
export async function issuePending(db: Db, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken(32);
  const expiresAt = new Date(now.getTime() + PENDING_TTL_MS);
  await db.insert(signInPending).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

export const pendingExpired = () =>
  new AppError('bad_request', { key: 'errors:second_factor_expired' }, undefined, { reason: 'second_factor_expired' });
const blocked = () => new AppError('forbidden', { key: 'errors:account_blocked' }, undefined, { reason: 'account_blocked' });

/** The account a pending token stands for, while it is unused and unexpired and the account may sign in. */
export async function pendingUser(db: Db, token: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .select({ user: users })
    .from(signInPending)
    .innerJoin(users, eq(users.id, signInPending.userId))
    .where(and(eq(signInPending.tokenHash, hashToken(token)), isNull(signInPending.usedAt), gt(signInPending.expiresAt, now)))
    .limit(1);
  if (!row) throw pendingExpired();
  if (row.user.blockedAt) throw blocked();
  if (!row.user.isActive) throw new AppError('forbidden', { key: 'errors:account_disabled' }, undefined, { reason: 'account_disabled' });
  return row.user;
}

/** Spends the pending token (one request wins it) and clears the failure count: the sign-in is complete. */
export async function completePending(tx: Tx, token: string, userId: number, now: Date): Promise<void> {
  const spent = await tx
    .update(signInPending)
    .set({ usedAt: now })
    .where(and(eq(signInPending.tokenHash, hashToken(token)), isNull(signInPending.usedAt), gt(signInPending.expiresAt, now)))
    .returning({ userId: signInPending.userId });
  if (spent.length === 0 || spent[0]!.userId !== userId) throw pendingExpired();
  await tx.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));
}

/**
 * A failed sign-in (a wrong password, or a wrong second factor after the right password) counts toward the
 * account's limit; at the limit the account is blocked and the owner gets the unblock link. Answers whether this
 * failure blocked it.
 */
export type FailureCounter = (user: UserRow) => Promise<boolean>;

function readSecret(ctx: AppContext, user: UserRow): string | null {
  try {
    return user.totpSecret ? openTotpSecret(ctx.config, user.id, user.totpSecret) : null;
  } catch {
    return null;
  }
}

/** Takes an authenticator code for the user: right, and of a step later than the last one taken. Answers whether it was. */
async function takeTotp(ctx: AppContext, tx: Tx, user: UserRow, code: string, now: Date): Promise<boolean> {
  if (!user.totpEnabledAt) return false;
  const secret = readSecret(ctx, user);
  if (!secret) throw new AppError('conflict', { key: 'errors:second_factor_unreadable' });
  const step = await acceptedTotpStep(secret, code, now, user.totpLastStep);
  if (step === null) return false;
  // Conditional: of two requests with the same code, one wins the step.
  const moved = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return moved.length > 0;
}

/** Uses up one unused recovery code of the user; answers whether one was used. */
async function takeRecoveryCode(tx: Tx, user: UserRow, code: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.userId, user.id), eq(userRecoveryCodes.codeHash, recoveryCodeHash(code)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return used.length > 0;
}

const wrongCode = (field: 'code' | 'recovery_code') => fieldError(field, 'validation:second_factor_wrong');

/**
 * The sign-in's second step with an authenticator code or a recovery code. A wrong one counts as a failed
 * sign-in (`countFailure`, the password's limit); a right one spends the pending token. Answers the user.
 */
export async function signInWithCode(
  ctx: AppContext,
  input: { token: string; code?: string | undefined; recoveryCode?: string | undefined },
  countFailure: FailureCounter,
): Promise<UserRow> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const user = await pendingUser(db, input.token, now);
  const field = input.code !== undefined ? 'code' : 'recovery_code';
  const right = await db.transaction(async (tx) => {
    const ok = input.code !== undefined ? await takeTotp(ctx, tx, user, input.code, now) : await takeRecoveryCode(tx, user, input.recoveryCode ?? '', now);
    if (ok) await completePending(tx, input.token, user.id, now);
    return ok;
  });
  if (!right) {
    await countFailure(user);
    throw wrongCode(field);
  }
  return user;
}

// ---- the settings' security section ---------------------------------------------------------------------------

async function codesLeft(db: Pick<Tx, 'select'>, userId: number): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}

export async function secondFactorStatus(ctx: AppContext, user: UserRow): Promise<SecondFactorStatusAnswer> {
  const { db } = ctx.database;
  const keys = await db.select().from(userPasskeys).where(eq(userPasskeys.userId, user.id)).orderBy(userPasskeys.id);
  return {
    totp: {
      enabled: user.totpEnabledAt !== null,
      enabled_at: user.totpEnabledAt?.toISOString() ?? null,
      recovery_codes_left: user.totpEnabledAt ? await codesLeft(db, user.id) : 0,
    },
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
      backed_up: k.backedUp,
    })),
  };
}

const alreadyOn = () => new AppError('conflict', { key: 'errors:second_factor_already_on' });
const notOn = () => new AppError('conflict', { key: 'errors:second_factor_not_on' });

/** A new secret to set the authenticator up with (replacing one not confirmed yet); 409 when it is on already. */
export async function startTotpSetup(ctx: AppContext, user: UserRow) {
  if (user.totpEnabledAt) throw alreadyOn();
  const secret = newTotpSecret();
  const updated = await ctx.database.db
    .update(users)
    .set({ totpSecret: sealTotpSecret(ctx.config, user.id, secret), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw alreadyOn();
  return totpSetup(secret, user.email);
}

async function newCodes(tx: Tx, userId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

/**
 * The first code from the authenticator turns it on; answers the ten recovery codes, shown once. A wrong code is
 * counted against the session's security-check limit.
 */
export async function confirmTotp(ctx: AppContext, log: FastifyBaseLogger, user: UserRow, session: SessionState, code: string, lang: LangCode): Promise<string[]> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  if (user.totpEnabledAt) throw alreadyOn();
  const secret = readSecret(ctx, user);
  if (!secret) throw new AppError('conflict', { key: 'errors:second_factor_no_setup' });
  let step: number | null = null;
  const right = await countedCheck(db, { userId: user.id, session, now }, async () => {
    step = await acceptedTotpStep(secret, code, now, null);
    return step !== null;
  });
  if (!right || step === null) throw wrongCode('code');
  const codes = await db.transaction(async (tx) => {
    const on = await tx
      .update(users)
      .set({ totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret!)))
      .returning({ id: users.id });
    if (on.length === 0) throw alreadyOn();
    return newCodes(tx, user.id, now);
  });
  await noticeMail(ctx, log, user, lang, 'totp_on');
  return codes;
}

/**
 * The proof that turning the authenticator off or new recovery codes need: the account password, and a current
 * authenticator code or an unused recovery code (spent by this). Each is counted against the session's limit.
 */
async function proveOwner(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  session: SessionState,
  input: { password: string; code?: string | undefined; recovery_code?: string | undefined },
  now: Date,
) {
  const { db } = ctx.database;
  if (!user.totpEnabledAt) throw notOn();
  const passwordRight = await countedCheck(db, { userId: user.id, session, now }, () => verifyPassword(user.passwordHash, input.password));
  if (!passwordRight) throw fieldError('password', 'account:check.password_wrong');
  const field = input.code !== undefined ? 'code' : 'recovery_code';
  const codeRight = await countedCheck(db, { userId: user.id, session, now }, () =>
    input.code !== undefined ? takeTotp(ctx, tx, user, input.code, now) : takeRecoveryCode(tx, user, input.recovery_code ?? '', now),
  );
  if (!codeRight) throw wrongCode(field);
}

/** Turns the authenticator off: its secret and recovery codes go, and new payout requests wait (decision 0177). */
export async function disableTotp(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: UserRow,
  session: SessionState,
  input: { password: string; code?: string | undefined; recovery_code?: string | undefined },
  lang: LangCode,
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const product = await loadProduct(db);
  await proveOwner(ctx, db, user, session, input, now);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    await startCoolingOff(tx, user.id, 'second_factor_off', now, product);
  });
  await noticeMail(ctx, log, user, lang, 'totp_off');
}

/** Ten new recovery codes in place of the old ones (used or not). */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: UserRow,
  session: SessionState,
  input: { password: string; code?: string | undefined; recovery_code?: string | undefined },
  lang: LangCode,
): Promise<string[]> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  await proveOwner(ctx, db, user, session, input, now);
  const codes = await db.transaction((tx) => newCodes(tx, user.id, now));
  await noticeMail(ctx, log, user, lang, 'codes_new');
  return codes;
}
