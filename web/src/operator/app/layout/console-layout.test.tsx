import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startConsole } from '../../test/console.tsx';
import { meAs } from '../../test/fixtures.ts';
import { consoleI18n, chooseConsoleLang } from '../../lib/i18n.ts';

describe('console frame', () => {
  // jsdom has no wide screen: the sidebar is the phones' drawer there, opened by the menu button.
  it('an administrator sees Audit log, Staff and Tokens with the name and role', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    await user.click(await screen.findByTestId('console-menu'));
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(expect.arrayContaining(['Audit log', 'Staff', 'Tokens']));
    expect(screen.getByTestId('console-member')).toHaveTextContent('Ada Admin');
    expect(screen.getByTestId('console-member')).toHaveTextContent('Administrator');
  });

  it('finance sees none of them', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/nothing-here', {}, meAs('finance', { name: 'Fiona Finance' }));
    await user.click(await screen.findByTestId('console-menu'));
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    const links = within(nav).queryAllByRole('link').map((a) => a.textContent);
    for (const name of ['Audit log', 'Staff', 'Tokens']) expect(links).not.toContain(name);
  });

  it('a content member has the Content section alone, and /operator opens it', async () => {
    const user = userEvent.setup();
    await startConsole('/operator', {}, meAs('content'));
    await user.click(await screen.findByTestId('console-menu'));
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Content']);
    expect(screen.queryByTestId('no-sections')).toBeNull();
  });

  it('a content member opening Staff by its address gets the not-allowed page and no call is made', async () => {
    const { callsTo } = await startConsole('/operator/staff', {}, meAs('content'));
    expect(await screen.findByTestId('not-allowed')).toHaveTextContent('Your role (Content) does not open this section');
    expect(callsTo('/staff')).toHaveLength(0);
  });

  it('on a phone the sections are behind the menu button', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/tokens');
    await user.click(await screen.findByTestId('console-menu'));
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    await user.click(within(nav).getByRole('link', { name: 'Staff' }));
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeInTheDocument();
  });

  it('an unknown address inside the console is a not-found page', async () => {
    await startConsole('/operator/nothing-here');
    expect(await screen.findByTestId('not-found')).toHaveTextContent('There is no console page at this address');
  });

  it('nobody signed in: any page goes to sign-in', async () => {
    await startConsole('/operator/tokens', {}, null);
    expect(await screen.findByTestId('sign-in-password')).toBeInTheDocument();
  });

  it('a 401 from any call (idle session) returns to sign-in with a notice', async () => {
    await startConsole('/operator/tokens', {
      'GET /operator/v1/tokens': { status: 401, body: { code: 'unauthorized', message: 'Sign in again.', reason: 'session_expired' } },
    });
    expect(await screen.findByTestId('sign-in-password')).toHaveTextContent('You were signed out after a while without activity');
  });

  it('signs out from the top bar', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/staff', { 'DELETE /operator/v1/session': { body: { signed_out: true } } });
    await user.click(await screen.findByTestId('sign-out'));
    expect(await screen.findByTestId('sign-in-password')).toBeInTheDocument();
    expect(callsTo('/session').filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('switches to Russian from the top bar and remembers it', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/tokens');
    await user.click(await screen.findByTestId('language-switcher'));
    const menu = await screen.findByRole('menu');
    // English and Russian only.
    expect(within(menu).getAllByRole('menuitem').map((item) => item.getAttribute('data-lang'))).toEqual(['en', 'ru']);
    await user.click(within(menu).getByRole('menuitem', { name: /Русский/ }));
    expect(await screen.findByRole('heading', { name: 'Токены' })).toBeInTheDocument();
    expect(window.localStorage.getItem('pc.console.lang')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await consoleI18n.changeLanguage('en');
  });

  it('chooses the stored language, else the member’s, else the browser’s, when the console has it; else English', () => {
    expect(chooseConsoleLang('en', 'ru', 'de')).toBe('ru');
    expect(chooseConsoleLang('ru', null, 'en')).toBe('ru');
    expect(chooseConsoleLang('de', null, 'ru')).toBe('ru');
    expect(chooseConsoleLang('de', 'fr', 'ja')).toBe('en');
  });
});
