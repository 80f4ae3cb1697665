import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../test/utils.tsx';
import { chooseLanguage, i18n } from './i18n.ts';
import { requestLanguage, http } from './http.ts';
import { storage } from './storage.ts';
import { App } from '../app/App.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createTestRouter } from '../app/router.tsx';
import { USER_QUERY_KEY, type CurrentUser } from './session.ts';

describe('start-up language (docs/product.md#start-up)', () => {
  it("prefers the user's lang", () => {
    expect(chooseLanguage('ja', 'de', ['fr-FR'])).toBe('ja');
  });
  it('then the stored language', () => {
    expect(chooseLanguage(null, 'de', ['fr-FR'])).toBe('de');
  });
  it("then the first part of the browser's first language", () => {
    expect(chooseLanguage(undefined, null, ['pt-BR', 'en'])).toBe('pt');
  });
  it('then English', () => {
    expect(chooseLanguage(undefined, 'xx', ['zh-CN', 'ru'])).toBe('en');
    expect(chooseLanguage(undefined, null, [])).toBe('en');
  });
  it('ignores unsupported user and stored values', () => {
    expect(chooseLanguage('xx', 'yy', ['tr'])).toBe('tr');
  });
});

function start(path: string, user: CurrentUser | null) {
  const api = mockApi({
    'POST /api/langs/change': (call) => ({ body: { ...testUser, lang: new URLSearchParams(call.body).get('lang') } }),
    'GET /api/captcha': { body: {} },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  render(<App queryClient={queryClient} router={createTestRouter([path])} />);
  return { api, queryClient };
}

async function pick(name: string) {
  await userEvent.click(await screen.findByTestId('language-switcher'));
  const menu = await screen.findByRole('menu');
  await userEvent.click(within(menu).getByText(name));
}

describe('switching the language', () => {
  it('a guest keeps it locally, without a call, and Arabic turns the page right-to-left', async () => {
    const { api } = start('/auth/login', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await pick('العربية');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(storage.lang()).toBe('ar');
    expect(requestLanguage()).toBe('ar');
    expect(api.calls.filter((c) => c.path === '/api/langs/change')).toHaveLength(0);
  });

  it('a signed-in user also saves it on the account', async () => {
    const { api, queryClient } = start('/dashboard', testUser);
    await screen.findByTestId('page-title');
    await pick('日本語');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/langs/change')).toBe(true));
    const call = api.calls.find((c) => c.path === '/api/langs/change')!;
    expect(api.bodyOf(call)).toEqual({ lang: 'ja' });
    expect(call.headers['x-localization']).toBe('ja');
    expect(i18n.language).toBe('ja');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(storage.lang()).toBe('ja');
    await waitFor(() => expect((queryClient.getQueryData(USER_QUERY_KEY) as CurrentUser).lang).toBe('ja'));
  });

  it('every call carries X-Localization', async () => {
    const api = mockApi({ 'GET /api/ping': { body: {} } });
    await http.get('/ping');
    expect(api.calls[0]!.headers['x-localization']).toBe(i18n.language);
  });
});
