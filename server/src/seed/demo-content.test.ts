import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newsAnswer, notificationsAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createPartner } from '../money/testing.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { ensureDemoContent } from './demo-content.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('demo news and notifications', () => {
  it('publishes a few in several languages once; a new partner sees them (read), the scheduled one not yet', async () => {
    expect(await ensureDemoContent(t.ctx)).toEqual({ news: 4, notifications: 2 });
    expect(await ensureDemoContent(t.ctx)).toEqual({ news: 0, notifications: 0 });
    const id = await createPartner(t.ctx.database, { email: 'new@example.com', createdAt: '2026-11-20T12:00:00Z', projects: ['fd1'] });
    const cookie = await sessionCookie(t.ctx.database, id, t.clock.now());
    const newsRu = newsAnswer.parse((await t.app.inject({ url: '/api/news', headers: { cookie, 'x-localization': 'ru' } })).json());
    expect(newsRu.data).toHaveLength(3);
    expect(newsRu.data.every((n) => n.lang === 'ru' && !n.fallback && n.read)).toBe(true);
    const notes = notificationsAnswer.parse((await t.app.inject({ url: '/api/notifications', headers: { cookie, 'x-localization': 'ar' } })).json());
    expect(notes.data.map((n) => [n.lang, n.fallback])).toEqual([
      ['en', true],
      ['ar', false],
    ]);
  });
});
