import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { plansAnswer, simulationAnswer, type PlansAnswer } from '@pc/core/contracts/plans';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';

/** Recorded answers (a partner on Mixed since the activation, 30 days of traffic; the same after choosing PPS). */
const base = plansAnswer.parse(fixtures.plans);
const scheduled = plansAnswer.parse(fixtures.plansScheduled);
const simulation = simulationAnswer.parse(fixtures.plansSimulation);
const day = (iso: string) => formatDate(iso, undefined, { dateStyle: 'long', timeZone: 'UTC' });

const loaded = () => screen.findByTestId('current-plan', {}, { timeout: 20_000 });

describe('rate plans page', () => {
  it('shows the plan in force, the three plans with the settings’ rates and shares, the simulator and the conditions', async () => {
    const { callsTo } = startScreen('/app/fd1/rates');
    expect(await loaded()).toHaveTextContent('Mixed');
    expect(callsTo('/rates').some((c) => c.query.app === 'fd1')).toBe(true);
    expect(screen.getByTestId('current-since')).toHaveTextContent(`since ${day(base.current.since!)}`);
    expect(screen.queryByTestId('next-plan')).not.toBeInTheDocument();
    expect(screen.getByTestId('change-when')).toHaveTextContent(`You can choose another plan now. It will apply from ${day(base.change.effective_from)}.`);

    // The cards: PPS 85% / 50%, Mixed 60% / 30% and up to $8.75, PPD up to $25.00 per 1,000 downloads.
    const pps = screen.getByTestId('plan-card-pps');
    expect(pps).toHaveTextContent('85% of sales, 50% of rebills');
    expect(pps).toHaveTextContent('Downloads are not paid');
    expect(within(screen.getByTestId('plan-card-mixed')).getByText('Current')).toBeInTheDocument();
    expect(screen.getByTestId('plan-card-mixed')).toHaveTextContent('Up to $8.75 per 1,000 downloads');
    expect(screen.getByTestId('plan-card-ppd')).toHaveTextContent('Up to $25.00 per 1,000 downloads');
    expect(screen.getByTestId('plan-card-ppd')).toHaveTextContent('No share of sales');
    expect(screen.getByTestId('choose-mixed')).toBeDisabled();
    expect(screen.getByTestId('choose-pps')).toBeEnabled();

    // The simulator: PPS paid most for this traffic, highlighted, with what it would have added.
    expect(await screen.findByTestId('best-pps')).toHaveTextContent('Best for your traffic');
    expect(screen.getByTestId('sim-pps')).toHaveTextContent(formatMoney(simulation.plans[0]!.total));
    expect(within(screen.getByTestId('sim-pps')).getByText('Best')).toBeInTheDocument();
    expect(screen.getByTestId('sim-verdict')).toHaveTextContent(
      `On PPS this traffic would have paid ${formatMoney(simulation.plans[0]!.total - simulation.plans[1]!.total)} more than on Mixed.`,
    );
    expect(screen.getByTestId('sim-traffic')).toHaveTextContent(`Priced: 772 counted downloads and 17 sales worth ${formatMoney(simulation.traffic.sales_amount)}.`);
    expect(screen.getByTestId('sim-note')).toHaveTextContent('Not counted: the site-referral bonus and referral commissions');

    expect(within(screen.getByTestId('share-rebill')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['50%', '30%', '—']);
    expect(within(screen.getByTestId('rate-A')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', '$8.75', '$25.00']);
    expect(within(screen.getByTestId('rate-R')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', '$3.50', '$9.00']);
    expect(screen.getByTestId('country-groups')).toHaveTextContent('Russia');
    expect(screen.getByTestId('conditions')).toHaveTextContent('On Mixed and PPD a download is paid when the file is larger than 10 MB.');
    expect(screen.getByTestId('conditions')).toHaveTextContent('A download counts even when it was not completed.');
    expect(screen.getByTestId('conditions')).toHaveTextContent('You can change the plan once every 7 days');

    // Free downloads are a PPS matter: not on Mixed.
    expect(screen.queryByTestId('free-downloads')).not.toBeInTheDocument();
    expect(screen.getByTestId('plan-history')).toHaveTextContent('Default plan when the programme was activated');
    // The limit on price variations is never shown as a number.
    expect(screen.getByTestId('price-variations')).toHaveTextContent('You can pick a few of the project’s premium prices');
    expect(screen.getByTestId('price-variations').textContent).not.toMatch(/\b3\b/);
  });

  it('shows a scheduled plan with its date, when the next change is possible, and the free-download settings', async () => {
    startScreen('/app/fd1/rates', { 'GET /api/rates': { body: scheduled } });
    await loaded();
    expect(screen.getByTestId('next-plan')).toHaveTextContent(`From ${day(scheduled.next!.effective_from)} your plan is PPS.`);
    expect(screen.getByTestId('change-when')).toHaveTextContent('The next change is possible from');
    expect(screen.getByTestId('change-when')).toHaveTextContent('November 27, 2026');
    expect(within(screen.getByTestId('plan-card-pps')).getByText(`From ${day(scheduled.next!.effective_from)}`)).toBeInTheDocument();
    for (const plan of ['pps', 'mixed', 'ppd']) expect(screen.getByTestId(`choose-${plan}`)).toBeDisabled();
    expect(screen.getByTestId('free-downloads')).toBeInTheDocument();
    expect(screen.getByTestId('free-downloads-pending')).toHaveTextContent(`You are on PPS from ${day(scheduled.next!.effective_from)}`);
    expect(screen.getByTestId('plan-history')).toHaveTextContent('Chosen by you on');
  });

  it('shows the loading state while the page’s state is on its way', async () => {
    startScreen('/app/fd1/rates', { 'GET /api/rates': () => new Promise(() => undefined), 'GET /api/rates/simulation': () => new Promise(() => undefined) });
    await screen.findByTestId('page-title', {}, { timeout: 20_000 });
    expect((await screen.findAllByTestId('loading')).length).toBeGreaterThan(1);
    expect(screen.queryByTestId('current-plan')).not.toBeInTheDocument();
  });

  it('a partner with no plan history yet is on the default plan; without traffic the simulator says so', async () => {
    const fresh: PlansAnswer = { ...base, current: { plan: 'mixed', since: null }, history: [] };
    startScreen('/app/fd1/rates', {
      'GET /api/rates': { body: fresh },
      'GET /api/rates/simulation': { body: { ...simulation, plans: simulation.plans.map((p) => ({ ...p, downloads: 0, sales: 0, total: 0 })), best: null, traffic: { counted_downloads: 0, sales: 0, sales_amount: 0 }, earned: 0 } },
    });
    await loaded();
    expect(screen.getByTestId('current-since')).toHaveTextContent('the default plan for new partners');
    expect(await screen.findByText('No traffic to compare yet')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-history')).not.toBeInTheDocument();
    expect(screen.queryByTestId('best-pps')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the state cannot be read', async () => {
    startScreen('/app/fd1/rates', { 'GET /api/rates': serverError });
    const alerts = await screen.findAllByTestId('error', {}, { timeout: 20_000 });
    expect(alerts[0]).toHaveTextContent(/error/i);
    expect(within(alerts[0]!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('chooses a plan after a confirmation and shows the plan from the next day', async () => {
    const user = userEvent.setup();
    const after: PlansAnswer = { ...scheduled, next: { plan: 'ppd', effective_from: scheduled.next!.effective_from }, history: [{ ...scheduled.history[0]!, plan: 'ppd' }, ...scheduled.history.slice(1)] };
    const { api, callsTo } = startScreen('/app/fd1/rates', {
      'POST /api/rates': { body: { success: true, message: 'From November 21, 2026 your plan is PPD.', data: after } },
    });
    await loaded();
    await user.click(screen.getByTestId('choose-ppd'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Switch to PPD?');
    expect(dialog).toHaveTextContent(`PPD will apply from ${day(base.change.effective_from)}. After this you can change the plan again in 7 days.`);
    await user.click(within(dialog).getByRole('button', { name: 'Switch to PPD' }));
    await waitFor(() => expect(screen.getByTestId('next-plan')).toHaveTextContent('your plan is PPD.'));
    const post = callsTo('/rates').find((c) => c.method === 'POST')!;
    expect(post.query.app).toBe('fd1');
    expect(api.bodyOf(post)).toEqual({ plan: 'ppd' });
    expect(await screen.findByText('From November 21, 2026 your plan is PPD.')).toBeInTheDocument();
  });

  it('keeps the plan in force instead of the scheduled one; a refusal of that is shown in place', async () => {
    const user = userEvent.setup();
    const kept: PlansAnswer = { ...scheduled, next: null, change: base.change, history: base.history };
    let calls = 0;
    const tooLate = 'The plan change starts at November 21, 2026 at 12:00 AM UTC and can no longer be taken back.';
    const { callsTo } = startScreen('/app/fd1/rates', {
      'GET /api/rates': { body: scheduled },
      'DELETE /api/rates/next': () =>
        calls++ === 0
          ? { status: 422, body: { code: 'validation_failed', message: tooLate, errors: { plan: [tooLate] } } }
          : { body: { success: true, message: 'Your plan stays Mixed.', data: kept } },
    });
    await loaded();
    const keep = within(screen.getByTestId('next-plan')).getByRole('button', { name: 'Keep Mixed' });
    await user.click(keep);
    expect(await screen.findByTestId('change-refused')).toHaveTextContent(tooLate);
    expect(screen.getByTestId('next-plan')).toBeInTheDocument();

    await user.click(keep);
    await waitFor(() => expect(screen.queryByTestId('next-plan')).not.toBeInTheDocument());
    expect(await screen.findByText('Your plan stays Mixed.')).toBeInTheDocument();
    expect(screen.queryByTestId('change-refused')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Mixed');
    expect(screen.getByTestId('change-when')).toHaveTextContent('You can choose another plan now.');
    expect(callsTo('/rates/next').map((c) => [c.method, c.query.app])).toEqual([
      ['DELETE', 'fd1'],
      ['DELETE', 'fd1'],
    ]);
  });

  it('shows a refusal with the date the change becomes possible, and changes nothing', async () => {
    const user = userEvent.setup();
    const message = 'You can change the plan once every 7 days. The next change is possible from November 27, 2026 at 09:30 PM UTC.';
    startScreen('/app/fd1/rates', {
      'POST /api/rates': { status: 422, body: { code: 'validation_failed', message, errors: { plan: [message] }, allowed_at: '2026-11-27T21:30:00.000Z' } },
    });
    await loaded();
    await user.click(screen.getByTestId('choose-pps'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to PPS' }));
    expect(await screen.findByTestId('change-refused')).toHaveTextContent(message);
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Mixed');
    expect(screen.queryByTestId('next-plan')).not.toBeInTheDocument();
  });

  it('follows the operator’s rates and shares rather than fixed numbers', async () => {
    const settings = structuredClone(fixtures.productSettings);
    settings.plans.download_rates.mixed.A = 9_500;
    settings.plans.sale_shares.pps.sale = 8_000;
    settings.plans.change_every_days = 14;
    startScreen('/app/fd1/rates', { 'GET /api/product/settings': { body: settings } });
    await loaded();
    await waitFor(() => expect(within(screen.getByTestId('rate-A')).getAllByRole('cell')[1]).toHaveTextContent('$9.50'));
    expect(screen.getByTestId('plan-card-pps')).toHaveTextContent('80% of sales');
    expect(screen.getByTestId('conditions')).toHaveTextContent('once every 14 days');
  });

  it('picks a few price variations: the others wait once the limit is reached; saving posts the pick', async () => {
    const user = userEvent.setup();
    const saved: PlansAnswer = { ...base, price_variations: { ...base.price_variations, selected: ['fd1-2d', 'fd1-7d', 'fd1-30d'] } };
    const { api, callsTo } = startScreen('/app/fd1/rates', {
      'POST /api/rates/price-variations': { body: { success: true, message: 'Price variations are saved.', data: saved } },
    });
    await loaded();
    const box = (id: string) => within(screen.getByTestId(`variation-${id}`)).getByRole('checkbox');
    expect(screen.getByTestId('variation-fd1-7d')).toHaveTextContent(`7 days of premium for ${formatMoney(5_990_000)}`);
    await user.click(box('fd1-2d'));
    await user.click(box('fd1-7d'));
    await user.click(box('fd1-30d'));
    expect(screen.getByTestId('variations-full')).toBeInTheDocument();
    expect(box('fd1-90d')).toBeDisabled();
    await user.click(box('fd1-2d'));
    expect(box('fd1-90d')).toBeEnabled();
    await user.click(box('fd1-2d'));
    await user.click(screen.getByTestId('variations-save'));
    await waitFor(() => expect(callsTo('/rates/price-variations')).toHaveLength(1));
    expect(api.bodyOf(callsTo('/rates/price-variations')[0]!)).toEqual({ selected: 'fd1-2d,fd1-7d,fd1-30d' });
    expect(await screen.findByText('Price variations are saved.')).toBeInTheDocument();
  });

  it('saves the free-download settings on PPS, refusing a size that is not a whole number of MB', async () => {
    const user = userEvent.setup();
    const onPps: PlansAnswer = { ...scheduled, current: { plan: 'pps', since: scheduled.next!.effective_from }, next: null };
    const { api, callsTo } = startScreen('/app/fd1/rates', {
      'GET /api/rates': { body: onPps },
      'POST /api/rates/free-downloads': (call) => ({ body: { success: true, message: 'Free-download settings are saved.', data: { ...onPps, free_downloads: { ...onPps.free_downloads, mode: new URLSearchParams(call.body).get('mode') } } } }),
    });
    await loaded();
    expect(screen.queryByTestId('free-downloads-pending')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('free-mode-individual')).getByRole('radio'));
    expect(screen.getByText('New files in the Inbox folder')).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: 'New files in the Inbox folder' })).getByRole('radio', { name: 'Disallow' }));
    await user.click(screen.getByTestId('free-unlimited'));
    await user.type(screen.getByTestId('free-size'), '1.5');
    await user.click(screen.getByTestId('free-save'));
    expect(await screen.findByText('Enter a whole number of megabytes, 1 or more.')).toBeInTheDocument();
    expect(callsTo('/rates/free-downloads')).toHaveLength(0);
    await user.clear(screen.getByTestId('free-size'));
    await user.type(screen.getByTestId('free-size'), '500');
    await user.click(screen.getByTestId('free-save'));
    await waitFor(() => expect(callsTo('/rates/free-downloads')).toHaveLength(1));
    expect(api.bodyOf(callsTo('/rates/free-downloads')[0]!)).toEqual({
      mode: 'individual',
      new_files_default: 'true',
      inbox_default: 'false',
      max_file_size_bytes: String(500 * 1_048_576),
    });
    expect(await screen.findByText('Free-download settings are saved.')).toBeInTheDocument();
  });
});
