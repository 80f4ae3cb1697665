import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startConsole } from '../../../test/console.tsx';
import { tokens } from '../../../test/fixtures.ts';

const rows = async () => {
  const grid = await screen.findByRole('grid', { name: 'API tokens' }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

describe('console: tokens', () => {
  it('lists tokens with role, creation, last use and revocation; only active ones can be revoked', async () => {
    await startConsole('/operator/tokens');
    const [robot, old] = await rows();
    expect(robot).toHaveTextContent('payout-robot');
    expect(robot).toHaveTextContent('Finance');
    expect(within(robot!).getByTestId('token-state-4')).toHaveTextContent('Active');
    expect(old).toHaveTextContent('Never used');
    expect(within(old!).getByTestId('token-state-5')).toHaveTextContent(/^Revoked /);
    expect(within(old!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('creates a token and shows its secret once', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/tokens', {
      'POST /operator/v1/tokens': { body: { token: { ...tokens[0], id: 6, name: 'ci-export' }, secret: 'pco_secretvalue' } },
    });
    await rows();
    await user.click(screen.getByTestId('token-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'ci-export');
    await user.click(within(dialog).getByTestId('token-create-submit'));
    await waitFor(() => expect(callsTo('/tokens').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(jsonOf(callsTo('/tokens').find((c) => c.method === 'POST')!)).toEqual({ name: 'ci-export', role: 'finance' });
    const secret = await screen.findByTestId('token-secret');
    expect(within(secret).getByTestId('token-secret-secret-value')).toHaveTextContent('pco_secretvalue');
    expect(secret).toHaveTextContent('You will not see it again');
  });

  it('revokes after a confirm', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/tokens', { 'DELETE /operator/v1/tokens/4': { body: { ...tokens[0], revoked_at: '2026-11-27T12:00:00.000Z' } } });
    await rows();
    await user.click(screen.getByTestId('token-revoke-4'));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the token payout-robot?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo('/tokens/4')).toHaveLength(1));
    expect(await screen.findByText('The token payout-robot has been revoked.')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    await startConsole('/operator/tokens', { 'GET /operator/v1/tokens': { body: { data: [] } } });
    expect(await screen.findByText('No tokens yet', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });
});
