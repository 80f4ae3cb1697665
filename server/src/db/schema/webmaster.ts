import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The webmaster API's personal keys (migration 0410, decision 0122): the hash only, never the key. */
export const apiKeys = pgTable('api_keys', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** SHA-256 (hex) of the whole key. */
  keyHash: text('key_hash').notNull(),
  /** The key's last four characters, for display. */
  last4: text('last4').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});
