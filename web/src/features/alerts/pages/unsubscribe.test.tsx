import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../app/App.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { createTestRouter } from '../../../app/router.tsx';
import { USER_QUERY_KEY } from '../../../lib/session.ts';
import { mockApi, type MockAnswer } from '../../../test/utils.tsx';
import { startScreen } from '../../../test/screens.tsx';

const TOKEN = 'a1.7.sale.AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const done: MockAnswer = { body: { success: true, message: 'Sale alerts are now off. You can switch them on again in your settings.', data: { kind: 'sale' } } };
const invalid: MockAnswer = {
  status: 422,
  body: { code: 'validation_failed', message: 'This unsubscribe link is not valid.', errors: { token: ['This unsubscribe link is not valid.'] } },
};

/** A guest (no session) opening the link from the mail. */
function startAsGuest(answer: MockAnswer | (() => MockAnswer)) {
  const api = mockApi({ 'POST /api/alerts/unsubscribe': answer });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  const router = createTestRouter([`/alerts/unsubscribe/${TOKEN}`]);
  render(<App queryClient={queryClient} router={router} />);
  return { api, router };
}

const status = () => screen.findByTestId('unsubscribe-status');
/** The partner confirms on the page: opening the link alone sends nothing. */
async function confirm(user = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
}

describe('unsubscribe page', () => {
  it('works for a guest: sends the token once, without signing in, and shows the confirmation with the way to sign in', async () => {
    const { api, router } = startAsGuest(done);
    expect(await screen.findByRole('heading', { name: 'Unsubscribe from email alerts' })).toBeInTheDocument();
    expect(await status()).toHaveAttribute('data-state', 'confirm');
    expect(await status()).toHaveTextContent('Switch this email alert off?');
    expect(api.calls.filter((c) => c.path === '/api/alerts/unsubscribe')).toHaveLength(0);
    await confirm();
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'success'));
    expect(await status()).toHaveTextContent('Sale alerts are now off.');
    const calls = api.calls.filter((c) => c.path === '/api/alerts/unsubscribe');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.query).toEqual({ token: TOKEN });
    expect(router.state.location.pathname).toBe(`/alerts/unsubscribe/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('works signed in too (not sent to the dashboard), leading to the alert settings', async () => {
    const { callsTo, router } = startScreen(`/alerts/unsubscribe/${TOKEN}`, { 'POST /api/alerts/unsubscribe': done });
    await confirm();
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'success'));
    expect(callsTo('/alerts/unsubscribe')).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/alerts/unsubscribe/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Open my settings' })).toHaveAttribute('href', '/settings#settings-alerts');
  });

  it('an altered link shows the server\'s reason and no retry; a failure can be tried again', async () => {
    startAsGuest(invalid);
    await confirm();
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'error'));
    expect(await status()).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a server failure offers to try again, which sends the token again', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { api } = startAsGuest(() => (++n === 1 ? { status: 429, body: { code: 'too_many_requests', message: 'Too many attempts. Try later.' } } : done));
    await confirm(user);
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'error'));
    expect(await status()).toHaveTextContent('Too many attempts. Try later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'success'));
    expect(api.calls.filter((c) => c.path === '/api/alerts/unsubscribe')).toHaveLength(2);
  });
});
