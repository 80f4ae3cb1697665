import { z } from 'zod';
import { emailSchema, formBool, isoDate } from './common.ts';

/** The settings screen and the user it edits (docs/product.md#security, Settings screen). Decision 0111. */
export const settingsAnswer = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Contact details such as a messenger handle. */
  contact: z.string(),
  /** An address waiting for its confirmation link, if any. */
  pending_email: z.string().nullable(),
  security: z.object({
    code_set: z.boolean(),
    code_changed_at: isoDate.nullable(),
    /** Money operations are frozen until then (null: not frozen). */
    frozen_until: isoDate.nullable(),
    login_limit_enabled: z.boolean(),
    captcha_enabled: z.boolean(),
  }),
});
export type SettingsAnswer = z.infer<typeof settingsAnswer>;

const nameField = z.string().trim().max(64);
export const personalBody = z.object({
  first_name: nameField.default(''),
  last_name: nameField.default(''),
  contact: z.string().trim().max(128).default(''),
});
/** Changing the e-mail needs the account password (403 need_security_password); the new address gets a link. */
export const emailChangeBody = z.object({ email: emailSchema });
export const confirmEmailBody = z.object({ token: z.string().min(1).max(200) });
/** Old, new and confirmation; the new password applies once the e-mailed link is followed. */
export const passwordChangeBody = z.object({
  old_password: z.string().max(1024).default(''),
  password: z.string().max(1024).default(''),
  password_confirmation: z.string().max(1024).default(''),
});
export const confirmPasswordChangingBody = z.object({ user_id: z.coerce.number().int().positive(), token: z.string().min(1).max(200) });
/**
 * Security options (need the account password): set, change or remove the code (with its confirmation), the
 * login-attempt limit and the captcha. Omitted fields stay as they are.
 */
export const securityOptionsBody = z.object({
  code: z.string().max(256).optional(),
  code_confirmation: z.string().max(256).optional(),
  remove_code: formBool.optional(),
  login_limit_enabled: formBool.optional(),
  captcha_enabled: formBool.optional(),
});

export const sessionRow = z.object({
  /** An opaque id of the session (not its secret). */
  id: z.string(),
  created_at: isoDate,
  last_seen_at: isoDate,
  ip: z.string(),
  user_agent: z.string(),
  current: z.boolean(),
});
export const sessionsAnswer = z.object({ data: z.array(sessionRow) });
export type SessionRow = z.infer<typeof sessionRow>;
export const sessionRevokeParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{16}$/) });
export const revokeSessionAnswer = z.object({ success: z.literal(true), message: z.string() });
export const revokeOthersAnswer = z.object({ success: z.literal(true), message: z.string(), revoked: z.number().int() });

export { SETTINGS_PATHS } from './paths.ts';
