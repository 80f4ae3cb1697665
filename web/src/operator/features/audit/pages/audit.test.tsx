import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import { actorQuery } from './AuditPage.tsx';

const rows = async () => {
  const grid = await screen.findByRole('grid', { name: 'Audit log' }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

describe('console: audit log', () => {
  it('shows when, who (name, kind), role, action, target, the change on demand and the address', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/audit');
    const [update, token] = await rows();
    expect(update).toHaveTextContent('Ada Admin');
    expect(update).toHaveTextContent('staff');
    expect(update).toHaveTextContent('Administrator');
    expect(update).toHaveTextContent('staff.update');
    expect(update).toHaveTextContent('staff:2');
    expect(update).toHaveTextContent('203.0.113.7');
    expect(token).toHaveTextContent('payout-robot');
    expect(token).toHaveTextContent('token');
    // The last 30 days by default, the first page of 50.
    expect(callsTo('/audit')[0]!.query).toMatchObject({ page: '1', per_page: '50' });
    expect(callsTo('/audit')[0]!.query.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await user.click(within(update!).getByTestId('audit-change-12'));
    const diff = await screen.findByTestId('audit-diff');
    expect(diff).toHaveTextContent('role');
    expect(diff).toHaveTextContent('support');
    expect(diff).toHaveTextContent('finance');
  });

  it('filters by who, action and target, and exports the same filters as CSV from the server', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn().mockReturnValue('blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { callsTo } = await startConsole('/operator/audit', {
      'GET /operator/v1/audit.csv': { body: 'id,at\r\n' },
    });
    await rows();
    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'payout-robot (token)' }));
    await waitFor(() => expect(callsTo('/audit').at(-1)!.query).toMatchObject({ token_id: '4' }));
    await user.type(screen.getByTestId('audit-action'), 'payout.{Enter}');
    await waitFor(() => expect(callsTo('/audit').at(-1)!.query).toMatchObject({ token_id: '4', action: 'payout.' }));
    await user.type(screen.getByTestId('audit-target'), 'payout:42{Enter}');
    await waitFor(() => expect(callsTo('/audit').at(-1)!.query).toMatchObject({ target: 'payout:42' }));

    await user.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(callsTo('/audit.csv')).toHaveLength(1));
    const last = callsTo('/audit').at(-1)!.query;
    expect(callsTo('/audit.csv')[0]!.query).toEqual({ token_id: '4', action: 'payout.', target: 'payout:42', from: last.from, to: last.to });
  });

  it('says when nothing matches, and shows an error with a retry', async () => {
    await startConsole('/operator/audit', { 'GET /operator/v1/audit': { body: { data: [], meta: { page: 1, per_page: 50, total: 0 } } } });
    expect(await screen.findByText('Nothing recorded', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('an error in place of the table', async () => {
    await startConsole('/operator/audit', { 'GET /operator/v1/audit': { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('maps the actor filter to the calls’ fields', () => {
    expect(actorQuery('staff:3')).toEqual({ staff_id: 3 });
    expect(actorQuery('token:4')).toEqual({ token_id: 4 });
    expect(actorQuery('legacy')).toEqual({ actor_kind: 'legacy' });
    expect(actorQuery('staff:x')).toEqual({});
  });

  it('a role without audit.read gets the not-allowed page', async () => {
    const { callsTo } = await startConsole('/operator/audit', {}, meAs('finance'));
    expect(await screen.findByTestId('not-allowed')).toHaveTextContent('Your role (Finance) does not open this section');
    expect(callsTo('/audit')).toHaveLength(0);
  });
});
