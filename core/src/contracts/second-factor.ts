import { z } from 'zod';
import { isoDate } from './common.ts';
import { tokenField, userAnswer } from './auth.ts';

/** Partners' second factor: an authenticator (TOTP) with recovery codes, and passkeys (decision 0190). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** An authenticator code: six digits (spaces the apps show in the middle are dropped). */
export const totpCodeField = z
  .string()
  .max(16)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'validation:totp_code_format'));
/** A recovery code as printed (`k7qm-w2xd-9fha`), case, spaces and dashes aside. */
export const recoveryCodeField = z.string().trim().min(1).max(64);

/** The password step's answer when the account has a second factor: no session yet, a short-lived single-use token. */
export const secondFactorNeededAnswer = z.object({
  second_factor: z.object({
    token: z.string(),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    expires_at: isoDate,
  }),
});
export type SecondFactorNeededAnswer = z.infer<typeof secondFactorNeededAnswer>;

/** `POST /auth/login`: the signed-in user, or the second step to take. */
export const loginAnswer = z.union([userAnswer, secondFactorNeededAnswer]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** `POST /auth/login/second-factor`: the pending token with an authenticator code, or with a recovery code. */
export const secondFactorSignInBody = z
  .strictObject({ token: tokenField, code: totpCodeField.optional(), recovery_code: recoveryCodeField.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), { path: ['code'], message: 'validation:second_factor_one_code' });

/** The settings' security section. */
export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: isoDate,
  last_used_at: isoDate.nullable(),
  backed_up: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const secondFactorStatusAnswer = z.object({
  totp: z.object({ enabled: z.boolean(), enabled_at: isoDate.nullable(), recovery_codes_left: z.number().int() }),
  passkeys: z.array(passkeyItem),
});
export type SecondFactorStatusAnswer = z.infer<typeof secondFactorStatusAnswer>;

/** Setting the authenticator up: the otpauth URL, the same as a QR code (an SVG document) and the secret in text. */
export const totpSetupAnswer = z.object({ otpauth_url: z.string(), qr_svg: z.string(), secret: z.string() });
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;

export const totpConfirmBody = z.strictObject({ code: totpCodeField });
/** Ten recovery codes, shown once. */
export const recoveryCodesAnswer = z.object({ success: z.literal(true), message: z.string(), codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/** Turning the authenticator off, or new recovery codes: the password and a current code or a recovery code. */
export const secondFactorProofBody = z
  .strictObject({ password: z.string().min(1).max(128), code: totpCodeField.optional(), recovery_code: recoveryCodeField.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), { path: ['code'], message: 'validation:second_factor_one_code' });

export const passkeyNameField = z.string().trim().min(1).max(64);
/** WebAuthn options and responses travel as the JSON @simplewebauthn defines; the server checks them itself. */
const webauthnJson = z.record(z.string(), z.unknown());
export const webauthnOptionsAnswer = z.object({ options: webauthnJson });
export const passkeyRegisterBody = z.strictObject({ name: passkeyNameField, response: webauthnJson });
export const passkeyRenameBody = z.strictObject({ name: passkeyNameField });
export const passkeyIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** The sign-in's second step with a passkey carries the pending token too. */
export const passkeySecondFactorOptionsBody = z.strictObject({ token: tokenField });
export const passkeySecondFactorBody = z.strictObject({ token: tokenField, response: webauthnJson });
export const passkeySignInBody = z.strictObject({ response: webauthnJson });

export { SECOND_FACTOR_PATHS } from './second-factor-paths.ts';
