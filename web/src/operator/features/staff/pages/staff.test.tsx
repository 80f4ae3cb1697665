import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startConsole } from '../../../test/console.tsx';
import { staffMembers } from '../../../test/fixtures.ts';

const rows = async () => {
  const grid = await screen.findByRole('grid', { name: 'Staff members' }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

describe('console: staff', () => {
  it('lists every member with role, state and dates', async () => {
    await startConsole('/operator/staff');
    const [ada, fiona, oleg] = await rows();
    expect(ada).toHaveTextContent('Ada Admin (you)');
    expect(ada).toHaveTextContent('ada@staff.test');
    expect(ada).toHaveTextContent('Administrator');
    expect(within(ada!).getByTestId('member-state-1')).toHaveTextContent('Active');
    expect(within(fiona!).getByTestId('member-state-2')).toHaveTextContent('Authenticator not set up');
    expect(within(oleg!).getByTestId('member-state-3')).toHaveTextContent('Disabled');
    expect(fiona).toHaveTextContent('by Ada Admin');
  });

  it('adds a member; the made-up temporary password is shown once', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/staff', {
      'POST /operator/v1/staff': { body: { member: { ...staffMembers[1], id: 9, email: 'new@staff.test', name: 'Nina New', role: 'content' }, temporary_password: 'tmp-Pass-1234' } },
    });
    await rows();
    await user.click(screen.getByTestId('member-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' });
    await user.click(within(dialog).getByTestId('member-add-submit'));
    expect(await within(dialog).findByText('Enter the email address.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Email/), 'new@staff.test');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nina New');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Content' }));
    await user.click(within(dialog).getByTestId('member-add-submit'));
    await waitFor(() => expect(callsTo('/staff').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(jsonOf(callsTo('/staff').find((c) => c.method === 'POST')!)).toEqual({ email: 'new@staff.test', name: 'Nina New', role: 'content' });
    const secret = await screen.findByTestId('temporary-password');
    expect(within(secret).getByTestId('temporary-password-secret-value')).toHaveTextContent('tmp-Pass-1234');
    expect(secret).toHaveTextContent('You will not see it again');
    await user.click(within(secret).getByTestId('temporary-password-done'));
    await waitFor(() => expect(screen.queryByTestId('temporary-password')).not.toBeInTheDocument());
  });

  it('changes a role, disables after a confirm, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/staff', {
      'PATCH /operator/v1/staff/2': (call) => ({ body: { ...staffMembers[1], ...JSON.parse(call.body) } }),
      'PATCH /operator/v1/staff/1': { status: 409, body: { code: 'conflict', message: 'The last administrator cannot lose the role.' } },
    });
    await rows();
    await user.click(screen.getByTestId('member-actions-2'));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of Fiona Finance' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    await user.click(within(dialog).getByTestId('change-role-save'));
    await waitFor(() => expect(callsTo('/staff/2')).toHaveLength(1));
    expect(jsonOf(callsTo('/staff/2')[0]!)).toEqual({ role: 'support' });

    await user.click(screen.getByTestId('member-actions-2'));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Fiona Finance?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(callsTo('/staff/2')).toHaveLength(2));
    expect(jsonOf(callsTo('/staff/2')[1]!)).toEqual({ disabled: true });

    await user.click(screen.getByTestId('member-actions-1'));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const own = await screen.findByRole('dialog', { name: 'Role of Ada Admin' });
    await user.click(within(own).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(within(own).getByTestId('change-role-save'));
    expect(await within(own).findByText('The last administrator cannot lose the role.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    await startConsole('/operator/staff', { 'GET /operator/v1/staff': { status: 503, body: { code: 'unavailable', message: 'Unavailable' } } });
    expect(await screen.findByTestId('error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
