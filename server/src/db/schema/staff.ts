import type { StaffActorKind, StaffRole } from '@pc/core';
import { bigint, customType, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The operator console's staff, sessions, tokens and audit log (migration 0600, decision 0160). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const staff = pgTable('staff', {
  id: id(),
  /** Unique whatever its case (index on lower(email)); stored lower-cased. */
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').$type<StaffRole>().notNull(),
  lang: text('lang'),
  passwordHash: text('password_hash').notNull(),
  /** The authenticator's base32 secret, sealed (lib/sealed.ts); null until set up, and after a reset. */
  totpSecret: text('totp_secret'),
  totpConfirmedAt: ts('totp_confirmed_at'),
  /** The time step of the last accepted code: no code is accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  disabledAt: ts('disabled_at'),
  createdAt: ts('created_at').notNull(),
  createdBy: text('created_by').notNull(),
});

export const staffRecoveryCodes = pgTable('staff_recovery_codes', {
  id: id(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  /** SHA-256 (hex) of the normalized code. */
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
});

export type StaffSessionStage = 'password_ok' | 'full';

export const staffSessions = pgTable('staff_sessions', {
  id: id(),
  tokenHash: bytea('token_hash').notNull(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  stage: text('stage').$type<StaffSessionStage>().notNull(),
  createdAt: ts('created_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  endedAt: ts('ended_at'),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

export const operatorTokens = pgTable('operator_tokens', {
  id: id(),
  name: text('name').notNull(),
  role: text('role').$type<StaffRole>().notNull(),
  /** SHA-256 (hex) of the whole token. */
  tokenHash: text('token_hash').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

export const staffSignInFailures = pgTable('staff_sign_in_failures', {
  id: id(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  at: ts('at').notNull(),
});

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const staffAudit = pgTable('staff_audit', {
  id: id(),
  at: ts('at').notNull(),
  actorKind: text('actor_kind').$type<StaffActorKind>().notNull(),
  actorId: bigint('actor_id', { mode: 'number' }),
  actorName: text('actor_name').notNull(),
  role: text('role').$type<StaffRole>(),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  before: jsonb('before').$type<unknown>(),
  after: jsonb('after').$type<unknown>(),
  ip: text('ip'),
});
