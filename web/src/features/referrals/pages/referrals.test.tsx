import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { referralsAnswer, type ReferralsAnswer } from '@pc/core/contracts/referrals';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';

const LINK = 'https://cabinet.example/auth/register?ref=42';

const answer: ReferralsAnswer = referralsAnswer.parse({
  summary: { total: 3, first_level: 2, second_level: 1, total_earned: 1_380_000 },
  invite: { code: '42', link: LINK },
  data: [
    {
      user: 'b***@e***.com',
      level: 1,
      registration_date: '2026-10-01T08:00:00.000Z',
      today: 150_000,
      week: 350_000,
      total: 1_350_000,
      percent_bp: 1_200,
      percent_drops_at: '2027-01-01T00:00:00.000Z',
      next_percent_bp: 600,
    },
    { user: 'c***@m***.uk', level: 1, registration_date: '2026-02-10T08:00:00.000Z', today: 0, week: 0, total: 0, percent_bp: 300, percent_drops_at: null, next_percent_bp: null },
    { user: 'd***@h***.org', level: 2, registration_date: '2026-11-01T08:00:00.000Z', today: 0, week: 30_000, total: 30_000, percent_bp: 100, percent_drops_at: null, next_percent_bp: null },
  ],
  meta: { page: 1, per_page: 25, total: 3 },
});

const rows = async () => {
  await screen.findByText('b***@e***.com', {}, { timeout: 20_000 });
  return screen.getAllByRole('row').slice(1);
};

describe('referrals page', () => {
  it('holds the invite fields\' room unseen until the answer, then shows the real link and code', async () => {
    let answerReferrals: () => void = () => undefined;
    startScreen('/app/fd1/referrals', {
      'GET /api/referrals': () => new Promise((resolve) => (answerReferrals = () => resolve({ body: answer }))),
    });
    const standIn = await screen.findByTestId('invite-link-pending-value', {}, { timeout: 20_000 });
    expect(standIn).not.toBeVisible();
    expect(screen.queryByTestId('invite-link-value')).not.toBeInTheDocument();
    answerReferrals();
    expect(await screen.findByTestId('invite-link-value')).toBeVisible();
    expect(screen.getByTestId('invite-link-value')).toHaveTextContent(LINK);
    expect(screen.queryByTestId('invite-link-pending-value')).not.toBeInTheDocument();
  });

  it('shows the invite link and code to copy, the summary, the list and the schedule from the settings', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/referrals', { 'GET /api/referrals': { body: answer } });
    const list = await rows();
    expect(callsTo('/referrals').some((c) => c.query.app === 'fd1' && c.query.page === '1' && c.query.per_page === '25')).toBe(true);
    expect(screen.getByTestId('invite-link-value')).toHaveTextContent(LINK);
    expect(screen.getByTestId('invite-code-value')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-total')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-first')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-second')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-earned')).toHaveTextContent(formatMoney(1_380_000));
    expect(list).toHaveLength(3);
    expect(list[0]).toHaveTextContent('First level');
    expect(list[0]).toHaveTextContent(formatMoney(1_350_000));
    expect(list[0]).toHaveTextContent('12%');
    expect(list[0]).toHaveTextContent(`6% from ${formatDay('2027-01-01')}`);
    expect(list[2]).toHaveTextContent('Second level');
    expect(list[2]).toHaveTextContent('1%');
    // The schedule comes from the product settings (12% / 3 months, 6% / 6 months, 3%, second level 1%).
    const schedule = screen.getByTestId('referral-schedule');
    expect(schedule).toHaveTextContent('12% of their earnings in the first 3 months');
    expect(schedule).toHaveTextContent('6% in the next 6 months');
    expect(schedule).toHaveTextContent('3% after that');
    expect(schedule).toHaveTextContent('(second level): 1% of their earnings');

    await user.click(screen.getByTestId('invite-link-copy'));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getByTestId('invite-link-copy')).toHaveTextContent('Copied');
  });

  it('follows the operator’s settings rather than fixed numbers', async () => {
    const settings = { ...fixtures.productSettings, referrals: { first_level_bp: [1_500, 500], first_level_months: [2], second_level_bp: 200 } };
    startScreen('/app/fd1/referrals', { 'GET /api/referrals': { body: answer }, 'GET /api/product/settings': { body: settings } });
    const schedule = await screen.findByTestId('referral-schedule', {}, { timeout: 20_000 });
    expect(schedule).toHaveTextContent('15% of their earnings in the first 2 months');
    expect(schedule).toHaveTextContent('5% after that');
    expect(schedule).toHaveTextContent('(second level): 2% of their earnings');
  });

  it('pages on the server', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/app/fd1/referrals', {
      'GET /api/referrals': (call) => ({ body: { ...answer, meta: { page: Number(call.query.page), per_page: 25, total: 60 } } }),
    });
    await rows();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(callsTo('/referrals').some((c) => c.query.page === '2')).toBe(true));
    expect(router.state.location.search).toContain('page=2');
  });

  it('sorts on the server by registration date, level, today, week and total, in both directions', async () => {
    const user = userEvent.setup();
    // The server sorts: the answer's order follows the query.
    const byKey = (key: string, dir: string) => {
      const sorted = [...answer.data].sort((x, y) => {
        const a = key === 'registration_date' ? Date.parse(x.registration_date) : (x[key as 'level' | 'today' | 'week' | 'total'] as number);
        const b = key === 'registration_date' ? Date.parse(y.registration_date) : (y[key as 'level' | 'today' | 'week' | 'total'] as number);
        return (a - b) * (dir === 'asc' ? 1 : -1);
      });
      return { ...answer, data: sorted };
    };
    const { callsTo, router } = startScreen('/app/fd1/referrals', {
      'GET /api/referrals': (call) => ({ body: byKey(String(call.query.sort_key), String(call.query.sort_dir)) }),
    });
    await rows();
    // By default as the server lists them: first level first.
    expect(callsTo('/referrals')[0]!.query).toMatchObject({ sort_key: 'level', sort_dir: 'asc' });
    const firstUser = () => within(screen.getAllByRole('row')[1]!).getByText(/\*\*\*@/).textContent;
    for (const [header, key, first] of [
      ['Registered', 'registration_date', 'd***@h***.org'],
      ['Today', 'today', 'b***@e***.com'],
      ['Last 7 days', 'week', 'b***@e***.com'],
      ['Level', 'level', 'd***@h***.org'],
      ['Total', 'total', 'b***@e***.com'],
    ] as const) {
      await user.click(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) }));
      await waitFor(() => expect(callsTo('/referrals').at(-1)!.query).toMatchObject({ sort_key: key, sort_dir: 'desc', page: '1' }));
      await waitFor(() => expect(firstUser()).toBe(first));
      expect(router.state.location.search).toContain(`sort=${key}&dir=desc`);
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toHaveAttribute('aria-sort', 'descending');
    }
    // A second click turns the order round.
    await user.click(screen.getByRole('columnheader', { name: /^Total/ }));
    await waitFor(() => expect(callsTo('/referrals').at(-1)!.query).toMatchObject({ sort_key: 'total', sort_dir: 'asc' }));
    await waitFor(() => expect(firstUser()).toBe('c***@m***.uk'));
    expect(screen.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute('aria-sort', 'ascending');
    // The partner and the commission rate are not sort keys of the call: their headers ask for nothing.
    const calls = callsTo('/referrals').length;
    await user.click(screen.getByRole('columnheader', { name: /^Partner/ }));
    await user.click(screen.getByRole('columnheader', { name: /^Your commission/ }));
    expect(callsTo('/referrals')).toHaveLength(calls);
    expect(callsTo('/referrals').at(-1)!.query).toMatchObject({ sort_key: 'total', sort_dir: 'asc' });
  }, 60_000);

  it('says when there are no referrals, still offering the invite link', async () => {
    startScreen('/app/fd1/referrals', {
      'GET /api/referrals': { body: { ...answer, summary: { total: 0, first_level: 0, second_level: 0, total_earned: 0 }, data: [], meta: { page: 1, per_page: 25, total: 0 } } },
    });
    expect(await screen.findByText('No referrals yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('invite-link-value')).toHaveTextContent(LINK);
  });

  it('shows an error when the list cannot be read', async () => {
    startScreen('/app/fd1/referrals', { 'GET /api/referrals': serverError });
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(within(alert).getByText(/error/i)).toBeInTheDocument();
    // No room is held for fields that will not come.
    expect(screen.queryByTestId('invite-link-pending-value')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invite-link-value')).not.toBeInTheDocument();
  });
});
