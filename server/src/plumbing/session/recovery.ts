import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describeUserAgent, isLangCode, NOT_ME_PATHS, type LangCode, type NotMeInfo, type NotMeKind } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { oneTimeTokens, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { publicLink, sendMail } from '../../mail/send.ts';
export { recoveryPending } from '../../money/cooling-off.ts';
import { hashToken, revokeAllSessions } from './service.ts';
import { issueToken, revokeTokens, spendToken, TOKEN_TTL_MS, type TokenKind } from './tokens.ts';

/**
 * "This was not me" (decision 0191). The new-device mail and the e-mail change notice carry a single-use link; its
 * page says what confirming does, and only the confirmation (a POST) acts:
 * - every session of the account ends, and no new one starts until a password reset (the password is replaced by
 *   an unknown one: whoever knew it knows it no more);
 * - a pending e-mail change is cancelled; one already confirmed is put back to the address the notice went to;
 * - new payout requests are refused until the reset (`recovery_started_at`);
 * - a password reset link goes to the account's (restored) address. The reset lifts the block, and the
 *   password_reset cooling-off window of decision 0177 then applies (money/cooling-off.ts).
 */

export type NotMePayload =
  | { kind: 'new_device'; at: string; ip: string; user_agent: string }
  | { kind: 'email_change'; at: string; old_email: string; new_email: string };

/** Issues a "not me" token and answers its absolute link, as mails carry it. */
export async function notMeLink(ctx: AppContext, userId: number, now: Date, payload: NotMePayload): Promise<string> {
  const token = await issueToken(ctx.database.db, userId, 'not_me', now, payload);
  return publicLink(ctx, NOT_ME_PATHS.link(token));
}

const invalidLink = () => new AppError('bad_request', { key: 'errors:not_me_link_invalid' }, undefined, { reason: 'not_me_link_invalid' });

/** The token's row when it is unspent and unexpired; else the localized 400 every bad link gets. */
async function liveToken(ctx: AppContext, token: string, now: Date) {
  const [row] = await ctx.database.db
    .select()
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.hash, hashToken(token)))
    .limit(1);
  if (!row || row.kind !== 'not_me' || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalidLink();
  const payload = row.payload as Partial<NotMePayload>;
  if (payload.kind !== 'new_device' && payload.kind !== 'email_change') throw invalidLink();
  return { userId: row.userId, expiresAt: row.expiresAt, payload: payload as NotMePayload };
}

/** What the link is about, for its page; changes nothing (a GET: mail scanners open links too). */
export async function notMeInfo(ctx: AppContext, token: string): Promise<NotMeInfo> {
  const { payload, expiresAt } = await liveToken(ctx, token, ctx.clock.now());
  const kind: NotMeKind = payload.kind;
  if (payload.kind === 'new_device') {
    const device = describeUserAgent(payload.user_agent);
    return { kind, at: payload.at, browser: device.browser, os: device.os, ip: payload.ip, new_email: null, expires_at: expiresAt.toISOString() };
  }
  return { kind, at: payload.at, browser: null, os: null, ip: '', new_email: payload.new_email, expires_at: expiresAt.toISOString() };
}

/** Links a recovery makes stale: a pending e-mail change, password change, reset, other "not me" links, auto-login. */
const STALE_KINDS: TokenKind[] = ['email_change', 'password_change', 'password_reset', 'not_me', 'autologin_to'];

/** Confirms "this was not me": see the module's comment. Answers how many sessions ended. */
export async function confirmNotMe(ctx: AppContext, log: FastifyBaseLogger, token: string, lang: LangCode): Promise<{ sessionsEnded: number }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { userId, payload } = await liveToken(ctx, token, now);
  // Nobody knows this password: the account signs in again only through the reset link mailed below.
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  if (!(await spendToken(db, token, now))) throw invalidLink();
  const user = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw invalidLink();
    let email = row.email;
    // An e-mail change already confirmed is undone, unless another account has taken the old address since.
    if (payload.kind === 'email_change' && row.email !== payload.old_email && !(await addressTaken(tx, payload.old_email, userId)))
      email = payload.old_email;
    await tx
      .update(users)
      .set({ email, passwordHash: unknownPassword, passwordChangedAt: now, recoveryStartedAt: row.recoveryStartedAt ?? now })
      .where(eq(users.id, userId));
    return { ...row, email };
  });
  for (const kind of STALE_KINDS) await revokeTokens(db, userId, kind, now);
  const sessionsEnded = await revokeAllSessions(db, userId);
  const reset = await issueToken(db, userId, 'password_reset', now);
  const mailLang = isLangCode(user.lang) ? user.lang : lang;
  await sendMail(ctx, log, mailLang, 'account_recovery', user.email, {
    link: publicLink(ctx, `/auth/restore-password/${encodeURIComponent(user.email)}/${reset}`),
    count: TOKEN_TTL_MS.password_reset / 60_000,
  });
  log.info({ userId, kind: payload.kind, sessionsEnded }, '"not me" confirmed: sessions ended, recovery started');
  return { sessionsEnded };
}

async function addressTaken(tx: Tx, email: string, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(sql`${users.email} = ${email} and ${users.id} <> ${userId}`).limit(1);
  return rows.length > 0;
}

/** The refusal of a sign-in while a recovery is under way: the way out is the reset link. */
export const recoveryPendingError = () =>
  new AppError('forbidden', { key: 'errors:account_recovery_pending' }, undefined, { reason: 'account_recovery' });
