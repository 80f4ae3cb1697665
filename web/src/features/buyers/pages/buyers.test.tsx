import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buyersAnswer, cohortsAnswer, type BuyersAnswer, type CohortsAnswer } from '@pc/core/contracts/buyers';
import { serverError, startScreen } from '../../../test/screens.tsx';
import { captureDownloads } from '../../../test/downloads.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';

const buyers: BuyersAnswer = buyersAnswer.parse({
  data: [
    { id: 'E1', email: 'er***@ma***.example', first_purchase: '2026-11-10T07:00:00.000Z', last_purchase: '2026-11-10T07:00:00.000Z', first_revenue_type: 'direct', first_source: '', first_sub_id: '', purchases: 1, rebills: 0, earned: 6_000_000, status: 'active' },
    { id: 'D1', email: 'da***@si***.example', first_purchase: '2026-10-05T12:00:00.000Z', last_purchase: '2026-11-05T12:00:00.000Z', first_revenue_type: 'promo_link', first_source: 'forum.example', first_sub_id: 'Tg.2', purchases: 2, rebills: 1, earned: 6_300_000, status: 'fraud_flagged' },
    { id: 'A1', email: 'al***@ma***.example', first_purchase: '2026-09-03T10:00:00.000Z', last_purchase: '2026-11-03T10:00:00.000Z', first_revenue_type: 'direct', first_source: 'blog.example', first_sub_id: 'forum-x', purchases: 3, rebills: 2, earned: 12_000_000, status: 'active' },
    { id: 'C1', email: 'ca***@sh***.example', first_purchase: '2026-10-20T09:00:00.000Z', last_purchase: '2026-10-20T09:00:00.000Z', first_revenue_type: 'direct', first_source: '', first_sub_id: '', purchases: 1, rebills: 0, earned: 0, status: 'refunded' },
  ],
  unidentified: { sales: 1, earned: 3_000_000 },
  since: '2024-12-01',
});

const cohorts: CohortsAnswer = cohortsAnswer.parse({
  month: '2026-11',
  since: '2024-12-01',
  data: [
    {
      month: '2026-09',
      buyers: 2,
      months: [
        { offset: 0, rebill_buyers: 0, rebill_share: 0, earned: 18_000_000, earned_per_buyer: 9_000_000 },
        { offset: 1, rebill_buyers: 2, rebill_share: 1, earned: 4_000_000, earned_per_buyer: 2_000_000 },
        { offset: 2, rebill_buyers: 1, rebill_share: 0.5, earned: 3_000_000, earned_per_buyer: 1_500_000 },
      ],
    },
    {
      month: '2026-11',
      buyers: 1,
      months: [{ offset: 0, rebill_buyers: 0, rebill_share: 0, earned: 6_000_000, earned_per_buyer: 6_000_000 }],
    },
  ],
});

const answers = { 'GET /api/buyers': { body: buyers }, 'GET /api/buyers/cohorts': { body: cohorts } };

describe('buyers page', () => {
  it('lists the buyers with their first purchase, rebills, earnings and status, and the figures above', async () => {
    const { callsTo } = startScreen('/app/fd1/buyers', answers);
    await screen.findByText('al***@ma***.example', {}, { timeout: 20_000 });
    expect(callsTo('/buyers')[0]!.query).toEqual({ app: 'fd1' });
    expect(callsTo('/buyers/cohorts')[0]!.query).toEqual({ app: 'fd1' });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Buyers');
    expect(screen.getByTestId('stat-buyers')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-active')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-rebills')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-earned')).toHaveTextContent(formatMoney(24_300_000));
    expect(screen.getByTestId('unidentified')).toHaveTextContent(`1 (${formatMoney(3_000_000)})`);
    const grid = screen.getByRole('grid', { name: 'Buyers' });
    const row = within(grid).getByText('al***@ma***.example').closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent(formatDay('2026-09-03'));
    expect(row).toHaveTextContent('Direct sale');
    expect(row).toHaveTextContent('blog.example');
    expect(row).toHaveTextContent(formatMoney(12_000_000));
    expect(row).toHaveTextContent('Active');
    // The tag of the first purchase, and the tags screen's "No tag" for a buyer who came by an untagged link.
    expect(within(row).getByText('forum-x')).toHaveAttribute('dir', 'ltr');
    expect(within(grid).getByText('er***@ma***.example').closest('[role="row"]')).toHaveTextContent('No tag');
    const flagged = within(grid).getByText('da***@si***.example').closest('[role="row"]') as HTMLElement;
    expect(flagged).toHaveTextContent('Flagged as fraud');
    expect(flagged).toHaveTextContent('Promo link');
    // Newest first purchase first.
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('er***@ma***.example');
  });

  it('sorts the buyers on the page by what they earned', async () => {
    const user = userEvent.setup();
    startScreen('/app/fd1/buyers', answers);
    await screen.findByText('al***@ma***.example', {}, { timeout: 20_000 });
    const grid = screen.getByRole('grid', { name: 'Buyers' });
    await user.click(within(grid).getByRole('columnheader', { name: /^You earned/ }));
    await waitFor(() => expect(within(grid).getAllByRole('row')[1]).toHaveTextContent('ca***@sh***.example'));
    await user.click(within(grid).getByRole('columnheader', { name: /^You earned/ }));
    await waitFor(() => expect(within(grid).getAllByRole('row')[1]).toHaveTextContent('al***@ma***.example'));
  }, 60_000);

  it('sorts by tag and exports the tag column, "No tag" in words', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    startScreen('/app/fd1/buyers', answers);
    await screen.findByText('al***@ma***.example', {}, { timeout: 20_000 });
    const grid = screen.getByRole('grid', { name: 'Buyers' });
    await user.click(within(grid).getByRole('columnheader', { name: /^Tag/ }));
    // Ascending by the text shown: "forum-x", then "No tag" twice, then "Tg.2".
    await waitFor(() => expect(within(grid).getAllByRole('row')[1]).toHaveTextContent('al***@ma***.example'));
    expect(within(grid).getAllByRole('row')[4]).toHaveTextContent('da***@si***.example');
    // The buyers panel's export (the cohorts table has its own).
    await user.click(within(document.getElementById('buyers')!).getByTestId('export-csv'));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await files[0]!.text).replace(/^\uFEFF/, '').trim().split('\r\n');
    const header = lines[0]!.split(',');
    const tag = header.indexOf('Tag');
    expect(tag).toBeGreaterThan(0);
    const tagOf = (email: string) => lines.find((l) => l.startsWith(email))!.split(',')[tag];
    expect(tagOf('al***@ma***.example')).toBe('forum-x');
    expect(tagOf('da***@si***.example')).toBe('Tg.2');
    expect(tagOf('er***@ma***.example')).toBe('No tag');
  }, 60_000);

  it('shows the cohorts as rebill rates or earnings per buyer, and their chart', async () => {
    const user = userEvent.setup();
    startScreen('/app/fd1/buyers', answers);
    const grid = await screen.findByRole('grid', { name: 'Cohorts' }, { timeout: 20_000 });
    await waitFor(() => expect(within(grid).getByText('September 2026')).toBeInTheDocument());
    const sep = within(grid).getByText('September 2026').closest('[role="row"]') as HTMLElement;
    expect(sep).toHaveTextContent('100%');
    expect(sep).toHaveTextContent('50%');
    expect(within(grid).getByRole('columnheader', { name: /^Month 2/ })).toBeInTheDocument();
    await user.click(screen.getByTestId('figure-per-buyer'));
    await waitFor(() => expect(sep).toHaveTextContent(formatMoney(1_500_000)));
    expect(sep).toHaveTextContent(formatMoney(9_000_000));
    expect(screen.getByTestId('cohorts-chart')).toHaveTextContent('Earnings per buyer, the 2 newest cohorts');
  }, 60_000);

  it('says when there are no buyers yet', async () => {
    startScreen('/app/fd1/buyers', {
      'GET /api/buyers': { body: { ...buyers, data: [], unidentified: { sales: 0, earned: 0 } } },
      'GET /api/buyers/cohorts': { body: { ...cohorts, data: [] } },
    });
    expect(await screen.findByText('No buyers yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('No cohorts yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('unidentified')).toBeNull();
    expect(screen.queryByTestId('cohorts-chart')).toBeNull();
  });

  it('shows an error with a retry when a call fails', async () => {
    startScreen('/app/fd1/buyers', { 'GET /api/buyers': serverError, 'GET /api/buyers/cohorts': serverError });
    await waitFor(() => expect(screen.getAllByTestId('error')).toHaveLength(2), { timeout: 20_000 });
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });
});
