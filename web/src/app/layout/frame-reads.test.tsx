import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from '../App.tsx';
import { createQueryClient } from '../query-client.ts';
import { createTestRouter, prefetchFrameReads } from '../router.tsx';
import { USER_QUERY_KEY, type CurrentUser } from '../../lib/session.ts';
import { mockApi } from '../../test/utils.tsx';
import { fixtures, recordedAnswers } from '../../test/screens.tsx';
import user from '../../test/fixtures/user.json';

const FRAME_READS = [
  '/api/payouts/user/available-withdrawal',
  '/api/payouts/user/hold-info',
  '/api/news',
  '/api/messages/unread',
  '/api/links',
];

describe("the signed-in frame's reads", () => {
  it('are asked once when started early: the bars that mount after them show those answers without asking again', async () => {
    const api = mockApi({ ...recordedAnswers, 'GET /api/user': { body: user } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, user as CurrentUser);
    // As bootstrap does for a signed-in partner, before the first render.
    await prefetchFrameReads(queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(FRAME_READS.map((path) => api.calls.filter((c) => c.path === path).length)).toEqual([
      1, 1, 1, 1, 1,
    ]);

    render(<App queryClient={queryClient} router={createTestRouter(['/dashboard'])} />);
    // The user bar's latest news and the dashboard's figures are on screen: the frame and the page have mounted.
    expect(
      await screen.findByText(fixtures.news.data[0]!.title, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await screen.findByTestId('info-earnings-value');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(FRAME_READS.map((path) => api.calls.filter((c) => c.path === path).length)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('are shared with the payouts screen: opened on its own, it asks for the balance and the hold once, beside the bar', async () => {
    const api = mockApi({ ...recordedAnswers, 'GET /api/user': { body: user } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, user as CurrentUser);
    await prefetchFrameReads(queryClient);

    render(<App queryClient={queryClient} router={createTestRouter(['/payouts'])} />);
    // The hold breakdown comes from the hold read, the request form's figures from the balance read.
    await screen.findByTestId('hold-breakdown', {}, { timeout: 20_000 });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(FRAME_READS.slice(0, 2).map((path) => api.calls.filter((c) => c.path === path).length)).toEqual([1, 1]);
  });
});
