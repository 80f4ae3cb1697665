import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export const SESSION_COOKIE = 'pc_session';
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** 128 random bits, url-safe; only its hash is stored. */
export function newSecretToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** A session past its absolute expiry or idle for SESSION_IDLE_MS: it signs nobody in any more. */
export function sessionRanOut(now: Date) {
  return sql`(${sessions.expiresAt} <= ${now} or ${sessions.lastSeenAt} <= ${new Date(now.getTime() - SESSION_IDLE_MS)})`;
}

export async function createSession(db: Db, userId: number, now: Date, meta: { ip: string; userAgent: string }) {
  // Sign-in is the moment to drop this partner's sessions that ran out, so they do not pile up until housekeeping.
  await db.execute(sql`delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessionRanOut(now)}`);
  const token = newSecretToken();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return token;
}

export type SessionUser = typeof users.$inferSelect;

/** What a live session knows beyond its user: the security checks passed in it (decision 0111). */
export interface SessionState {
  idHash: Buffer;
  codeCheckedAt: Date | null;
  passwordCheckedAt: Date | null;
  securityFailures: number;
  securityFailedAt: Date | null;
}

/** The signed-in user of a session token, or null when the session is unknown, idle too long or expired. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  return (await resolveSessionState(db, token, now))?.user ?? null;
}

/** The user and the state of a live session, or null (see resolveSession). */
export async function resolveSessionState(db: Db, token: string, now: Date): Promise<{ user: SessionUser; session: SessionState } | null> {
  const idHash = hashToken(token);
  const rows = await db
    .select({
      user: users,
      lastSeenAt: sessions.lastSeenAt,
      codeCheckedAt: sessions.codeCheckedAt,
      passwordCheckedAt: sessions.passwordCheckedAt,
      securityFailures: sessions.securityFailures,
      securityFailedAt: sessions.securityFailedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  const { user, codeCheckedAt, passwordCheckedAt, securityFailures, securityFailedAt } = row;
  return { user, session: { idHash, codeCheckedAt, passwordCheckedAt, securityFailures, securityFailedAt } };
}

export async function revokeSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function revokeAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
