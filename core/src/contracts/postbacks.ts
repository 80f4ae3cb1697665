import { z } from 'zod';
import { isoDate, projectSchema } from './common.ts';
import { POSTBACK_DELIVERY_STATES, POSTBACK_EVENTS } from './paths.ts';

export { POSTBACK_DELIVERY_STATES, POSTBACK_EVENTS, POSTBACK_HEADERS, POSTBACK_PATHS, type PostbackDeliveryState, type PostbackEvent } from './paths.ts';

/** Postbacks (docs/product.md#postbacks; decision 0123): the page's calls and the body each postback carries. */

/** One delivery of one event to one project's URL, as the delivery log shows it. */
export const postbackDelivery = z.object({
  id: z.number().int(),
  event: z.enum(POSTBACK_EVENTS),
  created_at: isoDate,
  state: z.enum(POSTBACK_DELIVERY_STATES),
  attempts: z.number().int(),
  last_attempt_at: isoDate.nullable(),
  next_attempt_at: isoDate.nullable(),
  delivered_at: isoDate.nullable(),
  /** The receiver's HTTP status of the last attempt (null: no answer). */
  status_code: z.number().int().nullable(),
  /** Why the last attempt failed: `http_status`, or an outbound reason code (`timeout`, `address_loopback`, …). */
  error: z.string().nullable(),
});
export type PostbackDelivery = z.infer<typeof postbackDelivery>;

export const postbackProject = z.object({
  project: projectSchema,
  /** null: no postback URL for this project. */
  url: z.string().nullable(),
  updated_at: isoDate.nullable(),
  /** The latest 50 deliveries, newest first. */
  deliveries: z.array(postbackDelivery),
});
export type PostbackProject = z.infer<typeof postbackProject>;

/** GET /postbacks: the partner's signing secret (null until the first URL is saved) and each project. */
export const postbacksAnswer = z.object({
  secret: z.string().nullable(),
  projects: z.array(postbackProject),
});
export type PostbacksAnswer = z.infer<typeof postbacksAnswer>;

/** PUT /postbacks/{project}: an https URL whose host resolves to public addresses only. */
export const postbackUrlBody = z.object({ url: z.string().trim().min(1).max(2000) });
export type PostbackUrlBody = z.infer<typeof postbackUrlBody>;

export const postbackSaveAnswer = z.object({ success: z.literal(true), message: z.string(), data: postbackProject, secret: z.string() });
export type PostbackSaveAnswer = z.infer<typeof postbackSaveAnswer>;

/** POST /postbacks/{project}/test: a test event sent at once; `delivered` says whether the receiver answered 2xx. */
export const postbackTestAnswer = z.object({ delivered: z.boolean(), message: z.string(), data: postbackDelivery });
export type PostbackTestAnswer = z.infer<typeof postbackTestAnswer>;

export const postbackSecretAnswer = z.object({ success: z.literal(true), message: z.string(), secret: z.string() });
export type PostbackSecretAnswer = z.infer<typeof postbackSecretAnswer>;

/**
 * The JSON body of every postback. Signed: `X-Postback-Signature: sha256=<hex HMAC-SHA256 of the raw body with
 * the partner's secret>`; `X-Postback-Id` is `id` (the same on every retry: receivers drop repeats by it).
 */
export const postbackBody = z.object({
  id: z.string(),
  event: z.enum(POSTBACK_EVENTS),
  project: projectSchema,
  created_at: isoDate,
  data: z.record(z.string(), z.unknown()),
});
export type PostbackBody = z.infer<typeof postbackBody>;
