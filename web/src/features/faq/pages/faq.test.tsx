import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import arNav from '../../../../../locales/ar/nav.json';
import enFaq from '../../../../../locales/en/faq.json';
import { FAQ_CATEGORIES } from '../catalogue.ts';
import { normalizeForSearch } from '../search.ts';
import { helpCenterNavigation } from '../../help-center/pages/HelpCenterSsoPage.tsx';

/** The page's chunk arrives lazily; the first test of a run waits for it on a busy machine. */
const pageLoaded = () => screen.findByTestId('faq-search', {}, { timeout: 20_000 });
const answerOf = (id: string) => document.getElementById(`${id}-answer`)!;
const questionButton = (id: string) => document.getElementById(`${id}-question`)!;

describe('FAQ texts', () => {
  const questions = enFaq.questions as Record<string, { q: string; a: string }>;

  it('has the seven categories of docs/product.md, each with at least four questions, all written', () => {
    expect(FAQ_CATEGORIES.map((c) => enFaq.categories[c.id])).toEqual([
      'File upload',
      'Payouts',
      'Site referrals',
      'Downloads and statistics',
      'Purchases',
      'Other questions',
      'Video player',
    ]);
    for (const category of FAQ_CATEGORIES) expect(category.questions.length).toBeGreaterThanOrEqual(4);
    const ids = FAQ_CATEGORIES.flatMap((c) => [...c.questions]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(questions).sort()).toEqual([...ids].sort());
  });

  it('names no figure of its own: every number is a placeholder filled from the settings', () => {
    for (const [id, { q, a }] of Object.entries(questions)) {
      const literal = `${q}\n${a}`.replace(/\{\{\w+\}\}/g, '');
      expect(literal, id).not.toMatch(/\p{Nd}/u);
    }
  });

  it('search folds case, accents, Arabic marks and the Turkish dotless i', () => {
    expect(normalizeForSearch('RÉBILL Ünlü', 'en')).toBe('rebill unlu');
    expect(normalizeForSearch('أَرْبَاح', 'ar')).toBe(normalizeForSearch('ارباح', 'ar'));
    expect(normalizeForSearch('ÖDEMELERI', 'tr')).toBe('odemeleri');
  });
});

describe('FAQ page', () => {
  it('shows the categories as tabs with their counts and every question', async () => {
    startScreen('/faq');
    await pageLoaded();
    const tabs = await screen.findByRole('tablist', { name: 'FAQ categories' });
    const total = FAQ_CATEGORIES.reduce((n, c) => n + c.questions.length, 0);
    expect(within(tabs).getByRole('tab', { name: `All ${total}` })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Payouts 6' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Video player 5' })).toBeInTheDocument();
    expect(screen.getAllByTestId('faq-question')).toHaveLength(total);
    // A category shows only its own questions.
    await userEvent.setup().click(within(tabs).getByRole('tab', { name: /Site referrals/ }));
    expect(screen.getAllByTestId('faq-question')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Site referrals' })).toBeInTheDocument();
  });

  it('search finds an answer as you type, case- and accent-insensitive, and opens it', async () => {
    const user = userEvent.setup();
    startScreen('/faq');
    const search = await pageLoaded();
    await screen.findAllByTestId('faq-question');
    await user.type(search, 'RÉBILL');
    await waitFor(() => expect(screen.getByTestId('faq-result-count')).toHaveTextContent(/answers found/));
    const found = screen.getAllByTestId('faq-question').map((q) => q.id);
    expect(found).toContain('purchases-rebill');
    expect(found).not.toContain('payouts-systems');
    // The answers found are open.
    expect(answerOf('purchases-rebill')).toBeVisible();
    expect(answerOf('purchases-rebill')).toHaveTextContent('The renewal of a premium subscription');
    // The tabs count what was found.
    expect(screen.getByRole('tab', { name: /^Purchases \d+$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'File upload 0' })).toBeInTheDocument();
  });

  it('finds an answer by a word of its answer only, and says when nothing is found', async () => {
    const user = userEvent.setup();
    startScreen('/faq');
    const search = await pageLoaded();
    await screen.findAllByTestId('faq-question');
    await user.type(search, 'hryvnias');
    await waitFor(() =>
      expect(screen.getAllByTestId('faq-question').map((q) => q.id)).toEqual(['payouts-currency']),
    );
    await user.clear(search);
    await user.type(search, 'zzqx');
    await screen.findByText('Nothing found for “zzqx”');
    expect(screen.queryAllByTestId('faq-question')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show all questions' }));
    expect(search).toHaveValue('');
    expect(screen.getAllByTestId('faq-question').length).toBeGreaterThan(30);
  });

  it('the figures are the settings: changed settings change the answers', async () => {
    const settings = structuredClone(fixtures.productSettings);
    settings.sales.hold_days = 21;
    settings.payouts.systems.paypal.minimum = 25_000_000;
    settings.payouts.wallet_hold_days = 1;
    settings.referrals.first_level_bp = [1500, 700, 200];
    settings.plans.counted_download_min_bytes = 20 * 1_048_576;
    startScreen('/faq', { 'GET /api/product/settings': { body: settings } });
    await pageLoaded();
    await screen.findAllByTestId('faq-question');
    const user = userEvent.setup();
    for (const id of [
      'payouts-available',
      'payouts-systems',
      'payouts-new-wallet',
      'other-referrals',
      'upload-paid-files',
    ])
      await user.click(questionButton(id));
    expect(answerOf('payouts-available')).toHaveTextContent('stay on hold for 21 days');
    expect(answerOf('payouts-systems')).toHaveTextContent(
      `PayPal: fee 3%, minimum payout ${formatMoney(25_000_000, 2, 'en')}`,
    );
    expect(answerOf('payouts-systems')).toHaveTextContent('Bank card: fee 3% + $1.00, minimum payout $40.00');
    expect(within(answerOf('payouts-systems')).getAllByRole('listitem')).toHaveLength(
      Object.keys(settings.payouts.systems).length,
    );
    expect(answerOf('payouts-new-wallet')).toHaveTextContent('waits for 1 day for your security');
    expect(answerOf('other-referrals')).toHaveTextContent(
      "You earn 15% of an invited partner's earnings during their first 3 months, then 7% for the next 6 months, then 2%",
    );
    expect(answerOf('upload-paid-files')).toHaveTextContent('larger than 20 MB');
  });

  it('the default settings read as docs/product.md says', async () => {
    startScreen('/faq');
    await pageLoaded();
    await screen.findAllByTestId('faq-question');
    const user = userEvent.setup();
    for (const id of ['upload-storage-cost', 'stats-countries', 'other-gold', 'upload-unlimited'])
      await user.click(questionButton(id));
    expect(answerOf('upload-storage-cost')).toHaveTextContent('valued at $0.016 per GB per month');
    expect(answerOf('upload-storage-cost')).toHaveTextContent(
      'after 30, 60, 90, 180, and 365 days without a download',
    );
    expect(answerOf('stats-countries')).toHaveTextContent(
      'Mixed pays in groups A, B, C, D, E, F, G, R, and U, from $0.50 to $8.75 per 1,000 downloads',
    );
    expect(answerOf('stats-countries')).toHaveTextContent(
      'PPD pays in groups A, B, C, D, R, and U, up to $25.00 per 1,000 downloads',
    );
    expect(answerOf('other-gold')).toHaveTextContent('A bonus of up to 25%');
    expect(answerOf('other-gold')).toHaveTextContent('Gold partner (5%), poster (10%)');
    expect(answerOf('other-gold')).toHaveTextContent('the top level only drops below 80 coins');
    expect(answerOf('upload-unlimited')).toHaveTextContent(
      'a trial of 1 or 2 months on the dashboard, at most 2 months within a year',
    );
  });

  it('/faq#<id> opens that answer in its category and scrolls to it; "Copy link" copies that address', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const user = userEvent.setup();
    startScreen('/faq#payouts-systems');
    await pageLoaded();
    await waitFor(() => expect(answerOf('payouts-systems')).toBeVisible());
    expect(screen.getByRole('tab', { name: /^Payouts/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(scrolled.mock.contexts.some((el) => (el as Element).id === 'payouts-systems')).toBe(true),
    );
    await user.click(within(answerOf('payouts-systems')).getByRole('button', { name: /Copy the link/ }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/faq#payouts-systems`),
    );
    await screen.findByText('The link to this answer has been copied.');
  });

  it('the answer about downloads that did not count names the counted size and links to the screens that show the reasons', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    startScreen('/faq#stats-not-counted');
    await pageLoaded();
    await waitFor(() => expect(answerOf('stats-not-counted')).toBeVisible());
    const answer = answerOf('stats-not-counted');
    expect(answer).toHaveTextContent(`larger than ${formatNumber(fixtures.productSettings.plans.counted_download_min_bytes / 1_048_576)} MB`);
    expect(within(answer).getAllByRole('listitem')).toHaveLength(6);
    expect(within(answer).getByRole('link', { name: 'Open detailed statistics' })).toHaveAttribute('href', '/app/fd1/statistics/detailed');
    expect(within(answer).getByRole('link', { name: 'Open statistics by files' })).toHaveAttribute('href', '/app/fd1/statistics/files');
  });

  it('a failed settings read shows the error with a retry', async () => {
    startScreen('/faq', { 'GET /api/product/settings': serverError });
    await pageLoaded();
    expect(await screen.findByTestId('error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers the help centre and support only when they are configured', async () => {
    startScreen('/faq', {
      'GET /api/links': {
        body: {
          help_center: true,
          support_url: null,
          contact_url: 'mailto:help@partner.test',
          messenger_url: null,
        },
      },
    });
    await pageLoaded();
    const help = await screen.findByTestId('faq-still-need-help');
    expect(within(help).getByRole('link', { name: 'Help centre' })).toHaveAttribute(
      'href',
      '/help-center/sso',
    );
    expect(within(help).getByRole('link', { name: 'Write to support' })).toHaveAttribute(
      'href',
      'mailto:help@partner.test',
    );
  });
});

describe('FAQ in Arabic', () => {
  it('renders right-to-left, with the Arabic title, and searches in the interface language', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    startScreen('/faq');
    const search = await pageLoaded();
    await screen.findAllByTestId('faq-question');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(arNav.pages.faq);
    // A word of the rebill question as the interface language writes it.
    const question = i18n.t('faq:questions.purchases-rebill.q');
    const word = question
      .split(/\s+/)
      .sort((a, b) => b.length - a.length)[0]!
      .replace(/[؟?]/g, '');
    await user.type(search, word);
    await waitFor(() =>
      expect(screen.getAllByTestId('faq-question').map((q) => q.id)).toContain('purchases-rebill'),
    );
    expect(answerOf('purchases-rebill')).toBeVisible();
    // The first Arabic test also loads the Arabic texts and the page's chunk, which a busy machine makes slow.
  }, 60_000);

  it('says "two months" with the dual (شهرين) and keeps a list of months ending in 2 whole', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    startScreen('/faq');
    await pageLoaded();
    await screen.findAllByTestId('faq-question');
    await user.click(questionButton('upload-unlimited'));
    const num = (n: number) => new Intl.NumberFormat('ar').format(n);
    const options = new Intl.ListFormat('ar', { style: 'long', type: 'disjunction' }).format([num(1), num(2)]);
    // Default settings: a trial of 1 or 2 months, at most 2 months within a year.
    expect(answerOf('upload-unlimited')).toHaveTextContent(`لمدة ${options} شهر،`);
    expect(answerOf('upload-unlimited')).toHaveTextContent('على ألا تتجاوز شهرين خلال السنة');
  });
});

describe('help centre sign-on', () => {
  it('goes to the address the server answers', async () => {
    const assign = vi.spyOn(helpCenterNavigation, 'assign').mockImplementation(() => undefined);
    startScreen('/help-center/sso', {
      'GET /api/help-center/sso': { body: { url: 'https://help.partner.test/sso?sso=abc&sig=def' } },
    });
    await waitFor(
      () => expect(assign).toHaveBeenCalledWith('https://help.partner.test/sso?sso=abc&sig=def'),
      { timeout: 20_000 },
    );
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('says so when no help centre is configured, with the FAQ instead', async () => {
    const assign = vi.spyOn(helpCenterNavigation, 'assign').mockImplementation(() => undefined);
    startScreen('/help-center/sso', {
      'GET /api/help-center/sso': {
        status: 404,
        body: {
          code: 'not_found',
          message: 'The help centre is not available. Please write to support instead.',
        },
      },
    });
    const off = await screen.findByTestId('help-center-off', {}, { timeout: 20_000 });
    expect(off).toHaveTextContent('The help centre is not available. Please write to support instead.');
    expect(screen.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('top bar help menu', () => {
  it('hides the help centre and every link that is not configured', async () => {
    const user = userEvent.setup();
    startScreen('/faq', {
      'GET /api/links': {
        body: {
          help_center: false,
          support_url: null,
          contact_url: null,
          messenger_url: 'https://t.me/partner_test',
        },
      },
    });
    await pageLoaded();
    await user.click(screen.getByTestId('help-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Help centre')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Support centre')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Is something not working? Write us')).not.toBeInTheDocument();
    expect(within(menu).getByText('FAQ')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Follow us on Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/partner_test',
    );
  });

  it('shows the help centre when it is on', async () => {
    const user = userEvent.setup();
    startScreen('/faq', {
      'GET /api/links': {
        body: {
          help_center: true,
          support_url: 'https://support.partner.test/',
          contact_url: null,
          messenger_url: null,
        },
      },
    });
    await pageLoaded();
    await waitFor(async () => {
      await user.click(screen.getByTestId('help-menu-button'));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'Help centre' })).toHaveAttribute(
        'href',
        '/help-center/sso',
      );
    });
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Support centre' }),
    ).toHaveAttribute('href', 'https://support.partner.test/');
  });
});
