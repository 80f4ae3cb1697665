import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertSettingsAnswer } from '@pc/core/contracts/alerts';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import type { RecordedCall } from '../../../test/utils.tsx';

const saved = (data: AlertSettingsAnswer) => ({ body: { success: true, message: 'Your email alert settings have been saved', data } });
const bodyOf = (call: RecordedCall) => Object.fromEntries(new URLSearchParams(call.body));

describe('settings: email alerts', () => {
  it('shows a switch per kind from the answer, wallet changes always on and disabled, and the language', async () => {
    startScreen('/settings');
    const panel = await screen.findByRole('region', { name: 'Email alerts' });
    expect(await within(panel).findByRole('switch', { name: 'Sales' })).not.toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Payout status' })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked();
    const wallet = within(panel).getByRole('switch', { name: 'Wallet changes' });
    expect(wallet).toBeChecked();
    expect(wallet).toBeDisabled();
    expect(within(panel).getByText(/Always on, for your security/)).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Language of the alert mails' })).toHaveTextContent('English');
  });

  it('saves a switched kind with every other choice, and a new language; a snackbar confirms', async () => {
    const user = userEvent.setup();
    let state: AlertSettingsAnswer = { ...fixtures.alertSettings, lang: 'en' } as AlertSettingsAnswer;
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/notifications': () => ({ body: state }),
      'PUT /api/settings/notifications': (call) => {
        const b = bodyOf(call);
        state = { sale: b.sale === 'true', payout_status: b.payout_status === 'true', weekly_summary: b.weekly_summary === 'true', wallet_change: true, lang: b.lang as AlertSettingsAnswer['lang'] };
        return saved(state);
      },
    });
    const panel = await screen.findByRole('region', { name: 'Email alerts' });
    await user.click(await within(panel).findByRole('switch', { name: 'Sales' }));
    expect(await screen.findByText('Your email alert settings have been saved')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('switch', { name: 'Sales' })).toBeChecked());
    expect(bodyOf(callsTo('/settings/notifications').find((c) => c.method === 'PUT')!)).toEqual({
      sale: 'true',
      payout_status: 'true',
      weekly_summary: 'false',
      lang: 'en',
    });

    await user.click(within(panel).getByRole('combobox', { name: 'Language of the alert mails' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await waitFor(() => expect(callsTo('/settings/notifications').filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(bodyOf(callsTo('/settings/notifications').filter((c) => c.method === 'PUT')[1]!)).toMatchObject({ sale: 'true', lang: 'de' });
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Language of the alert mails' })).toHaveTextContent('Deutsch'));
  });

  it('a refused save says so and the switch goes back', async () => {
    const user = userEvent.setup();
    startScreen('/settings', {
      'PUT /api/settings/notifications': { status: 422, body: { code: 'validation_failed', message: 'The language is not valid', errors: { lang: ['The language is not valid'] } } },
    });
    const panel = await screen.findByRole('region', { name: 'Email alerts' });
    await user.click(await within(panel).findByRole('switch', { name: 'Weekly summary' }));
    expect(await screen.findByText('The language is not valid')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked());
  });

  it('a failed read of the alerts shows an error with a retry in their panel only', async () => {
    startScreen('/settings', { 'GET /api/settings/notifications': serverError });
    const panel = await screen.findByRole('region', { name: 'Email alerts' });
    expect(await within(panel).findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Limit failed sign-in attempts' })).toBeInTheDocument();
  });
});
