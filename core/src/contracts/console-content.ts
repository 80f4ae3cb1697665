import { z } from 'zod';
import { LANG_CODES } from '../locales.ts';
import { isoDate, pageMeta, plainText, projectSchema } from './common.ts';
import { CONTENT_STATUSES } from './console-lists-content.ts';

/**
 * The console's Content section (docs/operator.md, content.write): news and notifications with their texts per
 * language, audience, publish time and status. A future publish time keeps an item scheduled (partners do not see
 * it until then); withdrawing hides it from partners from then on. English is required; a partner reading in a
 * language without a text gets the English one, marked as a fallback (decision 0120).
 */
export { CONTENT_KINDS, CONTENT_STATUSES, type ContentKind, type ContentStatus } from './console-lists-content.ts';

export const contentStatus = z.enum(CONTENT_STATUSES);

const contentText = z.strictObject({ title: plainText(300), body: plainText(20_000, { multiline: true }) });
/** A title and body per language; English required. */
export const contentTexts = z
  .partialRecord(z.enum(LANG_CODES), contentText)
  .refine((texts) => Boolean(texts.en), { message: 'operator:english_text_required' });
export type ContentTexts = z.infer<typeof contentTexts>;

/** When partners see it: an ISO instant; absent or null: now. A time already past also means now. */
const publishAt = z.iso.datetime({ offset: true }).nullable().optional();

export const contentListQuery = z.strictObject({
  status: contentStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

const itemBase = {
  id: z.number().int(),
  texts: z.partialRecord(z.enum(LANG_CODES), z.object({ title: z.string(), body: z.string() })),
  publish_at: isoDate,
  status: contentStatus,
  created_at: isoDate,
  created_by: z.string(),
  updated_at: isoDate.nullable(),
  withdrawn_at: isoDate.nullable(),
};

// ---- News: GET/POST /content/news, PATCH /content/news/{id}, POST /content/news/{id}/withdraw -------------------

/** Audience: every partner (null) or the partners of one project. */
export const contentNews = z.object({ ...itemBase, project: projectSchema.nullable() });
export type ContentNews = z.infer<typeof contentNews>;
export const contentNewsList = z.object({ data: z.array(contentNews), meta: pageMeta });
export const contentNewsCreate = z.strictObject({ project: projectSchema.nullable().default(null), texts: contentTexts, publish_at: publishAt });
export const contentNewsEdit = z
  .strictObject({ project: projectSchema.nullable().optional(), texts: contentTexts.optional(), publish_at: publishAt })
  .refine((b) => b.project !== undefined || b.texts !== undefined || b.publish_at !== undefined, { message: 'validation:required' });
export type ContentNewsCreate = z.infer<typeof contentNewsCreate>;
export type ContentNewsEdit = z.infer<typeof contentNewsEdit>;

// ---- Notifications: the same calls under /content/notifications ----------------------------------------------

/** Audience: every partner (`user_id` null) or one partner. */
export const contentNotification = z.object({ ...itemBase, user_id: z.number().int().nullable(), email: z.string().nullable() });
export type ContentNotification = z.infer<typeof contentNotification>;
export const contentNotificationList = z.object({ data: z.array(contentNotification), meta: pageMeta });
/** `partner`: a partner's id or e-mail; null: every partner. */
const partnerRef = plainText(254).nullable();
export const contentNotificationCreate = z.strictObject({ partner: partnerRef.default(null), texts: contentTexts, publish_at: publishAt });
export const contentNotificationEdit = z
  .strictObject({ partner: partnerRef.optional(), texts: contentTexts.optional(), publish_at: publishAt })
  .refine((b) => b.partner !== undefined || b.texts !== undefined || b.publish_at !== undefined, { message: 'validation:required' });
export type ContentNotificationCreate = z.infer<typeof contentNotificationCreate>;
export type ContentNotificationEdit = z.infer<typeof contentNotificationEdit>;
