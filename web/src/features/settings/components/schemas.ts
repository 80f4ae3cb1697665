import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pc/core/contracts/password-rule';

/**
 * Client-side checks of the settings forms (docs/product.md#forms). Messages are keys of the settings namespace; the server
 * checks everything again and its 422 messages land on the same fields.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The account's password rule (core's, as at registration): the password section quotes its limits. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const personalSchema = z.object({
  first_name: z.string().check(z.trim()),
  last_name: z.string().check(z.trim()),
  contact: z.string().check(z.trim()),
});
export type PersonalValues = z.infer<typeof personalSchema>;

export const emailChangeSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, 'validation.emailRequired'), z.regex(EMAIL, 'validation.emailInvalid')),
});

export const passwordChangeSchema = z
  .object({
    old_password: z.string().check(z.minLength(1, 'validation.oldPasswordRequired')),
    password: z
      .string()
      .check(
        z.minLength(1, 'validation.newPasswordRequired'),
        z.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
        z.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
      ),
    password_confirmation: z.string().check(z.minLength(1, 'validation.confirmationRequired')),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: 'validation.passwordMismatch',
      path: ['password_confirmation'],
    }),
  );
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** A code's length counts characters (Unicode code points), as the server does. */
const length = (value: string) => [...value].length;

/** The new security code and its confirmation; the limits are the operator's (product settings), never literals. */
export function securityCodeSchema(limits: { min: number; max: number }) {
  return z
    .object({
      code: z
        .string()
        .check(
          z.refine((v) => length(v) > 0, 'validation.codeRequired'),
          z.refine((v) => length(v) === 0 || length(v) >= limits.min, 'validation.codeTooShort'),
          z.refine((v) => length(v) <= limits.max, 'validation.codeTooLong'),
        ),
      code_confirmation: z.string().check(z.minLength(1, 'validation.codeConfirmationRequired')),
    })
    .check(
      z.refine((v) => v.code === v.code_confirmation, {
        message: 'validation.codeMismatch',
        path: ['code_confirmation'],
      }),
    );
}
export type SecurityCodeValues = { code: string; code_confirmation: string };
