import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiKeyInfo } from '@pc/core';
import type { Database } from '../db/client.ts';
import { apiKeys } from '../db/schema/index.ts';

/**
 * The webmaster API's personal keys (decision 0122). A key is `pc_live_` and 32 random bytes (base64url); only its
 * SHA-256 is stored, so the key is shown once, when it is made. One live key per partner: rotating revokes the live
 * one in the same transaction that stores the new one, so the old key stops working at once.
 */

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
/** last_used_at is written at most once a minute per key (a busy integration does not write on every call). */
const LAST_USED_RESOLUTION_MS = 60_000;

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function newKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

type KeyRow = typeof apiKeys.$inferSelect;
const infoOf = (row: KeyRow): ApiKeyInfo => ({
  prefix: API_KEY_PREFIX,
  last4: row.last4,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The partner's live key (what the page shows of it), or null. */
export async function liveKey(database: Database, userId: number): Promise<ApiKeyInfo | null> {
  const [row] = await database.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row ? infoOf(row) : null;
}

/** Creates the partner's key, revoking the live one if any; answers the key in full (this once). */
export async function issueKey(database: Database, userId: number, now: Date): Promise<{ key: string; info: ApiKeyInfo; rotated: boolean }> {
  const key = newKey();
  return database.db.transaction(async (tx) => {
    // Two rotations at once take turns on the partner's row (the unique live-key index would refuse the second).
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    const [row] = await tx.insert(apiKeys).values({ userId, keyHash: hashKey(key), last4: key.slice(-4), createdAt: now }).returning();
    return { key, info: infoOf(row!), rotated: revoked.length > 0 };
  });
}

/** Revokes the partner's live key; answers whether there was one. */
export async function revokeKey(database: Database, userId: number, now: Date): Promise<boolean> {
  const revoked = await database.db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

export interface KeyHolder {
  keyId: number;
  userId: number;
}

/**
 * The partner behind a presented key: live, and its account active. Anything else (malformed, unknown, revoked,
 * a deactivated account) is null. The lookup is by hash, so the key itself is never compared or stored.
 */
export async function keyHolder(database: Database, presented: string, now: Date): Promise<KeyHolder | null> {
  if (!KEY_PATTERN.test(presented)) return null;
  const rows = await database.query<{ id: number | string; user_id: number | string; last_used_at: Date | string | null }>(sql`
    select k.id, k.user_id, k.last_used_at from api_keys k join users u on u.id = k.user_id
    where k.key_hash = ${hashKey(presented)} and k.revoked_at is null and u.is_active`);
  const row = rows[0];
  if (!row) return null;
  const holder = { keyId: Number(row.id), userId: Number(row.user_id) };
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS) {
    await database.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, holder.keyId));
  }
  return holder;
}
