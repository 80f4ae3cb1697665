import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startScreen } from '../../../test/screens.tsx';
import type { RecordedCall } from '../../../test/utils.tsx';

const bodyOf = (call: RecordedCall) => Object.fromEntries(new URLSearchParams(call.body));
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String(i).padStart(2, '2')}`);
const off = { totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 }, passkeys: [] };
const on = { totp: { enabled: true, enabled_at: '2026-11-20T10:00:00Z', recovery_codes_left: 7 }, passkeys: [] };
const SETUP = { otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', secret: 'JBSWY3DPEHPK3PXP' };

describe('settings: two-step sign-in', () => {
  it('turns the authenticator on: QR code and secret, a wrong code refused on its field, then ten recovery codes', async () => {
    const user = userEvent.setup();
    let state: typeof off | typeof on = off;
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/second-factor': () => ({ body: state }),
      'POST /api/settings/second-factor/totp/setup': { body: SETUP },
      'POST /api/settings/second-factor/totp/confirm': (call) => {
        if (bodyOf(call).code !== '123456') return { status: 422, body: { code: 'validation_failed', message: 'x', errors: { code: ['Wrong code'] } } };
        state = on;
        return { body: { success: true, message: 'Two-step sign-in is on.', codes: CODES } };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(panel).findByTestId('totp-status')).toHaveTextContent('Off');
    await user.click(within(panel).getByTestId('totp-enable'));
    const dialog = await screen.findByRole('dialog', { name: 'Set up the authenticator app' });
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(within(dialog).getByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));

    const field = within(dialog).getByTestId('totp-setup-code');
    await user.type(field, '12');
    await user.click(within(dialog).getByTestId('totp-setup-confirm'));
    expect(await within(dialog).findByText('Enter the 6 digits the app shows')).toBeInTheDocument();
    expect(callsTo('/settings/second-factor/totp/confirm')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(within(dialog).getByTestId('totp-setup-confirm'));
    expect(await within(dialog).findByText('Wrong code')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(within(dialog).getByTestId('totp-setup-confirm'));
    const codes = await screen.findAllByTestId('recovery-code');
    expect(codes.map((c) => c.textContent)).toEqual(CODES);
    expect(bodyOf(callsTo('/settings/second-factor/totp/confirm').at(-1)!)).toEqual({ code: '123456' });
    await user.click(screen.getByTestId('recovery-codes-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(panel).getByTestId('totp-status')).toHaveTextContent('On'));
    expect(within(panel).getByText(/Recovery codes left: 7 of 10/)).toBeInTheDocument();
  });

  it('turning off asks for the password and a code (or a recovery code) and sends them', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/second-factor': { body: on },
      'POST /api/settings/second-factor/totp/disable': { body: { success: true, message: 'The authenticator app is turned off.' } },
    });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(panel).findByTestId('totp-disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app' });
    await user.click(within(dialog).getByTestId('proof-submit'));
    expect(await within(dialog).findByText('Enter your password')).toBeInTheDocument();
    expect(callsTo('/settings/second-factor/totp/disable')).toHaveLength(0);
    await user.type(within(dialog).getByTestId('proof-password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByTestId('proof-code'), 'abcd-efgh-jk22');
    await user.click(within(dialog).getByTestId('proof-submit'));
    expect(await screen.findByText('The authenticator app is turned off.')).toBeInTheDocument();
    expect(bodyOf(callsTo('/settings/second-factor/totp/disable')[0]!)).toEqual({ password: 'my password', recovery_code: 'abcd-efgh-jk22' });
  });

  it('shows an error in place when the status cannot be read', async () => {
    startScreen('/settings', { 'GET /api/settings/second-factor': { status: 500, body: { code: 'internal', message: 'An error occurred. Try later.' } } });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(panel).findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
