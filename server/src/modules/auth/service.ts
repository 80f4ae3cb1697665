import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_PRODUCT, isLangCode, type LangCode } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { oneTimeTokens, partnerPrograms, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { publicLink as link, sendMail } from '../../mail/send.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, revokeAllSessions } from '../../plumbing/session/service.ts';
import { consumeToken, issueToken, peekToken, revokeTokens, spendToken, TOKEN_TTL_MS } from '../../plumbing/session/tokens.ts';
import { CABINET_ID, AUTOLOGIN_TTL_S, projectLoginUrl, projectSecret, signAutoLoginToken, verifyIncomingToken } from './autologin.ts';
import { startCoolingOff } from '../../money/cooling-off.ts';
import { loadProduct } from '../../money/product.ts';
import { secondFactorMethods } from '../../plumbing/second-factor.ts';

/** Consecutive failed password sign-ins that block password sign-in (docs/product.md#security), when the partner has the limit on. */
export const FAILED_LOGIN_LIMIT = DEFAULT_PRODUCT.failedLoginLimit;

type UserRow = typeof users.$inferSelect;

/** The password policy lives with the hashing (lib/passwords.ts); the settings screen applies it too. */
export { assertPasswordAcceptable } from '../../lib/passwords.ts';

async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Mail to an existing partner goes out in their own language. */
function userLang(user: UserRow, fallback: LangCode): LangCode {
  return isLangCode(user.lang) ? user.lang : fallback;
}

// ---- registration -------------------------------------------------------------------------------------------

export async function register(
  ctx: AppContext,
  log: FastifyBaseLogger,
  input: { email: string; password: string; newsletter?: boolean; lang: LangCode; ref?: number },
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  let referredBy: number | null = null;
  if (input.ref !== undefined && input.ref <= Number.MAX_SAFE_INTEGER) {
    const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.ref)).limit(1);
    referredBy = inviter?.id ?? null;
  }
  const [created] = await db
    .insert(users)
    .values({ email: input.email, passwordHash, lang: input.lang, newsletter: input.newsletter ?? false, referredBy, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (created) {
    const token = await issueToken(db, created.id, 'confirm_registration', now);
    await sendMail(ctx, log, input.lang, 'confirm_registration', created.email, { link: link(ctx, `/auth/confirm-registration/${token}`) });
    return;
  }
  // The address is taken: answer as for a new account, and tell the owner by mail instead.
  const existing = await findUserByEmail(ctx, input.email);
  if (!existing) return;
  const lang = userLang(existing, input.lang);
  if (!existing.confirmedAt) {
    await revokeTokens(db, existing.id, 'confirm_registration', now);
    const token = await issueToken(db, existing.id, 'confirm_registration', now);
    await sendMail(ctx, log, lang, 'confirm_registration', existing.email, { link: link(ctx, `/auth/confirm-registration/${token}`) });
  } else {
    await sendMail(ctx, log, lang, 'registration_exists', existing.email, {
      link: link(ctx, '/auth/restore-password'),
    });
  }
}

export async function confirmRegistration(ctx: AppContext, token: string): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const check = await consumeToken(db, token, 'confirm_registration', now);
  if (check.status !== 'ok') {
    const key = { unknown: 'registration_link_invalid', expired: 'registration_link_expired', used: 'registration_link_used' }[check.status];
    throw new AppError('bad_request', { key: `errors:${key}` }, undefined, { reason: check.status === 'unknown' ? 'invalid' : check.status });
  }
  await db
    .update(users)
    .set({ confirmedAt: now })
    .where(and(eq(users.id, check.userId), isNull(users.confirmedAt)));
}

// ---- sign-in ------------------------------------------------------------------------------------------------

const wrongCredentials = () => fieldError('password', 'validation:wrong_credentials');
const blocked = () => new AppError('forbidden', { key: 'errors:account_blocked' }, undefined, { reason: 'account_blocked' });

/** Checks e-mail and password; counts failures and blocks at the limit. Returns the user to sign in. */
export async function checkCredentials(ctx: AppContext, log: FastifyBaseLogger, email: string, password: string, lang: LangCode): Promise<UserRow> {
  const { db } = ctx.database;
  const user = await findUserByEmail(ctx, email);
  if (!user) {
    await verifyAgainstDummy(password);
    throw wrongCredentials();
  }
  // A blocked account is named only to whoever knows its password: to anyone else it answers as a wrong password
  // would, so the answer tells no stranger that the address has an account, let alone a blocked one.
  const passwordRight = await verifyPassword(user.passwordHash, password);
  if (user.blockedAt) throw passwordRight ? blocked() : wrongCredentials();
  if (!passwordRight) {
    await countFailedSignIn(ctx, log, user, lang);
    // The block is told to the owner by mail, and by the sign-in form once the right password is given.
    throw wrongCredentials();
  }
  if (!user.confirmedAt)
    throw new AppError('forbidden', { key: 'errors:account_not_confirmed' }, undefined, { reason: 'account_not_confirmed' });
  if (!user.isActive) throw new AppError('forbidden', { key: 'errors:account_disabled' }, undefined, { reason: 'account_disabled' });
  // With a second factor the count is cleared only once it is passed too (second-factor.ts, completePending): the
  // right password alone must not buy a fresh set of guesses at the code.
  if (user.failedLogins !== 0 && (await secondFactorMethods(db, user)).length === 0)
    await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, user.id));
  return user;
}

/**
 * Counts a failed sign-in of an account (a wrong password, or a wrong second factor after the right one); at
 * FAILED_LOGIN_LIMIT, with the partner's limit on, the account is blocked and the unblock link mailed. Answers
 * whether this failure blocked it.
 */
export async function countFailedSignIn(ctx: AppContext, log: FastifyBaseLogger, user: UserRow, lang: LangCode): Promise<boolean> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [counted] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, user.id))
    .returning({ failedLogins: users.failedLogins, loginLimitEnabled: users.loginLimitEnabled });
  if (counted && counted.loginLimitEnabled && counted.failedLogins >= FAILED_LOGIN_LIMIT) {
    const [nowBlocked] = await db
      .update(users)
      .set({ blockedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.blockedAt)))
      .returning({ id: users.id });
    if (nowBlocked) {
      const token = await issueToken(db, user.id, 'unblock', now);
      await sendMail(ctx, log, userLang(user, lang), 'account_blocked', user.email, { link: link(ctx, `/auth/restore-access/${token}`) });
      return true;
    }
  }
  return false;
}

// ---- restore password ---------------------------------------------------------------------------------------

export async function requestPasswordRestore(ctx: AppContext, log: FastifyBaseLogger, email: string, lang: LangCode): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user || !user.isActive) return;
  const { db } = ctx.database;
  const now = ctx.clock.now();
  await revokeTokens(db, user.id, 'password_reset', now);
  const token = await issueToken(db, user.id, 'password_reset', now);
  await sendMail(ctx, log, userLang(user, lang), 'password_reset', user.email, {
    link: link(ctx, `/auth/restore-password/${encodeURIComponent(user.email)}/${token}`),
    count: TOKEN_TTL_MS.password_reset / 60_000,
  });
}

export async function restorePassword(
  ctx: AppContext,
  log: FastifyBaseLogger,
  input: { email: string; token: string; password: string },
  lang: LangCode,
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const invalid = () => new AppError('bad_request', { key: 'errors:restore_password_link_invalid' });
  const user = await findUserByEmail(ctx, input.email);
  const peek = await peekToken(db, input.token, 'password_reset', now);
  if (!user || peek.status !== 'ok' || peek.userId !== user.id || !user.isActive) throw invalid();
  const passwordHash = await hashPassword(input.password);
  if (!(await spendToken(db, input.token, now))) throw invalid();
  const product = await loadProduct(db);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        failedLogins: 0,
        blockedAt: null,
        // Following a link mailed to the address proves the address, as the confirmation link would.
        confirmedAt: user.confirmedAt ?? now,
      })
      .where(eq(users.id, user.id));
    // Whoever reads the mailbox may not be the partner: new payout requests wait (decision 0177).
    await startCoolingOff(tx, user.id, 'password_reset', now, product);
  });
  await revokeTokens(db, user.id, 'password_reset', now);
  await revokeAllSessions(db, user.id);
  await sendMail(ctx, log, userLang(user, lang), 'password_changed', user.email, { link: link(ctx, '/auth/restore-password') });
}

// ---- restore access (unblock) -------------------------------------------------------------------------------

/**
 * Mails a blocked account an unblock link, and an active one that it needs no restore (with a sign-in link).
 * Nothing is mailed to an unknown address or a disabled account. The caller answers the same in every case, so
 * the answer never tells whether an address has an account or in what state (docs/product.md#security).
 */
export async function requestAccessRestore(ctx: AppContext, log: FastifyBaseLogger, email: string, lang: LangCode): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  if (!user.blockedAt) {
    if (user.isActive) await sendMail(ctx, log, userLang(user, lang), 'restore_access_not_needed', user.email, { link: link(ctx, '/auth/login') });
    return;
  }
  const { db } = ctx.database;
  const now = ctx.clock.now();
  await revokeTokens(db, user.id, 'unblock', now);
  const token = await issueToken(db, user.id, 'unblock', now);
  await sendMail(ctx, log, userLang(user, lang), 'restore_access', user.email, { link: link(ctx, `/auth/restore-access/${token}`) });
}

export async function restoreAccess(ctx: AppContext, token: string): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const check = await consumeToken(db, token, 'unblock', now);
  if (check.status !== 'ok') throw new AppError('bad_request', { key: 'errors:restore_access_link_invalid' }, undefined, { reason: check.status });
  await db.update(users).set({ blockedAt: null, failedLogins: 0 }).where(eq(users.id, check.userId));
  await revokeTokens(db, check.userId, 'unblock', now);
}

// ---- auto-login ---------------------------------------------------------------------------------------------

const autoLoginRefused = () => new AppError('bad_request', { key: 'errors:autologin_invalid' });

/** Accepts a project's token: the partner it names, once. */
export async function acceptAutoLogin(ctx: AppContext, token: string): Promise<UserRow> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const check = verifyIncomingToken(ctx.config, token, now);
  if (!check.ok) throw autoLoginRefused();
  const { claims } = check;
  const [row] = await db
    .select({ user: users })
    .from(partnerPrograms)
    .innerJoin(users, eq(users.id, partnerPrograms.userId))
    .where(and(eq(partnerPrograms.project, claims.iss), eq(partnerPrograms.appUserId, claims.sub)))
    .limit(1);
  if (!row || !row.user.isActive || !row.user.confirmedAt) throw autoLoginRefused();
  // Replay guard: the token's hash is recorded as spent; a second use hits the primary key.
  const spent = await db
    .insert(oneTimeTokens)
    .values({
      hash: hashToken(token),
      userId: row.user.id,
      kind: 'autologin_from',
      createdAt: now,
      expiresAt: new Date(claims.exp * 1000),
      usedAt: now,
      payload: { iss: claims.iss, jti: claims.jti },
    })
    .onConflictDoNothing()
    .returning({ userId: oneTimeTokens.userId });
  if (spent.length === 0) throw autoLoginRefused();
  return row.user;
}

/** Issues a token for the partner's account in a project, to be posted to that project's sign-in URL. */
export async function issueAutoLoginTo(ctx: AppContext, user: UserRow, project: 'fd1' | 'fd2'): Promise<{ url: string; token: string }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [program] = await db
    .select({ appUserId: partnerPrograms.appUserId })
    .from(partnerPrograms)
    .where(and(eq(partnerPrograms.userId, user.id), eq(partnerPrograms.project, project)))
    .limit(1);
  if (!program) throw new AppError('bad_request', { key: 'errors:program_not_active' });
  const iat = Math.floor(now.getTime() / 1000);
  const token = signAutoLoginToken(projectSecret(ctx.config, project), {
    iss: CABINET_ID,
    aud: project,
    sub: program.appUserId,
    email: user.email,
    iat,
    exp: iat + AUTOLOGIN_TTL_S,
  });
  // Recorded for audit; the project itself refuses a second use.
  await db.insert(oneTimeTokens).values({
    hash: hashToken(token),
    userId: user.id,
    kind: 'autologin_to',
    createdAt: now,
    expiresAt: new Date((iat + AUTOLOGIN_TTL_S) * 1000),
    payload: { aud: project },
  });
  return { url: projectLoginUrl(ctx.config, project), token };
}
