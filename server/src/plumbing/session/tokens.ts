import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { hashToken, newSecretToken } from './service.ts';

export type TokenKind =
  | 'confirm_registration'
  | 'password_reset'
  | 'unblock'
  | 'autologin_from'
  | 'autologin_to'
  | 'purse_confirm'
  | 'password_change'
  | 'email_change'
  | 'operator_view'
  | 'not_me';

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  confirm_registration: 3 * 24 * 3600 * 1000,
  password_reset: 3600 * 1000,
  unblock: 24 * 3600 * 1000,
  autologin_from: 60 * 1000,
  autologin_to: 60 * 1000,
  /** A new wallet's e-mailed confirmation link (payload: purseId); decision 0110. */
  purse_confirm: 24 * 3600 * 1000,
  /** The settings screen's password change link (payload: the new password's hash, never the password); decision 0111. */
  password_change: 24 * 3600 * 1000,
  /** The link to a new e-mail address (payload: the address); decision 0111. */
  email_change: 24 * 3600 * 1000,
  /** The link staff open to view the cabinet as the partner, read-only (payload: who); decision 0162. */
  operator_view: 2 * 60 * 1000,
  /**
   * "This was not me" in a new-device mail or an e-mail change notice (payload: what happened); decision 0191. A week:
   * a partner may read the mail days later, and the link only takes access away.
   */
  not_me: 7 * 24 * 3600 * 1000,
};

/** A new random token (128 bits) of a kind for a user; only its SHA-256 is stored. */
export async function issueToken(db: Db, userId: number, kind: TokenKind, now: Date, payload: Record<string, unknown> = {}): Promise<string> {
  const token = newSecretToken();
  await db.insert(oneTimeTokens).values({
    hash: hashToken(token),
    userId,
    kind,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
    payload,
  });
  return token;
}

export type TokenCheck =
  | { status: 'ok'; userId: number; payload: Record<string, unknown> }
  | { status: 'unknown' | 'expired' | 'used'; userId?: number };

/**
 * Spends a token: it must exist with this kind, be unused and unexpired. Marking it used is a conditional
 * update, so two concurrent requests cannot both spend it.
 */
export async function consumeToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<TokenCheck> {
  const check = await peekToken(db, token, kind, now);
  if (check.status !== 'ok') return check;
  if (!(await spendToken(db, token, now))) return { status: 'used', userId: check.userId };
  return check;
}

/** Marks a token used unless it already was; answers whether this call spent it. */
export async function spendToken(db: Db, token: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.hash, hashToken(token)), isNull(oneTimeTokens.usedAt)))
    .returning({ userId: oneTimeTokens.userId });
  return spent.length > 0;
}

/** Looks a token up without spending it. */
export async function peekToken(db: Db, token: string, kind: TokenKind, now: Date): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.hash, hashToken(token)), eq(oneTimeTokens.kind, kind)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  if (row.usedAt) return { status: 'used', userId: row.userId };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired', userId: row.userId };
  return { status: 'ok', userId: row.userId, payload: row.payload };
}

/** Invalidates the open tokens of a kind for a user (e.g. older reset links once a new one is sent or used). */
export async function revokeTokens(db: Db, userId: number, kind: TokenKind, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
}
