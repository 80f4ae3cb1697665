import * as z from 'zod/mini';

/** The sign-in forms' checks before sending; messages are keys of the console namespace. The server checks again. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const passwordStepSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'validation.emailRequired'), z.regex(EMAIL, 'validation.emailInvalid')),
  password: z.string().check(z.minLength(1, 'validation.passwordRequired')),
});

/** Six digits; spaces (as apps show them, "123 456") are dropped. */
export const totpSchema = z.object({
  code: z.string().check(z.overwrite((v) => v.replace(/\s+/g, '')), z.regex(/^\d{6}$/, 'validation.totp')),
});

export const recoveryCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'validation.recoveryCode'), z.maxLength(40, 'validation.recoveryCode')),
});
