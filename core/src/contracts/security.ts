import { z } from 'zod';

/** The security info, the security check flow and its calls (docs/product.md#security). Decision 0111. */
export const SECURITY_MODES = ['both', 'code', 'password'] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];

export const securityInfoParams = z.object({ mode: z.enum(SECURITY_MODES) });
export const securityInfoAnswer = z.object({
  /** False while the 15 days after a code change run (money operations, wallet changes, file deletion). */
  is_allowed: z.boolean(),
  ask_code: z.boolean(),
  ask_password: z.boolean(),
  /** When the code was last changed (null: never changed since it was first set, or never set). */
  code_created_at: z.string().nullable(),
  /** When protected operations are allowed again (null: not frozen). */
  will_be_allowed_at: z.string().nullable(),
});
export type SecurityInfoAnswer = z.infer<typeof securityInfoAnswer>;

export const checkCodeBody = z.object({ code: z.string().max(256).default('') });
export const checkPasswordBody = z.object({ password: z.string().max(1024).default(''), captcha: z.string().max(10_000).default('') });
export const checkAnswer = z.object({ success: z.boolean() });

export { SECURITY_PATHS } from './paths.ts';
