import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeyCreatedAnswer, ApiKeyStateAnswer } from '@pc/core/contracts/webmaster';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import type { MockAnswer } from '../../../test/utils.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const KEY_1 = `pc_live_${'A'.repeat(39)}k1Zz`;
const KEY_2 = `pc_live_${'B'.repeat(39)}k2Yy`;
const none: ApiKeyStateAnswer = { key: null, rate_limit_per_minute: 60 };
const stateOf = (key: string, created = '2026-11-20T12:00:00.000Z'): ApiKeyStateAnswer => ({
  key: { prefix: 'pc_live_', last4: key.slice(-4), created_at: created, last_used_at: null },
  rate_limit_per_minute: 60,
});
const created = (key: string, rotated: boolean): MockAnswer => ({
  body: {
    success: true,
    message: rotated ? 'A new API key has been created and the old one no longer works.' : 'Your API key has been created.',
    api_key: key,
    key: stateOf(key).key!,
    rotated,
  } satisfies ApiKeyCreatedAnswer,
});
const needPassword: MockAnswer = {
  status: 403,
  body: { code: 'need_security_password', message: 'Enter your account password to continue.' },
};

/** The captcha widget announces a solution the way the real one does. */
async function solveCaptcha(payload = 'solved-payload') {
  const widget = await waitFor(() => {
    const el = document.querySelector('altcha-widget');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent(widget, new CustomEvent('verified', { detail: { payload } }));
}

const keyPanel = () => screen.findByRole('region', { name: 'Your API key' });

describe('API key page', () => {
  it('shows the live key (never in full), its dates, the limit, and how to call the API on this origin', async () => {
    startScreen('/api-key');
    const panel = await keyPanel();
    expect(await within(panel).findByTestId('key-masked')).toHaveTextContent(`pc_live_••••••••••••${fixtures.apiKey.key.last4}`);
    expect(within(panel).getByTestId('key-created')).toHaveTextContent(formatDateTime(fixtures.apiKey.key.created_at));
    expect(within(panel).getByTestId('key-last-used')).toHaveTextContent(formatDateTime(fixtures.apiKey.key.last_used_at));
    expect(within(panel).getByTestId('key-limit')).toHaveTextContent('up to 60 calls per minute');
    expect(screen.queryByTestId('new-key')).not.toBeInTheDocument();

    const usage = await screen.findByRole('region', { name: 'How to call the API' });
    expect(within(usage).getByTestId('curl-example')).toHaveTextContent(
      `curl -H "Authorization: Bearer $PC_API_KEY" \\ "${window.location.origin}/webmaster/v1/balance"`,
    );
    expect(within(usage).getByTestId('docs-link')).toHaveAttribute('href', '/webmaster/docs');
    expect(within(usage).getByTestId('openapi-link')).toHaveAttribute('href', '/webmaster/v1/openapi.json');
  });

  it('creates a key through the account password check and shows it once, with a warning and a copy button', async () => {
    const user = userEvent.setup();
    let state = none;
    let posts = 0;
    const { callsTo } = startScreen('/api-key', {
      'GET /api/api-key': () => ({ body: state }),
      'POST /api/api-key': () => {
        posts += 1;
        if (posts === 1) return needPassword;
        state = stateOf(KEY_1);
        return created(KEY_1, false);
      },
      'POST /api/security/check-password': { body: { success: true } },
    });
    const panel = await keyPanel();
    expect(await within(panel).findByTestId('key-state')).toHaveAttribute('data-state', 'none');
    expect(panel).toHaveTextContent('You have no API key yet.');
    await user.click(within(panel).getByTestId('create-key'));

    // 403 need_security_password: the app-wide check asks for the password, then repeats the call.
    const dialog = await screen.findByRole('dialog', { name: 'Account password' });
    await user.type(within(dialog).getByTestId('account-password-input'), 'demo-partner');
    await solveCaptcha();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    const notice = await screen.findByTestId('new-key');
    expect(callsTo('/api-key').filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(within(notice).getByTestId('new-key-value')).toHaveTextContent(KEY_1);
    expect(notice).toHaveTextContent('It is shown only once');
    await user.click(within(notice).getByTestId('copy-key'));
    expect(await navigator.clipboard.readText()).toBe(KEY_1);
    expect(within(notice).getByTestId('copy-key')).toHaveTextContent('Copied');
    // The page reads the state again: the live key, masked.
    await waitFor(() => expect(within(panel).getByTestId('key-state')).toHaveAttribute('data-state', 'active'));
    expect(within(panel).getByTestId('key-masked')).toHaveTextContent('k1Zz');

    await user.click(within(notice).getByTestId('hide-key'));
    expect(screen.queryByTestId('new-key')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(KEY_1);
  });

  it('rotates the key after a confirmation (cancel changes nothing) and shows the new one once', async () => {
    const user = userEvent.setup();
    let state = stateOf(KEY_1, '2026-11-01T08:00:00.000Z');
    const { callsTo } = startScreen('/api-key', {
      'GET /api/api-key': () => ({ body: state }),
      'POST /api/api-key': () => {
        state = stateOf(KEY_2);
        return created(KEY_2, true);
      },
    });
    const panel = await keyPanel();
    await user.click(await within(panel).findByTestId('rotate-key'));
    let confirm = await screen.findByRole('dialog', { name: 'Rotate the API key?' });
    expect(confirm).toHaveTextContent('the current one will stop working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api-key').filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(within(panel).getByTestId('rotate-key'));
    confirm = await screen.findByRole('dialog', { name: 'Rotate the API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByTestId('new-key-value')).toHaveTextContent(KEY_2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(panel).getByTestId('key-masked')).toHaveTextContent('k2Yy'));
    expect(callsTo('/api-key').filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('revokes the key after a confirmation, through the password check', async () => {
    const user = userEvent.setup();
    let state = stateOf(KEY_1);
    let deletes = 0;
    const { callsTo } = startScreen('/api-key', {
      'GET /api/api-key': () => ({ body: state }),
      'DELETE /api/api-key': () => {
        deletes += 1;
        if (deletes === 1) return needPassword;
        state = none;
        return { body: { success: true, message: 'Your API key has been revoked. Calls made with it are refused.' } };
      },
      'POST /api/security/check-password': { body: { success: true } },
    });
    const panel = await keyPanel();
    await user.click(await within(panel).findByTestId('revoke-key'));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account password' });
    await user.type(within(dialog).getByTestId('account-password-input'), 'demo-partner');
    await solveCaptcha();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Your API key has been revoked. Calls made with it are refused.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByTestId('key-state')).toHaveAttribute('data-state', 'none'));
    expect(callsTo('/api-key').filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('shows the key block loading, and a failed read in place with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    startScreen('/api-key', { 'GET /api/api-key': () => (fail ? serverError : { body: none }) });
    const panel = await keyPanel();
    expect(await within(panel).findByTestId('error')).toBeInTheDocument();
    // How to call stays readable meanwhile.
    expect(screen.getByTestId('curl-example')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('create-key')).toBeInTheDocument();
  });
});
