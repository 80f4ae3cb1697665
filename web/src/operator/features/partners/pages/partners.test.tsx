import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { partnerAnswer, partnerLedgerAnswer, partnerMailsAnswer, partnerReferralsAnswer, partnerSessionsAnswer, partnerSitesAnswer, partnersAnswer } from '@pc/core/contracts/console';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import type { PartnerAnswer, PartnerLedgerRow } from '../api/get-partner.ts';
import type { PartnersAnswer } from '../api/search-partners.ts';
import { incomeMicro } from '../components/income-amount.ts';

const active = { state: 'active' as const, reason: null, blocked_at: null, sign_in_locked: false };

const found: PartnersAnswer = {
  data: [
    { id: 17, email: 'anna@partner.test', name: 'Anna Petrova', created_at: '2026-03-01T10:00:00.000Z', status: active, matched: 'email' },
    { id: 21, email: 'boris@partner.test', name: 'Boris Ivanov', created_at: '2026-04-02T10:00:00.000Z', status: { state: 'blocked', reason: 'Fraud', blocked_at: '2026-11-01T09:00:00.000Z', sign_in_locked: false }, matched: 'wallet' },
  ],
  meta: { page: 1, per_page: 50, total: 2 },
};

const entry = (over: Partial<PartnerLedgerRow>): PartnerLedgerRow => ({
  id: 501,
  day: '2026-11-20',
  project: 'fd1',
  source: 'files',
  bucket: 'live',
  kind: 'earning',
  amount: 12_340_000,
  available_at: '2026-12-20T00:00:00.000Z',
  note: '',
  created_at: '2026-11-21T02:00:00.000Z',
  ...over,
});

const partner: PartnerAnswer = {
  profile: { id: 17, email: 'anna@partner.test', first_name: 'Anna', last_name: 'Petrova', contact: '@anna', lang: 'ru', created_at: '2026-03-01T10:00:00.000Z', confirmed_at: '2026-03-01T10:05:00.000Z', referred_by: 3, second_factor: ['totp'] },
  status: active,
  programs: [
    { project: 'fd1', activated_at: '2026-03-02T10:00:00.000Z', plan: 'Gold' },
    { project: 'fd2', activated_at: '2026-05-02T10:00:00.000Z', plan: null },
  ],
  balance: { earnings: 900_000_000, live: 20_000_000, payouts_accepted: 500_000_000, in_progress: 50_000_000, balance: 350_000_000, hold: 100_000_000, available: 250_000_000 },
  recent_ledger: [entry({})],
};
const blockedPartner: PartnerAnswer = { ...partner, status: { state: 'blocked', reason: 'Chargebacks from one card', blocked_at: '2026-11-25T08:00:00.000Z', sign_in_locked: false } };

const ledger = { data: [entry({}), entry({ id: 502, kind: 'additional', source: 'additional', amount: -5_000_000, note: 'Contest prize taken back' })], meta: { page: 1, per_page: 50, total: 2 }, sum: 7_340_000 };
const sessions = {
  data: [
    { id: 'a1b2c3d4e5f60718', created_at: '2026-11-26T10:00:00.000Z', last_seen_at: '2026-11-27T10:00:00.000Z', expires_at: '2026-12-26T10:00:00.000Z', ip: '203.0.113.9', user_agent: 'Firefox on Linux', operator_view: null },
    { id: 'ffeeddccbbaa9988', created_at: '2026-11-27T09:00:00.000Z', last_seen_at: '2026-11-27T09:01:00.000Z', expires_at: '2026-11-27T09:15:00.000Z', ip: '198.51.100.2', user_agent: 'Chrome', operator_view: 'staff:1:Ada Admin' },
  ],
};
const sites = {
  data: [
    { id: 61, project: 'fd1' as const, domain: 'files.example', status: 'active', created_at: '2026-05-01T10:00:00.000Z', verified_at: '2026-05-02T10:00:00.000Z' },
    { id: 62, project: 'fd2' as const, domain: 'bad.example', status: 'banned', created_at: '2026-06-01T10:00:00.000Z', verified_at: null },
  ],
};
const referrals = { data: [{ id: 40, email: 'ref@partner.test', created_at: '2026-08-01T10:00:00.000Z', level: 1 as const }] };
const mails = {
  data: [
    { id: 90, kind: 'payout_accepted', subject: 'Your payout was sent', lang: 'ru', created_at: '2026-11-20T10:00:00.000Z', status: 'sent' as const },
    { id: 91, kind: 'weekly_summary', subject: 'Your week', lang: 'ru', created_at: '2026-11-22T10:00:00.000Z', status: 'failed' as const },
  ],
};

const partnerRoutes = {
  'GET /operator/v1/partners/17': { body: partner },
  'GET /operator/v1/partners/17/ledger': { body: ledger },
  'GET /operator/v1/partners/17/sessions': { body: sessions },
  'GET /operator/v1/partners/17/sites': { body: sites },
  'GET /operator/v1/partners/17/referrals': { body: referrals },
  'GET /operator/v1/partners/17/mails': { body: mails },
};

const rowsOf = async (name: string) => {
  const grid = await screen.findByRole('grid', { name }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

afterEach(() => vi.unstubAllGlobals());

describe('console: partners fixtures', () => {
  it('hold against the contract', () => {
    expect(() => partnersAnswer.parse(found)).not.toThrow();
    expect(() => partnerAnswer.parse(partner)).not.toThrow();
    expect(() => partnerAnswer.parse(blockedPartner)).not.toThrow();
    expect(() => partnerLedgerAnswer.parse(ledger)).not.toThrow();
    expect(() => partnerSessionsAnswer.parse(sessions)).not.toThrow();
    expect(() => partnerSitesAnswer.parse(sites)).not.toThrow();
    expect(() => partnerReferralsAnswer.parse(referrals)).not.toThrow();
    expect(() => partnerMailsAnswer.parse(mails)).not.toThrow();
  });

  it('reads the income amount as micro-USD, a debit negative', () => {
    expect(incomeMicro('12.50', 'credit')).toBe(12_500_000);
    expect(incomeMicro('12,5', 'debit')).toBe(-12_500_000);
    expect(incomeMicro('0', 'credit')).toBeNull();
    expect(incomeMicro('1.234', 'credit')).toBeNull();
    expect(incomeMicro('abc', 'credit')).toBeNull();
  });
});

describe('console: partner search', () => {
  it('sends the URL’s query, lists the matches with what matched, and a row opens the partner', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/partners?q=partner.test', { 'GET /operator/v1/partners': { body: found }, ...partnerRoutes });
    const [first, second] = await rowsOf('Partners');
    expect(callsTo('/partners')[0]!.query).toEqual({ q: 'partner.test', page: '1', per_page: '50' });
    expect(screen.getByTestId('partners-q')).toHaveValue('partner.test');
    expect(screen.getByTestId('partners-search-hint')).toHaveTextContent('2 partners found for “partner.test”');
    expect(first).toHaveTextContent('#17');
    expect(first).toHaveTextContent('anna@partner.test');
    expect(first).toHaveTextContent('Anna Petrova');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('Email');
    expect(second).toHaveTextContent('Blocked');
    expect(second).toHaveTextContent('Wallet');
    await user.click(within(first!).getByText('Anna Petrova'));
    expect(await screen.findByTestId('partner-email', undefined, { timeout: 20_000 })).toHaveTextContent('anna@partner.test');
  }, 40_000);

  it('a typed query goes into the URL and to the call', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/partners', { 'GET /operator/v1/partners': { body: found } });
    await rowsOf('Partners');
    expect(callsTo('/partners')[0]!.query).toEqual({ page: '1', per_page: '50' });
    expect(screen.getByTestId('partners-search-hint')).toHaveTextContent('The newest partners');
    await user.type(screen.getByTestId('partners-q'), '  4111 1111 1111 1111 {Enter}');
    await waitFor(() => expect(callsTo('/partners').at(-1)!.query).toEqual({ q: '4111 1111 1111 1111', page: '1', per_page: '50' }));
  }, 40_000);

  it('says when nothing matches, and shows an error in place of the table', async () => {
    await startConsole('/operator/partners?q=nobody', { 'GET /operator/v1/partners': { body: { data: [], meta: { page: 1, per_page: 50, total: 0 } } } });
    expect(await screen.findByText('No partner matches', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('an error in place of the table', async () => {
    await startConsole('/operator/partners', { 'GET /operator/v1/partners': { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('a role without partners.read has no Partners section', async () => {
    await startConsole('/operator/partners', { 'GET /operator/v1/partners': { body: found } }, meAs('content'));
    expect(await screen.findByTestId('not-allowed', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('nav-partners')).toBeNull();
  });

  it('in Russian', async () => {
    await startConsole('/operator/partners?q=partner.test', { 'GET /operator/v1/partners': { body: found } }, meAs('admin'), 'ru');
    const [first] = await rowsOf('Партнёры');
    expect(first).toHaveTextContent('Активен');
    expect(screen.getByTestId('partners-search-hint')).toHaveTextContent('По запросу «partner.test» найдено 2 партнёра');
  });
});

describe('console: a partner', () => {
  it('shows the profile, status, programmes and balance, and the ledger with the URL’s filters, its sum and the CSV export', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn().mockReturnValue('blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { callsTo } = await startConsole('/operator/partners/17?kind=additional&project=fd1&from=2026-11-01&to=2026-11-30', {
      ...partnerRoutes,
      'GET /operator/v1/partners/17/ledger.csv': { body: 'id,day\r\n' },
    });
    expect(await screen.findByTestId('partner-email', undefined, { timeout: 20_000 })).toHaveTextContent('anna@partner.test');
    expect(screen.getByTestId('partner-balance')).toHaveTextContent('$350.00');
    expect(screen.getByTestId('partner-hold')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('partner-available')).toHaveTextContent('$250.00');
    expect(screen.getByTestId('partner-status-state')).toHaveTextContent('Active');
    expect(screen.getByTestId('partner-program-fd1')).toHaveTextContent('Gold');
    expect(screen.getByTestId('partner-program-fd2')).toHaveTextContent('No plan');
    expect(screen.getByTestId('partner-profile')).toHaveTextContent('@anna');
    const [, taken] = await rowsOf('Ledger entries');
    expect(taken).toHaveTextContent('Additional income');
    expect(taken).toHaveTextContent('-$5.00');
    expect(taken).toHaveTextContent('Contest prize taken back');
    expect(screen.getByTestId('ledger-sum')).toHaveTextContent('$7.34');
    expect(callsTo('/partners/17/ledger')[0]!.query).toEqual({ kind: 'additional', project: 'fd1', from: '2026-11-01', to: '2026-11-30', page: '1', per_page: '50' });
    await user.click(screen.getByTestId('ledger-export'));
    await waitFor(() => expect(callsTo('/partners/17/ledger.csv')).toHaveLength(1));
    expect(callsTo('/partners/17/ledger.csv')[0]!.query).toEqual({ kind: 'additional', project: 'fd1', from: '2026-11-01', to: '2026-11-30' });
    expect(URL.createObjectURL).toHaveBeenCalled();
  }, 40_000);

  it('blocks with a reason and tells how many sessions ended; the partner is asked again', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const { callsTo, jsonOf } = await startConsole('/operator/partners/17', {
      ...partnerRoutes,
      'GET /operator/v1/partners/17': () => ({ body: blocked ? blockedPartner : partner }),
      'POST /operator/v1/partners/17/block': () => {
        blocked = true;
        return { body: { id: 17, status: blockedPartner.status, sessions_ended: 3 } };
      },
    });
    await user.click(await screen.findByTestId('partner-block', undefined, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Block anna@partner.test?');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(dialog).toHaveTextContent('Enter the reason.');
    await user.type(within(dialog).getByTestId('reason-input'), 'Chargebacks from one card');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(await screen.findByTestId('partner-notice')).toHaveTextContent('Blocked. 3 sessions ended.');
    expect(jsonOf(callsTo('/partners/17/block')[0]!)).toEqual({ reason: 'Chargebacks from one card' });
    expect(await screen.findByTestId('partner-block-reason')).toHaveTextContent('Chargebacks from one card');
    expect(screen.getByTestId('partner-unblock')).toBeInTheDocument();
  }, 40_000);

  it('resets a lost second factor with a reason, only where the partner has one', async () => {
    const user = userEvent.setup();
    let reset = false;
    const { callsTo, jsonOf } = await startConsole('/operator/partners/17', {
      ...partnerRoutes,
      'GET /operator/v1/partners/17': () => ({ body: reset ? { ...partner, profile: { ...partner.profile, second_factor: [] } } : partner }),
      'POST /operator/v1/partners/17/second-factor/reset': () => {
        reset = true;
        return { body: { id: 17, sessions_ended: 2 } };
      },
    });
    await user.click(await screen.findByTestId('partner-second-factor-reset', undefined, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reset the two-step sign-in of anna@partner.test?');
    expect(dialog).toHaveTextContent('you have checked who is asking');
    await user.type(within(dialog).getByTestId('reason-input'), 'Lost phone, ticket 4411');
    await user.click(within(dialog).getByTestId('reason-confirm'));
    expect(await screen.findByTestId('partner-notice')).toHaveTextContent('Two-step sign-in reset. 2 sessions ended.');
    expect(jsonOf(callsTo('/partners/17/second-factor/reset')[0]!)).toEqual({ reason: 'Lost phone, ticket 4411' });
    // Read again: nothing left to reset, so the action is gone.
    await waitFor(() => expect(screen.queryByTestId('partner-second-factor-reset')).toBeNull());
  }, 40_000);

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/partners/17', {
      ...partnerRoutes,
      'GET /operator/v1/partners/17': { body: blockedPartner },
      'POST /operator/v1/partners/17/unblock': { status: 409, body: { code: 'conflict', reason: 'not_blocked', message: 'The partner is not blocked.' } },
    });
    await user.click(await screen.findByTestId('partner-unblock', undefined, { timeout: 20_000 }));
    await user.type(within(await screen.findByRole('dialog')).getByTestId('reason-input'), 'Cleared');
    await user.click(screen.getByTestId('reason-confirm'));
    expect(await screen.findByTestId('reason-error')).toHaveTextContent('The partner is not blocked.');
  }, 40_000);

  it('books additional income as a debit in micro-USD after a confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/partners/17', {
      ...partnerRoutes,
      'POST /operator/v1/partners/17/additional-income': { body: { id: 5, user_id: 17, project: 'fd1', day: '2026-11-27', amount: -12_500_000, reason: 'x', replayed: false } },
    });
    await user.click(await screen.findByTestId('partner-income', undefined, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('income-debit'));
    await user.type(within(dialog).getByTestId('income-amount'), '12.505');
    await user.type(within(dialog).getByTestId('income-reason'), 'Contest prize taken back');
    await user.click(within(dialog).getByTestId('income-submit'));
    expect(dialog).toHaveTextContent('at most two decimals');
    await user.clear(within(dialog).getByTestId('income-amount'));
    await user.type(within(dialog).getByTestId('income-amount'), '12,50');
    await user.click(within(dialog).getByTestId('income-submit'));
    expect(await within(dialog).findByTestId('income-confirm-text')).toHaveTextContent('Take $12.50 back from anna@partner.test in FD1, reason: “Contest prize taken back”?');
    expect(callsTo('/partners/17/additional-income')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('income-submit'));
    await waitFor(() => expect(callsTo('/partners/17/additional-income')).toHaveLength(1));
    expect(jsonOf(callsTo('/partners/17/additional-income')[0]!)).toEqual({ project: 'fd1', amount: -12_500_000, reason: 'Contest prize taken back' });
    // The partner's figures are asked again.
    await waitFor(() => expect(callsTo('/partners/17').length).toBeGreaterThan(1));
  }, 40_000);

  it('opens the read-only view in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn().mockReturnValue(tab);
    vi.stubGlobal('open', open);
    await startConsole('/operator/partners/17', {
      ...partnerRoutes,
      'POST /operator/v1/partners/17/view-as': { body: { url: 'http://localhost:3000/operator/v1/view-as/abcdefghijklmnopqrstuvwx', link_expires_at: '2026-11-27T10:02:00.000Z', expires_in_seconds: 900 } },
    });
    await user.click(await screen.findByTestId('partner-view-as', undefined, { timeout: 20_000 }));
    await waitFor(() => expect(tab.location.href).toBe('http://localhost:3000/operator/v1/view-as/abcdefghijklmnopqrstuvwx'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await screen.findByTestId('partner-view-link')).toHaveTextContent('read-only for 15 minutes');
  }, 40_000);

  it('sessions: ends one and all after a confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole('/operator/partners/17?tab=sessions', {
      ...partnerRoutes,
      'DELETE /operator/v1/partners/17/sessions/a1b2c3d4e5f60718': { body: { ended: 1 } },
      'DELETE /operator/v1/partners/17/sessions': { body: { ended: 2 } },
    });
    const [, view] = await rowsOf('Sessions');
    expect(view).toHaveTextContent('Read-only view by Ada Admin');
    await user.click(screen.getByTestId('session-end-a1b2c3d4e5f60718'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(callsTo('/partners/17/sessions/a1b2c3d4e5f60718')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByTestId('sessions-end-all'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(callsTo('/partners/17/sessions').filter((c) => c.method === 'DELETE')).toHaveLength(1));
  }, 40_000);

  it('sites: bans one with a reason and unbans another; a refusal shows its message', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/partners/17?tab=sites', {
      ...partnerRoutes,
      'POST /operator/v1/sites/61/ban': { body: { id: 61, status: 'banned' } },
      'POST /operator/v1/sites/62/unban': { status: 409, body: { code: 'conflict', reason: 'site_not_banned', message: 'The site is not banned.' } },
    });
    await rowsOf('Sites');
    expect(screen.getByTestId('site-status-62')).toHaveTextContent('Banned');
    await user.click(screen.getByTestId('site-ban-61'));
    await user.type(within(await screen.findByRole('dialog')).getByTestId('reason-input'), 'Cloaking');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(callsTo('/sites/61/ban')).toHaveLength(1));
    expect(jsonOf(callsTo('/sites/61/ban')[0]!)).toEqual({ reason: 'Cloaking' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByTestId('site-unban-62'));
    await user.type(within(await screen.findByRole('dialog')).getByTestId('reason-input'), 'Fixed');
    await user.click(screen.getByTestId('reason-confirm'));
    expect(await screen.findByTestId('reason-error')).toHaveTextContent('The site is not banned.');
  }, 40_000);

  it('referrals and mails', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/partners/17?tab=referrals', partnerRoutes);
    const [ref] = await rowsOf('Referrals');
    expect(ref).toHaveTextContent('ref@partner.test');
    expect(ref).toHaveTextContent('First level');
    await user.click(screen.getByTestId('partner-tab-mails'));
    const [sent, failed] = await rowsOf('Mails');
    expect(sent).toHaveTextContent('Your payout was sent');
    expect(sent).toHaveTextContent('Payout accepted');
    expect(screen.getByTestId('mail-status-90')).toHaveTextContent('Sent');
    expect(failed).toHaveTextContent('Weekly summary');
    expect(screen.getByTestId('mail-status-91')).toHaveTextContent('Failed');
  }, 40_000);

  it('finance: income only; no block, second-factor reset, sessions, view-as or site bans', async () => {
    await startConsole('/operator/partners/17?tab=sites', partnerRoutes, meAs('finance'));
    await rowsOf('Sites');
    expect(screen.getByTestId('partner-income')).toBeInTheDocument();
    expect(screen.queryByTestId('partner-block')).toBeNull();
    expect(screen.queryByTestId('partner-second-factor-reset')).toBeNull();
    expect(screen.queryByTestId('partner-view-as')).toBeNull();
    expect(screen.queryByTestId('partner-tab-sessions')).toBeNull();
    expect(screen.queryByTestId('site-ban-61')).toBeNull();
  }, 40_000);

  it('an error in place of the page', async () => {
    await startConsole('/operator/partners/17', { 'GET /operator/v1/partners/17': { status: 404, body: { code: 'not_found', message: 'No such partner.' } } });
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('in Russian', async () => {
    await startConsole('/operator/partners/17', { ...partnerRoutes, 'GET /operator/v1/partners/17': { body: blockedPartner } }, meAs('admin'), 'ru');
    expect(await screen.findByTestId('partner-status-state', undefined, { timeout: 20_000 })).toHaveTextContent('Заблокирован');
    expect(screen.getByTestId('partner-unblock')).toHaveTextContent('Разблокировать');
    const [, taken] = await rowsOf('Движения по счёту');
    expect(taken).toHaveTextContent('Доп. доход');
  }, 40_000);
});
