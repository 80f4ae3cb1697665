import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentNews, contentNewsList, contentNotification, contentNotificationList, newsAnswer, notificationsAnswer, unreadAnswer, type StaffRole } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPartner } from '../money/testing.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { addMember } from './testing.ts';
import { STAFF_COOKIE, startStaffSession } from './staff-auth.ts';

let t: TestApp;
let partner: { id: number; cookie: string };
let other: { id: number; cookie: string };
let content: Who;

const HOUR = 3600_000;
type Who = { headers: Record<string, string> };

/** Moves the test clock; the content member signs in again (a console session ends after 30 idle minutes). */
async function moveClock(to: { ms: number } | { at: string }) {
  if ('ms' in to) t.clock.advance(to.ms);
  else t.clock.set(new Date(to.at));
  content = await member('content');
}

async function member(role: StaffRole): Promise<Who> {
  const name = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  const m = await addMember(t, role, { email: `${name}@staff.test`, name, totp: false });
  const token = await startStaffSession(t.ctx.database.db, m.id, 'full', t.clock.now(), { ip: '10.0.0.9', userAgent: 'test' });
  return { headers: { cookie: `${STAFF_COOKIE}=${token}` } };
}

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  // Both partners work in fd1; joined before anything below is published.
  const id = await createPartner(t.ctx.database, { email: 'p@example.com', createdAt: '2026-11-01T00:00:00Z', projects: ['fd1'] });
  const otherId = await createPartner(t.ctx.database, { email: 'q@example.com', createdAt: '2026-11-01T00:00:00Z', projects: ['fd1'] });
  partner = { id, cookie: await sessionCookie(t.ctx.database, id, t.clock.now()) };
  other = { id: otherId, cookie: await sessionCookie(t.ctx.database, otherId, t.clock.now()) };
  content = await member('content');
});
afterEach(async () => {
  await t.close();
});

const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/operator/v1${url}`, headers: who.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
async function ok(who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function partnerGet(url: string, cookie = partner.cookie, lang?: string) {
  const res = await t.app.inject({ url, headers: { cookie, ...(lang ? { 'x-localization': lang } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const partnerNews = async (lang?: string) => newsAnswer.parse(await partnerGet('/api/news', partner.cookie, lang));
const partnerNotifications = async (cookie = partner.cookie, lang?: string) => notificationsAnswer.parse(await partnerGet('/api/notifications', cookie, lang));
const unread = async (cookie = partner.cookie) => unreadAnswer.parse(await partnerGet('/api/messages/unread', cookie));
const auditOf = async (target: string) => (await t.app.inject({ url: `/operator/v1/audit?target=${target}`, headers: (await member('admin')).headers })).json().data;

const texts = {
  en: { title: 'Autumn rates', body: 'Rates go up.\n\nRead on.' },
  ru: { title: 'Осенние ставки', body: 'Ставки растут.' },
  ar: { title: 'أسعار الخريف', body: 'ترتفع الأسعار.' },
};

describe('news in the Content section', () => {
  it('publishes now with texts per language; the partner reads their language or English marked as a fallback', async () => {
    const item = contentNews.parse(await ok(content, 'POST', '/content/news', { project: null, texts }));
    expect(item).toMatchObject({ project: null, status: 'published', publish_at: '2026-11-20T12:00:00.000Z', withdrawn_at: null, texts });
    expect(Object.keys(item.texts)).toEqual(['ar', 'en', 'ru']);

    expect((await partnerNews('ru')).data[0]).toMatchObject({ id: item.id, title: 'Осенние ставки', lang: 'ru', fallback: false, read: false });
    expect((await partnerNews('ar')).data[0]).toMatchObject({ title: 'أسعار الخريف', lang: 'ar', fallback: false });
    expect((await partnerNews('de')).data[0]).toMatchObject({ title: 'Autumn rates', lang: 'en', fallback: true });
    expect(await unread()).toEqual({ news: 1, notifications: 0 });

    const listed = contentNewsList.parse(await ok(content, 'GET', '/content/news'));
    expect(listed.data.map((n) => n.id)).toEqual([item.id]);
    expect(listed.meta.total).toBe(1);
    expect(contentNews.parse(await ok(content, 'GET', `/content/news/${item.id}`))).toEqual(item);

    const [row] = await auditOf(`news:${item.id}`);
    expect(row).toMatchObject({ action: 'news.create', before: null, after: { project: null, texts, withdrawn_at: null } });
  });

  it('a scheduled item is invisible to partners before its time on the clock and appears after, unread', async () => {
    const at = '2026-11-21T09:00:00.000Z';
    const item = contentNews.parse(await ok(content, 'POST', '/content/news', { project: 'fd1', texts, publish_at: at }));
    expect(item).toMatchObject({ status: 'scheduled', publish_at: at, project: 'fd1' });
    expect((await partnerNews()).data).toEqual([]);
    expect(await unread()).toEqual({ news: 0, notifications: 0 });
    // Nor can its article be opened by guessing the id.
    expect((await t.app.inject({ url: `/api/news/${item.id}`, headers: { cookie: partner.cookie } })).statusCode).toBe(404);
    expect(contentNewsList.parse(await ok(content, 'GET', '/content/news?status=scheduled')).data.map((n) => n.id)).toEqual([item.id]);
    expect(contentNewsList.parse(await ok(content, 'GET', '/content/news?status=published')).data).toEqual([]);

    await moveClock({ at: '2026-11-21T08:59:59Z' });
    expect((await partnerNews()).data).toEqual([]);
    await moveClock({ at: at });
    const seen = await partnerNews();
    expect(seen.data.map((n) => n.id)).toEqual([item.id]);
    expect(seen.data[0]).toMatchObject({ published_at: at, read: false });
    expect(await unread()).toEqual({ news: 1, notifications: 0 });
    expect(contentNews.parse((await ok(content, 'GET', '/content/news')).data[0]).status).toBe('published');
  });

  it('edits texts, audience and time before and after publishing, audited with before and after', async () => {
    const item = contentNews.parse(await ok(content, 'POST', '/content/news', { texts: { en: texts.en }, publish_at: '2026-11-22T00:00:00Z' }));
    // Before: brought forward to now, with a Russian text added.
    const edited = contentNews.parse(await ok(content, 'PATCH', `/content/news/${item.id}`, { texts: { en: { title: 'Rates', body: 'Up.' }, ru: texts.ru }, publish_at: null }));
    expect(edited).toMatchObject({ status: 'published', publish_at: '2026-11-20T12:00:00.000Z', texts: { en: { title: 'Rates', body: 'Up.' }, ru: texts.ru } });
    expect((await partnerNews('ru')).data[0]).toMatchObject({ title: 'Осенние ставки', fallback: false });
    await moveClock({ ms: HOUR });
    // After: moved to fd2, which the partner does not work in: gone from their list.
    const moved = contentNews.parse(await ok(content, 'PATCH', `/content/news/${item.id}`, { project: 'fd2' }));
    expect(moved).toMatchObject({ project: 'fd2', updated_at: '2026-11-20T13:00:00.000Z', texts: edited.texts });
    expect((await partnerNews()).data).toEqual([]);
    // And back to everyone, postponed: hidden until then.
    await ok(content, 'PATCH', `/content/news/${item.id}`, { project: null, publish_at: '2026-11-20T15:00:00Z' });
    expect((await partnerNews()).data).toEqual([]);
    await moveClock({ ms: 2 * HOUR });
    expect((await partnerNews('ru')).data.map((n) => n.title)).toEqual(['Осенние ставки']);

    const rows = await auditOf(`news:${item.id}`);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['news.edit', 'news.edit', 'news.edit', 'news.create']);
    expect(rows[1]).toMatchObject({ before: { project: null }, after: { project: 'fd2' } });
    expect(rows[2]).toMatchObject({ before: { publish_at: '2026-11-22T00:00:00.000Z', texts: { en: texts.en } }, after: { publish_at: '2026-11-20T12:00:00.000Z' } });
  });

  it('withdrawn news is gone for partners (list, article, badge) and cannot be edited or withdrawn again', async () => {
    const item = contentNews.parse(await ok(content, 'POST', '/content/news', { texts }));
    expect(await unread()).toEqual({ news: 1, notifications: 0 });
    await moveClock({ ms: HOUR });
    const gone = contentNews.parse(await ok(content, 'POST', `/content/news/${item.id}/withdraw`));
    expect(gone).toMatchObject({ status: 'withdrawn', withdrawn_at: '2026-11-20T13:00:00.000Z' });
    expect((await partnerNews()).data).toEqual([]);
    expect(await unread()).toEqual({ news: 0, notifications: 0 });
    expect((await t.app.inject({ url: `/api/news/${item.id}`, headers: { cookie: partner.cookie } })).statusCode).toBe(404);

    const again = await call(content, 'POST', `/content/news/${item.id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('withdrawn');
    expect((await call(content, 'PATCH', `/content/news/${item.id}`, { project: 'fd1' })).statusCode).toBe(409);
    expect(contentNewsList.parse(await ok(content, 'GET', '/content/news?status=withdrawn')).data.map((n) => n.id)).toEqual([item.id]);
    const [row] = await auditOf(`news:${item.id}`);
    expect(row).toMatchObject({ action: 'news.withdraw', before: { withdrawn_at: null }, after: { withdrawn_at: '2026-11-20T13:00:00.000Z' } });
  });

  it('an unknown id is 404; the old POST /news still publishes at once', async () => {
    expect((await call(content, 'PATCH', '/content/news/999', { project: null })).statusCode).toBe(404);
    expect((await call(content, 'POST', '/content/news/999/withdraw')).statusCode).toBe(404);
    const old = await ok(content, 'POST', '/news', { texts: { en: { title: 'Old way', body: 'Still works.' } } });
    expect((await partnerNews()).data.map((n) => n.id)).toEqual([old.id]);
    expect(contentNewsList.parse(await ok(content, 'GET', '/content/news')).data[0]).toMatchObject({ id: old.id, status: 'published' });
  });
});

describe('notifications in the Content section', () => {
  it('to one partner (by e-mail) or everyone; scheduled, edited, withdrawn, with the unread count following', async () => {
    const personal = contentNotification.parse(await ok(content, 'POST', '/content/notifications', { partner: 'P@example.com', texts: { en: texts.en } }));
    expect(personal).toMatchObject({ user_id: partner.id, email: 'p@example.com', status: 'published' });
    const later = contentNotification.parse(
      await ok(content, 'POST', '/content/notifications', { partner: null, texts, publish_at: '2026-11-20T18:00:00Z' }),
    );
    expect(later).toMatchObject({ user_id: null, email: null, status: 'scheduled' });

    expect(await unread()).toEqual({ news: 0, notifications: 1 });
    expect(await unread(other.cookie)).toEqual({ news: 0, notifications: 0 });
    expect((await partnerNotifications(other.cookie)).data).toEqual([]);

    await moveClock({ at: '2026-11-20T18:00:00Z' });
    expect(await unread(other.cookie)).toEqual({ news: 0, notifications: 1 });
    const forOther = await partnerNotifications(other.cookie, 'ja');
    expect(forOther.data[0]).toMatchObject({ id: later.id, created_at: '2026-11-20T18:00:00.000Z', title: 'Autumn rates', lang: 'en', fallback: true });
    expect((await partnerNotifications(other.cookie, 'ar')).data[0]).toMatchObject({ title: 'أسعار الخريف', lang: 'ar', fallback: false });

    // Retargeted to the partner by id, then withdrawn: the count follows each step.
    await ok(content, 'PATCH', `/content/notifications/${personal.id}`, { partner: String(other.id) });
    expect(await unread()).toEqual({ news: 0, notifications: 1 });
    expect(await unread(other.cookie)).toEqual({ news: 0, notifications: 2 });
    await ok(content, 'POST', `/content/notifications/${later.id}/withdraw`);
    expect(await unread()).toEqual({ news: 0, notifications: 0 });
    expect(await unread(other.cookie)).toEqual({ news: 0, notifications: 1 });
    expect((await partnerNotifications()).data).toEqual([]);
    expect((await partnerNotifications(other.cookie)).data.map((n) => n.id)).toEqual([personal.id]);

    const list = contentNotificationList.parse(await ok(content, 'GET', '/content/notifications'));
    expect(list.data.map((n) => [n.id, n.status, n.email])).toEqual([
      [later.id, 'withdrawn', null],
      [personal.id, 'published', 'q@example.com'],
    ]);
    expect(contentNotification.parse(await ok(content, 'GET', `/content/notifications/${personal.id}`))).toMatchObject({ user_id: other.id, email: 'q@example.com' });
    expect((await call(content, 'GET', '/content/notifications/999')).statusCode).toBe(404);
    const rows = await auditOf(`notification:${personal.id}`);
    expect(rows[0]).toMatchObject({ action: 'notification.edit', before: { user_id: partner.id }, after: { user_id: other.id } });
  });

  it('an unknown partner is 422 on partner, and the old POST /notifications still works', async () => {
    const res = await call(content, 'POST', '/content/notifications', { partner: 'nobody@example.com', texts });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['partner']);
    const old = await ok(content, 'POST', '/notifications', { user_id: partner.id, texts: { en: texts.en } });
    expect((await partnerNotifications()).data.map((n) => n.id)).toEqual([old.id]);
    expect(contentNotificationList.parse(await ok(content, 'GET', '/content/notifications')).data[0]).toMatchObject({ id: old.id, status: 'published', user_id: partner.id });
  });
});

describe('Content section: access and input', () => {
  it('support and finance are refused 403; admin may', async () => {
    for (const role of ['support', 'finance'] as const) {
      const who = await member(role);
      for (const [method, url, payload] of [
        ['GET', '/content/news', undefined],
        ['GET', '/content/notifications', undefined],
        ['POST', '/content/news', { texts }],
        ['POST', '/content/notifications', { texts }],
        ['PATCH', '/content/news/1', { project: null }],
        ['POST', '/content/news/1/withdraw', undefined],
      ] as const) {
        const res = await call(who, method, url, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().permission).toBe('content.write');
      }
    }
    expect((await call(await member('admin'), 'POST', '/content/news', { texts })).statusCode).toBe(200);
    expect(contentNewsList.parse(await ok(content, 'GET', '/content/news')).meta.total).toBe(1);
  });

  it('control characters, a missing English text and a malformed time are 422 and change nothing', async () => {
    const bad = [
      { texts: { en: { title: 'Bad\u0000title', body: 'x' } } },
      { texts: { en: { title: 'Title', body: 'escape \u001b[31m' } } },
      { texts: { en: texts.en, ru: { title: 'Плохо\u0007', body: 'x' } } },
      { texts: { ru: texts.ru } },
      { texts, publish_at: 'tomorrow' },
    ];
    for (const body of bad) {
      expect((await call(content, 'POST', '/content/news', body)).statusCode, JSON.stringify(body)).toBe(422);
      expect((await call(content, 'POST', '/content/notifications', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call(content, 'POST', '/content/notifications', { partner: 'p@example.com\u0000', texts })).statusCode).toBe(422);
    const item = contentNews.parse(await ok(content, 'POST', '/content/news', { texts }));
    expect((await call(content, 'PATCH', `/content/news/${item.id}`, { texts: { en: { title: 'x\u0001', body: 'y' } } })).statusCode).toBe(422);
    // Body line breaks and tabs are fine.
    expect((await call(content, 'PATCH', `/content/news/${item.id}`, { texts: { en: { title: 'Fine', body: 'a\n\tb' } } })).statusCode).toBe(200);
    expect(contentNewsList.parse(await ok(content, 'GET', '/content/news')).meta.total).toBe(1);
    expect(contentNotificationList.parse(await ok(content, 'GET', '/content/notifications')).meta.total).toBe(0);
  });
});
