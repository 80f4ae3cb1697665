import { z } from 'zod';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '../rules/staff-access.ts';
import { emailSchema, isoDate, langSchema, pageMeta, plainText } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule.ts';

/**
 * The programme's staff in the operator console (decision 0160): sign-in with a password and a mandatory
 * authenticator code (TOTP), the signed-in member, staff and named API tokens managed by administrators, and
 * the audit log. Every call is under /operator/v1; the console's cookie is `pc_staff` (Path=/operator).
 */
export const staffRoleSchema = z.enum(STAFF_ROLES);
export const staffPermissionSchema = z.enum(STAFF_PERMISSIONS);

/** A staff password: as a partner's, 8 to 128 characters. */
export const staffPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** Six digits from the authenticator app (spaces around are ignored). */
export const totpCode = z.string().trim().regex(/^\d{6}$/);
/** One of the ten recovery codes shown at setup, e.g. `k7qm-w2xd-9fha` (case and dashes are ignored). */
export const recoveryCode = plainText(40);

// ---- sign-in: POST /operator/v1/session, then /session/totp (first time) or /session/code ------------------

/**
 * POST /operator/v1/session/password: a member changes their own password, with the current one and a code from
 * their authenticator; every other session of theirs ends. Not for tokens.
 */
export const staffPasswordBody = z.strictObject({ current_password: z.string().min(1).max(128), new_password: staffPassword, code: totpCode });
export const staffPasswordAnswer = z.object({ changed: z.literal(true), sessions_ended: z.number().int() });

/** POST /operator/v1/session */
export const staffSignInBody = z.strictObject({ email: emailSchema, password: z.string().min(1).max(128) });
/**
 * Password right: a first-stage session (the cookie is set) that waits for the authenticator. `setup_totp` when
 * the member has no confirmed authenticator yet (first sign-in, or reset by an administrator): the secret to add,
 * as an otpauth:// URL, a QR code (an SVG document) and the base32 text for typing in; otherwise `code`.
 */
export const staffSignInAnswer = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('setup_totp'), otpauth_url: z.string(), qr_svg: z.string(), secret: z.string() }),
  z.object({ stage: z.literal('code') }),
]);
export type StaffSignInAnswer = z.infer<typeof staffSignInAnswer>;

/** POST /operator/v1/session/totp: the first code from the newly added authenticator confirms it. */
export const staffTotpSetupBody = z.strictObject({ code: totpCode });
/** Signed in; the ten recovery codes are shown this once (only their hashes are kept). */
export const staffTotpSetupAnswer = z.object({ stage: z.literal('signed_in'), recovery_codes: z.array(z.string()).length(10) });

/** POST /operator/v1/session/code: the authenticator's code, or one unused recovery code (it then is used up). */
export const staffCodeBody = z
  .strictObject({ code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), { message: 'validation:required', path: ['code'] });
export const staffCodeAnswer = z.object({ stage: z.literal('signed_in'), recovery_codes_left: z.number().int() });

/** GET /operator/v1/session/me: the signed-in member (or the calling token) and what its role may do. */
export const staffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  lang: langSchema.nullable().optional(),
  permissions: z.array(staffPermissionSchema),
});
export type StaffMe = z.infer<typeof staffMe>;

/** DELETE /operator/v1/session */
export const staffSignOutAnswer = z.object({ signed_out: z.literal(true) });

// ---- staff: GET/POST /operator/v1/staff, PATCH /operator/v1/staff/{id} (staff.manage) -------------------------

export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  lang: langSchema.nullable(),
  /** Whether the member has set up their authenticator (false: they set it up at their next sign-in). */
  totp_confirmed: z.boolean(),
  disabled_at: isoDate.nullable(),
  created_at: isoDate,
  created_by: z.string(),
  /** When a session of theirs was last used. */
  last_seen_at: isoDate.nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffListAnswer = z.object({ data: z.array(staffMember) });

/** A new member with a temporary password: the given one, or one made up and answered once. */
export const staffCreateBody = z.strictObject({
  email: emailSchema,
  name: plainText(100),
  role: staffRoleSchema,
  lang: langSchema.nullable().optional(),
  password: staffPassword.optional(),
});
export const staffCreateAnswer = z.object({ member: staffMember, temporary_password: z.string().nullable() });

/**
 * Changes a member: name, role, language, a new temporary password, disabled (true ends their sessions; false
 * lets them in again), reset_totp (their authenticator is forgotten and set up anew at their next sign-in; their
 * sessions end). At least one field.
 */
export const staffUpdateBody = z
  .strictObject({
    name: plainText(100).optional(),
    role: staffRoleSchema.optional(),
    lang: langSchema.nullable().optional(),
    password: staffPassword.optional(),
    disabled: z.boolean().optional(),
    reset_totp: z.literal(true).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'validation:required', path: ['_'] });
export const staffUpdateAnswer = staffMember;

// ---- named API tokens: GET/POST /operator/v1/tokens, DELETE /operator/v1/tokens/{id} (tokens.manage) --------

export const operatorTokenView = z.object({
  id: z.number().int(),
  name: z.string(),
  role: staffRoleSchema,
  created_by: z.string(),
  created_at: isoDate,
  last_used_at: isoDate.nullable(),
  revoked_at: isoDate.nullable(),
});
export type OperatorTokenView = z.infer<typeof operatorTokenView>;
export const operatorTokensAnswer = z.object({ data: z.array(operatorTokenView) });
export const operatorTokenCreateBody = z.strictObject({ name: plainText(100), role: staffRoleSchema });
/** `secret` (`pco_…`, sent as `Authorization: Bearer pco_…`) is answered this once; only its hash is kept. */
export const operatorTokenCreateAnswer = z.object({ token: operatorTokenView, secret: z.string() });
export const operatorTokenRevokeAnswer = operatorTokenView;

// ---- audit log: GET /operator/v1/audit and /operator/v1/audit.csv (audit.read) ------------------------------

/** Who acted: a staff member (console), a named token, or the shared OPERATOR_TOKEN with an X-Operator name. */
export const staffActorKind = z.enum(['staff', 'token', 'legacy']);
export type StaffActorKind = z.infer<typeof staffActorKind>;

/** A moment (ISO date-time) or a UTC day; as `from` a day means its start, as `to` its end. */
const instantOrDay = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const auditQuery = z.strictObject({
  /** Actions of this staff member (actor kind staff). */
  staff_id: z.coerce.number().int().positive().optional(),
  /** Actions made with this named token (actor kind token). */
  token_id: z.coerce.number().int().positive().optional(),
  actor_kind: staffActorKind.optional(),
  /** An action name (`payout.status`), or every action under a prefix ending with a dot (`payout.`). */
  action: plainText(100).optional(),
  /** A target type (`payout`) or type and id (`payout:42`). */
  target: plainText(200).optional(),
  from: instantOrDay.optional(),
  to: instantOrDay.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;
/** The same filters for the CSV export, which has every matching row (no paging). */
export const auditCsvQuery = auditQuery.omit({ page: true, per_page: true });

export const auditRow = z.object({
  id: z.number().int(),
  at: isoDate,
  actor: z.object({ kind: staffActorKind, id: z.number().int().nullable(), name: z.string() }),
  /** The actor's role when it acted; null for the rows written before roles existed. */
  role: staffRoleSchema.nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditAnswer = z.object({ data: z.array(auditRow), meta: pageMeta });
