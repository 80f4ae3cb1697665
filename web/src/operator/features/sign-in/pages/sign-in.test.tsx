import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import { qrImageSource, groupedSecret } from '../components/AuthenticatorSetupStep.tsx';
import { recoveryCodesText } from '../components/RecoveryCodesStep.tsx';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String(i).padStart(2, '2')}`);

/** The sign-in page with nobody signed in; me answers `signedIn` once the last step is done. */
async function openSignIn(answers: Parameters<typeof startConsole>[1], from = '/operator/sign-in') {
  let signedIn = false;
  const started = await startConsole(from, {
    'GET /operator/v1/session/me': () => (signedIn ? { body: meAs('admin') } : { status: 401, body: { code: 'unauthorized', message: '' } }),
    ...answers,
  }, null);
  return { ...started, signIn: () => (signedIn = true) };
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Email/), 'ada@staff.test');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.click(screen.getByTestId('sign-in-submit'));
}

describe('console sign-in', () => {
  it('first time: the QR code as an image, the secret to type, the first code, then the ten recovery codes once, then the console', async () => {
    const user = userEvent.setup();
    const download = vi.fn();
    URL.createObjectURL = download.mockReturnValue('blob:codes');
    URL.revokeObjectURL = vi.fn();
    const state = await openSignIn({
      'POST /operator/v1/session': { body: { stage: 'setup_totp', otpauth_url: 'otpauth://totp/x', qr_svg: SVG, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } },
      'POST /operator/v1/session/totp': () => {
        state.signIn();
        return { body: { stage: 'signed_in', recovery_codes: CODES } };
      },
    }, '/operator/staff');
    await typePassword(user);
    expect(state.jsonOf(state.callsTo('/session')[0]!)).toEqual({ email: 'ada@staff.test', password: 'correct horse' });

    const setup = await screen.findByTestId('sign-in-setup');
    const qr = within(setup).getByRole('img', { name: 'QR code to add the console to an authenticator app' });
    // The SVG is an image's source, never markup in the page: its script cannot run.
    expect(qr).toHaveAttribute('src', qrImageSource(SVG));
    expect(setup.querySelector('script')).toBeNull();
    expect(screen.getByTestId('totp-secret-value')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.click(screen.getByTestId('totp-confirm'));
    expect(await screen.findByText('Enter the six digits the app shows.')).toBeInTheDocument();
    expect(state.callsTo('/session/totp')).toHaveLength(0);
    await user.type(screen.getByTestId('totp-code'), '123 456');
    await user.click(screen.getByTestId('totp-confirm'));
    await waitFor(() => expect(state.callsTo('/session/totp')).toHaveLength(1));
    expect(state.jsonOf(state.callsTo('/session/totp')[0]!)).toEqual({ code: '123456' });

    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByText('They are shown only now. Keep them somewhere safe, away from your phone.')).toBeInTheDocument();
    await user.click(screen.getByTestId('codes-download'));
    expect(download).toHaveBeenCalledTimes(1);
    const file = download.mock.calls[0]![0] as Blob;
    expect(await file.text()).toBe(recoveryCodesText('Partner Cabinet operator console: recovery codes of ada@staff.test. Each code works once.', CODES));
    // Going on needs the promise that they are saved.
    expect(screen.getByTestId('codes-continue')).toBeDisabled();
    await user.click(screen.getByTestId('codes-saved'));
    await user.click(screen.getByTestId('codes-continue'));
    // Back to where the member was going.
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeInTheDocument();
  });

  it('with an authenticator: the code, or a recovery code instead', async () => {
    const user = userEvent.setup();
    const state = await openSignIn({
      'POST /operator/v1/session': { body: { stage: 'code' } },
      'POST /operator/v1/session/code': (call) => {
        const body = JSON.parse(call.body) as { code?: string };
        if (body.code) return { status: 401, body: { code: 'unauthorized', message: 'Wrong code.', reason: 'wrong_code' } };
        state.signIn();
        return { body: { stage: 'signed_in', recovery_codes_left: 9 } };
      },
    });
    await typePassword(user);
    await screen.findByTestId('sign-in-code');
    await user.type(screen.getByTestId('totp-code'), '000000');
    await user.click(screen.getByTestId('code-submit'));
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('Wrong code.');
    // Still on the code step: a wrong code is the form's, not a signed-out session.
    expect(screen.getByTestId('sign-in-code')).toBeInTheDocument();

    await user.click(screen.getByTestId('toggle-recovery'));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcd-efgh-jk22');
    await user.click(screen.getByTestId('code-submit'));
    await waitFor(() => expect(state.callsTo('/session/code')).toHaveLength(2));
    expect(state.jsonOf(state.callsTo('/session/code')[1]!)).toEqual({ recovery_code: 'abcd-efgh-jk22' });
    // Signed in: the console's frame.
    expect(await screen.findByTestId('console-member')).toHaveTextContent('Ada Admin');
  });

  it('shows the server’s message for a wrong password and a lockout, and keeps the password step', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    await openSignIn({
      'POST /operator/v1/session': () =>
        ++attempts === 1
          ? { status: 401, body: { code: 'unauthorized', message: 'Wrong email or password.', reason: 'wrong_credentials' } }
          : { status: 429, body: { code: 'rate_limited', message: 'Too many attempts. Try again in 15 minutes.' } },
    });
    await typePassword(user);
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('Wrong email or password.');
    await user.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(screen.getByTestId('sign-in-error')).toHaveTextContent('Too many attempts. Try again in 15 minutes.'));
    expect(screen.getByTestId('sign-in-password')).toBeInTheDocument();
  });

  it('a first step that ran out sends the member back to the password with the server’s message', async () => {
    const user = userEvent.setup();
    await openSignIn({
      'POST /operator/v1/session': { body: { stage: 'code' } },
      'POST /operator/v1/session/code': { status: 401, body: { code: 'unauthorized', message: 'Please sign in again.', reason: 'signed_out' } },
    });
    await typePassword(user);
    await user.type(await screen.findByTestId('totp-code'), '123456');
    await user.click(screen.getByTestId('code-submit'));
    expect(await screen.findByTestId('sign-in-password')).toHaveTextContent('Please sign in again.');
  });

  it('reads in Russian', async () => {
    await startConsole('/operator/sign-in', {}, null, 'ru');
    expect(await screen.findByRole('heading', { name: 'Вход в консоль' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Электронная почта/)).toBeInTheDocument();
  });

  it('groups a secret in fours for typing', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
