import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../app/App.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { createTestRouter } from '../../../app/router.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { USER_QUERY_KEY } from '../../../lib/session.ts';
import { mockApi, type MockAnswer } from '../../../test/utils.tsx';
import { startScreen } from '../../../test/screens.tsx';

const TOKEN = 'Q2hhbmdlZC1ieS1zb21lb25lLWVsc2U';
const PATH = `/api/not-me/${TOKEN}`;
const newDevice: MockAnswer = {
  body: {
    kind: 'new_device',
    at: '2026-11-20T12:00:00.000Z',
    browser: 'Chrome',
    os: 'Windows',
    ip: '198.51.100.23',
    new_email: null,
    expires_at: '2026-11-27T12:00:00.000Z',
  },
};
const emailChange: MockAnswer = {
  body: { kind: 'email_change', at: '2026-11-20T12:00:00.000Z', browser: null, os: null, ip: '', new_email: 'thief@example.com', expires_at: '2026-11-27T12:00:00.000Z' },
};
const DONE = 'Your account is secured: every session has ended and payouts are on hold.';
const done: MockAnswer = { body: { success: true, message: DONE, sessions_ended: 2 } };
const invalid: MockAnswer = { status: 400, body: { code: 'bad_request', message: 'This link is no longer active: it has been used already or has expired.', reason: 'not_me_link_invalid' } };

function startAsGuest(routes: Record<string, MockAnswer | (() => MockAnswer | Promise<MockAnswer>)>) {
  const api = mockApi(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  const router = createTestRouter([`/not-me/${TOKEN}`]);
  render(<App queryClient={queryClient} router={router} />);
  return { api, router, queryClient };
}

const status = () => screen.findByTestId('not-me-status');
const posts = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.path === PATH && c.method === 'POST');

describe('"not me" page', () => {
  it('shows what happened and what confirming does, sends nothing until the button, then says it is done', async () => {
    const user = userEvent.setup();
    const { api } = startAsGuest({ [`GET ${PATH}`]: newDevice, [`POST ${PATH}`]: done });
    expect(await screen.findByRole('heading', { name: 'Was this not you?' })).toBeInTheDocument();
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'confirm'));
    const what = screen.getByTestId('not-me-what');
    expect(what).toHaveTextContent('Chrome on Windows');
    expect(what).toHaveTextContent('198.51.100.23');
    expect(what).toHaveTextContent(formatDateTime('2026-11-20T12:00:00.000Z'));
    expect(await status()).toHaveTextContent('sign out every session of your account');
    expect(await status()).toHaveTextContent('hold new payout requests until a new password is set');
    expect(await status()).not.toHaveTextContent('cancel the email address change');
    expect(posts(api)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'It was not me: secure my account' }));
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'success'));
    expect(await status()).toHaveTextContent(DONE);
    expect(await status()).toHaveTextContent('Check your mailbox and set a new password.');
    expect(posts(api)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/auth/login');
  });

  it('for an e-mail change, names the address asked for and says the change is cancelled', async () => {
    startAsGuest({ [`GET ${PATH}`]: emailChange });
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'confirm'));
    expect(screen.getByTestId('not-me-what')).toHaveTextContent('thief@example.com');
    expect(await status()).toHaveTextContent('cancel the email address change');
  });

  it('shows a spent or unknown link with the server’s words and the way to a password reset', async () => {
    const { api } = startAsGuest({ [`GET ${PATH}`]: invalid });
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'invalid'));
    expect(await status()).toHaveTextContent('This link is no longer active');
    expect(screen.queryByTestId('not-me-confirm')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/auth/restore-password');
    expect(posts(api)).toHaveLength(0);
  });

  it('shows the loading state while the link is checked', async () => {
    startAsGuest({ [`GET ${PATH}`]: () => new Promise<MockAnswer>(() => undefined) });
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'loading'));
    expect(await status()).toHaveTextContent('Checking the link…');
  });

  it('lets the partner try again when the confirmation fails for a passing reason', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    startAsGuest({
      [`GET ${PATH}`]: newDevice,
      [`POST ${PATH}`]: () => (++attempts === 1 ? { status: 429, body: { code: 'rate_limited', message: 'Too many requests. Try again in a minute.' } } : done),
    });
    await user.click(await screen.findByTestId('not-me-confirm'));
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'error'));
    expect(await status()).toHaveTextContent('Too many requests.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'success'));
  });

  it('works signed in too (not sent to the dashboard)', async () => {
    const { router } = startScreen(`/not-me/${TOKEN}`, { [`GET ${PATH}`]: newDevice });
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'confirm'));
    expect(router.state.location.pathname).toBe(`/not-me/${TOKEN}`);
  });

  it('reads right to left in Arabic', async () => {
    await changeLanguage('ar');
    try {
      startAsGuest({ [`GET ${PATH}`]: newDevice });
      expect(await screen.findByRole('heading', { name: 'ألم تكن أنت؟' })).toBeInTheDocument();
      await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'confirm'));
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(screen.getByTestId('not-me-what')).toHaveTextContent('Chrome على Windows');
    } finally {
      await changeLanguage('en');
    }
  });
});
