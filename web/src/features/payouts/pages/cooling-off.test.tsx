import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, startScreen } from '../../../test/screens.tsx';

const MESSAGE =
  'For your security, new payout requests can be sent after November 22, 2026 at 12:00 PM UTC, because your email address was changed. If it was not you, change your password and contact support.';

describe('payouts while a cooling-off window holds new requests back', () => {
  it('says until when and why above the request form, and shows the server’s refusal of a request sent anyway', async () => {
    const user = userEvent.setup();
    startScreen('/payouts', {
      'GET /api/payouts/user/available-withdrawal': {
        body: { ...fixtures.availableWithdrawal, cooling_off: { until: '2026-11-22T12:00:00.000Z', reason: 'email_change', message: MESSAGE } },
      },
      'POST /api/payouts': { status: 409, body: { code: 'conflict', message: MESSAGE, reason: 'cooling_off', until: '2026-11-22T12:00:00.000Z' } },
    });
    expect(await screen.findByTestId('payout-cooling-off', {}, { timeout: 20_000 })).toHaveTextContent(MESSAGE);
    const form = await screen.findByTestId('payout-request-form');
    await user.type(within(form).getByLabelText(/Amount, USD/), '45.50');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByTestId('payout-request-error')).toHaveTextContent(MESSAGE);
  });

  it('says nothing when no window is running', async () => {
    startScreen('/payouts', { 'GET /api/payouts/user/available-withdrawal': { body: { ...fixtures.availableWithdrawal, cooling_off: null } } });
    await screen.findByTestId('payout-request-form', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('payout-cooling-off')).not.toBeInTheDocument();
  });
});
