import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BatchView, QueuePayout } from '@pc/core/contracts/console';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import type { QueuePayoutAnswer } from '../api/get-payout.ts';
import { problemsOf } from './BatchPage.tsx';
import { ApiRequestError } from '../../../../lib/http.ts';

const payout = (over: Partial<QueuePayout>): QueuePayout => ({
  id: 41,
  user_id: 7,
  amount: 250_000_000,
  fee: 2_500_000,
  wallet_type: 'paypal',
  payment_details: 'pp@partner.test',
  status: 'created',
  status_reason: '',
  created_date: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  conversion: null,
  email: 'pp@partner.test',
  needs_approval: false,
  approval: null,
  batch_id: null,
  ...over,
});

const queue = [
  payout({ id: 41 }),
  payout({ id: 42, user_id: 8, email: 'big@partner.test', amount: 1_500_000_000, needs_approval: true, status: 'review' }),
  payout({ id: 43, user_id: 9, email: 'card@partner.test', wallet_type: 'card', payment_details: '**** 4242' }),
];
const queueAnswer = { data: queue, meta: { page: 1, per_page: 50, total: 3 } };

const batch: BatchView = {
  id: 9,
  system: 'paypal',
  status: 'open',
  created_by: { kind: 'staff', id: 1, name: 'Ada Admin' },
  created_at: '2026-11-21T09:00:00.000Z',
  completed_at: null,
  items: [
    { payout_id: 41, user_id: 7, amount: 250_000_000, fee: 2_500_000, status: 'process' },
    { payout_id: 42, user_id: 8, amount: 1_500_000_000, fee: 15_000_000, status: 'process' },
  ],
};

const requestAnswer: QueuePayoutAnswer = {
  request: queue[1]!,
  history: [{ from: 'created', to: 'review', reason: '', actor: 'Ada Admin', at: '2026-11-20T11:00:00.000Z' }],
  partner: { id: 8, email: 'big@partner.test', lang: 'ru', created_at: '2026-01-05T08:00:00.000Z', blocked: false },
  recent_payouts: [payout({ id: 30, user_id: 8, status: 'accepted' })],
  risk: [
    { code: 'wallet_recent', level: 'high', facts: { days: 2, limit_days: 14 } },
    { code: 'earnings_spike', level: 'warn', facts: { month_micro: 900_000_000, median_micro: 150_000_000, previous_months: 6 } },
    { code: 'shared_wallet', level: 'high', facts: { partners: [12, 15] } },
  ],
  four_eyes_micro: 1_000_000_000,
};

const rowsOf = async (name: string) => {
  const grid = await screen.findByRole('grid', { name }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

describe('console: payouts queue', () => {
  it('lists the requests and sends the URL’s filters, sort and page to the call (amounts in micro-USD, days as UTC instants)', async () => {
    const { callsTo } = await startConsole('/operator/payouts?status=created,review&system=paypal&min=10&max=2000.5&from=2026-11-01&to=2026-11-30&partner=pp%40partner.test&sort=amount&dir=desc', {
      'GET /operator/v1/queue/payouts': { body: queueAnswer },
    });
    const [first, second] = await rowsOf('Payout requests');
    expect(first).toHaveTextContent('#41');
    expect(first).toHaveTextContent('pp@partner.test');
    expect(first).toHaveTextContent('$250.00');
    expect(first).toHaveTextContent('Created');
    expect(second).toHaveTextContent('Needs approval');
    expect(second).toHaveTextContent('In review');
    expect(callsTo('/queue/payouts')[0]!.query).toEqual({
      status: 'created,review',
      system: 'paypal',
      amount_min: '10000000',
      amount_max: '2000500000',
      created_after: '2026-11-01T00:00:00.000Z',
      created_before: '2026-12-01T00:00:00.000Z',
      partner: 'pp@partner.test',
      sort: '-amount',
      page: '1',
      per_page: '50',
    });
  }, 40_000);

  it('exports the ticked requests of one system as a batch: downloads the file under its name and tells the batch id', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn().mockReturnValue('blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { callsTo, jsonOf } = await startConsole('/operator/payouts', {
      'GET /operator/v1/queue/payouts': { body: queueAnswer },
      'POST /operator/v1/queue/payouts/export': { body: { batch, file: { name: 'paypal-batch-9.csv', content_type: 'text/csv', content: 'pp@partner.test,247.50,USD,pc-9-41,Payout 41\n' } } },
    });
    const [first, second, third] = await rowsOf('Payout requests');
    expect(screen.getByTestId('queue-export')).toBeDisabled();
    await user.click(within(first!).getByRole('checkbox'));
    await user.click(within(third!).getByRole('checkbox'));
    expect(screen.getByTestId('queue-picked')).toHaveTextContent('one payout system');
    expect(screen.getByTestId('queue-export')).toBeDisabled();
    await user.click(within(third!).getByRole('checkbox'));
    await user.click(within(second!).getByRole('checkbox'));
    expect(screen.getByTestId('queue-picked')).toHaveTextContent('2 requests (PayPal) ticked');
    await user.click(screen.getByTestId('queue-export'));
    expect(await screen.findByTestId('queue-exported')).toHaveTextContent('Batch #9 with 2 requests exported as paypal-batch-9.csv');
    expect(jsonOf(callsTo('/queue/payouts/export')[0]!)).toEqual({ ids: [41, 42], system: 'paypal' });
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('shows the server’s refusal of an export', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/payouts', {
      'GET /operator/v1/queue/payouts': { body: queueAnswer },
      'POST /operator/v1/queue/payouts/export': { status: 409, body: { code: 'conflict', reason: 'export_refused', message: 'Some requests cannot be exported: 41:in_open_batch.' } },
    });
    const [first] = await rowsOf('Payout requests');
    await user.click(within(first!).getByRole('checkbox'));
    await user.click(screen.getByTestId('queue-export'));
    expect(await screen.findByTestId('queue-refusal')).toHaveTextContent('Some requests cannot be exported: 41:in_open_batch.');
  });

  it('a role without payouts.export sees no checkboxes; empty and error states', async () => {
    await startConsole('/operator/payouts', { 'GET /operator/v1/queue/payouts': { body: queueAnswer } }, meAs('support'));
    const [first] = await rowsOf('Payout requests');
    expect(within(first!).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('queue-export')).toBeNull();
  });

  it('says when nothing matches', async () => {
    await startConsole('/operator/payouts', { 'GET /operator/v1/queue/payouts': { body: { data: [], meta: { page: 1, per_page: 50, total: 0 } } } });
    expect(await screen.findByText('No requests match', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('an error in place of the table', async () => {
    await startConsole('/operator/payouts', { 'GET /operator/v1/queue/payouts': { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });
});

describe('console: a payout request', () => {
  it('shows the request, four eyes, the risk signals with their numbers, the history and the partner’s other requests', async () => {
    await startConsole('/operator/payouts/42', { 'GET /operator/v1/queue/payouts/42': { body: requestAnswer } });
    expect(await screen.findByTestId('request-amount', undefined, { timeout: 20_000 })).toHaveTextContent('$1,500.00');
    expect(screen.getByTestId('request-receives')).toHaveTextContent('$1,497.50');
    expect(screen.getByTestId('request-status')).toHaveTextContent('In review');
    expect(screen.getByTestId('four-eyes-state')).toHaveTextContent('Above $1,000.00: another member must approve it');
    expect(screen.getByTestId('risk-wallet_recent')).toHaveTextContent('High · New wallet');
    expect(screen.getByTestId('risk-wallet_recent')).toHaveTextContent('The wallet was added 2 days ago (signal under 14 days).');
    expect(screen.getByTestId('risk-earnings_spike')).toHaveTextContent('Earned $900.00 this month against a usual $150.00 (median of 6 previous months).');
    expect(screen.getByTestId('risk-shared_wallet')).toHaveTextContent('#12, #15');
    const [move] = await rowsOf('Status history');
    expect(move).toHaveTextContent('Created → In review');
    const [other] = await rowsOf("The partner's other requests");
    expect(other).toHaveTextContent('#30');
  }, 40_000);

  it('approves, and shows the server’s refusal of a move (four eyes)', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/payouts/42', {
      'GET /operator/v1/queue/payouts/42': { body: requestAnswer },
      'POST /operator/v1/queue/payouts/42/approve': { status: 409, body: { code: 'conflict', reason: 'not_a_person', message: 'Only a person signed in to the console can approve.' } },
      'POST /operator/v1/queue/payouts/42/status': { body: { ...requestAnswer.request, status: 'process' } },
    });
    await user.click(await screen.findByTestId('request-approve', undefined, { timeout: 20_000 }));
    expect(await screen.findByTestId('request-refusal')).toHaveTextContent('Only a person signed in to the console can approve.');
    expect(callsTo('/queue/payouts/42/approve')).toHaveLength(1);
    await user.click(screen.getByTestId('request-move-process'));
    await waitFor(() => expect(callsTo('/queue/payouts/42/status')).toHaveLength(1));
    expect(JSON.parse(callsTo('/queue/payouts/42/status')[0]!.body)).toEqual({ status: 'process' });
    // The request is asked again after the change.
    await waitFor(() => expect(callsTo('/queue/payouts/42').length).toBeGreaterThan(1));
  });

  it('rejects with a reason typed in a dialog; the reason is required', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/payouts/42', {
      'GET /operator/v1/queue/payouts/42': { body: requestAnswer },
      'POST /operator/v1/queue/payouts/42/status': { body: { ...requestAnswer.request, status: 'rejected' } },
    });
    await user.click(await screen.findByTestId('request-reject', undefined, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('write it in their language (RU)');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(dialog).toHaveTextContent('Enter the reason.');
    expect(callsTo('/queue/payouts/42/status')).toHaveLength(0);
    await user.type(within(dialog).getByTestId('reason-input'), 'Кошелёк закрыт');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() => expect(callsTo('/queue/payouts/42/status')).toHaveLength(1));
    expect(jsonOf(callsTo('/queue/payouts/42/status')[0]!)).toEqual({ status: 'rejected', reason: 'Кошелёк закрыт' });
  });

  it('support reads the request but gets no actions', async () => {
    await startConsole('/operator/payouts/42', { 'GET /operator/v1/queue/payouts/42': { body: requestAnswer } }, meAs('support'));
    expect(await screen.findByTestId('risk-signals', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('request-actions')).toBeNull();
  });

  it('in Russian', async () => {
    await startConsole('/operator/payouts/42', { 'GET /operator/v1/queue/payouts/42': { body: requestAnswer } }, meAs('admin'), 'ru');
    expect(await screen.findByTestId('risk-wallet_recent', undefined, { timeout: 20_000 })).toHaveTextContent('Кошелёк добавлен 2 дн. назад');
    expect(screen.getByTestId('request-status')).toHaveTextContent('На проверке');
  });
});

describe('console: a batch', () => {
  it('completing it refused: the server’s message and each request’s problem', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/payouts/batches/9', {
      'GET /operator/v1/queue/batches/9': { body: batch },
      'POST /operator/v1/queue/batches/9/complete': { status: 409, body: { code: 'conflict', reason: 'batch_complete_refused', problems: '42:approval_required', message: 'The batch cannot be completed.' } },
    });
    expect(await screen.findByTestId('batch-state', undefined, { timeout: 20_000 })).toHaveTextContent('Open');
    await user.click(screen.getByTestId('batch-complete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark completed' }));
    const refusal = await screen.findByTestId('batch-refusal');
    expect(refusal).toHaveTextContent('The batch cannot be completed.');
    expect(within(refusal).getByTestId('batch-problem-42')).toHaveTextContent('Request #42: needs a second member\'s approval');
  });

  it('rejects one request of the batch with a reason', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/payouts/batches/9', {
      'GET /operator/v1/queue/batches/9': { body: batch },
      'POST /operator/v1/queue/batches/9/items/41/reject': { body: { ...batch, items: [{ ...batch.items[0]!, status: 'rejected' }, batch.items[1]!] } },
    });
    await user.click(await screen.findByTestId('batch-reject-41', undefined, { timeout: 20_000 }));
    await user.type(within(await screen.findByRole('dialog')).getByTestId('reason-input'), 'Wallet closed');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(callsTo('/queue/batches/9/items/41/reject')).toHaveLength(1));
    expect(jsonOf(callsTo('/queue/batches/9/items/41/reject')[0]!)).toEqual({ reason: 'Wallet closed' });
  });

  it('reads the problems of a refusal', () => {
    expect(problemsOf(new ApiRequestError(409, { problems: '1:review,2:not_a_person' }))).toEqual([
      { id: '1', why: 'review' },
      { id: '2', why: 'not_a_person' },
    ]);
    expect(problemsOf(new Error('x'))).toEqual([]);
  });
});
