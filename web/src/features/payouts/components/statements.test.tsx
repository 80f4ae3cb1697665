import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startScreen } from '../../../test/screens.tsx';

describe('payouts: statements', () => {
  it('a completed payout has its statement link; the others have none', async () => {
    startScreen('/payouts');
    const table = await screen.findByRole('grid', { name: 'Your payout requests' }, { timeout: 20_000 });
    const links = await within(table).findAllByRole('link', { name: /Download the statement of payout/ }, { timeout: 10_000 });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/api/payouts/44/statement.pdf?lang=en');
  });

  it('the yearly summary links follow the chosen year', async () => {
    const user = userEvent.setup();
    startScreen('/payouts');
    const panel = await screen.findByRole('region', { name: 'Yearly summary' }, { timeout: 20_000 });
    const year = new Date().getUTCFullYear();
    expect(within(panel).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/payouts/summary/${year}.pdf?lang=en`);
    await user.click(within(panel).getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: String(year - 1) }));
    expect(within(panel).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/payouts/summary/${year - 1}.csv?lang=en`);
  });
});
