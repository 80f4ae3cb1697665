import { z } from 'zod';
import { formBool, langSchema } from './common.ts';

/**
 * E-mail alerts (docs/product.md#e-mail-alerts, decision 0124). Sale, payout status and weekly summary are opt-in
 * (off until switched on); wallet changes are always mailed and shown as such (`wallet_change: true`).
 * `lang` is the language of the alert mails (the interface language until one is chosen).
 */
export const alertSettingsAnswer = z.object({
  sale: z.boolean(),
  payout_status: z.boolean(),
  weekly_summary: z.boolean(),
  wallet_change: z.literal(true),
  lang: langSchema,
});
export type AlertSettingsAnswer = z.infer<typeof alertSettingsAnswer>;

export const alertSettingsBody = z.strictObject({
  sale: formBool,
  payout_status: formBool,
  weekly_summary: formBool,
  lang: langSchema,
});
export type AlertSettingsBody = z.infer<typeof alertSettingsBody>;

export const saveAlertSettingsAnswer = z.object({ success: z.literal(true), message: z.string(), data: alertSettingsAnswer });
export type SaveAlertSettingsAnswer = z.infer<typeof saveAlertSettingsAnswer>;

/** The signed token of an unsubscribe link (no session needed). */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(400) });
export const unsubscribeAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ kind: z.enum(['sale', 'payout_status', 'weekly_summary']) }),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

export { ALERT_PATHS, ALERT_KINDS, type AlertKind } from './paths.ts';
