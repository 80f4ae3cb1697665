import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, startScreen } from '../../../test/screens.tsx';

const MESSAGE =
  'Payout requests are on hold because you reported that someone else used your account. Set a new password with the link we emailed you; requests are accepted again after the usual security waiting period.';

describe('payouts while a "not me" recovery holds them (decision 0191)', () => {
  it('says why above the request form, and shows the server’s refusal of a request sent anyway', async () => {
    const user = userEvent.setup();
    startScreen('/payouts', {
      'GET /api/payouts/user/available-withdrawal': { body: { ...fixtures.availableWithdrawal, cooling_off: null, account_recovery: { message: MESSAGE } } },
      'POST /api/payouts': { status: 409, body: { code: 'conflict', message: MESSAGE, reason: 'account_recovery' } },
    });
    expect(await screen.findByTestId('payout-account-recovery', {}, { timeout: 20_000 })).toHaveTextContent(MESSAGE);
    const form = await screen.findByTestId('payout-request-form');
    await user.type(within(form).getByLabelText(/Amount, USD/), '45.50');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByTestId('payout-request-error')).toHaveTextContent(MESSAGE);
  });

  it('says nothing when no recovery is under way', async () => {
    startScreen('/payouts', { 'GET /api/payouts/user/available-withdrawal': { body: { ...fixtures.availableWithdrawal, account_recovery: null } } });
    await screen.findByTestId('payout-request-form', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('payout-account-recovery')).not.toBeInTheDocument();
  });
});
