import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { SessionEpoch } from '../../lib/shared-store.ts';

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

export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  meta: { ip: string; userAgent: string; operatorView?: string | undefined; ttlMs?: number | undefined },
) {
  // Sign-in is the moment to drop this partner's sessions that ran out, so they do not pile up until housekeeping.
  await db.execute(
    sql`delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessionRanOut(now)}`,
  );
  const token = newSecretToken();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (meta.ttlMs ?? SESSION_ABSOLUTE_MS)),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    operatorView: meta.operatorView ?? null,
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
  /**
   * A read-only view of the cabinet opened by staff (decision 0162): who opened it. The session plugin refuses every
   * call on it but a read, so it never reaches a security, payout or settings write.
   */
  operatorView: string | null;
}

/** The signed-in user of a session token, or null when the session is unknown, idle too long or expired. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  return (await resolveSessionState(db, token, now))?.user ?? null;
}

export interface LiveSession {
  user: SessionUser;
  session: SessionState;
}

/** The user and the state of a live session, or null (see resolveSession). */
export async function resolveSessionState(db: Db, token: string, now: Date): Promise<LiveSession | null> {
  return (await lookUpSession(db, hashToken(token), now))?.live ?? null;
}

/**
 * The session lookup every signed-in call makes, built once per database and kept parsed and planned on each of its
 * connections under a name (drizzle's prepared query): building it again and having PostgreSQL parse and plan it
 * again cost more than running it (decision 0218).
 */
const buildSessionLookup = (db: Db) =>
  db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      codeCheckedAt: sessions.codeCheckedAt,
      passwordCheckedAt: sessions.passwordCheckedAt,
      securityFailures: sessions.securityFailures,
      securityFailedAt: sessions.securityFailedAt,
      operatorView: sessions.operatorView,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_lookup');
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

/** Session lookups this process has sent to the database (a burst of kept reads shares one: its test counts them). */
let lookupsSent = 0;
export const sessionLookupsSent = () => lookupsSent;

function sessionLookupOf(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = buildSessionLookup(db)));
  return lookup;
}

async function lookUpSession(
  db: Db,
  idHash: Buffer,
  now: Date,
): Promise<{ live: LiveSession; expiresAt: Date; lastSeenAt: Date } | null> {
  lookupsSent += 1;
  const rows = await sessionLookupOf(db).execute({ idHash, now: now.toISOString() });
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    lastSeenAt = now;
  }
  const { user, codeCheckedAt, passwordCheckedAt, securityFailures, securityFailedAt, operatorView } = row;
  return {
    live: { user, session: { idHash, codeCheckedAt, passwordCheckedAt, securityFailures, securityFailedAt, operatorView } },
    expiresAt: row.expiresAt,
    lastSeenAt,
  };
}

/**
 * How long a session looked up for a figure screen's read is taken as it was (decision 0093). Sign-out, a
 * password change and any write call of the partner forget it at once on this process. With a shared store
 * (several processes, decision 0174) a session that ends ends on every process at once: each kept session carries
 * the sessions' epoch it was looked up under, and is answered only while the epoch has not moved. Other changes
 * of the account (its language, say) show on other processes after at most this long.
 */
export const SESSION_KEEP_MS = 3000;

interface KeptSession {
  live: LiveSession;
  /** The sessions' epoch it was looked up under (with a shared store). */
  epoch: string | null;
  /** When it was looked up, by the app's clock. */
  at: number;
  expiresAt: number;
  lastSeenAt: number;
}

/** Per database handle (one per process and database): the sessions looked up lately and the lookups under way. */
interface KeptSessions {
  kept: LRUCache<string, KeptSession>;
  lookups: Map<string, Promise<LiveSession | null>>;
  /** The epoch all processes share, when they share a store. */
  epoch?: SessionEpoch;
}
const keptSessions = new WeakMap<Db, KeptSessions>();
const keptOf = (db: Db) => {
  let state = keptSessions.get(db);
  if (!state) keptSessions.set(db, (state = { kept: new LRUCache<string, KeptSession>({ max: 10_000 }), lookups: new Map() }));
  return state;
};

/**
 * resolveSessionState for the figure screens' reads: a session looked up less than SESSION_KEEP_MS ago (and still
 * within its idle and absolute expiry) is answered from memory, so a screen's burst of reads costs one lookup.
 * Only for calls that use nothing of the session but the account's id, status and language.
 */
export async function resolveSessionStateKept(db: Db, token: string, now: Date): Promise<LiveSession | null> {
  const idHash = hashToken(token);
  const key = idHash.toString('hex');
  const { kept, lookups, epoch } = keptOf(db);
  const t = now.getTime();
  const hit = kept.get(key);
  // Read before the lookup below: a session that ends after this read raises the epoch past it.
  const currentEpoch = epoch ? await epoch.read() : null;
  if (
    hit &&
    t >= hit.at &&
    t - hit.at < SESSION_KEEP_MS &&
    t < hit.expiresAt &&
    t - hit.lastSeenAt <= SESSION_IDLE_MS &&
    (!epoch || (currentEpoch !== null && currentEpoch === hit.epoch))
  )
    return hit.live;
  // A screen's reads come in bursts: when the kept session has aged, the burst shares one lookup instead of each
  // read making its own (on the embedded database each would wait its turn behind the others and any writes).
  const running = lookups.get(key);
  if (running) return running;
  const lookup = lookUpSession(db, idHash, now).then(
    (found) => {
      // Forgotten meanwhile (sign-out, a write call): answer this burst, keep nothing.
      if (lookups.get(key) !== lookup) return found?.live ?? null;
      lookups.delete(key);
      if (!found) {
        kept.delete(key);
        return null;
      }
      kept.set(key, { live: found.live, epoch: currentEpoch, at: t, expiresAt: found.expiresAt.getTime(), lastSeenAt: found.lastSeenAt.getTime() });
      return found.live;
    },
    (error: unknown) => {
      if (lookups.get(key) === lookup) lookups.delete(key);
      throw error;
    },
  );
  lookups.set(key, lookup);
  return lookup;
}

/** Forgets the kept sessions of a partner on this process (after a write call of theirs, or when their sessions end). */
export function forgetKeptSessions(db: Db, userId: number) {
  const state = keptSessions.get(db);
  if (!state) return;
  // A lookup under way may belong to them too: none is kept when it ends.
  state.lookups.clear();
  for (const [key, value] of state.kept.entries()) if (value.live.user.id === userId) state.kept.delete(key);
}

/** Shares the sessions' epoch of a store all processes use (decision 0174): called once by the app. */
export function shareSessionEpoch(db: Db, epoch: SessionEpoch) {
  keptOf(db).epoch = epoch;
}

/**
 * Sessions were deleted: forgets every kept session on this process and raises the shared epoch, so no process
 * answers a kept copy of them after this returns. Every place that deletes sessions calls it after the deletion.
 */
export async function sessionsEnded(db: Db) {
  const state = keptSessions.get(db);
  state?.kept.clear();
  state?.lookups.clear();
  await state?.epoch?.raise();
}

export async function revokeSession(db: Db, token: string) {
  const idHash = hashToken(token);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  await sessionsEnded(db);
}

/**
 * Ends the partner's sessions (a password change, a block by staff, "end other sessions"), but the one whose hash
 * is `except`; answers how many ended.
 */
export async function revokeAllSessions(db: Db, userId: number, except?: Buffer): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), except ? ne(sessions.idHash, except) : undefined))
    .returning({ userId: sessions.userId });
  await sessionsEnded(db);
  return ended.length;
}

/** How long a read-only view opened by staff lasts (decision 0162). */
export const OPERATOR_VIEW_MS = 15 * 60 * 1000;
