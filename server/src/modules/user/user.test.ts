import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGS } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { accountTables, signedUpPartner } from '../auth/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/user', () => {
  it('answers the signed-in partner', async () => {
    const { cookie, user } = await signedUpPartner(t.app, 'partner@example.com');
    const res = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: 'partner@example.com',
      first_name: '',
      last_name: '',
      contact: '',
      lang: 'en',
      is_active: true,
      newsletter: false,
      app_users_id: {},
      login_limit_enabled: true,
      captcha_enabled: true,
      security_code_enabled: false,
      theme: 'system',
      created_at: '2026-11-20T12:00:00.000Z',
    });
  });

  it('answers 401 without a session, with a forged cookie, and in the language asked for', async () => {
    const none = await t.app.inject({ url: '/api/user', headers: { 'x-localization': 'ja' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'unauthorized', message: '続行するにはログインしてください。' });
    const forged = await t.app.inject({ url: '/api/user', headers: { cookie: 'pc_session=AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /api/langs', () => {
  it('lists the nine languages with name, flag and direction', async () => {
    const res = await t.app.inject('/api/langs');
    expect(res.statusCode).toBe(200);
    const { langs } = res.json();
    expect(langs.map((l: { code: string }) => l.code)).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja', 'pt', 'ru', 'tr']);
    expect(langs).toEqual(LANGS.map(({ code, name, flag, dir }) => ({ code, name, flag, dir })));
    expect(langs.find((l: { code: string }) => l.code === 'ar').dir).toBe('rtl');
  });
});

describe('POST /api/langs/change', () => {
  it("changes the partner's language; later answers use it", async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/langs/change', headers: { cookie }, payload: { lang: 'ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().lang).toBe('ru');
    // Without an X-Localization header, errors now come in the partner's language.
    const bad = await t.app.inject({ method: 'POST', url: '/api/langs/change', headers: { cookie }, payload: { lang: 'xx' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Проверьте отмеченные поля.');
  });

  it('refuses bad input and anonymous calls, changing nothing', async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    const before = await accountTables(t.app);
    for (const payload of [{}, { lang: 'xx' }, { lang: 7 }, { lang: 'de', theme: 'dark' }, { lang: 'x'.repeat(5000) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/langs/change', headers: { cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/langs/change', payload: { lang: 'de' } })).statusCode).toBe(401);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/langs/change',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { lang: 'de' },
    });
    expect(cross.statusCode).toBe(403);
    expect(await accountTables(t.app)).toBe(before);
  });
});

describe('POST /api/theme/change', () => {
  it('remembers the colour scheme on the account: the next session, from another browser, opens in it', async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    for (const theme of ['dark', 'light', 'system', 'dark'] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/theme/change', headers: { cookie }, payload: { theme } });
      expect(res.statusCode).toBe(200);
      expect(res.json().theme).toBe(theme);
    }
    const again = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(again.json().theme).toBe('dark');
  });

  it('refuses unknown schemes, extra fields and anonymous or cross-site calls, changing nothing', async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    const before = await accountTables(t.app);
    for (const payload of [{}, { theme: 'sepia' }, { theme: 1 }, { theme: 'dark', lang: 'de' }, { theme: 'd'.repeat(5000) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/theme/change', headers: { cookie, 'x-localization': 'de' }, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(res.json().message).toBe('Bitte prüfen Sie die markierten Felder.');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/theme/change', payload: { theme: 'dark' } })).statusCode).toBe(401);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/theme/change',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { theme: 'dark' },
    });
    expect(cross.statusCode).toBe(403);
    expect(await accountTables(t.app)).toBe(before);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).json().theme).toBe('system');
  });
});
