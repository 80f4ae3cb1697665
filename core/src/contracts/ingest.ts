import { z } from 'zod';
import { PLAYER_TYPES, REVENUE_TYPES, SALE_STATUSES } from '../product.ts';
import { SUB_ID_MAX, SUB_ID_PATTERN } from '../rules/tags.ts';
export { SUB_ID_MAX, SUB_ID_PATTERN };

/**
 * The file hosts' event feed (docs/ingest.md): `POST /ingest/v1/{project}/events` with a JSON array or NDJSON.
 * Every event has a unique id chosen by the file host, a type, its own time and the partner's id in that project.
 */
export const INGEST_MAX_EVENTS = 10_000;
export const INGEST_MAX_BYTES = 10 * 1024 * 1024;
/** Events older than this are refused (the statistics keep two years). */
export const INGEST_MAX_AGE_DAYS = 731;

const id = z.string().min(1).max(128);
const text = (max: number) => z.string().max(max);
/** An ISO 8601 time with a zone (Z or an offset); stored as UTC. */
const at = z.iso.datetime({ offset: true });
/** ISO 3166-1 alpha-2, upper case; null or absent = unknown (group G). */
const country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code in upper case')
  .nullish();
const url = text(2048).nullish();
const domain = z
  .string()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'expected a domain name');

/**
 * A partner's sub-ID tag (`?sub=forum-x` on a file link), passed on by the file host on every event the link led to:
 * at most 64 letters, digits, `_`, `-`, `.`. Absent or null = no tag (decision 0206).
 */
export const subId = z.string().max(SUB_ID_MAX, `expected at most ${SUB_ID_MAX} characters`).regex(SUB_ID_PATTERN, 'expected 1 to 64 letters, digits, _, - or .');
const tag = { sub_id: subId.nullish() };

const base = {
  id,
  at,
  /** The partner's user id in this project (partner_programs.app_user_id). */
  app_users_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
};

export const fileUploadedEvent = z.strictObject({
  ...base,
  type: z.literal('file_uploaded'),
  file_id: id,
  name: text(1024),
  /** Folder name; null or absent = the Inbox. */
  folder: text(512).nullish(),
  size_bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  is_video: z.boolean().default(false),
});
export const fileRenamedEvent = z.strictObject({
  ...base,
  type: z.literal('file_renamed'),
  file_id: id,
  name: text(1024),
});
export const fileMovedEvent = z.strictObject({
  ...base,
  type: z.literal('file_moved'),
  file_id: id,
  folder: text(512).nullish(),
});
export const fileDeletedEvent = z.strictObject({ ...base, type: z.literal('file_deleted'), file_id: id });
/** A copy of the partner's file saved in another account; it earns for the original partner (app_users_id). */
export const fileCopiedEvent = z.strictObject({
  ...base,
  type: z.literal('file_copied'),
  /** The copy's own file id; downloads and sales of the copy name it. */
  file_id: id,
  original_file_id: id,
  copy_account_id: id,
  name: text(1024),
  size_bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  is_video: z.boolean().default(false),
});
export const pageHitEvent = z.strictObject({
  ...base,
  type: z.literal('page_hit'),
  file_id: id.nullish(),
  referrer: url,
  ...tag,
});
export const downloadEvent = z.strictObject({
  ...base,
  type: z.literal('download'),
  file_id: id,
  country,
  /** The downloader's account id, or a hash of the guest's IP address. */
  downloader_id: id,
  completed: z.boolean(),
  referrer: url,
  /**
   * True when the file host's own checks (bots, abuse, its limits) refused the download for pay. It still counts
   * among all downloads, never for pay, and does not take the downloader's first download of the day (decision 0200).
   */
  refused: z.boolean().optional(),
  ...tag,
});
export const saleEvent = z.strictObject({
  ...base,
  type: z.literal('sale'),
  sale_id: id,
  amount_micro: z.number().int().positive().max(1_000_000_000_000),
  revenue_type: z.enum(REVENUE_TYPES),
  file_id: id.nullish(),
  /** The referring site's domain (site referrals, and the sources screen). */
  site_domain: domain.nullish(),
  buyer_email: text(254).default(''),
  payment_system: text(64).default(''),
  tariff: text(64).default(''),
  country,
  /** The initial status; later `sale_status` events change it. */
  status: z.enum(SALE_STATUSES).default('ok'),
  /** Video sales: the player the buyer came from (the video statistics per player type). */
  player_type: z.enum(PLAYER_TYPES).nullish(),
  /** The page the buyer came from, like a download's referrer (purchases per URL on the sources screen). */
  referrer: url,
  /** The tag of the link that led to the sale; a rebill carries its own (decision 0206). */
  ...tag,
});
export const saleStatusEvent = z.strictObject({
  ...base,
  type: z.literal('sale_status'),
  sale_id: id,
  status: z.enum(SALE_STATUSES),
  fraud: z.boolean().optional(),
});
export const videoViewEvent = z.strictObject({
  ...base,
  type: z.literal('video_view'),
  file_id: id,
  player_type: z.enum(PLAYER_TYPES),
  viewer_id: id,
  seconds: z.number().int().nonnegative().max(86_400),
  ...tag,
});

export const ingestEvent = z.discriminatedUnion('type', [
  fileUploadedEvent,
  fileRenamedEvent,
  fileMovedEvent,
  fileDeletedEvent,
  fileCopiedEvent,
  pageHitEvent,
  downloadEvent,
  saleEvent,
  saleStatusEvent,
  videoViewEvent,
]);
export type IngestEvent = z.infer<typeof ingestEvent>;
export type IngestEventInput = z.input<typeof ingestEvent>;
export type IngestEventType = IngestEvent['type'];
export const INGEST_EVENT_TYPES = ingestEvent.options.map((o) => o.shape.type.value) as IngestEventType[];

/** Why an event was rejected. */
export const INGEST_REJECT_REASONS = [
  'invalid_event',
  'unknown_type',
  'in_future',
  'too_old',
  'unknown_partner',
  'partner_inactive',
] as const;
export type IngestRejectReason = (typeof INGEST_REJECT_REASONS)[number];

export const ingestResult = z.object({
  /** Position in the request (0-based). */
  index: z.number().int(),
  id: z.string().nullable(),
  status: z.enum(['accepted', 'duplicate', 'rejected']),
  reason: z.enum(INGEST_REJECT_REASONS).optional(),
  message: z.string().optional(),
});
export type IngestResult = z.infer<typeof ingestResult>;

export const ingestAnswer = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  results: z.array(ingestResult),
});
export type IngestAnswer = z.infer<typeof ingestAnswer>;
