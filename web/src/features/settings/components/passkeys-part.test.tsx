import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startScreen } from '../../../test/screens.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'x', attestationObject: 'y' } })),
  startAuthentication: vi.fn(),
}));

const withKeys = {
  totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 },
  passkeys: [{ id: 7, name: 'Laptop', created_at: '2026-11-20T10:00:00Z', last_used_at: null, backed_up: true }],
};

describe('settings: passkeys', () => {
  beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the passkeys, and adds one: a name, the options, the browser prompt, then the answer sent with the name', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/second-factor': { body: withKeys },
      'POST /api/settings/passkeys/options': { body: { options: { challenge: 'c', rp: { id: 'localhost', name: 'Partner Cabinet' } } } },
      'POST /api/settings/passkeys': { body: { success: true, message: 'The passkey is added.' } },
    });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    const rows = await within(panel).findAllByTestId('passkey-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Laptop');
    expect(rows[0]).toHaveTextContent('Not used yet');
    await user.click(within(panel).getByTestId('passkey-add'));
    const name = await screen.findByTestId('passkey-name');
    await user.clear(name);
    await user.type(name, 'Phone');
    await user.click(screen.getByTestId('passkey-name-save'));
    expect(await screen.findByText('The passkey is added.')).toBeInTheDocument();
    const sent = JSON.parse(callsTo('/settings/passkeys').find((c) => c.method === 'POST')!.body) as { name: string; response: { id: string } };
    expect(sent.name).toBe('Phone');
    expect(sent.response.id).toBe('cred-1');
  });

  it('removes a passkey after confirming', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/second-factor': { body: withKeys },
      'DELETE /api/settings/passkeys/7': { body: { success: true, message: 'The passkey is removed.' } },
    });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(panel).findByTestId('passkey-remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('“Laptop” will no longer sign in to your account.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The passkey is removed.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/settings/passkeys/7').map((c) => c.method)).toEqual(['DELETE']));
  });

  it('says so when the browser cannot make passkeys, and shows the empty state', async () => {
    vi.unstubAllGlobals();
    startScreen('/settings');
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(panel).findByTestId('passkeys-empty')).toHaveTextContent('No passkeys yet.');
    expect(within(panel).getByText('This browser cannot create passkeys.')).toBeInTheDocument();
    expect(within(panel).queryByTestId('passkey-add')).toBeNull();
  });
});
