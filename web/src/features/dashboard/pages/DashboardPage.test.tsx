import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { activationRequests } from '../../../lib/activation.ts';

const info = fixtures.infoBlocks;

describe('dashboard', () => {
  it("shows the period's figures, the balance with its pending part, programmes and storage", async () => {
    startScreen('/dashboard');
    // The first screen of the file loads the page's code cold.
    await waitFor(
      () => expect(screen.getByTestId('info-earnings-value')).toHaveTextContent(formatMoney(info.earnings)),
      { timeout: 20_000 },
    );
    expect(screen.getByTestId('info-downloads-value')).toHaveTextContent(formatNumber(info.downloads));
    expect(screen.getByTestId('info-purchases-value')).toHaveTextContent(formatNumber(info.purchases));
    expect(screen.getByTestId('info-balance-value')).toHaveTextContent(formatMoney(info.balance));
    expect(screen.getByTestId('info-balance')).toHaveTextContent(
      `of which on hold: ${formatMoney(info.pending)}`,
    );
    expect(within(screen.getByTestId('program-fd1')).getByText('Active')).toBeInTheDocument();
    expect(await screen.findByTestId('storage-fd1')).toHaveTextContent(
      'Unlimited storage until Nov 30, 2026',
    );
    expect(screen.getByText('Next status update: Dec 1, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('freshness')).toHaveTextContent(/Updated/);
  });

  it('charts earnings by month with the files size and storage cost in the table alternative', async () => {
    startScreen('/dashboard');
    const month = fixtures.earningsByMonth.data.at(-1)!;
    const table = await screen.findByRole('table', { name: 'Earnings by month', hidden: true });
    const last = within(table).getAllByRole('row', { hidden: true }).at(-1)!;
    expect(last).toHaveTextContent('Nov 26');
    expect(last).toHaveTextContent(formatMoney(month.by_project.fd1));
    expect(last).toHaveTextContent(formatMoney(month.storage_cost));
    expect(last).toHaveTextContent(formatNumber(month.files_size_gb, { maximumFractionDigits: 3 }));
  });

  it('asks for the period the partner picks, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/dashboard');
    await screen.findByTestId('period-month');
    await user.click(screen.getByTestId('period-month'));
    await waitFor(() => expect(callsTo('/dashboard/info-blocks').at(-1)!.query).toEqual({ period: 'month' }));
    expect(router.state.location.search).toBe('?period=month');
  });

  it('shows a failed block in place with a retry, and the rest of the page still works', async () => {
    const user = userEvent.setup();
    let fail = true;
    startScreen('/dashboard', {
      'GET /api/dashboard/info-blocks': () => (fail ? serverError : { body: info }),
    });
    expect(await screen.findByText(/The figures could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByTestId('storage-fd1')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('info-earnings-value')).toHaveTextContent(formatMoney(info.earnings)),
    );
  });

  it('says so when there is nothing to chart yet (a new partner)', async () => {
    const empty = { data: fixtures.earningsByMonth.data.map((row) => ({ ...row, total: 0, by_project: { fd1: 0, fd2: 0 }, storage_cost: 0 })) };
    startScreen('/dashboard', { 'GET /api/dashboard/earnings-by-month': { body: empty } });
    expect(await screen.findByText('No earnings in the last 12 months')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Earnings by month', hidden: true })).not.toBeInTheDocument();
  });

  it('offers activation for a programme that is off', async () => {
    const user = userEvent.setup();
    startScreen('/dashboard', {}, { ...fixtures.user, app_users_id: { fd1: 1 } } as never);
    const fd2 = await screen.findByTestId('program-fd2');
    expect(within(fd2).getByText('Not active')).toBeInTheDocument();
    await user.click(await within(fd2).findByRole('button', { name: 'Activate' }));
    expect(activationRequests.get()?.project).toBe('fd2');
    expect(await screen.findByRole('dialog', { name: /Activate FD2/ })).toBeInTheDocument();
  });

  it('opens the unlimited status: history, unused files, and the request', async () => {
    const user = userEvent.setup();
    const { bodyOf, calls } = startScreen('/dashboard', {
      'POST /api/dashboard/activate-unlimited-status': {
        status: 409,
        body: { code: 'conflict', message: 'Unlimited storage is already active.' },
      },
    }).api;
    await user.click(await screen.findByTestId('open-unlimited'));
    const dialog = await screen.findByRole('dialog', { name: 'Unlimited status' });
    expect(await within(dialog).findAllByText('Earned')).not.toHaveLength(0);
    await user.click(within(dialog).getByTestId('unlimited-tab-unused'));
    expect(await within(dialog).findAllByText('365 days')).toHaveLength(2);
    await user.click(within(dialog).getByTestId('unlimited-tab-request'));
    expect(within(dialog).getByText(/above \$1\.00 and above your storage cost/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request unlimited status' }));
    expect(await within(dialog).findByText('Unlimited storage is already active.')).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.method === 'POST')!)).toEqual({ app: 'fd1', months: '1' });
  });

  it("shows the figures only once it is known whether the get-started banner is above them, the stamp's line kept meanwhile", async () => {
    let answerStart: () => void = () => undefined;
    const { callsTo } = startScreen('/dashboard', {
      'GET /api/start': () => new Promise((resolve) => (answerStart = () => resolve({ body: fixtures.startSteps }))),
    });
    // The figures are in, but laid out unseen while the banner is undecided; their reads did not wait for it.
    await waitFor(() => expect(screen.getByTestId('info-earnings-value')).toHaveTextContent(formatMoney(info.earnings)), { timeout: 20_000 });
    const body = screen.getByTestId('dashboard-body');
    expect(body).toHaveAttribute('aria-busy', 'true');
    expect(body).not.toBeVisible();
    expect(callsTo('/dashboard/earnings-by-month')).toHaveLength(1);
    // The freshness stamp has arrived in the line kept for it under the title.
    expect(screen.getByTestId('freshness')).toHaveTextContent(/Updated/);
    answerStart();
    expect(await screen.findByTestId('start-banner')).toBeVisible();
    expect(body).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByTestId('info-earnings')).toBeVisible();
  });
});
