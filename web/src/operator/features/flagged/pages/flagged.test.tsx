import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flaggedPartnersAnswer, flaggedSalesAnswer } from '@pc/core/contracts/console-flagged';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import type { FlaggedPartnersAnswer } from '../api/get-flagged-partners.ts';
import type { FlaggedSalesAnswer } from '../api/get-flagged-sales.ts';
import { captureDownloads } from '../../../../test/downloads.ts';

const partners: FlaggedPartnersAnswer = {
  period: { from: '2026-11-01', to: '2026-11-20' },
  data: [
    { id: 17, email: 'anna@partner.test', sales: 4, flagged: 3, fraud: 2, refunded: 2, share_bp: 7_500, flagged_amount: 45_000_000, earnings_lost: 7_500_000 },
    { id: 21, email: 'boris@partner.test', sales: 10, flagged: 1, fraud: 0, refunded: 1, share_bp: 1_000, flagged_amount: 100_000_000, earnings_lost: 50_000_000 },
  ],
  meta: { page: 1, per_page: 50, total: 2 },
};

const sales: FlaggedSalesAnswer = {
  partner: { id: 17, email: 'anna@partner.test' },
  period: { from: '2026-11-01', to: '2026-11-20' },
  data: [
    { project: 'fd1', sale_id: 'A4', at: '2026-11-18T10:00:00.000Z', file_id: 'f-1', file_name: 'holiday.mp3', amount: 5_000_000, status: 'refund', kind: 'both', flagged_at: '2026-11-19T08:00:00.000Z', earnings_lost: 2_500_000 },
    { project: 'fd1', sale_id: 'A3', at: '2026-11-18T09:00:00.000Z', file_id: 'f-1', file_name: 'holiday.mp3', amount: 30_000_000, status: 'hold', kind: 'fraud', flagged_at: '2026-11-19T10:00:00.000Z', earnings_lost: 0 },
    { project: 'fd1', sale_id: 'A2', at: '2026-11-18T08:00:00.000Z', file_id: null, file_name: '', amount: 10_000_000, status: 'refund', kind: 'refund', flagged_at: '2026-11-19T09:00:00.000Z', earnings_lost: 5_000_000 },
  ],
  meta: { page: 1, per_page: 50, total: 3 },
};

const rowsOf = async (name: string) => {
  const grid = await screen.findByRole('grid', { name }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('console: flagged sales fixtures', () => {
  it('hold against the contract', () => {
    expect(() => flaggedPartnersAnswer.parse(partners)).not.toThrow();
    expect(() => flaggedSalesAnswer.parse(sales)).not.toThrow();
  });
});

describe('console: flagged sales', () => {
  it('asks for the URL’s days and flags, lists partners with their share and losses, exports every row, and a row opens the partner’s sales', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const { callsTo } = await startConsole('/operator/flagged?from=2026-11-01&to=2026-11-20&kind=refund&project=fd1', {
      'GET /operator/v1/flagged-sales': { body: partners },
      'GET /operator/v1/flagged-sales/17': { body: sales },
    }, meAs('finance'));
    const [first, second] = await rowsOf('Partners with flagged sales');
    expect(callsTo('/flagged-sales')[0]!.query).toEqual({ date_from: '2026-11-01', date_to: '2026-11-20', project: 'fd1', kind: 'refund', sort: 'share', page: '1', per_page: '50' });
    expect(screen.getByTestId('nav-flagged')).toHaveTextContent('Flagged sales');
    expect(screen.getByTestId('flagged-period')).toHaveTextContent('2 partners with flagged sales');
    expect(first).toHaveTextContent('#17');
    expect(first).toHaveTextContent('anna@partner.test');
    expect(first).toHaveTextContent('75%');
    expect(first).toHaveTextContent('$45.00');
    expect(first).toHaveTextContent('$7.50');
    expect(second).toHaveTextContent('10%');
    // The id is a link to the partner's page in the console.
    expect(within(first!).getByTestId('flagged-partner-17')).toHaveAttribute('href', '/operator/partners/17');

    await user.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('flagged-sales-2026-11-01-2026-11-20.csv');
    const lines = (await files[0]!.text).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('anna@partner.test');
    // The export asked for every row of the same filter at the largest page.
    expect(callsTo('/flagged-sales').at(-1)!.query).toMatchObject({ kind: 'refund', project: 'fd1', per_page: '200', page: '1' });

    await user.click(within(first!).getByText('anna@partner.test'));
    const email = await screen.findByTestId('flagged-partner-email', undefined, { timeout: 20_000 });
    await waitFor(() => expect(email).toHaveTextContent('anna@partner.test'));
    const saleRows = await rowsOf('Flagged sales');
    expect(callsTo('/flagged-sales/17')[0]!.query).toEqual({ date_from: '2026-11-01', date_to: '2026-11-20', project: 'fd1', kind: 'refund', page: '1', per_page: '50' });
    expect(saleRows).toHaveLength(3);
    expect(saleRows[0]).toHaveTextContent('Fraud, refunded');
    expect(saleRows[0]).toHaveTextContent('holiday.mp3');
    expect(saleRows[1]).toHaveTextContent('On hold');
    expect(screen.getByTestId('flagged-partner-summary')).toHaveTextContent('3 flagged sales');
    expect(screen.getByTestId('flagged-partner-summary')).toHaveTextContent('$7.50');
    expect(screen.getByTestId('flagged-open-partner')).toHaveAttribute('href', '/operator/partners/17');
    expect(screen.getByTestId('flagged-back')).toHaveAttribute('href', '/operator/flagged?from=2026-11-01&to=2026-11-20&project=fd1&kind=refund');
  }, 60_000);

  it('a typed partner and another order go into the URL and to the call', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/flagged', { 'GET /operator/v1/flagged-sales': { body: partners } }, meAs('finance'));
    await rowsOf('Partners with flagged sales');
    expect(callsTo('/flagged-sales')[0]!.query).toMatchObject({ kind: 'both', sort: 'share' });
    await user.type(screen.getByTestId('flagged-partner'), 'anna{Enter}');
    await waitFor(() => expect(callsTo('/flagged-sales').at(-1)!.query).toMatchObject({ partner: 'anna' }));
  }, 40_000);

  it('says when nothing is flagged', async () => {
    await startConsole('/operator/flagged', { 'GET /operator/v1/flagged-sales': { body: { ...partners, data: [], meta: { page: 1, per_page: 50, total: 0 } } } }, meAs('finance'));
    expect(await screen.findByText('No flagged sales', undefined, { timeout: 20_000 })).toBeInTheDocument();
  }, 40_000);

  it('an error in place of the table', async () => {
    await startConsole('/operator/flagged', { 'GET /operator/v1/flagged-sales': { status: 500, body: { code: 'internal', message: 'x' } } }, meAs('finance'));
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  }, 40_000);

  it('support has no Flagged sales section', async () => {
    await startConsole('/operator/flagged', { 'GET /operator/v1/flagged-sales': { body: partners } }, meAs('support'));
    expect(await screen.findByTestId('not-allowed', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('nav-flagged')).toBeNull();
  }, 40_000);

  it('in Russian', async () => {
    await startConsole('/operator/flagged', { 'GET /operator/v1/flagged-sales': { body: partners } }, meAs('admin'), 'ru');
    const [first] = await rowsOf('Партнёры с отмеченными продажами');
    expect(first).toHaveTextContent('anna@partner.test');
    expect(screen.getByTestId('flagged-period')).toHaveTextContent('2 партнёра с отмеченными продажами');
  }, 40_000);
});
