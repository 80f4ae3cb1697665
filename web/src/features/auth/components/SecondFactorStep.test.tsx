import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser, type RecordedCall } from '../../../test/utils.tsx';
import { App } from '../../../app/App.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { createTestRouter } from '../../../app/router.tsx';
import { USER_QUERY_KEY } from '../../../lib/session.ts';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { signature: 's' } })),
  startRegistration: vi.fn(),
}));

const PENDING = { second_factor: { token: 'p'.repeat(43), methods: ['totp'], expires_at: '2026-11-20T12:05:00Z' } };
const bodyOf = (call: RecordedCall) => Object.fromEntries(new URLSearchParams(call.body));

function start(routes: Parameters<typeof mockApi>[0], path = '/auth/login') {
  const api = mockApi({ 'GET /api/captcha': { body: {} }, 'POST /api/auth/login': { body: PENDING }, ...routes });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  const router = createTestRouter([path]);
  render(<App queryClient={queryClient} router={router} />);
  return { api, router };
}

async function passwordStep() {
  await userEvent.type(await screen.findByLabelText(/Email/), 'partner@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
  const widget = await waitFor(() => {
    const el = document.querySelector('altcha-widget');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
  fireEvent(widget, new CustomEvent('verified', { detail: { payload: 'cap' } }));
  await userEvent.click(screen.getByTestId('submit'));
}

describe('sign-in: the second step', () => {
  it('asks for the app code after the password, refuses a wrong one on its field, and signs in with the right one', async () => {
    const { api, router } = start({
      'POST /api/auth/login/second-factor': (call) =>
        bodyOf(call).code === '123456'
          ? { body: testUser }
          : { status: 422, body: { code: 'validation_failed', message: 'x', errors: { code: ['Wrong code'] } } },
      'GET /api/user': { body: testUser },
    });
    await passwordStep();
    expect(await screen.findByTestId('second-factor-prompt')).toHaveTextContent('Open your authenticator app');
    const field = screen.getByTestId('second-factor-code');
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sent = api.calls.filter((c) => c.path === '/api/auth/login/second-factor').map(bodyOf);
    expect(sent).toEqual([
      { token: PENDING.second_factor.token, code: '000000' },
      { token: PENDING.second_factor.token, code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const { api } = start({ 'POST /api/auth/login/second-factor': { body: testUser }, 'GET /api/user': { body: testUser } });
    await passwordStep();
    await userEvent.click(await screen.findByTestId('second-factor-switch'));
    expect(screen.getByTestId('second-factor-prompt')).toHaveTextContent('recovery codes');
    await userEvent.type(screen.getByTestId('second-factor-code'), 'abcd-efgh-jkmn');
    await userEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/auth/login/second-factor')).toBe(true));
    expect(bodyOf(api.calls.find((c) => c.path === '/api/auth/login/second-factor')!)).toEqual({ token: PENDING.second_factor.token, recovery_code: 'abcd-efgh-jkmn' });
  });

  it('an auto-login link to an account with a second factor lands on the code step, then signs in', async () => {
    const { api, router } = start(
      {
        'POST /api/auth/auto-login/from': { body: PENDING },
        'POST /api/auth/login/second-factor': { body: testUser },
        'GET /api/user': { body: testUser },
      },
      `/auth/auto-login/${'a'.repeat(40)}`,
    );
    await userEvent.type(await screen.findByTestId('second-factor-code'), '123456');
    expect(router.state.location.pathname).toBe('/auth/login');
    await userEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodyOf(api.calls.find((c) => c.path === '/api/auth/login/second-factor')!)).toEqual({ token: PENDING.second_factor.token, code: '123456' });
  });

  it('an expired step goes back to the password form with the server message', async () => {
    start({
      'POST /api/auth/login/second-factor': {
        status: 400,
        body: { code: 'bad_request', message: 'This sign-in step has expired. Please sign in again.', reason: 'second_factor_expired' },
      },
    });
    await passwordStep();
    await userEvent.type(await screen.findByTestId('second-factor-code'), '123456');
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('This sign-in step has expired');
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
  });
});

describe('sign-in: passkeys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs in without a password: the options, the browser prompt, the assertion sent as JSON', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const { api, router } = start({
      'POST /api/auth/passkey/options': { body: { options: { challenge: 'c', rpId: 'localhost' } } },
      'POST /api/auth/passkey': { body: testUser },
      'GET /api/user': { body: testUser },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sent = api.calls.find((c) => c.path === '/api/auth/passkey')!;
    expect(JSON.parse(sent.body)).toEqual({ response: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { signature: 's' } } });
  });

  it('offers a passkey at the second step when the account has one, with the pending token', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const pending = { second_factor: { ...PENDING.second_factor, methods: ['totp', 'passkey'] } };
    const { api, router } = start({
      'POST /api/auth/login': { body: pending },
      'POST /api/auth/login/passkey/options': { body: { options: { challenge: 'c', rpId: 'localhost' } } },
      'POST /api/auth/login/passkey': { body: testUser },
      'GET /api/user': { body: testUser },
    });
    await passwordStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/auth/login/passkey/options')!.body)).toEqual({ token: PENDING.second_factor.token });
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/auth/login/passkey')!.body).token).toBe(PENDING.second_factor.token);
  });

  it('shows no passkey button where the browser has no passkeys', async () => {
    start({});
    await screen.findByLabelText(/Email/);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
