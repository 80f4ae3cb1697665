import { describe, expect, it } from 'vitest';
import { mockApi, testUser } from '../test/utils.tsx';
import { storage } from '../lib/storage.ts';
import { i18n } from '../lib/i18n.ts';
import { USER_QUERY_KEY } from '../lib/session.ts';
import { bootstrap } from './bootstrap.ts';

describe('start-up (docs/product.md#start-up)', () => {
  it('a guest (401) starts signed out', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { code: 'unauthorized', message: 'x' } } });
    storage.setLoggedIn(true);
    const { queryClient } = await bootstrap();
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(storage.isLoggedIn()).toBe(false);
  });

  it("a signed-in user starts in the user's language", async () => {
    mockApi({ 'GET /api/user': { body: { ...testUser, lang: 'de' } } });
    const { queryClient } = await bootstrap();
    expect(storage.isLoggedIn()).toBe(true);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toMatchObject({ email: testUser.email });
    expect(i18n.language).toBe('de');
  });

  it('a user who is not active is signed out and sent to sign-in', async () => {
    const api = mockApi({
      'GET /api/user': { body: { ...testUser, is_active: false } },
      'POST /api/auth/logout': { body: { success: true, message: 'ok' } },
    });
    window.history.replaceState(null, '', '/payouts');
    const { queryClient } = await bootstrap();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(storage.isLoggedIn()).toBe(false);
    expect(window.location.pathname).toBe('/auth/login');
  });
});
