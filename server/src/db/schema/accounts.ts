import { sql } from 'drizzle-orm';
import type { PayoutSystem } from '@pc/core';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  contact: text('contact').notNull().default(''),
  lang: text('lang').notNull().default('en'),
  newsletter: boolean('newsletter').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  confirmedAt: ts('confirmed_at'),
  blockedAt: ts('blocked_at'),
  failedLogins: integer('failed_logins').notNull().default(0),
  loginLimitEnabled: boolean('login_limit_enabled').notNull().default(true),
  captchaEnabled: boolean('captcha_enabled').notNull().default(true),
  securityCodeHash: text('security_code_hash'),
  securityCodeChangedAt: ts('security_code_changed_at'),
  securityCodeFrozenUntil: ts('security_code_frozen_until'),
  passwordChangedAt: ts('password_changed_at'),
  referredBy: bigint('referred_by', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** When the partner dismissed the get-started banner for good (decision 0135); null: not dismissed. */
  startBannerDismissedAt: ts('start_banner_dismissed_at'),
  /** A block by staff (is_active false): why and when (migration 0650, decision 0162). */
  operatorBlockReason: text('operator_block_reason'),
  operatorBlockedAt: ts('operator_blocked_at'),
  /** New payout requests wait until then, after a change named by the reason (migration 0750, decision 0177). */
  payoutCoolingUntil: ts('payout_cooling_until'),
  payoutCoolingReason: text('payout_cooling_reason'),
  theme: text('theme').notNull().default('system'),
  /** The authenticator (migration 0760, decision 0190): the sealed secret, when it was turned on, the last step taken. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: ts('totp_enabled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** "This was not me" was confirmed (migration 0770, decision 0191): no sign-in, no payout request until a password reset. */
  recoveryStartedAt: ts('recovery_started_at'),
});

export const partnerPrograms = pgTable(
  'partner_programs',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    project: text('project').notNull(),
    appUserId: bigint('app_user_id', { mode: 'number' })
      .notNull()
      .default(sql`nextval('app_user_id_seq')`),
    activatedAt: ts('activated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project] })],
);

export const sessions = pgTable(
  'sessions',
  {
    idHash: bytea('id_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** The security check passed in this session (migration 0300): the code, the account password. */
    codeCheckedAt: ts('code_checked_at'),
    passwordCheckedAt: ts('password_checked_at'),
    securityFailures: integer('security_failures').notNull().default(0),
    securityFailedAt: ts('security_failed_at'),
    /** A read-only view opened by staff: who opened it (migration 0650, decision 0162); null for the partner's own. */
    operatorView: text('operator_view'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Browsers an account has signed in from (migration 0770, decision 0191): the device cookie's hash, never the cookie. */
export const knownDevices = pgTable(
  'known_devices',
  {
    idHash: bytea('id_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idHash] }), index('known_devices_user_seen_idx').on(t.userId, t.lastSeenAt)],
);

export const oneTimeTokens = pgTable('one_time_tokens', {
  hash: bytea('hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  kind: text('kind').notNull(),
  lang: text('lang').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  error: text('error'),
  /** Delivery attempts over SMTP so far. */
  attempts: integer('attempts').notNull().default(0),
  /** When the mail is due to be (re)sent over SMTP; null: nothing to send (no SMTP, sent, or given up). */
  nextAttemptAt: ts('next_attempt_at'),
  /** Until when the process sending it holds it; past it another process takes it over. */
  claimedUntil: ts('claimed_until'),
  /** An opt-in alert's one-click unsubscribe address (List-Unsubscribe), sent with every attempt. */
  unsubscribeUrl: text('unsubscribe_url'),
});

export const spentCaptchas = pgTable('spent_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const partnerPlans = pgTable(
  'partner_plans',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    project: text('project').notNull(),
    plan: text('plan').notNull(),
    effectiveFrom: ts('effective_from').notNull(),
    chosenAt: ts('chosen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.effectiveFrom] })],
);

/** Wallets (migration 0300, decision 0110). State derives from confirmed_at; removal is soft. */
export const purses = pgTable(
  'purses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    system: text('system').$type<PayoutSystem>().notNull(),
    /** The system's normalized fields; a card's number only as `last4`. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    /** AES-256-GCM of what must not be stored in the clear (a card's whole number). */
    secret: text('secret'),
    fingerprint: text('fingerprint').notNull(),
    createdAt: ts('created_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    /** Set when the partner made it the main wallet; the latest live one wins. */
    mainAt: ts('main_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('purses_user_idx').on(t.userId, t.createdAt)],
);
