import { z } from 'zod';

/**
 * "This was not me" (decision 0191): the link of the new-device mail and of the e-mail change notice. Opening it
 * (GET) only says what confirming will do; the POST acts: every session ends, sign-in and new payout requests wait
 * for a password reset, and a reset link goes to the account's address.
 */
export { NOT_ME_PATHS } from './devices-paths.ts';

export const NOT_ME_KINDS = ['new_device', 'email_change'] as const;
export type NotMeKind = (typeof NOT_ME_KINDS)[number];

export const notMeParams = z.strictObject({ token: z.string().min(1).max(200) });

export const notMeInfoAnswer = z.object({
  kind: z.enum(NOT_ME_KINDS),
  /** When the sign-in or the e-mail change request happened. */
  at: z.string(),
  /** The sign-in's browser and system as named by describeUserAgent, its address; empty when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string(),
  /** The address an e-mail change asked for (email_change only). */
  new_email: z.string().nullable(),
  /** The link expires then. */
  expires_at: z.string(),
});
export type NotMeInfo = z.infer<typeof notMeInfoAnswer>;

export const notMeAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  sessions_ended: z.number().int(),
});
export type NotMeAnswer = z.infer<typeof notMeAnswer>;
