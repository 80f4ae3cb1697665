import { sql, type SQL } from 'drizzle-orm';
import type { LangCode, NewsAnswer, NewsItem, NotificationsAnswer, UnreadAnswer } from '@pc/core';
import type { Database } from '../../db/client.ts';

/**
 * News and notifications as a partner sees them (decision 0120):
 * - news: for every partner (project null) or about a project whose programme the partner activated;
 * - notifications: the partner's own and those for every partner (user_id null);
 * - texts in the partner's language, else English (`fallback`);
 * - unread: not opened (news) / not marked read (notifications); what was published before the account existed
 *   is shown but never counted as new, so a new partner does not start with a badge of every old message;
 * - only what is published by now and not withdrawn (the console's Content section, migration 0700): a scheduled
 *   item appears at its publish time, a withdrawn one is gone, from the list, the article and the counts alike.
 */

/** News a partner may see at `now`: published by then, not withdrawn. */
const newsLive = (now: Date) => sql`n.published_at <= ${now.toISOString()}::timestamptz and n.withdrawn_at is null`;
/** Likewise notifications. */
const notificationLive = (now: Date) => sql`n.published_at <= ${now.toISOString()}::timestamptz and n.withdrawn_at is null`;

const EXCERPT_CHARS = 220;

/** The first words of a plain-text body on one line, cut at a word boundary. */
export function excerptOf(body: string, max = EXCERPT_CHARS): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/u, '')}…`;
}

interface Page {
  page: number;
  per_page: number;
}

interface NewsRow {
  id: number;
  project: string | null;
  published_at: Date | string;
  title: string;
  body: string;
  has_own: boolean;
  read: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The news a partner may see (their activated projects' and everyone's), with texts and read state. */
function visibleNews(userId: number, lang: LangCode, now: Date, bodyChars: number | null, where: SQL = sql`true`) {
  const body = bodyChars === null ? sql`coalesce(tl.body, te.body, '')` : sql`left(coalesce(tl.body, te.body, ''), ${bodyChars})`;
  return sql`
    select n.id::int as id, n.project, n.published_at,
      coalesce(tl.title, te.title, '') as title, ${body} as body,
      (tl.news_id is not null) as has_own,
      (r.news_id is not null or n.published_at < u.created_at) as read
    from news n
    join users u on u.id = ${userId}
    left join news_texts tl on tl.news_id = n.id and tl.lang = ${lang}
    left join news_texts te on te.news_id = n.id and te.lang = 'en'
    left join news_reads r on r.news_id = n.id and r.user_id = ${userId}
    where (n.project is null or n.project in (select project from partner_programs where user_id = ${userId}))
      and ${newsLive(now)}
      and ${where}`;
}

function textLang(lang: LangCode, hasOwn: boolean): { lang: LangCode; fallback: boolean } {
  return hasOwn || lang === 'en' ? { lang, fallback: false } : { lang: 'en', fallback: true };
}

function newsView(row: NewsRow, lang: LangCode) {
  return {
    id: Number(row.id),
    published_at: iso(row.published_at),
    project: row.project as NewsItem['project'],
    title: row.title,
    ...textLang(lang, row.has_own),
    read: Boolean(row.read),
  };
}

export async function listNews(database: Database, userId: number, lang: LangCode, page: Page, now: Date): Promise<NewsAnswer> {
  const rows = await database.query<NewsRow>(sql`
    select * from (${visibleNews(userId, lang, now, EXCERPT_CHARS * 3)}) v
    order by v.published_at desc, v.id desc
    limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`);
  const [counts] = await database.query<{ total: number; unread: number }>(sql`
    select count(*)::int as total, (count(*) filter (where not v.read))::int as unread
    from (${visibleNews(userId, lang, now, 0)}) v`);
  return {
    data: rows.map((row) => ({ ...newsView(row, lang), excerpt: excerptOf(row.body) })),
    meta: { page: page.page, per_page: page.per_page, total: counts?.total ?? 0, unread: counts?.unread ?? 0 },
  };
}

/** One article the partner may see, marked read by this call; null when unknown or not visible to them. */
export async function openNews(database: Database, userId: number, lang: LangCode, id: number, now: Date) {
  const [row] = await database.query<NewsRow>(visibleNews(userId, lang, now, null, sql`n.id = ${id}`));
  if (!row) return null;
  await database.query(sql`
    insert into news_reads (news_id, user_id, read_at) values (${id}, ${userId}, ${now.toISOString()}::timestamptz)
    on conflict do nothing`);
  return { ...newsView(row, lang), read: true, body: row.body };
}

interface NotificationRow {
  id: number;
  created_at: Date | string;
  personal: boolean;
  title: string;
  body: string;
  has_own: boolean;
  read: boolean;
}

export async function listNotifications(database: Database, userId: number, lang: LangCode, page: Page, now: Date): Promise<NotificationsAnswer> {
  const visible = sql`
    select n.id::int as id, n.published_at as created_at, (n.user_id is not null) as personal,
      coalesce(tl.title, te.title, '') as title, coalesce(tl.body, te.body, '') as body,
      (tl.notification_id is not null) as has_own,
      (r.notification_id is not null or (n.user_id is null and n.published_at < u.created_at)) as read
    from notifications n
    join users u on u.id = ${userId}
    left join notification_texts tl on tl.notification_id = n.id and tl.lang = ${lang}
    left join notification_texts te on te.notification_id = n.id and te.lang = 'en'
    left join notification_reads r on r.notification_id = n.id and r.user_id = ${userId}
    where (n.user_id = ${userId} or n.user_id is null) and ${notificationLive(now)}`;
  const rows = await database.query<NotificationRow>(sql`
    select * from (${visible}) v order by v.created_at desc, v.id desc
    limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`);
  const [counts] = await database.query<{ total: number; unread: number }>(sql`
    select count(*)::int as total, (count(*) filter (where not v.read))::int as unread from (${visible}) v`);
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      created_at: iso(row.created_at),
      personal: Boolean(row.personal),
      title: row.title,
      body: row.body,
      ...textLang(lang, row.has_own),
      read: Boolean(row.read),
    })),
    meta: { page: page.page, per_page: page.per_page, total: counts?.total ?? 0, unread: counts?.unread ?? 0 },
  };
}

/** The notifications a partner could still have unread: their own, and everyone's since the account exists. */
const countableNotifications = (userId: number, now: Date) => sql`
  select n.id from notifications n join users u on u.id = ${userId}
  where (n.user_id = ${userId} or (n.user_id is null and n.published_at >= u.created_at)) and ${notificationLive(now)}`;

/**
 * Marks the partner's notifications read: all of them, or only `ids` (ids of other partners' notifications and
 * unknown ones are ignored). Idempotent; answers how many were newly marked.
 */
export async function markNotificationsRead(database: Database, userId: number, ids: number[] | undefined, now: Date): Promise<number> {
  const only = ids && ids.length ? sql`and c.id in (${sql.join([...new Set(ids)].map((id) => sql`${id}`), sql`, `)})` : sql``;
  const marked = await database.query<{ id: number }>(sql`
    insert into notification_reads (notification_id, user_id, read_at)
    select c.id, ${userId}, ${now.toISOString()}::timestamptz from (${countableNotifications(userId, now)}) c
    where true ${only}
    on conflict do nothing
    returning notification_id as id`);
  return marked.length;
}

export async function unreadCounts(database: Database, userId: number, now: Date): Promise<UnreadAnswer> {
  const [row] = await database.query<UnreadAnswer>(sql`
    select
      (select count(*)::int from news n
        where (n.project is null or n.project in (select project from partner_programs where user_id = ${userId}))
          and n.published_at >= u.created_at and ${newsLive(now)}
          and not exists (select 1 from news_reads r where r.news_id = n.id and r.user_id = ${userId})) as news,
      (select count(*)::int from (${countableNotifications(userId, now)}) c
        where not exists (select 1 from notification_reads r where r.notification_id = c.id and r.user_id = ${userId})) as notifications
    from users u where u.id = ${userId}`);
  return { news: row?.news ?? 0, notifications: row?.notifications ?? 0 };
}
