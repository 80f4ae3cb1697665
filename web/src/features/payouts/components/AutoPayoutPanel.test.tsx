import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';

const SAVED = {
  setting: { mode: 'threshold', threshold: 50_000_000, weekday: null, month_day: null, updated_at: '2026-11-23T08:00:00.000Z' },
  last_attempt: null,
  minimum: 10_000_000,
  security_code_set: true,
};

/** The automatic payouts panel of the payouts page (decision 0202). */
describe('automatic payouts panel', () => {
  it('is off at first; a threshold is saved through the security check and then shown', async () => {
    const user = userEvent.setup();
    let saved = false;
    let attempts = 0;
    const { callsTo } = startScreen('/payouts', {
      'GET /api/payouts/auto': () => ({ body: saved ? SAVED : fixtures.autoPayout }),
      'POST /api/payouts/auto': () => {
        if (++attempts === 1) return { status: 403, body: { code: 'need_security_code', message: 'Enter your security code.' } };
        saved = true;
        return { body: { ...SAVED, message: 'Automatic payouts have been saved.' } };
      },
      'GET /api/security/info/code': {
        body: { is_allowed: true, ask_code: true, ask_password: false, code_created_at: '2026-10-01T10:00:00.000Z', will_be_allowed_at: null },
      },
      'POST /api/security/check-code': { body: { success: true } },
    });
    const panel = await screen.findByTestId('auto-payouts', {}, { timeout: 20_000 });
    expect(within(panel).getByTestId('auto-payouts-current')).toHaveTextContent('Automatic payouts are off.');
    expect(within(panel).getByTestId('auto-payouts-save')).toBeDisabled();

    await user.click(within(panel).getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'When the amount available reaches…' }));
    const amount = within(panel).getByLabelText('Amount, USD');
    // The lowest threshold allowed is offered first, with the minimum said under the field.
    expect(amount).toHaveValue('10');
    expect(amount).toHaveAccessibleDescription('At least $10.00, the minimum payout to your main wallet.');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(panel).getByTestId('auto-payouts-save'));
    expect(amount).toHaveAccessibleDescription('The amount must be at least $10.00, the minimum payout to your main wallet.');
    expect(callsTo('/payouts/auto').filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(panel).getByTestId('auto-payouts-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Security code' });
    await user.type(within(dialog).getByTestId('security-code-input'), '4821');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByTestId('auto-payouts-current')).toHaveTextContent('When the amount available for withdrawal reaches $50.00'),
    );
    const posts = callsTo('/payouts/auto').filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.contentType).toContain('application/json');
    expect(JSON.parse(posts[1]!.body)).toEqual({ mode: 'threshold', threshold: 50_000_000 });
    expect(screen.getByTestId('auto-payouts')).toHaveTextContent('Always to your main wallet: WebMoney');
    // The file's first test also loads the payouts page's chunks, which a busy machine makes slow.
  }, 60_000);

  it('a weekly choice is sent as its ISO weekday; the server’s field errors land on the form', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/payouts', {
      'POST /api/payouts/auto': {
        status: 422,
        body: { code: 'validation_failed', message: 'Set a main wallet first.', errors: { mode: ['Set a main wallet first: automatic payouts always go to it.'] } },
      },
    });
    const panel = await screen.findByTestId('auto-payouts', {}, { timeout: 20_000 });
    await user.click(within(panel).getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'Every week' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Day of the week' }));
    await user.click(await screen.findByRole('option', { name: 'Friday' }));
    await user.click(within(panel).getByTestId('auto-payouts-save'));
    await waitFor(() =>
      expect(within(panel).getByRole('combobox', { name: 'When' })).toHaveAccessibleDescription('Set a main wallet first: automatic payouts always go to it.'),
    );
    expect(JSON.parse(callsTo('/payouts/auto').find((c) => c.method === 'POST')!.body)).toEqual({ mode: 'weekly', weekday: 5 });
  });

  it('without a security code it says to set one first, and cannot be turned on', async () => {
    const user = userEvent.setup();
    startScreen('/payouts', { 'GET /api/payouts/auto': { body: { ...fixtures.autoPayout, security_code_set: false } } });
    const notice = await screen.findByTestId('auto-payouts-no-code', {}, { timeout: 20_000 });
    expect(notice).toHaveTextContent('To turn on automatic payouts, first set a security code in Settings.');
    expect(within(notice).getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    const panel = screen.getByTestId('auto-payouts');
    await user.click(within(panel).getByRole('combobox', { name: 'When' }));
    await user.click(await screen.findByRole('option', { name: 'Every month' }));
    expect(within(panel).getByTestId('auto-payouts-save')).toBeDisabled();
  });

  it('shows the choice in force and the last refused attempt', async () => {
    startScreen('/payouts', {
      'GET /api/payouts/auto': {
        body: {
          ...SAVED,
          setting: { ...SAVED.setting, mode: 'monthly', threshold: null, month_day: 15 },
          last_attempt: { at: '2026-11-15T00:01:00.000Z', request_id: null, refusal: 'cooling_off', message: 'new payout requests were on hold after a security change' },
        },
      },
    });
    expect(await screen.findByTestId('auto-payouts-current', {}, { timeout: 20_000 })).toHaveTextContent('Every month on day 15');
    expect(screen.getByTestId('auto-payouts-last')).toHaveTextContent('Last attempt (Nov 15, 2026, 12:01 AM): new payout requests were on hold after a security change.');
  });

  it('an error reading the choice is shown in the panel, the rest of the page stays', async () => {
    startScreen('/payouts', { 'GET /api/payouts/auto': serverError });
    await screen.findByTestId('payout-request-form', {}, { timeout: 20_000 });
    const panel = document.getElementById('auto-payouts')!;
    await waitFor(() => expect(within(panel).getByRole('alert')).toBeInTheDocument());
    expect(screen.queryByTestId('auto-payouts')).not.toBeInTheDocument();
  });

  it('the history marks automatic requests with a small label', async () => {
    startScreen('/payouts');
    const labels = await screen.findAllByTestId('payout-automatic', {}, { timeout: 20_000 });
    expect(labels).toHaveLength(fixtures.payouts.data.filter((r) => r.automatic).length);
    expect(labels[0]).toHaveTextContent('Automatic');
  });
});
