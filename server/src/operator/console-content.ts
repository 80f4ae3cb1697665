import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  contentListQuery,
  contentNews,
  contentNewsCreate,
  contentNewsEdit,
  contentNewsList,
  contentNotification,
  contentNotificationCreate,
  contentNotificationEdit,
  contentNotificationList,
  operatorIdParam,
  type ContentNews,
  type ContentNotification,
  type ContentStatus,
  type ContentTexts,
} from '@pc/core';
import type { Db } from '../db/client.ts';
import { news, newsTexts, notifications, notificationTexts, users } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { AppError } from '../lib/errors.ts';
import { actorOf } from './access.ts';
import { actorLabel, audit, type StaffActor } from './audit.ts';

/**
 * The console's Content section (docs/operator.md, permission content.write): news and notifications listed with
 * their texts per language, audience, publish time and status; written, edited (before or after they are
 * published) and withdrawn. A publish time in the future keeps an item scheduled: the partner's lists, articles and
 * unread counts (modules/messages) show only items published by now and not withdrawn. Every change is audited with
 * its before and after in the change's own transaction. POST /news and /notifications (routes.ts) stay as they were.
 */

type Texts = NonNullable<ContentTexts>;
type By = { actor: StaffActor; ip: string | null };
type NewsRow = typeof news.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

export function statusOf(row: { publishedAt: Date; withdrawnAt: Date | null }, now: Date): ContentStatus {
  if (row.withdrawnAt) return 'withdrawn';
  return row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** The publish time asked for: absent or null is now, and so is a time already past (nothing is back-dated). */
function publishTime(asked: string | null | undefined, now: Date): Date {
  if (!asked) return now;
  const at = new Date(asked);
  return at.getTime() > now.getTime() ? at : now;
}

const textEntries = (texts: Texts) => Object.entries(texts).filter((e): e is [string, { title: string; body: string }] => Boolean(e[1]));

function statusWhere(status: ContentStatus | undefined, table: typeof news | typeof notifications, now: Date): SQL | undefined {
  if (status === 'withdrawn') return isNotNull(table.withdrawnAt);
  if (status === 'scheduled') return and(isNull(table.withdrawnAt), gt(table.publishedAt, now));
  if (status === 'published') return and(isNull(table.withdrawnAt), lte(table.publishedAt, now));
  return undefined;
}

/** The texts tables: one row per item and language, each naming its item by its own column. */
const NEWS_TEXTS = { table: newsTexts, itemId: newsTexts.newsId };
const NOTIFICATION_TEXTS = { table: notificationTexts, itemId: notificationTexts.notificationId };

/** The texts of some news or notifications, by item, languages in order. */
async function textsOf(db: Db | Tx, of: typeof NEWS_TEXTS | typeof NOTIFICATION_TEXTS, ids: number[]): Promise<Map<number, Texts>> {
  const out = new Map<number, Texts>();
  if (!ids.length) return out;
  // The two tables have the same lang, title and body columns; drizzle does not type a select over a union of tables,
  // so both are read through the news table's type (the SQL is built from the table actually given).
  const { table, itemId } = of as typeof NEWS_TEXTS;
  for (const t of await db.select({ id: itemId, lang: table.lang, title: table.title, body: table.body }).from(table).where(inArray(itemId, ids)).orderBy(asc(table.lang))) {
    const texts = out.get(t.id) ?? ({} as Texts);
    (texts as Record<string, { title: string; body: string }>)[t.lang] = { title: t.title, body: t.body };
    out.set(t.id, texts);
  }
  return out;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function newsView(row: NewsRow, texts: Texts | undefined, now: Date): ContentNews {
  return {
    id: row.id,
    project: (row.project as ContentNews['project']) ?? null,
    texts: texts ?? {},
    publish_at: row.publishedAt.toISOString(),
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    updated_at: iso(row.updatedAt),
    withdrawn_at: iso(row.withdrawnAt),
  };
}

function notificationView(row: NotificationRow, email: string | null, texts: Texts | undefined, now: Date): ContentNotification {
  return {
    id: row.id,
    user_id: row.userId ?? null,
    email,
    texts: texts ?? {},
    publish_at: row.publishedAt.toISOString(),
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    updated_at: iso(row.updatedAt),
    withdrawn_at: iso(row.withdrawnAt),
  };
}

/** What an audit row keeps of an item: its audience, time, texts and withdrawal. */
const newsAudit = (v: ContentNews) => ({ project: v.project, publish_at: v.publish_at, withdrawn_at: v.withdrawn_at, texts: v.texts });
const notificationAudit = (v: ContentNotification) => ({ user_id: v.user_id, publish_at: v.publish_at, withdrawn_at: v.withdrawn_at, texts: v.texts });

// ---- News ----------------------------------------------------------------------------------------------------

/** Newest publish time first (scheduled ones, furthest ahead, on top), ties by id. */
export async function listContentNews(db: Db, q: { status?: ContentStatus | undefined; page: number; per_page: number }, now: Date) {
  const where = statusWhere(q.status, news, now);
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(news).where(where);
  const texts = await textsOf(db, NEWS_TEXTS, rows.map((r) => r.id));
  return { data: rows.map((r) => newsView(r, texts.get(r.id), now)), meta: { page: q.page, per_page: q.per_page, total: Number(count?.n ?? 0) } };
}

async function oneNews(db: Db | Tx, id: number, now: Date, lock = false): Promise<ContentNews> {
  const query = db.select().from(news).where(eq(news.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', { key: 'operator:content_not_found' });
  return newsView(row, (await textsOf(db, NEWS_TEXTS, [id])).get(id), now);
}

export async function createContentNews(db: Db, input: { project: 'fd1' | 'fd2' | null; texts: Texts; publish_at?: string | null | undefined }, by: By, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(news)
      .values({ project: input.project, publishedAt: publishTime(input.publish_at, now), createdAt: now, createdBy: actorLabel(by.actor) })
      .returning();
    const id = row!.id;
    await tx.insert(newsTexts).values(textEntries(input.texts).map(([lang, t]) => ({ newsId: id, lang, title: t.title, body: t.body })));
    const after = await oneNews(tx, id, now);
    await audit(tx, by.actor, { action: 'news.create', targetType: 'news', targetId: id, after: newsAudit(after) }, by.ip, now);
    return after;
  });
}

export async function editContentNews(
  db: Db,
  id: number,
  input: { project?: 'fd1' | 'fd2' | null | undefined; texts?: Texts | undefined; publish_at?: string | null | undefined },
  by: By,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const before = await oneNews(tx, id, now, true);
    if (before.status === 'withdrawn') throw new AppError('conflict', { key: 'operator:content_withdrawn' }, undefined, { reason: 'withdrawn' });
    const set: Partial<typeof news.$inferInsert> = { updatedAt: now };
    if (input.project !== undefined) set.project = input.project;
    if (input.publish_at !== undefined) set.publishedAt = publishTime(input.publish_at, now);
    await tx.update(news).set(set).where(eq(news.id, id));
    if (input.texts) {
      await tx.delete(newsTexts).where(eq(newsTexts.newsId, id));
      await tx.insert(newsTexts).values(textEntries(input.texts).map(([lang, t]) => ({ newsId: id, lang, title: t.title, body: t.body })));
    }
    const after = await oneNews(tx, id, now);
    await audit(tx, by.actor, { action: 'news.edit', targetType: 'news', targetId: id, before: newsAudit(before), after: newsAudit(after) }, by.ip, now);
    return after;
  });
}

export async function withdrawContentNews(db: Db, id: number, by: By, now: Date) {
  return db.transaction(async (tx) => {
    const before = await oneNews(tx, id, now, true);
    if (before.status === 'withdrawn') throw new AppError('conflict', { key: 'operator:content_withdrawn' }, undefined, { reason: 'withdrawn' });
    await tx.update(news).set({ withdrawnAt: now, updatedAt: now }).where(eq(news.id, id));
    const after = await oneNews(tx, id, now);
    await audit(tx, by.actor, { action: 'news.withdraw', targetType: 'news', targetId: id, before: newsAudit(before), after: newsAudit(after) }, by.ip, now);
    return after;
  });
}

// ---- Notifications -------------------------------------------------------------------------------------------

async function emailsOf(db: Db | Tx, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  if (!wanted.length) return new Map();
  return new Map((await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted))).map((u) => [u.id, u.email]));
}

export async function listContentNotifications(db: Db, q: { status?: ContentStatus | undefined; page: number; per_page: number }, now: Date) {
  const where = statusWhere(q.status, notifications, now);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.publishedAt), desc(notifications.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where);
  const texts = await textsOf(db, NOTIFICATION_TEXTS, rows.map((r) => r.id));
  const emails = await emailsOf(db, rows.map((r) => r.userId));
  return {
    data: rows.map((r) => notificationView(r, r.userId === null ? null : (emails.get(r.userId) ?? null), texts.get(r.id), now)),
    meta: { page: q.page, per_page: q.per_page, total: Number(count?.n ?? 0) },
  };
}

async function oneNotification(db: Db | Tx, id: number, now: Date, lock = false): Promise<ContentNotification> {
  const query = db.select().from(notifications).where(eq(notifications.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', { key: 'operator:content_not_found' });
  const emails = await emailsOf(db, [row.userId]);
  return notificationView(row, row.userId === null ? null : (emails.get(row.userId) ?? null), (await textsOf(db, NOTIFICATION_TEXTS, [id])).get(id), now);
}

/** A partner named by id or e-mail (any case); null is every partner. Unknown: 422 on `partner`. */
async function resolveAudience(db: Db | Tx, partner: string | null): Promise<number | null> {
  if (partner === null || partner === '') return null;
  const byId = /^\d{1,15}$/.test(partner) ? Number(partner) : null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(byId !== null ? eq(users.id, byId) : eq(sql`lower(${users.email})`, partner.toLowerCase()))
    .limit(1);
  if (!row) throw new AppError('validation_failed', { key: 'errors:validation_failed' }, { partner: [{ key: 'operator:partner_not_found' }] });
  return row.id;
}

export async function createContentNotification(db: Db, input: { partner: string | null; texts: Texts; publish_at?: string | null | undefined }, by: By, now: Date) {
  return db.transaction(async (tx) => {
    const userId = await resolveAudience(tx, input.partner);
    const [row] = await tx
      .insert(notifications)
      .values({ userId, createdAt: now, publishedAt: publishTime(input.publish_at, now), createdBy: actorLabel(by.actor) })
      .returning();
    const id = row!.id;
    await tx.insert(notificationTexts).values(textEntries(input.texts).map(([lang, t]) => ({ notificationId: id, lang, title: t.title, body: t.body })));
    const after = await oneNotification(tx, id, now);
    await audit(tx, by.actor, { action: 'notification.create', targetType: 'notification', targetId: id, after: notificationAudit(after) }, by.ip, now);
    return after;
  });
}

export async function editContentNotification(
  db: Db,
  id: number,
  input: { partner?: string | null | undefined; texts?: Texts | undefined; publish_at?: string | null | undefined },
  by: By,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const before = await oneNotification(tx, id, now, true);
    if (before.status === 'withdrawn') throw new AppError('conflict', { key: 'operator:content_withdrawn' }, undefined, { reason: 'withdrawn' });
    const set: Partial<typeof notifications.$inferInsert> = { updatedAt: now };
    if (input.partner !== undefined) set.userId = await resolveAudience(tx, input.partner);
    if (input.publish_at !== undefined) set.publishedAt = publishTime(input.publish_at, now);
    await tx.update(notifications).set(set).where(eq(notifications.id, id));
    if (input.texts) {
      await tx.delete(notificationTexts).where(eq(notificationTexts.notificationId, id));
      await tx.insert(notificationTexts).values(textEntries(input.texts).map(([lang, t]) => ({ notificationId: id, lang, title: t.title, body: t.body })));
    }
    const after = await oneNotification(tx, id, now);
    await audit(
      tx,
      by.actor,
      { action: 'notification.edit', targetType: 'notification', targetId: id, before: notificationAudit(before), after: notificationAudit(after) },
      by.ip,
      now,
    );
    return after;
  });
}

export async function withdrawContentNotification(db: Db, id: number, by: By, now: Date) {
  return db.transaction(async (tx) => {
    const before = await oneNotification(tx, id, now, true);
    if (before.status === 'withdrawn') throw new AppError('conflict', { key: 'operator:content_withdrawn' }, undefined, { reason: 'withdrawn' });
    await tx.update(notifications).set({ withdrawnAt: now, updatedAt: now }).where(eq(notifications.id, id));
    const after = await oneNotification(tx, id, now);
    await audit(
      tx,
      by.actor,
      { action: 'notification.withdraw', targetType: 'notification', targetId: id, before: notificationAudit(before), after: notificationAudit(after) },
      by.ip,
      now,
    );
    return after;
  });
}

// ---- Routes --------------------------------------------------------------------------------------------------

export async function consoleContentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;
  const by = (request: Parameters<typeof actorOf>[0]): By => ({ actor: actorOf(request), ip: request.ip });
  const config = { permission: 'content.write' as const };
  const tags = ['operator'];

  app.get('/content/news', { config, schema: { tags, summary: 'News with texts, audience, publish time and status', querystring: contentListQuery, response: { 200: contentNewsList } } }, async (request) =>
    listContentNews(db, request.query, clock.now()),
  );
  app.post('/content/news', { config, schema: { tags, summary: 'Writes news, published now or at a later time', body: contentNewsCreate, response: { 200: contentNews } } }, async (request) =>
    createContentNews(db, request.body, by(request), clock.now()),
  );
  app.get('/content/news/:id', { config, schema: { tags, summary: 'One news item', params: operatorIdParam, response: { 200: contentNews } } }, async (request) =>
    oneNews(db, request.params.id, clock.now()),
  );
  app.patch(
    '/content/news/:id',
    { config, schema: { tags, summary: 'Edits news: texts, audience, publish time', params: operatorIdParam, body: contentNewsEdit, response: { 200: contentNews } } },
    async (request) => editContentNews(db, request.params.id, request.body, by(request), clock.now()),
  );
  app.post(
    '/content/news/:id/withdraw',
    { config, schema: { tags, summary: 'Withdraws news: partners no longer see it', params: operatorIdParam, response: { 200: contentNews } } },
    async (request) => withdrawContentNews(db, request.params.id, by(request), clock.now()),
  );

  app.get(
    '/content/notifications',
    { config, schema: { tags, summary: 'Notifications with texts, audience, publish time and status', querystring: contentListQuery, response: { 200: contentNotificationList } } },
    async (request) => listContentNotifications(db, request.query, clock.now()),
  );
  app.post(
    '/content/notifications',
    { config, schema: { tags, summary: 'Writes a notification to one partner or everyone, now or later', body: contentNotificationCreate, response: { 200: contentNotification } } },
    async (request) => createContentNotification(db, request.body, by(request), clock.now()),
  );
  app.get(
    '/content/notifications/:id',
    { config, schema: { tags, summary: 'One notification', params: operatorIdParam, response: { 200: contentNotification } } },
    async (request) => oneNotification(db, request.params.id, clock.now()),
  );
  app.patch(
    '/content/notifications/:id',
    { config, schema: { tags, summary: 'Edits a notification', params: operatorIdParam, body: contentNotificationEdit, response: { 200: contentNotification } } },
    async (request) => editContentNotification(db, request.params.id, request.body, by(request), clock.now()),
  );
  app.post(
    '/content/notifications/:id/withdraw',
    { config, schema: { tags, summary: 'Withdraws a notification', params: operatorIdParam, response: { 200: contentNotification } } },
    async (request) => withdrawContentNotification(db, request.params.id, by(request), clock.now()),
  );
}
