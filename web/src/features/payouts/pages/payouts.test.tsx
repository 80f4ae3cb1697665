import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/format.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import arPayouts from '../../../../../locales/ar/payouts.json';
import arNav from '../../../../../locales/ar/nav.json';

const grid = (name: string) => screen.getByRole('grid', { name });
/** The page's chunk and the grid's arrive lazily; the first test of a run waits for both on a busy machine. */
const gridLoaded = (name: string) => screen.findByRole('grid', { name }, { timeout: 20_000 });
const rowsOf = (name: string) =>
  within(grid(name))
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-rowindex') !== null);
const walletRows = () => rowsOf('Your wallets');
const historyRows = () => rowsOf('Your payout requests');

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('payouts: wallets', () => {
  it('lists every wallet with its system, details, terms, state and the main badge; unconfirmed ones are announced', async () => {
    startScreen('/payouts');
    await gridLoaded('Your wallets');
    await waitFor(() => expect(walletRows()).toHaveLength(4));
    const [webmoney, card, bank, paypal] = walletRows();
    expect(webmoney).toHaveTextContent('WebMoney');
    expect(webmoney).toHaveTextContent('Z104263917285');
    expect(within(webmoney!).getByTestId('main-badge')).toHaveTextContent('Main');
    expect(webmoney).toHaveTextContent('0.8% / $10.00');
    expect(within(webmoney!).getByTestId('wallet-state')).toHaveTextContent('Active');
    expect(card).toHaveTextContent('•••• 4242 (USD)');
    expect(card).toHaveTextContent('3% + $1.00 / $40.00');
    expect(within(card!).queryByTestId('main-badge')).not.toBeInTheDocument();
    expect(within(bank!).getByTestId('wallet-state')).toHaveTextContent(
      `Waiting period until ${formatDateTime(fixtures.purses.purses[2]!.active_from!)}`,
    );
    expect(within(paypal!).getByTestId('wallet-state')).toHaveTextContent('Waiting for email confirmation');
    // Only confirmed wallets that are not main can become main.
    expect(within(card!).getByRole('button', { name: /^Set as main: / })).toBeInTheDocument();
    expect(within(webmoney!).queryByRole('button', { name: /^Set as main: / })).not.toBeInTheDocument();
    expect(within(paypal!).queryByRole('button', { name: /^Set as main: / })).not.toBeInTheDocument();
    // Only a wallet still waiting for its e-mail can have its link sent again.
    expect(
      within(paypal!).getByRole('button', {
        name: 'Send link again: PayPal demo.partner@example.com',
      }),
    ).toHaveTextContent('Send link again');
    for (const row of [webmoney, card, bank])
      expect(within(row!).queryByRole('button', { name: /confirmation link/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('verification-in-progress')).toHaveTextContent(
      'Verification in progress: check your email',
    );
    expect(screen.getByTestId('verification-in-progress')).toHaveTextContent(
      'PayPal demo.partner@example.com',
    );
    expect(screen.getByText(/waiting period of 3 days/)).toBeInTheDocument();
  });

  it('the add form shows only the chosen system’s fields and posts them with the type', async () => {
    const user = userEvent.setup();
    const { api, callsTo } = startScreen('/payouts', {
      'POST /api/purse': {
        body: {
          data: fixtures.purses.purses_not_confirmed[0],
          message: 'We have sent a confirmation link to demo@partner.test.',
        },
      },
    });
    await user.click(await screen.findByTestId('add-wallet'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a wallet' });
    expect(
      within(dialog).getByText('Choose a payout system to see the details it needs.'),
    ).toBeInTheDocument();
    // Capitalist takes no new wallets in the fixture.
    await user.click(within(dialog).getByRole('combobox', { name: /Payout system/ }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Capitalist' })).not.toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'WebMoney' }));
    expect(within(dialog).getByLabelText(/WebMoney purse/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Card number/)).not.toBeInTheDocument();

    await pick(user, /Payout system/, 'Bank card');
    expect(within(dialog).getByText('Fee 3% + $1.00, minimum payout $40.00')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/WebMoney purse/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/IBAN/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Card number/), '4242 4242 4242 4242');
    await pick(user, /Currency/, 'EUR');
    await pick(user, /Expiry month/, /^08/);
    await pick(user, /Expiry year/, String(new Date().getUTCFullYear() + 3));
    await user.type(within(dialog).getByLabelText(/First name/), 'Demo');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Partner');
    await user.click(within(dialog).getByRole('button', { name: 'Add wallet' }));

    await waitFor(() => expect(callsTo('/purse')).toHaveLength(1));
    expect(api.bodyOf(callsTo('/purse')[0]!)).toEqual({
      type: 'card',
      number: '4242 4242 4242 4242',
      currency: 'EUR',
      month: '08',
      year: String(new Date().getUTCFullYear() + 3),
      first_name: 'Demo',
      last_name: 'Partner',
    });
    // The form closes, then the server's message says what comes next.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a wallet' })).not.toBeInTheDocument(),
    );
    const done = await screen.findByRole('dialog', { name: 'Check your email' }, { timeout: 10_000 });
    expect(done).toHaveTextContent('We have sent a confirmation link to demo@partner.test.');
    await waitFor(() => expect(callsTo('/purses').length).toBeGreaterThan(1));
  });

  it('asks for every field before sending, and puts the server’s 422 messages on their fields', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/payouts', {
      'POST /api/purse': {
        status: 422,
        body: {
          code: 'validation_failed',
          message: 'Check the highlighted fields.',
          errors: { purse: ['A WebMoney purse is Z followed by 12 digits.'] },
        },
      },
    });
    await user.click(await screen.findByTestId('add-wallet'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a wallet' });
    await pick(user, /Payout system/, 'WebMoney');
    await user.click(within(dialog).getByRole('button', { name: 'Add wallet' }));
    expect(within(dialog).getByText('WebMoney purse is required')).toBeInTheDocument();
    expect(callsTo('/purse')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/WebMoney purse/), 'Z12');
    expect(within(dialog).queryByText('WebMoney purse is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add wallet' }));
    const field = within(dialog).getByLabelText(/WebMoney purse/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('A WebMoney purse is Z followed by 12 digits.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: '500 error' })).not.toBeInTheDocument();
  });

  it('the main wallet is not removed: the reason is shown and nothing is sent; another one is, after a confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/payouts', {
      'DELETE /api/purse/14': { body: { success: true, message: 'The wallet has been removed.' } },
      'POST /api/purse/14/main': {
        body: { success: true, message: 'Done.', data: { ...fixtures.purses.purses[1], main: true } },
      },
    });
    await waitFor(() => expect(walletRows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Remove WebMoney Z104263917285' }));
    expect(
      await screen.findByText(
        'The main wallet cannot be removed. Select a verified wallet and set it as the main one to be able to remove all the rest.',
      ),
    ).toBeInTheDocument();
    expect(callsTo('/purse/11')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove Bank card •••• 4242 (USD)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove wallet' });
    expect(confirm).toHaveTextContent('Are you sure you want to remove this wallet?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo('/purse/14')).toMatchObject([{ method: 'DELETE' }]));
    expect(await screen.findByText('The wallet has been removed.')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Set as main: Bank card •••• 4242 (USD)' }),
    );
    await waitFor(() => expect(callsTo('/purse/14/main')).toMatchObject([{ method: 'POST' }]));
  });

  it('sends a waiting wallet’s link again and says so; a second press within a minute shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const tooSoon =
      'We sent a link for this wallet less than a minute ago. Check your mailbox, or try again in a minute.';
    let sent = 0;
    const { callsTo } = startScreen('/payouts', {
      'POST /api/purse/19/link': () =>
        sent++ === 0
          ? {
              body: {
                success: true,
                message: 'We have sent a new confirmation link to demo.partner@example.com.',
              },
            }
          : { status: 429, body: { code: 'rate_limited', message: tooSoon } },
    });
    await waitFor(() => expect(walletRows()).toHaveLength(4));
    const resend = () =>
      user.click(
        screen.getByRole('button', {
          name: 'Send link again: PayPal demo.partner@example.com',
        }),
      );
    await resend();
    await waitFor(() => expect(callsTo('/purse/19/link')).toMatchObject([{ method: 'POST' }]));
    expect(
      await screen.findByText('We have sent a new confirmation link to demo.partner@example.com.'),
    ).toBeInTheDocument();

    await resend();
    const refusal = await screen.findByRole('dialog', { name: 'Not possible' });
    expect(refusal).toHaveTextContent(tooSoon);
    expect(callsTo('/purse/19/link')).toHaveLength(2);
  });

  it('a removal the server refuses shows its message', async () => {
    const user = userEvent.setup();
    startScreen('/payouts', {
      'DELETE /api/purse/17': {
        status: 409,
        body: {
          code: 'conflict',
          message: 'The main wallet cannot be removed. Select a verified wallet and set it as the main one.',
        },
      },
    });
    await waitFor(() => expect(walletRows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: /Remove Bank transfer/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove wallet' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const refusal = await screen.findByRole('dialog', { name: 'Not possible' });
    expect(refusal).toHaveTextContent(
      'The main wallet cannot be removed. Select a verified wallet and set it as the main one.',
    );
  });
});

describe('payouts: balance and request', () => {
  it('schedules the hold day by day until nothing is held, adding up to the amount on hold, and says what waits for another reason', async () => {
    const until = '2026-11-30T12:00:00.000Z';
    startScreen('/payouts', {
      'GET /api/payouts/user/hold-info': {
        body: { ...fixtures.holdInfo, waits: [{ reason: 'cooling_off', until, amount: 12_340_000 }] },
      },
    });
    const days = await screen.findAllByTestId('schedule-day', undefined, { timeout: 20_000 });
    const schedule = fixtures.holdInfo.schedule;
    expect(days).toHaveLength(schedule.length);
    expect(schedule.reduce((sum, d) => sum + d.amount, 0)).toBe(fixtures.holdInfo.amount);
    expect(days[0]).toHaveTextContent(
      `${formatMoney(151_220_000)} on ${formatDay('2026-11-24')}then ${formatMoney(1_953_630_000)} still on hold`,
    );
    expect(days.at(-1)).toHaveTextContent(`${formatMoney(834_500_000)} on ${formatDay('2026-12-06')}then nothing is on hold`);
    expect(screen.getByTestId('wait-cooling_off')).toHaveTextContent(
      `${formatMoney(12_340_000)} available now can be requested from ${formatDateTime(until)}`,
    );
    expect(screen.getByRole('img', { name: 'Becomes available, by day' })).toBeInTheDocument();
  });

  it('with nothing on hold the schedule says so', async () => {
    startScreen('/payouts', {
      'GET /api/payouts/user/hold-info': {
        body: { ...fixtures.holdInfo, amount: 0, next_release: null, releases: [], schedule: [], waits: [] },
      },
    });
    const box = await screen.findByTestId('hold-schedule', undefined, { timeout: 20_000 });
    expect(box).toHaveTextContent('Nothing is on hold at the moment.');
  });

  it('shows what is available and on hold, explains hold and breaks it down by source', async () => {
    const user = userEvent.setup();
    startScreen('/payouts');
    const money = fixtures.availableWithdrawal;
    await waitFor(() =>
      expect(screen.getByTestId('payouts-available-value')).toHaveTextContent(formatMoney(money.amount)),
    );
    expect(screen.getByTestId('payouts-hold-value')).toHaveTextContent(formatMoney(money.hold));
    expect(screen.getByTestId('payouts-in-progress-value')).toHaveTextContent(formatMoney(money.in_progress));
    expect(screen.getByTestId('payouts-balance-value')).toHaveTextContent(formatMoney(money.balance));
    const what = screen.getByTestId('what-is-hold');
    expect(what).toHaveAttribute('aria-expanded', 'false');
    await user.click(what);
    expect(await screen.findByTestId('hold-explained')).toHaveTextContent(
      'stay on hold for 14 days, the refund window',
    );
    const breakdown = fixtures.holdInfo.breakdown;
    expect(screen.getByTestId('hold-files')).toHaveTextContent(`Files${formatMoney(breakdown.files)}`);
    expect(screen.getByTestId('hold-referrals')).toHaveTextContent(formatMoney(breakdown.referrals));
    expect(screen.getByTestId('hold-sites_referrals')).toHaveTextContent(
      formatMoney(breakdown.sites_referrals),
    );
    expect(screen.getByTestId('hold-file_copies')).toHaveTextContent(formatMoney(breakdown.file_copies));
    // Video and the Gold bonus show only when something of theirs is on hold.
    expect(screen.queryByTestId('hold-video')).not.toBeInTheDocument();
    expect(screen.queryByTestId('hold-gold_bonus')).not.toBeInTheDocument();
    expect(screen.getByTestId('next-release')).toHaveTextContent(
      `Next release: ${formatMoney(151_220_000)} on ${formatDateTime('2026-11-24T00:00:00.000Z')}`,
    );
  });

  it('quotes the fee, the minimum and what will be received exactly, and sends micro-USD to the chosen wallet', async () => {
    const user = userEvent.setup();
    const { api, callsTo } = startScreen('/payouts', {
      'POST /api/payouts': {
        body: { data: fixtures.payouts.data[0], message: 'Your payout request #58 has been created.' },
      },
    });
    const form = await screen.findByTestId('payout-request-form');
    // The main wallet (WebMoney) is chosen at first; the one in its waiting period cannot be.
    expect(within(form).getByRole('combobox', { name: /Wallet/ })).toHaveTextContent(
      'WebMoney: Z104263917285',
    );
    await user.click(within(form).getByRole('combobox', { name: /Wallet/ }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /Bank transfer \(Turkey\)/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(listbox).getByRole('option', { name: /Bank card/ }));
    await user.type(within(form).getByLabelText(/Amount, USD/), '100.00');
    // Card: 3% + $1.00 of $100.00 (the fixture's settings) is $4.00; $96.00 arrives.
    expect(screen.getByTestId('quote-fee')).toHaveTextContent('$4.00');
    expect(screen.getByTestId('quote-minimum')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('quote-receive')).toHaveTextContent('$96.00');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(callsTo('/payouts').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.bodyOf(callsTo('/payouts').find((c) => c.method === 'POST')!)).toEqual({
      amount: '100000000',
      wallet: '14',
    });
    expect(await screen.findByTestId('payout-request-sent')).toHaveTextContent(
      'Your payout request #58 has been created.',
    );
    expect(within(form).getByLabelText(/Amount, USD/)).toHaveValue('');
  });

  it('refuses an amount with three decimals, below the minimum or above what is available, without a call', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/payouts');
    const form = await screen.findByTestId('payout-request-form');
    const amount = within(form).getByLabelText(/Amount, USD/);
    await user.type(amount, '45.505');
    expect(screen.getByTestId('quote-fee')).toHaveTextContent('—');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(amount).toHaveAccessibleDescription('Use at most two decimals (whole cents)');
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, '5');
    expect(amount).toHaveAccessibleDescription(
      `The minimum payout to WebMoney is ${formatMoney(10_000_000)}`,
    );
    await user.clear(amount);
    await user.type(amount, '100000');
    expect(amount).toHaveAccessibleDescription(
      `You can request up to ${formatMoney(fixtures.availableWithdrawal.amount)}`,
    );
    expect(callsTo('/payouts').filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('puts a 422 refusal of the request on its field', async () => {
    const user = userEvent.setup();
    startScreen('/payouts', {
      'POST /api/payouts': {
        status: 422,
        body: {
          code: 'validation_failed',
          message: 'The request was refused.',
          errors: { wallet: ['Payout details were changed. A new request can be sent after Nov 25, 2026.'] },
        },
      },
    });
    const form = await screen.findByTestId('payout-request-form');
    await user.type(within(form).getByLabelText(/Amount, USD/), '50');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /Wallet/ })).toHaveAccessibleDescription(
        'Payout details were changed. A new request can be sent after Nov 25, 2026.',
      ),
    );
  });

  it('a request that needs the security code opens the security check and is sent again once the code is right', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { api, callsTo } = startScreen('/payouts', {
      'POST /api/payouts': () =>
        ++attempts === 1
          ? { status: 403, body: { code: 'need_security_code', message: 'Enter your security code.' } }
          : {
              body: { data: fixtures.payouts.data[0], message: 'Your payout request #58 has been created.' },
            },
      'GET /api/security/info/code': {
        body: {
          is_allowed: true,
          ask_code: true,
          ask_password: false,
          code_created_at: '2026-10-01T10:00:00.000Z',
          will_be_allowed_at: null,
        },
      },
      'POST /api/security/check-code': { body: { success: true } },
    });
    const form = await screen.findByTestId('payout-request-form');
    await user.type(within(form).getByLabelText(/Amount, USD/), '45.50');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security code' });
    expect(screen.queryByTestId('payout-request-error')).not.toBeInTheDocument();
    await user.type(within(dialog).getByTestId('security-code-input'), '4821');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('payout-request-sent')).toHaveTextContent(
      'Your payout request #58 has been created.',
    );
    const posts = callsTo('/payouts').filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(api.bodyOf(posts[1]!)).toEqual({ amount: '45500000', wallet: '11' });
    expect(api.bodyOf(callsTo('/security/check-code')[0]!)).toEqual({ code: '4821' });
  });

  it('the quick request confirms the whole available amount to the main wallet with its fee and what arrives', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/payouts', {
      'POST /api/payouts/quick': {
        body: { data: fixtures.payouts.data[0], message: 'Your payout request #59 has been created.' },
      },
    });
    await user.click(await screen.findByTestId('quick-payout'));
    const dialog = await screen.findByRole('dialog', { name: 'Quick payout request' });
    // WebMoney 0.8% of $9,874.69 = $78.99752 → $79.00; $9,795.69248 → $9,795.69 arrives.
    expect(within(dialog).getByTestId('quick-amount')).toHaveTextContent(formatMoney(9_874_690_000));
    expect(within(dialog).getByTestId('quick-fee')).toHaveTextContent(formatMoney(78_997_520));
    expect(within(dialog).getByTestId('quick-receive')).toHaveTextContent(formatMoney(9_795_692_480));
    expect(dialog).toHaveTextContent('your main wallet, WebMoney Z104263917285');
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(callsTo('/payouts/quick')).toHaveLength(1));
    expect(await screen.findByText('Your payout request #59 has been created.')).toBeInTheDocument();
  });

  it('a card in roubles: the form and the quick request say what arrives in roubles at the Bank of Russia rate', async () => {
    const user = userEvent.setup();
    const [webmoney, card, ...rest] = fixtures.purses.purses;
    const rubCard = { ...card!, details: { ...card!.details, currency: 'RUB' }, summary: '•••• 4242 (RUB)', main: true };
    const purses = { ...fixtures.purses, purses: [{ ...webmoney!, main: false }, rubCard, ...rest] };
    startScreen('/payouts', { 'GET /api/purses': { body: purses } });
    const form = await screen.findByTestId('payout-request-form');
    // The main wallet, now the rouble card, is chosen at first.
    expect(within(form).getByRole('combobox', { name: /Wallet/ })).toHaveTextContent('Bank card: •••• 4242 (RUB)');
    expect(within(form).queryByTestId('quote-converted')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Amount, USD/), '100.00');
    // $100.00 less 3% + $1.00 is $96.00; at 81.1045 that is 7,786.032 roubles.
    expect(screen.getByTestId('quote-receive')).toHaveTextContent('$96.00');
    expect(within(form).getByTestId('quote-converted')).toHaveTextContent(
      'On this card: RUB 7,786.03 at 1 USD = 81.1045 RUB (Central Bank of Russia, rate for Nov 21, 2026). Your request keeps this rate.',
    );
    // The WebMoney purse is paid in dollars: nothing to convert.
    await pick(user, /Wallet/, /WebMoney/);
    expect(within(form).queryByTestId('quote-converted')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('quick-payout'));
    const dialog = await screen.findByRole('dialog', { name: 'Quick payout request' });
    // $9,874.69 less 3% + $1.00 is $9,577.4493; at 81.1045 that is 776,774.24 roubles.
    expect(within(dialog).getByTestId('quick-receive')).toHaveTextContent(formatMoney(9_577_449_300));
    expect(within(dialog).getByTestId('quote-converted')).toHaveTextContent('On this card: RUB 776,774.24 at 1 USD = 81.1045 RUB');
  });

  it('a card in hryvnias before any rate is known says it is converted on the day of payment', async () => {
    const user = userEvent.setup();
    const card = fixtures.purses.purses[1]!;
    const uahCard = { ...card, details: { ...card.details, currency: 'UAH' }, summary: '•••• 4242 (UAH)' };
    startScreen('/payouts', {
      'GET /api/purses': { body: { ...fixtures.purses, purses: [fixtures.purses.purses[0]!, uahCard] } },
      'GET /api/payouts/rates': { body: { rates: [fixtures.exchangeRates.rates[0]] } },
    });
    const form = await screen.findByTestId('payout-request-form');
    await pick(user, /Wallet/, /Bank card/);
    expect(within(form).getByTestId('quote-converted')).toHaveTextContent(
      'This card is paid in UAH. No national bank rate is known yet, so the amount will be converted at the rate of the payment day.',
    );
  });

  it('a card in hryvnias whose last rate is too old to quote says it is converted on the day of payment', async () => {
    const user = userEvent.setup();
    const card = fixtures.purses.purses[1]!;
    const uahCard = { ...card, details: { ...card.details, currency: 'UAH' }, summary: '•••• 4242 (UAH)' };
    const stale = { ...fixtures.exchangeRates.rates[1]!, date: '2026-11-10', quotes_payouts: false };
    startScreen('/payouts', {
      'GET /api/purses': { body: { ...fixtures.purses, purses: [fixtures.purses.purses[0]!, uahCard] } },
      'GET /api/payouts/rates': { body: { rates: [fixtures.exchangeRates.rates[0], stale] } },
    });
    const form = await screen.findByTestId('payout-request-form');
    await pick(user, /Wallet/, /Bank card/);
    await user.type(within(form).getByLabelText(/Amount, USD/), '100.00');
    expect(within(form).getByTestId('quote-converted')).toHaveTextContent(
      'This card is paid in UAH. The last national bank rate we have is for Nov 10, 2026, too old to quote, so the amount will be converted at the rate of the payment day.',
    );
  });

  it('shows the central bank rates with their dates, and a demo rate as a placeholder', async () => {
    startScreen('/payouts', {
      'GET /api/payouts/rates': {
        body: {
          rates: [
            fixtures.exchangeRates.rates[0],
            {
              currency: 'UAH',
              rate: '40',
              date: '2026-11-23',
              source: 'demo',
              fetched_at: '2026-11-23T17:51:18.380Z',
              quotes_payouts: true,
            },
          ],
        },
      },
    });
    const rub = await screen.findByTestId('rate-RUB');
    expect(rub).toHaveTextContent('1 USD = 81.1045 RUB');
    expect(rub).toHaveTextContent('Central Bank of Russia, rate for Nov 21, 2026');
    const uah = screen.getByTestId('rate-UAH');
    expect(uah).toHaveTextContent('1 USD = 40 UAH');
    expect(uah).toHaveTextContent('Demo placeholder dated Nov 23, 2026, not a real rate');
  });
});

describe('payouts: history', () => {
  it('lists requests with their statuses, paged and sorted on the server', async () => {
    const { callsTo } = startScreen('/payouts');
    await waitFor(() => expect(historyRows()).toHaveLength(fixtures.payouts.data.length));
    expect(callsTo('/payouts')[0]!.query).toEqual({
      page: '1',
      per_page: '25',
      sort_key: 'created_date',
      sort_dir: 'desc',
    });
    const labels = historyRows().map(
      (row) =>
        within(row).getByText(/Created|In progress|Payout processing|Completed|Rejected|Deleted/)
          .textContent,
    );
    expect(labels).toEqual([
      'Created',
      'In progress',
      'Payout processing',
      'Completed',
      'Rejected',
      'Deleted',
    ]);
    const first = historyRows()[0]!;
    expect(first).toHaveTextContent(formatMoney(100_000_000));
    expect(first).toHaveTextContent(formatMoney(4_000_000));
    expect(first).toHaveTextContent(formatMoney(96_000_000));
    expect(first).toHaveTextContent('Bank card •••• 4242 (USD)');
    // Every request paid in dollars: no card currency column.
    expect(within(grid('Your payout requests')).queryByRole('columnheader', { name: 'In card currency' })).not.toBeInTheDocument();
    // Only a request still `created` can be deleted.
    expect(within(first).getByRole('button', { name: 'Delete request #58' })).toBeInTheDocument();
    expect(
      within(historyRows()[1]!).queryByRole('button', { name: /Delete request/ }),
    ).not.toBeInTheDocument();
  });

  it('a request to a card in roubles shows what arrives in roubles, with its rate on hover', async () => {
    const user = userEvent.setup();
    const [first, ...rest] = fixtures.payouts.data;
    const rub = {
      ...first!,
      payment_details: '•••• 4242 (RUB)',
      conversion: { currency: 'RUB' as const, rate: '81.1045', rate_date: '2026-11-21', source: 'cbr' as const, amount_minor: 778_603 },
    };
    startScreen('/payouts', { 'GET /api/payouts': { body: { ...fixtures.payouts, data: [rub, ...rest] } } });
    await waitFor(() => expect(historyRows()).toHaveLength(fixtures.payouts.data.length));
    const amount = within(historyRows()[0]!).getByText('RUB 7,786.03');
    // The others were paid in dollars.
    expect(within(historyRows()[1]!).getByRole('gridcell', { name: '—' })).toBeInTheDocument();
    await user.hover(amount);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('1 USD = 81.1045 RUB · Central Bank of Russia, rate for Nov 21, 2026');
    expect(within(grid('Your payout requests')).getByRole('columnheader', { name: 'In card currency' })).toBeInTheDocument();
  });

  it('a request’s timeline says what it pays in roubles and at which rate', async () => {
    const user = userEvent.setup();
    const conversion = { currency: 'RUB' as const, rate: '81.1045', rate_date: '2026-11-21', source: 'cbr' as const, amount_minor: 778_603 };
    startScreen('/payouts', {
      'GET /api/payout/51/timeline': { body: { ...fixtures.payoutTimeline, data: { ...fixtures.payoutTimeline.data, conversion } } },
    });
    await waitFor(() => expect(historyRows().length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Timeline of request #51' }));
    const converted = await screen.findByTestId('timeline-converted');
    expect(converted).toHaveTextContent('In card currency');
    expect(converted).toHaveTextContent('RUB 7,786.03');
    expect(converted).toHaveTextContent('1 USD = 81.1045 RUB · Central Bank of Russia, rate for Nov 21, 2026');
  });

  it('deletes a created request after a confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/payouts', {
      'DELETE /api/payout/58': {
        body: {
          success: true,
          message: 'Deleted.',
          data: { ...fixtures.payouts.data[0], status: 'deleted', can_delete: false },
        },
      },
    });
    await waitFor(() => expect(historyRows().length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Delete request #58' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete request' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this request?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('/payout/58')).toMatchObject([{ method: 'DELETE' }]));
    expect(await screen.findByText('The request has been deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo('/payouts').filter((c) => c.method === 'GET').length).toBeGreaterThan(1),
    );
  });

  it('opens a request’s timeline: every move with its date and the day it is expected', async () => {
    const user = userEvent.setup();
    startScreen('/payouts');
    await waitFor(() => expect(historyRows().length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Timeline of request #51' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payout request #51' });
    await waitFor(() => expect(within(dialog).getAllByTestId('timeline-move')).toHaveLength(3));
    const moves = within(dialog).getAllByTestId('timeline-move');
    expect(moves[0]).toHaveTextContent(`Created${formatDateTime('2026-11-14T18:16:33.000Z')}`);
    expect(moves[2]).toHaveTextContent(`Payout processing${formatDateTime('2026-11-18T11:40:05.000Z')}`);
    expect(within(dialog).getByTestId('payout-expected')).toHaveTextContent('Expected about Nov 23, 2026');
    // Paid in dollars: nothing about another currency.
    expect(within(dialog).queryByTestId('timeline-converted')).not.toBeInTheDocument();
  });

  it('a rejected request’s timeline gives the reason', async () => {
    const user = userEvent.setup();
    const rejected = fixtures.payouts.data[4]!;
    startScreen('/payouts', {
      'GET /api/payout/39/timeline': {
        body: {
          data: rejected,
          events: [
            { status: 'created', at: rejected.created_date, reason: '' },
            { status: 'rejected', at: rejected.updated_at, reason: rejected.status_reason },
          ],
        },
      },
    });
    await waitFor(() => expect(historyRows().length).toBeGreaterThan(4));
    // A click on the row opens it as well.
    await user.click(within(historyRows()[4]!).getByText('Rejected'));
    const dialog = await screen.findByRole('dialog', { name: 'Payout request #39' });
    expect(await within(dialog).findByTestId('timeline-reason')).toHaveTextContent(
      `Reason: ${rejected.status_reason}`,
    );
    expect(within(dialog).queryByTestId('payout-expected')).not.toBeInTheDocument();
  });
});

describe('payouts: loading, empty and error states', () => {
  it('shows a skeleton while wallets load', async () => {
    startScreen('/payouts', { 'GET /api/purses': () => new Promise(() => undefined) });
    await screen.findByTestId('page-title');
    expect(await screen.findAllByTestId('loading')).not.toHaveLength(0);
  });

  it('a new partner sees what to do: no wallets, no requests', async () => {
    startScreen('/payouts', {
      'GET /api/purses': { body: { purses: [], purses_not_confirmed: [] } },
      'GET /api/payouts': { body: { data: [], meta: { page: 1, per_page: 25, total: 0 } } },
    });
    expect(await screen.findByText('No wallets yet')).toBeInTheDocument();
    expect(
      screen.getByText('Add a wallet and confirm it by the emailed link to request payouts.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No payout requests yet')).toBeInTheDocument();
    expect(screen.getByTestId('quick-payout')).toBeDisabled();
    expect(screen.getByTestId('quick-payout-reason')).toHaveTextContent(
      'Set a main wallet to use the quick request.',
    );
  });

  it('a failed read shows its error in place with a retry, and the rest of the page works', async () => {
    const user = userEvent.setup();
    let fail = true;
    startScreen('/payouts', { 'GET /api/purses': () => (fail ? serverError : { body: fixtures.purses }) });
    expect((await screen.findAllByText(/The figures could not be loaded/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('payouts-available-value')).toHaveTextContent(
        formatMoney(fixtures.availableWithdrawal.amount),
      ),
    );
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await waitFor(() => expect(walletRows()).toHaveLength(4));
  });

  it('explains hold from the product settings when the hold call fails, and shows that call’s error in its block', async () => {
    const user = userEvent.setup();
    startScreen('/payouts', { 'GET /api/payouts/user/hold-info': serverError });
    await user.click(await screen.findByTestId('what-is-hold'));
    expect(await screen.findByTestId('hold-explained')).toHaveTextContent(
      `stay on hold for ${fixtures.productSettings.sales.hold_days} days`,
    );
    expect(within(document.getElementById('hold-breakdown')!).getByTestId('error')).toBeInTheDocument();
  });
});

describe('payouts in Arabic', () => {
  it('renders right-to-left with figures in the Arabic locale', async () => {
    await changeLanguage('ar');
    startScreen('/payouts');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // Compared as text: the Arabic amount carries marks and no-break spaces that toHaveTextContent would fold.
    await waitFor(() =>
      expect(screen.getByTestId('payouts-available-value').textContent).toBe(
        formatMoney(fixtures.availableWithdrawal.amount, 2, 'ar'),
      ),
    );
    expect(formatMoney(fixtures.availableWithdrawal.amount, 2, 'ar')).not.toBe(
      formatMoney(fixtures.availableWithdrawal.amount, 2, 'en'),
    );
    // The wallets table is named in Arabic.
    await waitFor(() => expect(rowsOf(arPayouts.wallets.tableLabel)).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(arNav.pages.payouts);
  });
});

describe('wallet confirmation link', () => {
  it('sends the code once, then says the payout details are verified, with the way back to payouts', async () => {
    const { callsTo } = startScreen('/purse/confirm/k3v9-Qx7', {
      'POST /api/purse/confirm/k3v9-Qx7': {
        body: {
          success: true,
          message: 'Payout details successfully verified',
          data: fixtures.purses.purses[0],
        },
      },
    });
    const status = await screen.findByTestId('purse-confirm-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'success'));
    expect(status).toHaveTextContent('Payout details successfully verified');
    expect(within(status).getByRole('link', { name: 'Go to payouts' })).toHaveAttribute('href', '/payouts');
    expect(callsTo('/purse/confirm/k3v9-Qx7')).toHaveLength(1);
  });

  it('says an invalid or expired link is so', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    startScreen('/purse/confirm/used-code', {
      'POST /api/purse/confirm/used-code': () => new Promise((resolve) => (answer = resolve)),
    });
    const status = await screen.findByTestId('purse-confirm-status');
    expect(status).toHaveTextContent('Confirmation in progress, please wait…');
    answer({ status: 404, body: { code: 'not_found', message: '' } });
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'error'));
    expect(status).toHaveTextContent('URL is invalid or expired. Please try again');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
