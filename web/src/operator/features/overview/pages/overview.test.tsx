import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ConsoleOverviewAnswer } from '@pc/core/contracts/console';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import { waitedFor } from './OverviewPage.tsx';

const overview: ConsoleOverviewAnswer = {
  at: '2026-11-27T12:00:00.000Z',
  owed: { balance: 12_345_670_000, hold: 2_345_670_000, available: 10_000_000_000, partners: 312 },
  payouts_waiting: [
    { status: 'created', system: 'paypal', count: 4, amount: 820_000_000 },
    { status: 'process', system: 'card', count: 2, amount: 1_600_000_000 },
  ],
  earnings_booked: { today: 153_250_000, month: 8_940_100_000 },
  new_partners: { today: 3, month: 57 },
  oldest_waiting: { id: 17, user_id: 5, status: 'created', amount: 120_000_000, created_at: '2026-11-24T09:00:00.000Z', age_seconds: 3 * 86_400 + 3600 },
};

describe('console: overview', () => {
  it('shows what the programme owes, earnings and sign-ups, the oldest waiting request with its link and the payouts waiting', async () => {
    const { callsTo } = await startConsole('/operator/overview', { 'GET /operator/v1/overview': { body: overview } });
    await screen.findByTestId('overview-balance-value', undefined, { timeout: 30_000 });
    await waitFor(() => expect(screen.getByTestId('overview-balance-value')).toHaveTextContent('$12,345.67'), { timeout: 10_000 });
    expect(screen.getByTestId('overview-hold-value')).toHaveTextContent('$2,345.67');
    expect(screen.getByTestId('overview-available-value')).toHaveTextContent('$10,000.00');
    expect(screen.getByTestId('overview-partners-value')).toHaveTextContent('312');
    expect(screen.getByTestId('overview-earned-today-value')).toHaveTextContent('$153.25');
    expect(screen.getByTestId('overview-earned-month-value')).toHaveTextContent('$8,940.10');
    expect(screen.getByTestId('overview-new-today-value')).toHaveTextContent('3');
    expect(screen.getByTestId('overview-new-month-value')).toHaveTextContent('57');
    expect(screen.getByTestId('overview-oldest-link')).toHaveAttribute('href', '/operator/payouts/17');
    expect(screen.getByTestId('overview-oldest')).toHaveTextContent('Waiting 3 days');
    const grid = await screen.findByRole('grid', { name: 'Payouts waiting' });
    await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(2));
    const [paypal, card] = within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
    expect(paypal).toHaveTextContent('Created');
    expect(paypal).toHaveTextContent('PayPal');
    expect(paypal).toHaveTextContent('$820.00');
    expect(card).toHaveTextContent('Being paid');
    expect(card).toHaveTextContent('$1,600.00');
    expect(callsTo('/overview')).toHaveLength(1);
  }, 40_000);

  it('nothing waiting', async () => {
    await startConsole('/operator/overview', { 'GET /operator/v1/overview': { body: { ...overview, payouts_waiting: [], oldest_waiting: null } } });
    expect(await screen.findByText('No payouts waiting', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('overview-oldest')).toHaveTextContent('Nothing waits');
  });

  it('an error in place of the figures', async () => {
    await startConsole('/operator/overview', { 'GET /operator/v1/overview': { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('in Russian', async () => {
    await startConsole('/operator/overview', { 'GET /operator/v1/overview': { body: overview } }, meAs('finance'), 'ru');
    expect(await screen.findByText('Сколько программа должна', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('overview-oldest')).toHaveTextContent('Ждёт 3 дня');
  });

  it('support may not open it', async () => {
    const { callsTo } = await startConsole('/operator/overview', {}, meAs('support'));
    expect(await screen.findByTestId('not-allowed', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(callsTo('/overview')).toHaveLength(0);
  });

  it('waits in the largest whole unit', () => {
    expect(waitedFor(90, 'en')).toBe('1 minute');
    expect(waitedFor(7200, 'en')).toBe('2 hours');
    expect(waitedFor(5 * 86_400, 'ru')).toBe('5 дней');
  });
});
