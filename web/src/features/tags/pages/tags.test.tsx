import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tagDaysAnswer, tagsAnswer, type TagDaysAnswer, type TagsAnswer } from '@pc/core/contracts/tags';
import { serverError, startScreen } from '../../../test/screens.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { changeLanguage } from '../../../lib/i18n.ts';

const zero = { hits: 0, downloads: 0, counted_downloads: 0, sales: 0, rebills: 0, refunds: 0, earned_micro: 0 };
const tags: TagsAnswer = tagsAnswer.parse({
  data: [
    { sub_id: 'forum-x', hits: 12, downloads: 9, counted_downloads: 7, sales: 2, rebills: 1, refunds: 0, earned_micro: 15_061_250 },
    { sub_id: '', hits: 40, downloads: 30, counted_downloads: 21, sales: 1, rebills: 0, refunds: 0, earned_micro: 6_183_750 },
    { sub_id: 'tg.2', ...zero, hits: 3 },
  ],
  meta: { page: 1, per_page: 25, total: 3 },
  totals: { hits: 55, downloads: 39, counted_downloads: 28, sales: 3, rebills: 1, refunds: 0, earned_micro: 21_245_000 },
  range: { from: '2026-10-22', to: '2026-11-20' },
});
const days: TagDaysAnswer = tagDaysAnswer.parse({
  sub_id: 'forum-x',
  data: [
    { date: '2026-11-19', hits: 5, downloads: 4, counted_downloads: 3, sales: 2, rebills: 1, refunds: 0, earned_micro: 15_026_250 },
    { date: '2026-11-18', hits: 7, downloads: 5, counted_downloads: 4, sales: 0, rebills: 0, refunds: 0, earned_micro: 35_000 },
  ],
  meta: { page: 1, per_page: 200, total: 2 },
  totals: { hits: 12, downloads: 9, counted_downloads: 7, sales: 2, rebills: 1, refunds: 0, earned_micro: 15_061_250 },
  range: { from: '2026-10-22', to: '2026-11-20' },
});
const answers = { 'GET /api/statistics/tags': { body: tags }, 'GET /api/statistics/tags/days': { body: days } };

describe('tags page', () => {
  it('lists the tags with their figures, the untagged as "No tag", and opens a tag’s days', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/tags', answers);
    const grid = await screen.findByRole('grid', { name: 'Tags' }, { timeout: 20_000 });
    await waitFor(() => expect(within(grid).getByText('forum-x')).toBeInTheDocument());
    expect(callsTo('/statistics/tags')[0]!.query).toMatchObject({ app: 'fd1', period: '30d', sort_key: 'earned_micro', sort_dir: 'desc' });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Tags');
    const row = within(grid).getByText('forum-x').closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent(formatMoney(15_061_250));
    const none = within(grid).getByText('No tag').closest('[role="row"]') as HTMLElement;
    expect(none).toHaveTextContent(formatMoney(6_183_750));
    await user.click(row);
    const daysGrid = await screen.findByRole('grid', { name: 'Days of the tag' }, { timeout: 20_000 });
    expect(screen.getByText('Days of “forum-x”')).toBeInTheDocument();
    await waitFor(() => expect(within(daysGrid).getAllByRole('row')).toHaveLength(3));
    expect(callsTo('/statistics/tags/days').at(-1)!.query).toMatchObject({ app: 'fd1', sub_id: 'forum-x' });
    await user.click(within(grid).getByText('No tag'));
    await waitFor(() => expect(callsTo('/statistics/tags/days').at(-1)!.query).toMatchObject({ sub_id: '' }));
    expect(screen.getByText('Days without a tag')).toBeInTheDocument();
    await user.click(screen.getByTestId('close-tag'));
    await waitFor(() => expect(screen.queryByRole('grid', { name: 'Days of the tag' })).toBeNull());
  }, 60_000);

  it('says when there is no tagged traffic', async () => {
    startScreen('/app/fd1/statistics/tags', { 'GET /api/statistics/tags': { body: { ...tags, data: [], meta: { ...tags.meta, total: 0 } } } });
    expect(await screen.findByText('No tagged traffic in this period', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('shows an error with a retry when the call fails', async () => {
    startScreen('/app/fd1/statistics/tags', { 'GET /api/statistics/tags': serverError });
    await waitFor(() => expect(screen.getAllByTestId('error')).toHaveLength(1), { timeout: 20_000 });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads in Arabic, right to left, tags kept left to right', async () => {
    await changeLanguage('ar');
    try {
      startScreen('/app/fd1/statistics/tags', answers);
      const grid = await screen.findByRole('grid', { name: 'الوسوم' }, { timeout: 30_000 });
      await waitFor(() => expect(within(grid).getByText('forum-x')).toBeInTheDocument());
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(within(grid).getByText('forum-x')).toHaveAttribute('dir', 'ltr');
      expect(within(grid).getByText('بلا وسم')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  }, 60_000);
});
