import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serverError, startScreen } from '../../../test/screens.tsx';

const empty = { name: '', address: '', tax_id: '', vat_number: '' };

describe('settings: business details', () => {
  it('shows the saved details and saves the changed ones; a snackbar confirms', async () => {
    const user = userEvent.setup();
    let state = { ...empty, name: 'Ada Lovelace Ltd' };
    const { callsTo } = startScreen('/settings', {
      'GET /api/settings/business-details': () => ({ body: state }),
      'POST /api/settings/business-details': (call) => {
        state = { ...empty, ...(Object.fromEntries(new URLSearchParams(call.body)) as typeof empty) };
        return { body: { ...state, message: 'Business details saved.' } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Business details' }, { timeout: 20_000 });
    expect(await within(form).findByLabelText('Name or company')).toHaveValue('Ada Lovelace Ltd');
    await user.type(within(form).getByLabelText('Address'), '12 Analytical Row');
    await user.type(within(form).getByLabelText('VAT number'), ' GB123456789 ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved.')).toBeInTheDocument();
    const posted = callsTo('/settings/business-details').find((c) => c.method === 'POST')!;
    expect(Object.fromEntries(new URLSearchParams(posted.body))).toEqual({ name: 'Ada Lovelace Ltd', address: '12 Analytical Row', tax_id: '', vat_number: 'GB123456789' });
  });

  it('checks the length before sending, and shows the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/settings', {
      'POST /api/settings/business-details': {
        status: 422,
        body: { code: 'validation_failed', message: 'Check the fields', errors: { tax_id: ['The tax ID is not valid'] } },
      },
    });
    const form = await screen.findByRole('form', { name: 'Business details' }, { timeout: 20_000 });
    const name = await within(form).findByLabelText('Name or company');
    await user.click(name);
    await user.paste('x'.repeat(121));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This is too long.')).toBeInTheDocument();
    expect(callsTo('/settings/business-details').filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(name);
    await user.type(within(form).getByLabelText('Tax ID'), 'a');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The tax ID is not valid')).toBeInTheDocument();
  });

  it('a failed read says so in its panel', async () => {
    startScreen('/settings', { 'GET /api/settings/business-details': serverError });
    const panel = await screen.findByRole('region', { name: 'Business details' });
    await waitFor(() => expect(within(panel).getByText(/An error occurred/)).toBeInTheDocument());
  });
});
