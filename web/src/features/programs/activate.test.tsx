import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../test/utils.tsx';
import { App } from '../../app/App.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { createTestRouter } from '../../app/router.tsx';
import { USER_QUERY_KEY } from '../../lib/session.ts';

function start(answer: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({
    'POST /api/activate-program': answer,
    'GET /api/user': { body: { ...testUser, app_users_id: { fd1: 101, fd2: 202 } } },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, testUser);
  render(<App queryClient={queryClient} router={createTestRouter(['/dashboard'])} />);
  return { api, queryClient };
}

async function activateFd2() {
  // On a phone's width (jsdom has no media queries) the sidebar is in the menu the top bar opens.
  await userEvent.click(await screen.findByTestId('open-sidebar'));
  await userEvent.click(await screen.findByTestId('activate-fd2'));
  const confirm = await screen.findByRole('dialog');
  expect(confirm).toHaveTextContent('Activate FD2?');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
}

describe('programme activation (docs/product.md#dialogs-and-messages)', () => {
  it('posts the project id and shows a Success dialog with the server message', async () => {
    const { api } = start({ body: { success: true, message: 'The FD2 programme is active.', user_id: 202 } });
    await activateFd2();
    const dialog = await screen.findByRole('dialog', { name: /Success/ });
    expect(dialog).toHaveTextContent('The FD2 programme is active.');
    expect(api.bodyOf(api.calls.find((c) => c.path === '/api/activate-program')!)).toEqual({ pid: 'fd2' });
    // Activating closed the menu; opened again, it shows FD2's features instead of the offer.
    await userEvent.click(within(dialog).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(await screen.findByTestId('open-sidebar'));
    await waitFor(() => expect(screen.getByTestId('sidebar-project-fd2')).toHaveTextContent('Earnings'));
    expect(screen.queryByTestId('activate-fd2')).not.toBeInTheDocument();
  });

  it("shows an Error dialog with the server's message on failure", async () => {
    start({ status: 409, body: { code: 'conflict', message: 'The programme is already active.' } });
    await activateFd2();
    const dialog = await screen.findByRole('dialog', { name: /Error/ });
    expect(dialog).toHaveTextContent('The programme is already active.');
  });

  it("falls back to 'Failed activating program'", async () => {
    start({ body: { success: false, message: '', user_id: 0 } });
    await activateFd2();
    expect(await screen.findByRole('dialog', { name: /Error/ })).toHaveTextContent(
      'Failed activating program',
    );
  });
});
