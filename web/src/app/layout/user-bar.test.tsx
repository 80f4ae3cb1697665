import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, startScreen } from '../../test/screens.tsx';
import { formatMoney } from '../../lib/format.ts';

/** A screen as narrow as a phone's (MUI's "down sm" query matches; every wider one does not). */
function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query) && !/min-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the user bar on a phone', () => {
  it('is one line with the balance and what is available, and opens the rest on a tap', async () => {
    phoneScreen();
    const user = userEvent.setup();
    startScreen('/dashboard');
    const bar = await screen.findByTestId('user-bar', {}, { timeout: 20_000 });
    expect(await within(bar).findByTestId('balance-total-line')).toHaveTextContent(formatMoney(fixtures.availableWithdrawal.balance));
    expect(within(bar).getByTestId('balance-available-line')).toHaveTextContent(formatMoney(fixtures.availableWithdrawal.amount));
    // Folded: no name, no on-hold figure, no news.
    expect(within(bar).queryByTestId('balance-hold')).not.toBeInTheDocument();
    expect(within(bar).queryByText('Latest news')).not.toBeInTheDocument();
    const toggle = within(bar).getByRole('button', { name: 'Show your account details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(within(bar).getByRole('button', { name: 'Hide your account details' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(bar).findByTestId('balance-hold')).toBeInTheDocument();
    expect(within(bar).getByText('Latest news')).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Hide your account details' }));
    expect(within(bar).queryByTestId('balance-hold')).not.toBeInTheDocument();
  });

  it('on a wide screen shows everything, without the line or its toggle', async () => {
    startScreen('/dashboard');
    const bar = await screen.findByTestId('user-bar', {}, { timeout: 20_000 });
    expect(await within(bar).findByTestId('balance-hold')).toBeInTheDocument();
    expect(within(bar).queryByTestId('user-bar-line')).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Show your account details' })).not.toBeInTheDocument();
  });
});
