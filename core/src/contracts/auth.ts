import { z } from 'zod';
import { emailSchema, formBool, isoDate, langSchema, projectSchema } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule.ts';

/** The ALTCHA solution payload as the widget submits it (base64 JSON). */
export const captchaField = z.string().min(1).max(8192);
export const passwordField = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** Tokens in links are url-safe base64 of 128+ random bits. */
export const tokenField = z
  .string()
  .min(16)
  .max(512)
  .regex(/^[A-Za-z0-9_.-]+$/);

/** A form posts an empty field for an optional value left blank. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const loginBody = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(128),
  captcha: captchaField,
});

export const registerBody = z.strictObject({
  email: emailSchema,
  password: passwordField,
  agree: formBool.refine((v) => v === true, 'validation:agree_required'),
  newsletter: formBool.optional(),
  captcha: captchaField,
  lang: z.preprocess(emptyToUndefined, langSchema.optional()),
  /** The inviting partner's referral code (their user id), from an invitation link. */
  ref: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
});

export const tokenBody = z.strictObject({ token: tokenField });

export const restoreRequestBody = z.strictObject({ email: emailSchema, captcha: captchaField });

export const restorePasswordBody = z
  .strictObject({
    email: emailSchema,
    token: tokenField,
    password: passwordField,
    password_confirmation: z.string().max(128),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation:password_mismatch',
  });

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const themeSchema = z.enum(THEMES);

export const userAnswer = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  contact: z.string(),
  lang: langSchema,
  is_active: z.boolean(),
  newsletter: z.boolean(),
  /** Project id -> the partner's id in that project, for each activated programme. */
  app_users_id: z.object({ fd1: z.number().int().optional(), fd2: z.number().int().optional() }),
  login_limit_enabled: z.boolean(),
  captcha_enabled: z.boolean(),
  security_code_enabled: z.boolean(),
  /** The colour scheme the partner chose (decision 0192); `system` follows the device's light or dark setting. */
  theme: themeSchema,
  created_at: isoDate,
  /** Present in a read-only view of the cabinet opened by staff: who opened it (the cabinet says so on every page). */
  view_as: z.object({ by: z.string() }).optional(),
});
export type UserAnswer = z.infer<typeof userAnswer>;

export const langsAnswer = z.object({
  langs: z.array(
    z.object({ code: langSchema, name: z.string(), flag: z.string(), dir: z.enum(['ltr', 'rtl']) }),
  ),
});
export const langChangeBody = z.strictObject({ lang: langSchema });
export const themeChangeBody = z.strictObject({ theme: themeSchema });

export const activateProgramBody = z.strictObject({ pid: projectSchema });
export const activateProgramAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  user_id: z.number().int(),
});

export const autoLoginToAnswer = z.object({ url: z.string(), token: z.string() });

/** Sign-in (`/auth/login`) and auto-login (`/auth/auto-login/from`) answer the signed-in user, as `GET /user` does. */
export const signInAnswer = userAnswer;

/**
 * Why a sign-in with the right password was refused: 403 `forbidden` answers carry it as `reason`
 * (next to the localized `message`), so the client can offer "restore access" for a blocked account.
 */
export const SIGN_IN_REFUSALS = ['account_blocked', 'account_not_confirmed', 'account_disabled'] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

/** `GET /captcha`: an ALTCHA v2 challenge in the shape the `altcha` widget v3 fetches. */
export const captchaChallengeAnswer = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    /** `exp`: when the challenge expires, Unix seconds (checked by the server's clock). */
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

// The paths live in their own module without zod, so the sign-in page can import them alone.
export { AUTH_PATHS } from './auth-paths.ts';
