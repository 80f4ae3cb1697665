import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders, type MockAnswer } from '../../test/utils.tsx';
import { MessageDialog } from '../feedback/MessageDialog.tsx';
import { useSecurityCheck, type SecurityCheck } from './useSecurityCheck.ts';
import { SecurityCheckDialogs } from './SecurityCheckDialogs.tsx';
import type { SecurityMode } from './security-requests.ts';

const info = (
  over: Partial<{ is_allowed: boolean; ask_code: boolean; ask_password: boolean }> = {},
): MockAnswer => ({
  body: {
    is_allowed: true,
    ask_code: false,
    ask_password: false,
    code_created_at: '2026-11-10T09:00:00.000Z',
    will_be_allowed_at: '2026-11-25T09:00:00.000Z',
    ...over,
  },
});

let check: SecurityCheck;
function Harness() {
  check = useSecurityCheck();
  return (
    <>
      <SecurityCheckDialogs check={check} />
      <MessageDialog />
      <output data-testid="state">{JSON.stringify({ ...check.state, captchaResetKey: undefined })}</output>
    </>
  );
}

function setup(mode: SecurityMode, routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  const action = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<Harness />);
  const start = () => act(() => check.run(mode, action, { onClose }));
  return { api, action, onClose, start };
}

const state = () => JSON.parse(screen.getByTestId('state').textContent!);

/** The captcha widget announces a solution the way the real one does. */
async function solveCaptcha(payload = 'solved-payload') {
  const widget = await waitFor(() => {
    const el = document.querySelector('altcha-widget');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent(widget, new CustomEvent('verified', { detail: { payload } }));
}

describe('security check flow (docs/product.md#security)', () => {
  it('step 1 loads the info of the requested mode', async () => {
    const { api, start } = setup('both', { 'GET /api/security/info/both': info() });
    await start();
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/api/security/info/both' });
  });

  for (const mode of ['code', 'both'] as const) {
    it(`step 2 (${mode}): not allowed cancels, runs the close callback and shows the frozen dialog`, async () => {
      const { action, onClose, start } = setup(mode, {
        [`GET /api/security/info/${mode}`]: info({ is_allowed: false, ask_code: true }),
      });
      await start();
      expect(action).not.toHaveBeenCalled();
      expect(onClose).toHaveBeenCalledOnce();
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Security check');
      expect(dialog).toHaveTextContent(/security code was changed on .*2026.*allowed on .*2026/);
      expect(state().dialog).toBe('none');
    });
  }

  it('step 2 does not apply to the password mode', async () => {
    const { action, start } = setup('password', {
      'GET /api/security/info/password': info({ is_allowed: false }),
    });
    await start();
    expect(action).toHaveBeenCalledOnce();
  });

  it('step 3: an empty code shows the code error without a call', async () => {
    const { api, action, start } = setup('code', { 'GET /api/security/info/code': info({ ask_code: true }) });
    await start();
    expect(await screen.findByTestId('security-code-input')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Incorrect security code')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/security/check-code')).toHaveLength(0);
    expect(action).not.toHaveBeenCalled();
  });

  it('step 3: a wrong code shows the code error and keeps the dialog', async () => {
    const { api, action, start } = setup('code', {
      'GET /api/security/info/code': info({ ask_code: true }),
      'POST /api/security/check-code': {
        status: 422,
        body: { code: 'validation_failed', message: 'x', errors: { code: ['Incorrect security code'] } },
      },
    });
    await start();
    await userEvent.type(await screen.findByTestId('security-code-input'), '0000');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Incorrect security code')).toBeInTheDocument();
    expect(api.bodyOf(api.calls.find((c) => c.path === '/api/security/check-code')!)).toEqual({
      code: '0000',
    });
    expect(action).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ dialog: 'code', saving: false });
  });

  it('step 3: an answer with success false counts as a wrong code', async () => {
    const { action, start } = setup('code', {
      'GET /api/security/info/code': info({ ask_code: true }),
      'POST /api/security/check-code': { body: { success: false } },
    });
    await start();
    await userEvent.type(await screen.findByTestId('security-code-input'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Incorrect security code')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('step 3: a correct code runs the action and closes the dialog', async () => {
    const { action, start } = setup('code', {
      'GET /api/security/info/code': info({ ask_code: true }),
      'POST /api/security/check-code': { body: { success: true } },
    });
    await start();
    await userEvent.type(await screen.findByTestId('security-code-input'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(action).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByTestId('security-code-input')).not.toBeInTheDocument());
    expect(state()).toMatchObject({ dialog: 'none', code: '', error: '', saving: false });
  });

  it('both asked: the code first, then the password, then the action', async () => {
    const { action, start } = setup('both', {
      'GET /api/security/info/both': info({ ask_code: true, ask_password: true }),
      'POST /api/security/check-code': { body: { success: true } },
      'POST /api/security/check-password': { body: { success: true } },
    });
    await start();
    await userEvent.type(await screen.findByTestId('security-code-input'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('account-password-input')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('account-password-input'), 'secret-pass');
    await solveCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(action).toHaveBeenCalledOnce());
  });

  it('step 4: the password dialog resets the captcha and an empty password shows the error without a call', async () => {
    const { api, start } = setup('password', {
      'GET /api/security/info/password': info({ ask_password: true }),
    });
    const before = check.state.captchaResetKey;
    await start();
    expect(await screen.findByTestId('account-password-input')).toHaveAttribute('type', 'password');
    expect(check.state.captchaResetKey).toBeGreaterThan(before);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/security/check-password')).toHaveLength(0);
  });

  it('step 4: 422 on the captcha asks to enter the captcha and resets it', async () => {
    const { start } = setup('password', {
      'GET /api/security/info/password': info({ ask_password: true }),
      'POST /api/security/check-password': {
        status: 422,
        body: { code: 'validation_failed', message: 'x', errors: { captcha: ['bad'] } },
      },
    });
    await start();
    await userEvent.type(await screen.findByTestId('account-password-input'), 'secret-pass');
    const key = check.state.captchaResetKey;
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please enter the captcha')).toBeInTheDocument();
    expect(state()).toMatchObject({ errorField: 'captcha', captcha: '', saving: false });
    expect(check.state.captchaResetKey).toBeGreaterThan(key);
  });

  it('step 4: 422 on the password shows the wrong-password message and resets the captcha', async () => {
    const { api, action, start } = setup('password', {
      'GET /api/security/info/password': info({ ask_password: true }),
      'POST /api/security/check-password': {
        status: 422,
        body: { code: 'validation_failed', message: 'x', errors: { password: ['wrong'] } },
      },
    });
    await start();
    await userEvent.type(await screen.findByTestId('account-password-input'), 'bad-pass');
    await solveCaptcha('p1');
    const key = check.state.captchaResetKey;
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(api.bodyOf(api.calls.find((c) => c.path === '/api/security/check-password')!)).toEqual({
      password: 'bad-pass',
      captcha: 'p1',
    });
    expect(state()).toMatchObject({ errorField: 'password', captcha: '' });
    expect(check.state.captchaResetKey).toBeGreaterThan(key);
    expect(action).not.toHaveBeenCalled();
  });

  it('step 4: success runs the action', async () => {
    const { action, start } = setup('password', {
      'GET /api/security/info/password': info({ ask_password: true }),
      'POST /api/security/check-password': { body: { success: true } },
    });
    await start();
    await userEvent.type(await screen.findByTestId('account-password-input'), 'good-pass');
    await solveCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(action).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByTestId('account-password-input')).not.toBeInTheDocument());
  });

  it('step 5: neither asked runs the action at once', async () => {
    const { action, start } = setup('both', { 'GET /api/security/info/both': info() });
    await start();
    expect(action).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing runs the close callback and clears code, password, error and saving', async () => {
    const { action, onClose, start } = setup('code', {
      'GET /api/security/info/code': info({ ask_code: true }),
    });
    await start();
    await userEvent.type(await screen.findByTestId('security-code-input'), '99');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.clear(screen.getByTestId('security-code-input'));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Incorrect security code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(action).not.toHaveBeenCalled();
    expect(state()).toMatchObject({
      dialog: 'none',
      code: '',
      password: '',
      error: '',
      errorField: null,
      saving: false,
    });
  });

  it('a failing info call does not run the action', async () => {
    const { action, onClose, start } = setup('code', {
      'GET /api/security/info/code': { status: 500, body: { code: 'internal', message: 'x' } },
    });
    await start();
    expect(action).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
    expect(await screen.findByRole('dialog')).toHaveTextContent('500 error');
  });
});
