import { z } from 'zod';
import { PAYOUT_SYSTEMS } from '../product.ts';
import { CONVERTED_CURRENCIES, PAYOUT_STATUSES } from '../rules/payouts.ts';
import { isoDate, pageMeta } from './common.ts';
import { PAYOUT_SORT_KEYS } from './keys.ts';

/**
 * Wallets (purses) and payout requests (docs/product.md#payouts): the wallet, the payout info, the payout request
 * and their calls. Money is integer micro-USD on the wire. Decision 0110.
 */
const micro = z.number().int().describe('micro-USD');

export const payoutSystemSchema = z.enum(PAYOUT_SYSTEMS);
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);

/** Where a wallet stands (core walletState): waiting for its e-mailed link, on hold until `active_from`, active. */
export const WALLET_STATES = ['waiting_confirmation', 'on_hold', 'active'] as const;
export type WalletStateName = (typeof WALLET_STATES)[number];

/** A wallet as the partner sees it. Card numbers are never shown whole: `details.number` is `•••• 1234`. */
export const purseRow = z.object({
  id: z.number().int(),
  type: payoutSystemSchema,
  /** The system's fields (PAYOUT_SYSTEM_FIELDS), normalized; a card's number masked to its last four digits. */
  details: z.record(z.string(), z.string()),
  /** One line for tables and pickers, e.g. `Z123456789012`, `•••• 4242 (USD)`, `TR33 … 1326`. */
  summary: z.string(),
  created_at: isoDate,
  /** When the e-mailed link was followed; null while waiting. */
  confirmed_at: isoDate.nullable(),
  state: z.enum(WALLET_STATES),
  /** When the hold ends (confirmed_at + hold_period days); null while waiting for confirmation. */
  active_from: isoDate.nullable(),
  /** The system's fee: basis points of the amount + a fixed micro-USD part. */
  fee_bp: z.number().int(),
  fee_fixed: micro,
  min_payout: micro,
  main: z.boolean(),
});
export type PurseRow = z.infer<typeof purseRow>;

/** GET /purses: confirmed wallets (on hold or active) and those still waiting for their link. */
export const pursesAnswer = z.object({ purses: z.array(purseRow), purses_not_confirmed: z.array(purseRow) });
export type PursesAnswer = z.infer<typeof pursesAnswer>;

export const payoutSystemInfo = z.object({
  type: payoutSystemSchema,
  fee_bp: z.number().int(),
  fee_fixed: micro,
  min_payout: micro,
  /** The add form's fields for this system, in order. */
  fields: z.array(z.string()),
});

/** GET /payouts/info: the payout systems, fees and minimums (docs/product.md#payouts). */
export const payoutsInfoAnswer = z.object({
  card_currencies: z.array(z.string()),
  bank_tr_currencies: z.array(z.string()),
  purses_types: z.array(payoutSystemInfo),
  /** The systems a new wallet may be added for now. */
  active_purses_types: z.array(payoutSystemSchema),
  /** Days a confirmed wallet stays on hold. */
  hold_period: z.number().int(),
  /** Days a payout takes after review, about. */
  processing_days: z.number().int(),
  turkish_banks: z.array(z.string()),
});
export type PayoutsInfoAnswer = z.infer<typeof payoutsInfoAnswer>;

/** POST /purse: the system and its fields (all strings; form-encoded or JSON). Unknown fields are ignored. */
export const addPurseBody = z.object({ type: payoutSystemSchema }).catchall(z.union([z.string(), z.number()]));
/** The new wallet (waiting for its e-mailed link) and "confirmation e-mail sent". */
export const addPurseAnswer = z.object({ data: purseRow, message: z.string() });

/** POST /purse/confirm/{code}. */
export const confirmPurseAnswer = z.object({ success: z.literal(true), message: z.string(), data: purseRow });

/** DELETE /purse/{id}: the wallet is removed. */
export const removePurseAnswer = z.object({ success: z.literal(true), message: z.string() });
/** POST /purse/{id}/link: a waiting wallet's confirmation link sent again. */
export const resendPurseLinkAnswer = z.object({ success: z.literal(true), message: z.string() });
export type ResendPurseLinkAnswer = z.infer<typeof resendPurseLinkAnswer>;
/** POST /purse/{id}/main: the wallet now main. */
export const mainPurseAnswer = z.object({ success: z.literal(true), message: z.string(), data: purseRow });

/**
 * A micro-USD amount as the forms send it: a JSON integer or a string of digits. Strings with anything else
 * (signs, decimal points, exponents), fractions and values beyond MAX_PAYOUT_MICRO are refused.
 */
export const MAX_PAYOUT_MICRO = 1_000_000_000_000_000; // 1 billion USD
export const payoutAmount = z.union([z.number(), z.string()]);

export type PayoutAmountProblem = 'required' | 'invalid' | 'not_positive' | 'too_large';

/**
 * Reads a payout amount as the forms send it (see above): a safe integer 1..MAX_PAYOUT_MICRO, or why not.
 * `"12.5"`, `"-5"`, `"1e3"`, `" 7"`, `1.5`, NaN are `invalid`; `0`, `"0"`, `-5` are `not_positive`; `1e20` and
 * more than MAX_PAYOUT_MICRO are `too_large`; a missing value or `""` is `required`.
 */
export function parsePayoutAmount(value: unknown): { ok: true; micro: number } | { ok: false; problem: PayoutAmountProblem } {
  if (value === undefined || value === null || value === '') return { ok: false, problem: 'required' };
  let n: number;
  if (typeof value === 'string') {
    if (!/^\d+$/.test(value)) return { ok: false, problem: 'invalid' };
    if (value.replace(/^0+/, '').length > String(MAX_PAYOUT_MICRO).length) return { ok: false, problem: 'too_large' };
    n = Number(value);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value) || !Number.isInteger(value)) return { ok: false, problem: 'invalid' };
    n = value;
  } else return { ok: false, problem: 'invalid' };
  if (n <= 0) return { ok: false, problem: 'not_positive' };
  if (n > MAX_PAYOUT_MICRO) return { ok: false, problem: 'too_large' };
  return { ok: true, micro: n };
}

/**
 * POST /payouts: amount (micro-USD, read with parsePayoutAmount) to a wallet (its id). Both are required; they
 * are optional here only so that a missing one is answered with the payout form's own message on its field.
 */
export const createPayoutBody = z.object({ amount: payoutAmount.optional(), wallet: z.union([z.number(), z.string()]).optional() });
/** POST /payouts/quick: the whole available amount to the main wallet. */
export const quickPayoutBody = z.object({}).passthrough();

/**
 * A payout to a wallet in roubles or hryvnias (a card in RUB or UAH): what it pays in that currency, quoted when
 * the request was made at the national bank's last known rate (decision 0150).
 */
export const payoutConversion = z.object({
  currency: z.enum(CONVERTED_CURRENCIES),
  /** Units of the currency per 1 USD, exact decimal text, e.g. `92.5058`. */
  rate: z.string(),
  /** The day the bank set the rate for. */
  rate_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** `cbr` (Central Bank of Russia), `nbu` (National Bank of Ukraine), or `demo` (a placeholder, not a quote). */
  source: z.enum(['cbr', 'nbu', 'demo']),
  /** `received` in the currency's minor units (kopecks), rounded half-up. */
  amount_minor: z.number().int(),
});
export type PayoutConversionView = z.infer<typeof payoutConversion>;

export const payoutRow = z.object({
  id: z.number().int(),
  created_date: isoDate,
  /** Requested amount; the fee is taken from it. */
  amount: micro,
  fee: micro,
  /** amount − fee: what the wallet receives. */
  received: micro,
  wallet_type: z.string(),
  payment_details: z.string(),
  status: payoutStatusSchema,
  /** The operator's reason when rejected. */
  status_reason: z.string(),
  updated_at: isoDate,
  /** About `processing_days` after the request went into review; null before review and once final. */
  expected_at: isoDate.nullable(),
  /** Whether the partner may delete it now (status created). */
  can_delete: z.boolean(),
  /** What `received` is in roubles or hryvnias; null for a payout in US dollars or one made before a rate was known. */
  conversion: payoutConversion.nullable(),
  /** Made by the partner's automatic payouts, not by hand (decision 0202). */
  automatic: z.boolean(),
});
export type PayoutRow = z.infer<typeof payoutRow>;

export const payoutsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  sort_key: z.enum(PAYOUT_SORT_KEYS).default('created_date'),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
});
export const payoutsAnswer = z.object({ data: z.array(payoutRow), meta: pageMeta });
export type PayoutsAnswer = z.infer<typeof payoutsAnswer>;

export const createPayoutAnswer = z.object({ data: payoutRow, message: z.string() });
/** DELETE /payout/{id}: the request, now deleted (its amount is back on the balance). */
export const deletePayoutAnswer = z.object({ success: z.literal(true), message: z.string(), data: payoutRow });

/** GET /payout/{id}/timeline: every move of a request, oldest first. */
export const payoutTimelineAnswer = z.object({
  data: payoutRow,
  events: z.array(z.object({ status: payoutStatusSchema, at: isoDate, reason: z.string() })),
});
export type PayoutTimelineAnswer = z.infer<typeof payoutTimelineAnswer>;

export { PAYOUT_PATHS } from './paths.ts';
export { PAYOUT_SORT_KEYS };
