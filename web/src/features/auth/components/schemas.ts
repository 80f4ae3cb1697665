import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pc/core/contracts/password-rule';

/**
 * Client-side checks (docs/product.md#forms). Messages are translation keys of the auth namespace; the server checks
 * everything again and its 422 messages land on the same fields.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.emailRequired'), z.regex(EMAIL, 'validation.emailInvalid'));
export const captchaField = z.string().check(z.minLength(1, 'validation.captcha'));
export const newPasswordField = z
  .string()
  .check(
    z.minLength(1, 'validation.passwordRequired'),
    z.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
    z.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
  );

export const loginSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, 'validation.passwordRequired')),
  captcha: captchaField,
});

export const registerSchema = z.object({
  email: emailField,
  password: newPasswordField,
  agree: z.boolean().check(z.refine((v) => v === true, 'validation.agreeRequired')),
  newsletter: z.boolean(),
  captcha: captchaField,
});

export const emailCaptchaSchema = z.object({ email: emailField, captcha: captchaField });
export type EmailCaptchaForm = z.infer<typeof emailCaptchaSchema>;

export const newPasswordSchema = z
  .object({
    password: newPasswordField,
    password_confirmation: z.string().check(z.minLength(1, 'validation.confirmationRequired')),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: 'validation.passwordMismatch',
      path: ['password_confirmation'],
    }),
  );
