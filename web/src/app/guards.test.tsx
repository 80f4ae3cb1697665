import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { mockApi, testUser } from '../test/utils.tsx';
import { App } from './App.tsx';
import { createQueryClient } from './query-client.ts';
import { createTestRouter } from './router.tsx';
import { USER_QUERY_KEY, type CurrentUser } from '../lib/session.ts';

function start(path: string, user: CurrentUser | null) {
  mockApi({
    'GET /api/user': user ? { body: user } : { status: 401, body: { code: 'unauthorized', message: 'x' } },
    'GET /api/captcha': { body: {} },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  const router = createTestRouter([path]);
  render(<App queryClient={queryClient} router={router} />);
  return router;
}

describe('route guards and redirects', () => {
  it('sends a guest from / to sign-in', async () => {
    const router = start('/', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a guest from a signed-in page to sign-in and remembers where to return', async () => {
    const router = start('/payouts', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toEqual({ from: '/payouts' });
  });

  it('sends a signed-in user from / to the dashboard', async () => {
    const router = start('/', testUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Dashboard');
  });

  it('sends a signed-in user away from guest pages', async () => {
    const router = start('/auth/register', testUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows not-found for unknown paths', async () => {
    start('/no/such/page', null);
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Page not found');
  });

  it('sends /app/test and its child to the dashboard', async () => {
    for (const path of ['/app/test', '/app/test/anything']) {
      const router = start(path, testUser);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    }
  });

  it('shows the activation offer for a project whose programme is not active', async () => {
    start('/app/fd2/earnings', testUser);
    expect(await screen.findByRole('heading', { name: 'The FD2 programme is not active' })).toBeInTheDocument();
  });

  it('shows the page of an active project', async () => {
    start('/app/fd1/statistics/sources', testUser);
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Sources');
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent(/Home.*FD1.*Statistics.*Sources/);
  });

  it('redirects /app/{app}/statistics to the detailed statistics', async () => {
    const router = start('/app/fd1/statistics', testUser);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/fd1/statistics/detailed'));
  });

  it('shows not-found for an unknown project', async () => {
    start('/app/zz9/earnings', testUser);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('shows "activate" instead of the features of an inactive project in the sidebar', async () => {
    start('/dashboard', testUser);
    // On a phone's width (jsdom has no media queries) the sidebar is in the menu the top bar opens.
    await userEvent.click(await screen.findByTestId('open-sidebar'));
    expect(await screen.findByTestId('activate-fd2')).toBeInTheDocument();
    expect(screen.queryByTestId('activate-fd1')).not.toBeInTheDocument();
    expect(screen.getByTestId('sidebar-project-fd1')).toHaveTextContent('Earnings');
    expect(screen.getByTestId('sidebar-project-fd2')).not.toHaveTextContent('Earnings');
  });
});
