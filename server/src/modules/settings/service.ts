import { and, desc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isLangCode,
  normalizeSecurityCode,
  passwordField,
  securityCodeProblem,
  securityFreeze,
  type LangCode,
  type SessionRow,
  type SettingsAnswer,
} from '@pc/core';
import type { AppContext } from '../../context.ts';
import { oneTimeTokens, sessions, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { AppError, fieldError, type LocalizedText } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { publicLink, sendMail } from '../../mail/send.ts';
import { startCoolingOff } from '../../money/cooling-off.ts';
import { loadProduct } from '../../money/product.ts';
import { countedCheck } from '../../plumbing/session/security-attempts.ts';
import { revokeAllSessions, sessionRanOut, sessionsEnded, type SessionState, type SessionUser } from '../../plumbing/session/service.ts';
import { issueToken, peekToken, revokeTokens, spendToken, TOKEN_TTL_MS } from '../../plumbing/session/tokens.ts';
import { notMeLink } from '../../plumbing/session/recovery.ts';

/** The settings screen (docs/product.md#security, Settings screen; decision 0111). */

type Fields = Record<string, LocalizedText[]>;

/** A 422 with every field's message at once, when there are any. */
function throwIfAny(fields: Fields) {
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', { key: 'errors:validation_failed' }, fields);
}

/** Mail to a partner goes out in their own language. */
const userLang = (user: { lang: string }, fallback: LangCode): LangCode => (isLangCode(user.lang) ? user.lang : fallback);

const hoursOf = (ms: number) => Math.round(ms / 3_600_000);

// ---- the screen ---------------------------------------------------------------------------------------------

/** The address an open e-mail change link would switch to, if any. */
async function pendingEmail(ctx: AppContext, userId: number, now: Date): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({ payload: oneTimeTokens.payload })
    .from(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'email_change'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return typeof row?.payload.email === 'string' ? row.payload.email : null;
}

export async function settingsOf(ctx: AppContext, user: SessionUser): Promise<SettingsAnswer> {
  const now = ctx.clock.now();
  const product = await loadProduct(ctx.database.db);
  const freeze = securityFreeze(user.securityCodeChangedAt, now, product);
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    contact: user.contact,
    pending_email: await pendingEmail(ctx, user.id, now),
    security: {
      code_set: user.securityCodeHash !== null,
      code_changed_at: user.securityCodeChangedAt?.toISOString() ?? null,
      frozen_until: freeze.frozen ? freeze.allowedAt!.toISOString() : null,
      login_limit_enabled: user.loginLimitEnabled,
      captcha_enabled: user.captchaEnabled,
    },
  };
}

// ---- personal information -----------------------------------------------------------------------------------

/** Letters (any script, with their combining marks), spaces, apostrophes and hyphens; at least one letter. */
const NAME = /^[\p{L}\p{M}' ’-]*\p{L}[\p{L}\p{M}' ’-]*$/u;
const CONTROL = /\p{Cc}/u;

/** First and last name (letters, spaces, ' and -, white space collapsed) and contact details; empty is allowed. */
export async function savePersonal(ctx: AppContext, user: SessionUser, input: { first_name: string; last_name: string; contact: string }) {
  const clean = (s: string) => s.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const firstName = clean(input.first_name);
  const lastName = clean(input.last_name);
  const contact = input.contact.normalize('NFC').trim();
  const fields: Fields = {};
  for (const [field, value] of [['first_name', firstName], ['last_name', lastName]] as const) {
    if (value && !NAME.test(value)) fields[field] = [{ key: 'account:settings.name_invalid', params: { field } }];
  }
  if (CONTROL.test(contact)) fields.contact = [{ key: 'account:settings.contact_invalid', params: { field: 'contact' } }];
  throwIfAny(fields);
  await ctx.database.db.update(users).set({ firstName, lastName, contact }).where(eq(users.id, user.id));
}

// ---- e-mail -------------------------------------------------------------------------------------------------

/**
 * Starts an e-mail change (behind the account password check): the new address gets a confirmation link, the
 * current one a notice. An address used by another account gets no link (its owner gets a notice instead), but
 * the partner sees exactly what they see otherwise: the same answer, the same notice, the same pending address.
 */
export async function requestEmailChange(ctx: AppContext, log: FastifyBaseLogger, user: SessionUser, email: string, lang: LangCode) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  if (email === user.email) throw fieldError('email', 'account:settings.email_same');
  const [owner] = await db.select({ id: users.id, lang: users.lang }).from(users).where(eq(users.email, email)).limit(1);
  const mailLang = userLang(user, lang);
  const hours = hoursOf(TOKEN_TTL_MS.email_change);
  await revokeTokens(db, user.id, 'email_change', now);
  const token = await issueToken(db, user.id, 'email_change', now, { email });
  if (owner) {
    await sendMail(ctx, log, userLang(owner, lang), 'email_change_taken', email);
  } else {
    await sendMail(ctx, log, mailLang, 'email_change_confirm', email, { link: publicLink(ctx, `/settings/email/confirm/${token}`), count: hours });
  }
  // The current address hears of it with a "this was not me" link (decision 0191): it cancels the change (or undoes
  // it once confirmed) and recovers the account through this address.
  const notMe = await notMeLink(ctx, user.id, now, { kind: 'email_change', at: now.toISOString(), old_email: user.email, new_email: email });
  await sendMail(ctx, log, mailLang, 'email_change_notice', user.email, { link: notMe, new_email: email });
}

/** Follows the link mailed to the new address; the partner signed in must be the one who asked. */
export async function confirmEmailChange(ctx: AppContext, user: SessionUser, token: string): Promise<string> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const invalid = () => new AppError('bad_request', { key: 'account:settings.email_link_invalid' });
  const taken = () => new AppError('conflict', { key: 'account:settings.email_taken' });
  const peek = await peekToken(db, token, 'email_change', now);
  if (peek.status !== 'ok' || peek.userId !== user.id || typeof peek.payload.email !== 'string') throw invalid();
  const email = peek.payload.email;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (owner && owner.id !== user.id) throw taken();
  if (!(await spendToken(db, token, now))) throw invalid();
  try {
    const product = await loadProduct(db);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email }).where(eq(users.id, user.id));
      // Every notice now goes to the new address: new payout requests wait (decision 0177).
      await startCoolingOff(tx, user.id, 'email_change', now, product);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await revokeTokens(db, user.id, 'email_change', now);
  return email;
}

// ---- password -----------------------------------------------------------------------------------------------

/**
 * Starts a password change. The old password is this call's account password check: it is counted against the
 * security check's failure limit like the check dialog, and no separate check is asked. The new password follows
 * the registration policy (length and the common-password list, lib/passwords.ts), differs from the old one and matches its confirmation. Nothing changes yet: the new
 * password's hash waits in a one-time token whose link goes to the partner's e-mail.
 */
export async function requestPasswordChange(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  session: SessionState,
  input: { old_password: string; password: string; password_confirmation: string },
  lang: LangCode,
) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { old_password: oldPassword, password, password_confirmation: confirmation } = input;
  const fields: Fields = {};
  const add = (field: string, text: LocalizedText) => (fields[field] ??= []).push(text);
  if (!oldPassword) add('old_password', { key: 'account:settings.old_password_required' });
  const min = passwordField.minLength ?? 0;
  const max = passwordField.maxLength ?? Infinity;
  if (password.length < min) add('password', { key: 'validation:min_length', params: { field: 'password', count: min } });
  else if (password.length > max) add('password', { key: 'validation:max_length', params: { field: 'password', count: max } });
  else if (oldPassword && password === oldPassword) add('password', { key: 'account:settings.password_same' });
  else if (isCommonPassword(password)) add('password', { key: 'validation:password_common' });
  if (confirmation !== password) add('password_confirmation', { key: 'account:settings.password_mismatch' });
  throwIfAny(fields);

  const right = await countedCheck(db, { userId: user.id, session, now }, () => verifyPassword(user.passwordHash, oldPassword));
  if (!right) throw fieldError('old_password', 'account:settings.old_password_wrong');

  const passwordHash = await hashPassword(password);
  await revokeTokens(db, user.id, 'password_change', now);
  const token = await issueToken(db, user.id, 'password_change', now, {
    password_hash: passwordHash,
    // The change applies only to the password it was asked from: a reset in between makes the link invalid.
    based_on: user.passwordChangedAt?.toISOString() ?? null,
  });
  await sendMail(ctx, log, userLang(user, lang), 'password_change_confirm', user.email, {
    link: publicLink(ctx, `/auth/confirm-password-changing/${user.id}/${token}`),
    count: hoursOf(TOKEN_TTL_MS.password_change),
  });
}

/**
 * Follows the password change link (no session needed: it may be opened on any device). The new password
 * replaces the old, every session of the partner ends except the caller's own (when it is the partner's), and
 * the registration e-mail gets the "password changed" notice. A used, expired, unknown or outdated link, or one
 * of another partner, is refused with the same answer.
 */
export async function confirmPasswordChange(
  ctx: AppContext,
  log: FastifyBaseLogger,
  input: { userId: number; token: string; keepSession: Buffer | null },
  lang: LangCode,
) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const invalid = () => new AppError('bad_request', { key: 'account:settings.password_link_invalid' });
  const peek = await peekToken(db, input.token, 'password_change', now);
  if (peek.status !== 'ok' || peek.userId !== input.userId || typeof peek.payload.password_hash !== 'string') throw invalid();
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user || !user.isActive) throw invalid();
  const basedOn = typeof peek.payload.based_on === 'string' ? new Date(peek.payload.based_on) : null;
  if ((basedOn?.getTime() ?? null) !== (user.passwordChangedAt?.getTime() ?? null)) throw invalid();
  if (!(await spendToken(db, input.token, now))) throw invalid();
  const changed = await db
    .update(users)
    .set({ passwordHash: peek.payload.password_hash, passwordChangedAt: now, failedLogins: 0 })
    .where(and(eq(users.id, user.id), sql`${users.passwordChangedAt} is not distinct from ${basedOn}`))
    .returning({ id: users.id });
  if (changed.length === 0) throw invalid();
  await revokeTokens(db, user.id, 'password_change', now);
  await revokeAllSessions(db, user.id, input.keepSession ?? undefined);
  await sendMail(ctx, log, userLang(user, lang), 'password_changed', user.email, { link: publicLink(ctx, '/auth/restore-password') });
}

// ---- security options ---------------------------------------------------------------------------------------

export type CodeEvent = 'set' | 'changed' | 'removed' | null;

/**
 * Security options (behind the account password check). Setting a code when none is set takes effect at once
 * (security_code_changed_at untouched). Changing or removing a code starts the freeze: changed_at = now,
 * frozen_until = now + the freeze days (for display; the guard derives the freeze from changed_at), every
 * session's passed code check is forgotten, and the partner gets an e-mail. Entering the current code again
 * changes nothing. Omitted fields stay as they are.
 */
export async function saveSecurityOptions(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  input: { code?: string; code_confirmation?: string; remove_code?: boolean; login_limit_enabled?: boolean; captcha_enabled?: boolean },
  lang: LangCode,
): Promise<{ event: CodeEvent; freezeDays: number }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const product = await loadProduct(db);
  const code = normalizeSecurityCode(input.code ?? '');
  const confirmation = normalizeSecurityCode(input.code_confirmation ?? '');
  const fields: Fields = {};
  if (input.remove_code && (code || confirmation)) {
    fields.remove_code = [{ key: 'account:settings.code_remove_conflict' }];
  } else if (code || confirmation) {
    const problem = securityCodeProblem(code, product);
    if (problem) {
      const count = problem === 'too_long' ? product.securityCodeMaxLength : product.securityCodeMinLength;
      fields.code = [{ key: `account:settings.code_${problem}`, params: { count } }];
    } else if (code !== confirmation) fields.code_confirmation = [{ key: 'account:settings.code_mismatch' }];
  }
  throwIfAny(fields);

  const set: Partial<typeof users.$inferInsert> = {};
  if (input.login_limit_enabled !== undefined) set.loginLimitEnabled = input.login_limit_enabled;
  if (input.captcha_enabled !== undefined) set.captchaEnabled = input.captcha_enabled;
  let event: CodeEvent = null;
  const current = user.securityCodeHash;
  if (input.remove_code && current !== null) event = 'removed';
  else if (code && current === null) event = 'set';
  else if (code && current !== null && !(await verifyPassword(current, code))) event = 'changed';
  if (event) set.securityCodeHash = event === 'removed' ? null : await hashPassword(code);
  if (event === 'changed' || event === 'removed') {
    set.securityCodeChangedAt = now;
    set.securityCodeFrozenUntil = securityFreeze(now, now, product).allowedAt;
  }
  if (Object.keys(set).length > 0) {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set(set)
        // A code changed meanwhile by another request: refuse rather than decide on a stale view.
        .where(and(eq(users.id, user.id), event ? sql`${users.securityCodeHash} is not distinct from ${current}` : undefined))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('conflict');
      // Without the code, the password alone moves the money: new payout requests wait (decision 0177).
      if (event === 'removed') await startCoolingOff(tx, user.id, 'security_code_off', now, product);
    });
  }
  if (event === 'changed' || event === 'removed') {
    await db.update(sessions).set({ codeCheckedAt: null }).where(eq(sessions.userId, user.id));
    await sendMail(ctx, log, userLang(user, lang), 'security_code_changed', user.email, {
      link: publicLink(ctx, '/settings'),
      count: product.securityCodeFreezeDays,
    });
  }
  return { event, freezeDays: product.securityCodeFreezeDays };
}

// ---- sessions -----------------------------------------------------------------------------------------------

/** A session's public id: the first 8 bytes of its id hash, in hex (never the secret cookie value). */
const publicId = (idHash: Uint8Array) => Buffer.from(idHash).subarray(0, 8).toString('hex');

/** The partner's live sessions, the latest active first; `current` marks the caller's. */
export async function listSessions(ctx: AppContext, user: SessionUser, session: SessionState): Promise<SessionRow[]> {
  const now = ctx.clock.now();
  const rows = await ctx.database.db
    .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), not(sessionRanOut(now))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((r) => ({
    id: publicId(r.idHash),
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    ip: r.ip,
    user_agent: r.userAgent,
    current: Buffer.from(r.idHash).equals(session.idHash),
  }));
}

/**
 * Ends one session of the partner's, by its id in the sessions list (any one, the caller's own too: that is a
 * sign-out). 404 for an id that is not a live session of theirs (decision 0191).
 */
export async function revokeOneSession(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  const now = ctx.clock.now();
  const rows = await ctx.database.db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), not(sessionRanOut(now))));
  const found = rows.find((r) => publicId(r.idHash) === id);
  if (!found) throw new AppError('not_found', { key: 'account:settings.session_not_found' });
  await ctx.database.db.delete(sessions).where(and(eq(sessions.userId, user.id), eq(sessions.idHash, Buffer.from(found.idHash))));
  await sessionsEnded(ctx.database.db);
}

/** Ends every session of the partner except the caller's; answers how many ended. */
export async function revokeOtherSessions(ctx: AppContext, user: SessionUser, session: SessionState): Promise<number> {
  return revokeAllSessions(ctx.database.db, user.id, session.idHash);
}
