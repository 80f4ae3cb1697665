import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { mockApi, renderWithProviders, testUser } from '../test/utils.tsx';
import { createQueryClient } from './query-client.ts';
import { USER_QUERY_KEY } from '../lib/session.ts';
import { colorScheme, resolveColorMode, useColorScheme } from '../lib/color-scheme.ts';
import { ThemeSwitcher } from '../components/ThemeSwitcher.tsx';
import { useSwitchTheme } from './useSwitchTheme.ts';

/** A stand-in for the device's light/dark setting: `matches` flips and listeners hear it, as a browser's would. */
function deviceScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    turn(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Harness() {
  const switchTheme = useSwitchTheme();
  const { preference } = useColorScheme();
  const theme = useTheme();
  return (
    <>
      <span data-testid="mode">{theme.palette.mode}</span>
      <span data-testid="paper">{theme.palette.background.paper}</span>
      <ThemeSwitcher value={preference} onChange={switchTheme} />
    </>
  );
}

beforeEach(() => {
  colorScheme.set('system');
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveColorMode', () => {
  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ] as const)('%s on a device in dark mode %s is %s', (preference, systemDark, mode) => {
    expect(resolveColorMode(preference, systemDark)).toBe(mode);
  });
});

describe('the colour scheme switch', () => {
  it("opens in the account's choice over this browser's, and a switch applies at once, stays here and is saved on the account", async () => {
    deviceScheme(false);
    colorScheme.set('light');
    const { calls, bodyOf } = mockApi({
      'POST /api/theme/change': (call) => ({ body: { ...testUser, theme: new URLSearchParams(call.body).get('theme') } }),
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, { ...testUser, theme: 'dark' });
    renderWithProviders(<Harness />, queryClient);
    await waitFor(() => expect(screen.getByTestId('mode')).toHaveTextContent('dark'));
    expect(screen.getByTestId('paper')).not.toHaveTextContent('#ffffff');
    expect(screen.getByTestId('theme-switcher')).toHaveAccessibleName('Theme: Dark. Choose another');

    await userEvent.click(screen.getByTestId('theme-switcher'));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Light', 'false'],
      ['Dark', 'true'],
      ['Same as this device', 'false'],
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    expect(screen.getByTestId('paper')).toHaveTextContent('#ffffff');
    expect(window.localStorage.getItem('pc.theme')).toBe('light');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/theme/change')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.path === '/api/theme/change')!)).toEqual({ theme: 'light' });
    await waitFor(() => expect(queryClient.getQueryData<typeof testUser>(USER_QUERY_KEY)?.theme).toBe('light'));
  });

  it("'Same as this device' follows the device's setting live, and choosing the current scheme sends nothing", async () => {
    const device = deviceScheme(true);
    const { calls } = mockApi({});
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, { ...testUser, theme: 'system' });
    renderWithProviders(<Harness />, queryClient);
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    device.turn(false);
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    device.turn(true);
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    await userEvent.click(screen.getByTestId('theme-switcher'));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Same as this device' }));
    expect(calls.filter((c) => c.path === '/api/theme/change')).toHaveLength(0);
  });

  it('a staff view of the cabinet switches only the viewing browser, never the account', async () => {
    deviceScheme(false);
    const { calls } = mockApi({});
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, { ...testUser, theme: 'light', view_as: { by: 'support@host' } });
    renderWithProviders(<Harness />, queryClient);
    await userEvent.click(screen.getByTestId('theme-switcher'));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    expect(calls).toHaveLength(0);
  });
});
