import { z } from 'zod';
import { isoDate } from './common.ts';
import { micro } from './statistics.ts';
export { API_KEY_PATHS, API_KEY_PREFIX, WEBMASTER_PATHS } from './paths.ts';

/**
 * The webmaster API key (GET/POST/DELETE /api/api-key) and the read-only webmaster API's own answers
 * (/webmaster/v1, decision 0122). Its statistics, earnings and payouts calls answer as the screens' calls do
 * (detailedAnswer, earningsStatAnswer, payoutsAnswer).
 */

/** What the partner sees of a live key: never the key itself, only how it starts and ends. */
export const apiKeyInfo = z.object({
  /** The key's recognizable start, e.g. `pc_live_`. */
  prefix: z.string(),
  /** The key's last four characters. */
  last4: z.string(),
  created_at: isoDate,
  /** The last call made with it (to the minute); null before the first. */
  last_used_at: isoDate.nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;

/** GET /api/api-key: the live key, or null when the partner has none. */
export const apiKeyStateAnswer = z.object({
  key: apiKeyInfo.nullable(),
  /** Calls per minute one key may make. */
  rate_limit_per_minute: z.number().int(),
});
export type ApiKeyStateAnswer = z.infer<typeof apiKeyStateAnswer>;

/** POST /api/api-key: the new key, in full, this once (only its hash is kept); any older key no longer works. */
export const apiKeyCreatedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  api_key: z.string(),
  key: apiKeyInfo,
  /** Whether a live key was replaced (rotation). */
  rotated: z.boolean(),
});
export type ApiKeyCreatedAnswer = z.infer<typeof apiKeyCreatedAnswer>;

/** GET /webmaster/v1/balance: the partner's money across projects, integer micro-USD. */
export const webmasterBalanceAnswer = z.object({
  currency: z.literal('USD'),
  /** What can be requested now: balance − hold, never below 0. */
  available: micro,
  /** Every earning minus payouts not rejected or deleted. */
  balance: micro,
  /** Sale earnings still inside their refund window. */
  hold: micro,
  /** Payout requests created, in review or in processing (already out of the balance). */
  in_progress: micro,
  /** When the figures were taken. */
  as_of: isoDate,
});
export type WebmasterBalanceAnswer = z.infer<typeof webmasterBalanceAnswer>;
