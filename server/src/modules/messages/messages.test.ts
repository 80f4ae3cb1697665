import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { newsAnswer, newsArticleAnswer, notificationsAnswer, unreadAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { excerptOf } from './service.ts';

let t: TestApp;
let a: { id: number; cookie: string };
let b: { id: number; cookie: string };

const operator = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };
const HOUR = 3600_000;

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  // A works in fd1 only; B in fd1 and fd2. Both joined on 2026-11-01.
  const aId = await createPartner(t.ctx.database, { email: 'a@example.com', createdAt: '2026-11-01T00:00:00Z', projects: ['fd1'] });
  const bId = await createPartner(t.ctx.database, { email: 'b@example.com', createdAt: '2026-11-01T00:00:00Z', projects: ['fd1', 'fd2'] });
  a = { id: aId, cookie: await sessionCookie(t.ctx.database, aId, t.clock.now()) };
  b = { id: bId, cookie: await sessionCookie(t.ctx.database, bId, t.clock.now()) };
});
afterEach(async () => {
  await t.close();
});

type Texts = Record<string, { title: string; body: string }>;
const en = (title: string, body = `${title} body.`): Texts => ({ en: { title, body } });

async function publishNews(texts: Texts, project: string | null = null) {
  const res = await t.app.inject({ method: 'POST', url: '/operator/v1/news', headers: operator, payload: { project, texts } });
  expect(res.statusCode, res.body).toBe(200);
  t.clock.advance(HOUR);
  return res.json().id as number;
}
async function publishNotification(texts: Texts, to: { user_id: number } | { all: true }) {
  const res = await t.app.inject({ method: 'POST', url: '/operator/v1/notifications', headers: operator, payload: { ...to, texts } });
  expect(res.statusCode, res.body).toBe(200);
  t.clock.advance(HOUR);
  return res.json().id as number;
}

const get = async (url: string, cookie: string, lang?: string) => {
  const res = await t.app.inject({ url, headers: { cookie, ...(lang ? { 'x-localization': lang } : {}) } });
  return res;
};
const ok = async (url: string, cookie: string, lang?: string) => {
  const res = await get(url, cookie, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const unread = async (cookie: string) => unreadAnswer.parse(await ok('/api/messages/unread', cookie));
const markRead = (cookie: string, payload?: unknown, form?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages/read',
    headers: { cookie, ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form !== undefined ? { payload: form } : payload !== undefined ? { payload: payload as object } : {}),
  });

describe('news', () => {
  it("shows everyone's news and news of the partner's activated projects only, newest first, paged", async () => {
    const all1 = await publishNews(en('For all 1'));
    const fd2 = await publishNews(en('About fd2'), 'fd2');
    const fd1 = await publishNews(en('About fd1'), 'fd1');
    const all2 = await publishNews(en('For all 2'));

    const forA = newsAnswer.parse(await ok('/api/news', a.cookie));
    expect(forA.data.map((n) => n.id)).toEqual([all2, fd1, all1]);
    expect(forA.meta).toEqual({ page: 1, per_page: 10, total: 3, unread: 3 });
    expect(forA.data[1]).toMatchObject({ project: 'fd1', title: 'About fd1', excerpt: 'About fd1 body.', lang: 'en', fallback: false, read: false });
    const forB = newsAnswer.parse(await ok('/api/news', b.cookie));
    expect(forB.data.map((n) => n.id)).toEqual([all2, fd1, fd2, all1]);

    const page2 = newsAnswer.parse(await ok('/api/news?page=2&per_page=2', b.cookie));
    expect(page2.data.map((n) => n.id)).toEqual([fd2, all1]);
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 4, unread: 4 });
    expect(newsAnswer.parse(await ok('/api/news?page=3&per_page=2', b.cookie)).data).toEqual([]);

    // Another project's article is not found for A, as an unknown one and a malformed id.
    for (const id of [fd2, 999_999, 'abc', '0', '1e3']) expect((await get(`/api/news/${id}`, a.cookie)).statusCode).toBe(404);
    expect((await get('/api/news?per_page=1000', a.cookie)).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/news' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/news/${all1}` })).statusCode).toBe(401);
  });

  it("answers in the partner's language, else in English marked as a fallback", async () => {
    const both = await publishNews({ en: { title: 'New rates', body: 'From December.' }, de: { title: 'Neue Tarife', body: 'Ab Dezember.' } });
    const english = await publishNews(en('Maintenance'));

    const de = newsAnswer.parse(await ok('/api/news', a.cookie, 'de'));
    expect(de.data).toEqual([
      expect.objectContaining({ id: english, title: 'Maintenance', lang: 'en', fallback: true }),
      expect.objectContaining({ id: both, title: 'Neue Tarife', excerpt: 'Ab Dezember.', lang: 'de', fallback: false }),
    ]);
    const article = newsArticleAnswer.parse(await ok(`/api/news/${english}`, a.cookie, 'de'));
    expect(article.data).toMatchObject({ title: 'Maintenance', body: 'Maintenance body.', lang: 'en', fallback: true });

    // Without X-Localization, the partner's own language.
    await t.ctx.database.db.update(users).set({ lang: 'de' }).where(eq(users.id, a.id));
    expect(newsAnswer.parse(await ok('/api/news', a.cookie)).data[1]).toMatchObject({ title: 'Neue Tarife', lang: 'de', fallback: false });
    expect(newsAnswer.parse(await ok('/api/news', a.cookie, 'en')).data[1]).toMatchObject({ title: 'New rates', lang: 'en', fallback: false });
  });

  it('opening an article marks it read for that partner only; opening again changes nothing', async () => {
    const first = await publishNews(en('First', 'Line one.\n\nLine two.'));
    const second = await publishNews(en('Second'));
    expect(await unread(a.cookie)).toEqual({ news: 2, notifications: 0 });

    const article = newsArticleAnswer.parse(await ok(`/api/news/${first}`, a.cookie));
    expect(article.data).toEqual({ id: first, published_at: '2026-11-20T12:00:00.000Z', project: null, title: 'First', body: 'Line one.\n\nLine two.', lang: 'en', fallback: false, read: true });
    expect(await unread(a.cookie)).toEqual({ news: 1, notifications: 0 });
    const list = newsAnswer.parse(await ok('/api/news', a.cookie));
    expect(list.data.map((n) => [n.id, n.read])).toEqual([[second, false], [first, true]]);
    expect(list.data[1]!.excerpt).toBe('Line one. Line two.');
    expect(list.meta.unread).toBe(1);

    t.clock.advance(HOUR);
    await ok(`/api/news/${first}`, a.cookie);
    expect(await unread(a.cookie)).toEqual({ news: 1, notifications: 0 });
    const [row] = await t.ctx.database.query<{ n: number; read_at: Date }>(
      sql`select count(*)::int as n, min(read_at) as read_at from news_reads where user_id = ${a.id}`,
    );
    expect(row!.n).toBe(1);
    expect(new Date(row!.read_at).toISOString()).toBe('2026-11-20T14:00:00.000Z');
    expect(await unread(b.cookie)).toEqual({ news: 2, notifications: 0 });
  });

  it('news published before the account existed are listed but not counted as new', async () => {
    const old = await publishNews(en('Old'));
    const cId = await createPartner(t.ctx.database, { email: 'c@example.com', createdAt: t.clock.now().toISOString() });
    const c = await sessionCookie(t.ctx.database, cId, t.clock.now());
    const fresh = await publishNews(en('Fresh'));
    const list = newsAnswer.parse(await ok('/api/news', c));
    expect(list.data.map((n) => [n.id, n.read])).toEqual([[fresh, false], [old, true]]);
    expect(list.meta.unread).toBe(1);
    expect(await unread(c)).toEqual({ news: 1, notifications: 0 });
  });
});

describe('notifications', () => {
  it("shows the partner's own and everyone's, never another partner's, newest first with language fallback", async () => {
    const toA = await publishNotification({ en: { title: 'For A', body: 'Your site was approved.' }, ar: { title: 'إلى أ', body: 'تمت الموافقة على موقعك.' } }, { user_id: a.id });
    const toB = await publishNotification(en('For B'), { user_id: b.id });
    const toAll = await publishNotification(en('For all'), { all: true });

    const forA = notificationsAnswer.parse(await ok('/api/notifications', a.cookie, 'ar'));
    expect(forA.data).toEqual([
      { id: toAll, created_at: '2026-11-20T14:00:00.000Z', personal: false, title: 'For all', body: 'For all body.', lang: 'en', fallback: true, read: false },
      { id: toA, created_at: '2026-11-20T12:00:00.000Z', personal: true, title: 'إلى أ', body: 'تمت الموافقة على موقعك.', lang: 'ar', fallback: false, read: false },
    ]);
    expect(forA.meta).toEqual({ page: 1, per_page: 10, total: 2, unread: 2 });
    const forB = notificationsAnswer.parse(await ok('/api/notifications?per_page=1', b.cookie));
    expect(forB.data.map((n) => n.id)).toEqual([toAll]);
    expect(forB.meta).toEqual({ page: 1, per_page: 1, total: 2, unread: 2 });
    expect(notificationsAnswer.parse(await ok('/api/notifications?per_page=1&page=2', b.cookie)).data.map((n) => n.id)).toEqual([toB]);
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('POST /messages/read without a payload marks all the partner’s notifications read, idempotently', async () => {
    await publishNotification(en('For A'), { user_id: a.id });
    await publishNotification(en('For B'), { user_id: b.id });
    await publishNotification(en('For all'), { all: true });
    await publishNews(en('News'));
    expect(await unread(a.cookie)).toEqual({ news: 1, notifications: 2 });
    expect(await unread(b.cookie)).toEqual({ news: 1, notifications: 2 });

    // As the web app posts it: form-encoded and empty.
    const res = await markRead(a.cookie, undefined, '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, marked: 2, unread: { news: 1, notifications: 0 } });
    expect(notificationsAnswer.parse(await ok('/api/notifications', a.cookie)).data.every((n) => n.read)).toBe(true);
    // B is untouched; again for A marks nothing more.
    expect(await unread(b.cookie)).toEqual({ news: 1, notifications: 2 });
    const again = await markRead(a.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ success: true, marked: 0, unread: { news: 1, notifications: 0 } });

    // A new one is unread again.
    await publishNotification(en('Later'), { all: true });
    expect(await unread(a.cookie)).toEqual({ news: 1, notifications: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/messages/read' })).statusCode).toBe(401);
  });

  it('marks only the given ids, ignoring other partners’ and unknown ones', async () => {
    const one = await publishNotification(en('One'), { user_id: a.id });
    const two = await publishNotification(en('Two'), { all: true });
    const toB = await publishNotification(en('For B'), { user_id: b.id });

    const res = await markRead(a.cookie, { ids: [one, toB, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ marked: 1, unread: { notifications: 1 } });
    expect(await unread(b.cookie)).toEqual({ news: 0, notifications: 2 });
    const list = notificationsAnswer.parse(await ok('/api/notifications', a.cookie));
    expect(list.data.map((n) => [n.id, n.read])).toEqual([[two, false], [one, true]]);

    // Form-encoded lists: repeated keys or a comma list.
    expect((await markRead(a.cookie, undefined, `ids=${two}&ids=${one}`)).json()).toMatchObject({ marked: 1, unread: { notifications: 0 } });
    expect((await markRead(a.cookie, undefined, `ids=${one},${two}`)).json()).toMatchObject({ marked: 0 });

    for (const payload of [{ ids: [] }, { ids: ['x'] }, { ids: [-1] }, { ids: 'a,b' }]) expect((await markRead(a.cookie, payload)).statusCode).toBe(422);
  });

  it("everyone's notifications from before the account existed are shown as read", async () => {
    const old = await publishNotification(en('Old'), { all: true });
    const cId = await createPartner(t.ctx.database, { email: 'c@example.com', createdAt: t.clock.now().toISOString() });
    const c = await sessionCookie(t.ctx.database, cId, t.clock.now());
    const personal = await publishNotification(en('Welcome'), { user_id: cId });
    expect(await unread(c)).toEqual({ news: 0, notifications: 1 });
    const list = notificationsAnswer.parse(await ok('/api/notifications', c));
    expect(list.data.map((n) => [n.id, n.read])).toEqual([[personal, false], [old, true]]);
    expect((await markRead(c)).json()).toMatchObject({ marked: 1 });
  });
});

describe('excerpts', () => {
  it('keep short bodies whole on one line and cut long ones at a word', () => {
    expect(excerptOf('Short\n\nbody.')).toBe('Short body.');
    const long = `${'word '.repeat(60)}end`;
    const cut = excerptOf(long, 50);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(51);
  });
});
