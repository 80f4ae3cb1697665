import { z } from 'zod';
import { LANG_CODES } from '../locales.ts';
import { pageMeta, plainText, projectSchema } from './common.ts';
import { payoutConversion } from './payouts.ts';
import { OPERATOR_PAYOUT_STATUSES } from './console-lists.ts';

/**
 * The operator API (docs/operator.md): the staff console's and automation's calls under /operator/v1 (decision
 * 0160). Amounts are micro-USD integers. Every text it takes is a plainText: no control characters, so a NUL or an
 * escape sequence is a 422 that changes nothing.
 */
const micro = z.number().int();
const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const operatorIdParam = z.strictObject({ id: z.coerce.number().int().positive() });

/** The statuses an operator may move a payout request to. */
export const operatorPayoutMove = z.enum(['review', 'process', 'accepted', 'rejected']);
export const operatorPayoutStatus = z.enum(OPERATOR_PAYOUT_STATUSES);

export const operatorPayout = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  amount: micro,
  fee: micro,
  wallet_type: z.string(),
  payment_details: z.string(),
  status: operatorPayoutStatus,
  status_reason: z.string(),
  created_date: z.string(),
  updated_at: z.string(),
  /** To a wallet in roubles or hryvnias: the amount to pay in that currency and the rate it was quoted at. */
  conversion: payoutConversion.nullable(),
});
export type OperatorPayout = z.infer<typeof operatorPayout>;

/** GET /operator/v1/payouts */
export const operatorPayoutsQuery = z.strictObject({
  status: operatorPayoutStatus.optional(),
  user_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export const operatorPayoutsAnswer = z.object({ data: z.array(operatorPayout), meta: pageMeta });

/** GET /operator/v1/payouts/{id}: the request, its moves, and the wallet it goes to with what paying it needs. */
export const operatorPayoutAnswer = operatorPayout.extend({
  history: z.array(z.object({ from: operatorPayoutStatus.nullable(), to: operatorPayoutStatus, reason: z.string(), actor: z.string(), at: z.string() })),
  /** A card's whole number among the details; null for requests older than wallets. */
  wallet: z.object({ id: z.number().int(), type: z.string(), details: z.record(z.string(), z.string()), removed: z.boolean() }).nullable(),
});

/** POST /operator/v1/payouts/{id}/status */
export const operatorPayoutMoveBody = z.strictObject({ status: operatorPayoutMove, reason: plainText(1000, { min: 0, multiline: true }).optional() });

/** A partner named by id or by e-mail. */
const partnerRef = {
  user_id: z.number().int().positive().optional(),
  email: z.string().trim().toLowerCase().email().optional(),
};

/** POST /operator/v1/additional-income: a correction (either sign) booked on a day, replayable by Idempotency-Key. */
export const additionalIncomeBody = z.strictObject({
  ...partnerRef,
  project: projectSchema,
  amount: micro.refine((v) => v !== 0, { message: 'validation:invalid' }).refine((v) => Math.abs(v) <= 1e12, { message: 'validation:invalid' }),
  reason: plainText(1000, { multiline: true }),
  day: dayString.optional(),
});
export const additionalIncomeAnswer = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  project: projectSchema,
  day: dayString,
  amount: micro,
  reason: z.string(),
  replayed: z.boolean(),
});

/** A title and body per language; English is required (the fallback of every other language). */
const operatorTexts = z
  .partialRecord(z.enum(LANG_CODES), z.strictObject({ title: plainText(300), body: plainText(20_000, { multiline: true }) }))
  .refine((texts) => Boolean(texts.en), { message: 'operator:english_text_required' });

/** POST /operator/v1/news */
export const operatorNewsBody = z.strictObject({ project: projectSchema.nullable().optional(), texts: operatorTexts });
export const operatorNewsAnswer = z.object({ id: z.number().int(), published_at: z.string(), langs: z.array(z.string()) });

/** POST /operator/v1/notifications: to one partner, or to all. */
export const operatorNotificationBody = z.strictObject({ ...partnerRef, all: z.boolean().optional(), texts: operatorTexts });
export const operatorNotificationAnswer = z.object({ id: z.number().int(), user_id: z.number().int().nullable(), created_at: z.string() });

/** POST /operator/v1/sites/{id}/ban */
export const siteBanBody = z.strictObject({ reason: plainText(1000, { multiline: true }) });
export const siteBanAnswer = z.object({ id: z.number().int(), status: z.literal('banned') });

/** GET /operator/v1/actions: the operators' log, newest first. */
export const operatorActionsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
export const operatorActionsAnswer = z.object({
  data: z.array(z.object({ id: z.number().int(), operator: z.string(), action: z.string(), target: z.string(), payload: z.record(z.string(), z.unknown()), at: z.string() })),
});

/** GET /operator/v1/settings and PATCH: the product settings by top-level key. */
export const operatorSettingsAnswer = z.object({ value: z.record(z.string(), z.unknown()) });
/** Whether a settings value holds a control character in any of its texts (keys included). */
function hasControlText(value: unknown): boolean {
  if (typeof value === 'string') return /\p{Cc}/u.test(value);
  if (Array.isArray(value)) return value.some(hasControlText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasControlText(k) || hasControlText(v));
  return false;
}
export const operatorSettingsBody = z.strictObject({
  changes: z.record(z.string(), z.unknown()).refine((changes) => !hasControlText(changes), { message: 'validation:control_characters' }),
});
export const operatorSettingsChangeAnswer = z.object({ value: z.record(z.string(), z.unknown()), changed: z.array(z.string()), effective_from: z.string() });

/** GET /operator/v1/partners/{id}/balance: a partner's money as the balance calls see it. */
export const operatorBalanceAnswer = z.object({
  user_id: z.number().int(),
  earnings: micro,
  live: micro,
  payouts_accepted: micro,
  in_progress: micro,
  balance: micro,
  hold: micro,
  available: micro,
});
