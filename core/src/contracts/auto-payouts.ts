import { z } from 'zod';
import { MAX_PAYOUT_MICRO } from './payouts.ts';
import { AUTO_PAYOUT_LAST_MONTH_DAY, AUTO_PAYOUT_MODES } from '../rules/auto-payouts.ts';
import { isoDate } from './common.ts';

/**
 * Automatic payouts (decision 0202): GET /payouts/auto reads the partner's choice, POST /payouts/auto turns it on,
 * changes or turns it off (guarded by the security code). Money is integer micro-USD; days are UTC.
 */
const micro = z.number().int().describe('micro-USD');

export const AUTO_PAYOUT_CHOICES = ['off', ...AUTO_PAYOUT_MODES] as const;

/** Why the last automatic attempt made no request (the notification said it). */
export const AUTO_PAYOUT_REFUSALS = ['below_minimum', 'no_main_wallet', 'wallet_not_active', 'cooling_off', 'frozen', 'other'] as const;
export type AutoPayoutRefusal = (typeof AUTO_PAYOUT_REFUSALS)[number];

export const autoPayoutBody = z
  // Form-encoded posts carry numbers as text: coerced, as the other money calls accept both.
  .object({
    mode: z.enum(AUTO_PAYOUT_CHOICES),
    /** threshold: micro-USD, at least the minimum of the main wallet's system. */
    threshold: z.coerce.number().int().positive().max(MAX_PAYOUT_MICRO).optional(),
    /** weekly: ISO weekday, 1 Monday … 7 Sunday. */
    weekday: z.coerce.number().int().min(1).max(7).optional(),
    /** monthly: 1 … 28. */
    month_day: z.coerce.number().int().min(1).max(AUTO_PAYOUT_LAST_MONTH_DAY).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.mode === 'threshold' && body.threshold === undefined) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'payouts:auto.errors.threshold_required' });
    if (body.mode === 'weekly' && body.weekday === undefined) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'payouts:auto.errors.weekday_required' });
    if (body.mode === 'monthly' && body.month_day === undefined) ctx.addIssue({ code: 'custom', path: ['month_day'], message: 'payouts:auto.errors.month_day_required' });
  });
export type AutoPayoutBody = z.infer<typeof autoPayoutBody>;

export const autoPayoutAnswer = z.object({
  /** The choice in force; null when automatic payouts are off. */
  setting: z
    .object({
      mode: z.enum(AUTO_PAYOUT_MODES),
      threshold: micro.nullable(),
      weekday: z.number().int().nullable(),
      month_day: z.number().int().nullable(),
      updated_at: isoDate,
    })
    .nullable(),
  /** The last automatic attempt: the request it made, or why it made none. */
  last_attempt: z
    .object({ at: isoDate, request_id: z.number().int().nullable(), refusal: z.enum(AUTO_PAYOUT_REFUSALS).nullable(), message: z.string().nullable() })
    .nullable(),
  /** The lowest threshold allowed: the minimum of the main wallet's system; null without a main wallet. */
  minimum: micro.nullable(),
  /** Whether the partner has a security code (needed to turn automatic payouts on or change them). */
  security_code_set: z.boolean(),
});
export type AutoPayoutAnswer = z.infer<typeof autoPayoutAnswer>;

export const saveAutoPayoutAnswer = autoPayoutAnswer.extend({ message: z.string() });
export type SaveAutoPayoutAnswer = z.infer<typeof saveAutoPayoutAnswer>;
