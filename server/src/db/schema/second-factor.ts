import { bigint, boolean, customType, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Partners' second factor: recovery codes, the pending sign-in step, passkeys, WebAuthn challenges (migration 0760, decision 0190). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const userRecoveryCodes = pgTable('user_recovery_codes', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** SHA-256 (hex) of the normalized code. */
  codeHash: text('code_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  usedAt: ts('used_at'),
});

export const signInPending = pgTable('sign_in_pending', {
  tokenHash: bytea('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const userPasskeys = pgTable('user_passkeys', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** base64url, as the browser names it. */
  credentialId: text('credential_id').notNull(),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: jsonb('transports').$type<string[]>().notNull().default([]),
  deviceType: text('device_type').notNull().default('singleDevice'),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
});

export type WebAuthnPurpose = 'register' | 'sign_in' | 'second_factor';

export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').$type<WebAuthnPurpose>().notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
