import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/utils.tsx';
import { App } from '../../../app/App.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { createTestRouter } from '../../../app/router.tsx';
import { USER_QUERY_KEY } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';

function start(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/captcha': { body: {} }, ...routes });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, null);
  const router = createTestRouter(['/auth/login']);
  render(<App queryClient={queryClient} router={router} />);
  return { api, router };
}

/** The widget arrives after the first interaction with the form. */
async function widget() {
  return waitFor(() => {
    const el = document.querySelector('altcha-widget');
    expect(el).not.toBeNull();
    return el as HTMLElement & { reset?: () => void };
  });
}

async function solveCaptcha() {
  fireEvent(await widget(), new CustomEvent('verified', { detail: { payload: 'cap' } }));
}

describe('sign-in page', () => {
  it('shows the docs/product.md#forms messages per field and makes no call', async () => {
    const { api } = start({});
    await userEvent.click(await screen.findByTestId('submit'));
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please pass the captcha verification')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('The email must be a valid email address')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts 422 field errors on their fields and resets the captcha', async () => {
    const { api } = start({
      'POST /api/auth/login': {
        status: 422,
        body: { code: 'validation_failed', message: 'x', errors: { password: ['Wrong email or password'] } },
      },
    });
    await userEvent.type(await screen.findByLabelText(/Email/), 'a@b.co');
    const el = await widget();
    let resets = 0;
    el.reset = () => {
      resets += 1;
    };
    await userEvent.type(screen.getByLabelText(/^Password/), 'nope');
    await solveCaptcha();
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Wrong email or password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(resets).toBe(1);
    const post = api.calls.find((c) => c.path === '/api/auth/login')!;
    expect(api.bodyOf(post)).toEqual({ email: 'a@b.co', password: 'nope', captcha: 'cap' });
  });

  it('signs in, sets the logged-in flag and opens the dashboard', async () => {
    const { router } = start({
      'POST /api/auth/login': { body: testUser },
      'GET /api/user': { body: testUser },
    });
    await userEvent.type(await screen.findByLabelText(/Email/), 'partner@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await solveCaptcha();
    await userEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(storage.isLoggedIn()).toBe(true);
  });
});
