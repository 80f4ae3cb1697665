import { z } from 'zod';
import { isoDate, langSchema, pageMeta, projectSchema } from './common.ts';

/**
 * News and notifications (docs/product.md#news-and-notifications): the top bar, the user bar, the News and
 * Notifications pages and POST /messages/read. The reads follow the lists' style. Texts are in the partner's
 * language, or in English when the operator wrote none in it: `lang` says which, `fallback` is true then.
 * Decision 0120.
 */

const textLang = {
  /** The language of title and body. */
  lang: langSchema,
  /** True when the partner's language had no text and the English one is shown. */
  fallback: z.boolean(),
};

/** Lists of news and notifications: pages of the usual shape with the partner's unread count. */
const messagesMeta = pageMeta.extend({ unread: z.number().int() });

export const messagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

/** A news item in the list: title and a plain-text excerpt of its body. */
export const newsItem = z.object({
  id: z.number().int(),
  published_at: isoDate,
  /** The project the news is about; null: news for every partner. */
  project: projectSchema.nullable(),
  title: z.string(),
  excerpt: z.string(),
  ...textLang,
  /** Whether the partner opened it (news published before the account existed count as read). */
  read: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsAnswer = z.object({ data: z.array(newsItem), meta: messagesMeta });
export type NewsAnswer = z.infer<typeof newsAnswer>;

/** GET /news/{id}: the whole article (plain text; paragraphs separated by blank lines). Opening it marks it read. */
export const newsArticle = newsItem.omit({ excerpt: true }).extend({ body: z.string() });
export const newsArticleAnswer = z.object({ data: newsArticle });
export type NewsArticleAnswer = z.infer<typeof newsArticleAnswer>;

export const notificationItem = z.object({
  id: z.number().int(),
  created_at: isoDate,
  /** Addressed to this partner alone (false: to every partner). */
  personal: z.boolean(),
  title: z.string(),
  body: z.string(),
  ...textLang,
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsAnswer = z.object({ data: z.array(notificationItem), meta: messagesMeta });
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/** GET /messages/unread: the top bar's badges. */
export const unreadAnswer = z.object({ news: z.number().int(), notifications: z.number().int() });
export type UnreadAnswer = z.infer<typeof unreadAnswer>;

/** Form posts carry `ids=1,2` or repeated `ids`; JSON an array. */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(z.coerce.number().int().positive()).min(1).max(500),
);

/** POST /messages/read: no payload marks every notification of the partner read; `ids` only those. */
export const messagesReadBody = z.object({ ids: idList.optional() }).nullish();
export type MessagesReadBody = z.infer<typeof messagesReadBody>;

export const messagesReadAnswer = z.object({
  success: z.literal(true),
  /** How many notifications this call marked (already read ones are not counted again). */
  marked: z.number().int(),
  unread: unreadAnswer,
});
export type MessagesReadAnswer = z.infer<typeof messagesReadAnswer>;

export { MESSAGES_PATHS } from './paths.ts';
