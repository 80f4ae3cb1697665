import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startConsole } from '../../test/console.tsx';

/** The member's own password, from the menu under their name. */
describe('console: changing one’s password', () => {
  async function open() {
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('console-member', undefined, { timeout: 20_000 }));
    await user.click(await screen.findByTestId('change-password'));
    await screen.findByRole('dialog', { name: 'Change your password' });
    return user;
  }

  it('sends the current and new password with the code, and says how many other sessions ended', async () => {
    const { callsTo, jsonOf } = await startConsole('/operator/audit', { 'POST /operator/v1/session/password': { body: { changed: true, sessions_ended: 2 } } });
    const user = await open();
    await user.type(screen.getByLabelText(/Current password/), 'old password');
    await user.type(screen.getByLabelText(/New password/), 'a new long password');
    await user.type(screen.getByLabelText(/Code from your authenticator/), '123 456');
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(callsTo('/session/password')).toHaveLength(1));
    expect(jsonOf(callsTo('/session/password')[0]!)).toEqual({ current_password: 'old password', new_password: 'a new long password', code: '123456' });
    expect(await screen.findByText('Your password is changed. 2 other sessions of yours have ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your password' })).toBeNull());
  }, 40_000);

  it('checks the form before sending, and shows the server’s refusal at its field', async () => {
    const { callsTo } = await startConsole('/operator/audit', {
      'POST /operator/v1/session/password': { status: 422, body: { code: 'validation_failed', message: 'Check the form.', errors: { current_password: ['This is not your current password.'] } } },
    });
    const user = await open();
    await user.type(screen.getByLabelText(/New password/), 'short');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('A password has 8 to 128 characters.')).toBeInTheDocument();
    expect(callsTo('/session/password')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Current password/), 'wrong one');
    await user.type(screen.getByLabelText(/New password/), ' but longer now');
    await user.type(screen.getByLabelText(/Code from your authenticator/), '123456');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('This is not your current password.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeInTheDocument();
  }, 40_000);
});
