import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sitesAnswer, type SiteRow, type SitesAnswer } from '@pc/core/contracts/sites';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';

const answer: SitesAnswer = sitesAnswer.parse(fixtures.sites);
const [pending, active, banned] = answer.data as [SiteRow, SiteRow, SiteRow];

const rows = async () => {
  await screen.findAllByText(active.domain, {}, { timeout: 20_000 });
  return screen.getAllByRole('row').slice(1);
};
const rowOf = (list: HTMLElement[], domain: string) => list.find((r) => r.textContent?.includes(domain))!;

describe('sites page', () => {
  it('lists the sites with each status, their figures, the last check, and the actions each allows', async () => {
    const { callsTo } = startScreen('/app/fd1/sites');
    const list = await rows();
    expect(callsTo('/sites').some((c) => c.query.app === 'fd1' && c.query.page === '1' && c.query.per_page === '25')).toBe(true);
    expect(list).toHaveLength(3);
    const a = rowOf(list, active.domain);
    expect(within(a).getByTestId(`status-${active.id}`)).toHaveTextContent('Active');
    expect(a).toHaveTextContent(formatNumber(1843));
    expect(a).toHaveTextContent(formatPercent(0.0147));
    expect(a).toHaveTextContent(formatMoney(998_000));
    expect(a).toHaveTextContent(formatMoney(4_995_000));
    expect(a).toHaveTextContent(formatMoney(31_438_000));
    expect(within(a).queryByRole('button', { name: `Verify ${active.domain}` })).not.toBeInTheDocument();
    expect(within(a).getByRole('button', { name: `Remove ${active.domain}` })).toBeInTheDocument();
    // When its proof was last confirmed, and when it is checked again.
    expect(within(a).getByTestId(`recheck-${active.id}`)).toHaveTextContent('Confirmed Nov 20, 2026. Next check Nov 27, 2026.');
    expect(screen.queryByTestId(/^recheck-warning-/)).not.toBeInTheDocument();

    const p = rowOf(list, pending.domain);
    expect(within(p).getByTestId(`status-${pending.id}`)).toHaveTextContent('Not verified');
    expect(within(p).getByTestId(`last-check-${pending.id}`)).toHaveTextContent('Last check: file or meta tag not found');
    // No figures before verification.
    expect(within(p).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(within(p).getByRole('button', { name: `Verify ${pending.domain}` })).toBeInTheDocument();

    const b = rowOf(list, banned.domain);
    expect(within(b).getByTestId(`status-${banned.id}`)).toHaveTextContent('Banned');
    expect(within(b).queryAllByRole('button')).toHaveLength(0);

    // How to verify, with the partner's file name, code and tag; the bonus share from the settings.
    expect(screen.getByTestId('verify-file-value')).toHaveTextContent('demo.txt');
    expect(screen.getByTestId('verify-token-value')).toHaveTextContent(answer.verification.token);
    expect(screen.getByTestId('verify-meta-value')).toHaveTextContent(answer.verification.meta_tag);
    expect(screen.getByTestId('sites-intro')).toHaveTextContent(`an extra ${formatPercent(0.1)} of the sale`);
    // The promo link and the four banners, each with its HTML to copy.
    expect(screen.getByTestId('promo-link-value')).toHaveTextContent(answer.promo.link);
    for (const size of ['468x60', '728x90', '300x250', '160x600']) expect(screen.getByTestId(`banner-${size}`)).toBeInTheDocument();
  });

  it('warns on a verified site whose re-check failed, and says when re-checks ended a verification', async () => {
    const failing: SiteRow = {
      ...active,
      checked_at: '2026-11-27T10:06:00.000Z',
      check_error: 'not_found',
      recheck: { proved_at: active.recheck!.proved_at, failures: 1, next_at: '2026-11-28T10:06:00.000Z', lapses_at: '2026-11-29T10:06:00.000Z' },
    };
    const lapsed: SiteRow = { ...pending, check_error: 'not_found', lapsed_at: '2026-11-25T08:00:00.000Z' };
    startScreen('/app/fd1/sites', { 'GET /api/sites': { body: { ...answer, data: [lapsed, failing, banned] } } });
    const list = await rows();
    const f = within(rowOf(list, failing.domain)).getByTestId(`recheck-${failing.id}`);
    expect(f).toHaveTextContent(
      'Not confirmed on Nov 27, 2026: file or meta tag not found. Put your file or meta tag back before Nov 29, 2026, or the site stops being verified.',
    );
    expect(within(rowOf(list, failing.domain)).getByTestId(`status-${failing.id}`)).toHaveTextContent('Active');
    // And above the list, where it cannot be missed; none for the sites whose re-checks are fine.
    const warning = screen.getByTestId(`recheck-warning-${failing.id}`);
    expect(warning).toHaveTextContent(failing.domain);
    expect(warning).toHaveTextContent('Put your file or meta tag back before Nov 29, 2026');
    expect(screen.getAllByTestId(/^recheck-warning-/)).toHaveLength(1);
    // Once the proof is back, the partner need not wait for the next re-check.
    expect(within(rowOf(list, failing.domain)).getByRole('button', { name: `Verify ${failing.domain}` })).toBeInTheDocument();
    expect(within(rowOf(list, lapsed.domain)).getByTestId(`recheck-${lapsed.id}`)).toHaveTextContent(
      'No longer verified since Nov 25, 2026: the file or meta tag was not found in several checks in a row.',
    );
    expect(within(rowOf(list, lapsed.domain)).getByRole('button', { name: `Verify ${lapsed.domain}` })).toBeInTheDocument();
  });

  it('copies the verification code and a banner’s HTML', async () => {
    const user = userEvent.setup();
    startScreen('/app/fd1/sites');
    await rows();
    await user.click(screen.getByTestId('verify-token-copy'));
    expect(await navigator.clipboard.readText()).toBe(answer.verification.token);
    await user.click(screen.getByTestId('banner-468x60-copy'));
    const html = await navigator.clipboard.readText();
    expect(html).toMatch(/^<a href="http:\/\/localhost:3001\/\?aff=100001" target="_blank" rel="noopener"><img src="data:image\/svg\+xml;charset=utf-8,/);
    expect(html).toContain('width="468" height="60"');
  });

  it('follows the operator’s bonus share', async () => {
    const settings = { ...fixtures.productSettings, sales: { ...fixtures.productSettings.sales, site_referral_bonus_bp: 1_500 } };
    startScreen('/app/fd1/sites', { 'GET /api/product/settings': { body: settings } });
    expect(await screen.findByTestId('sites-intro', {}, { timeout: 20_000 })).toHaveTextContent(`an extra ${formatPercent(0.15)} of the sale`);
  });

  it('holds the intro\'s room unseen until the bonus share is read, so the form below does not move', async () => {
    let answerSettings: () => void = () => undefined;
    startScreen('/app/fd1/sites', {
      'GET /api/product/settings': () => new Promise((resolve) => (answerSettings = () => resolve({ body: fixtures.productSettings }))),
    });
    await rows();
    const form = screen.getByRole('textbox', { name: 'Site address' });
    const held = form.closest('main')!.querySelector('[aria-busy="true"]')!;
    expect(held).not.toBeVisible();
    expect(screen.queryByTestId('sites-intro')).not.toBeInTheDocument();
    answerSettings();
    expect(await screen.findByTestId('sites-intro')).toBeVisible();
    expect(screen.getByTestId('sites-intro')).toHaveTextContent(`an extra ${formatPercent(0.1)} of the sale`);
  });

  it('has no intro when the settings cannot be read, and holds no room for one', async () => {
    startScreen('/app/fd1/sites', { 'GET /api/product/settings': serverError });
    await rows();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Site address' }).closest('main')!.querySelector('[aria-busy="true"]')).toBeNull());
    expect(screen.queryByTestId('sites-intro')).not.toBeInTheDocument();
  });

  it('adds a site; a refusal lands on the field; a bad address is caught before any call', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/sites', {
      'POST /api/sites': (call) =>
        new URLSearchParams(call.body).get('url')?.includes('taken')
          ? { status: 422, body: { code: 'validation_failed', message: 'The data is invalid.', errors: { url: ['taken.example.com is already verified by another partner.'] } } }
          : { body: { success: true, message: 'blog.example.com has been added. Verify it to start earning.', data: { ...pending, id: 20, domain: 'blog.example.com', check_error: null, checked_at: null } } },
    });
    await rows();
    const field = screen.getByTestId('site-url');
    await user.click(screen.getByTestId('site-add'));
    expect(await screen.findByText("Enter your site's address.")).toBeInTheDocument();
    const enter = async (text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await enter('ftp://blog.example.com');
    await user.click(screen.getByTestId('site-add'));
    expect(await screen.findByText('The address must start with http:// or https://.')).toBeInTheDocument();
    expect(callsTo('/sites').filter((c) => c.method === 'POST')).toHaveLength(0);

    await enter('https://taken.example.com');
    await user.click(screen.getByTestId('site-add'));
    expect(await screen.findByText('taken.example.com is already verified by another partner.', {}, { timeout: 10_000 })).toBeInTheDocument();

    await enter('https://blog.example.com/');
    await user.click(screen.getByTestId('site-add'));
    expect(await screen.findByText('blog.example.com has been added. Verify it to start earning.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const posts = callsTo('/sites').filter((c) => c.method === 'POST');
    expect(posts.at(-1)).toMatchObject({ query: { app: 'fd1' } });
    expect(new URLSearchParams(posts.at(-1)!.body).get('url')).toBe('https://blog.example.com/');
    expect(field).toHaveValue('');
  }, 60_000);

  it('verifies a site: the failure reason is shown, then success', async () => {
    const user = userEvent.setup();
    let verified = false;
    const { callsTo } = startScreen('/app/fd1/sites', {
      [`POST /api/sites/${pending.id}/verify`]: () =>
        verified
          ? { body: { verified: true, reason: null, message: `${pending.domain} is verified: your file was found. The site now earns for you.`, data: { ...pending, status: 'active' } } }
          : { body: { verified: false, reason: 'token_wrong', message: `${pending.domain} is not verified: the file or the meta tag holds a different code. It must hold exactly your verification code.`, data: { ...pending, check_error: 'token_wrong' } } },
    });
    await rows();
    await user.click(screen.getByRole('button', { name: `Verify ${pending.domain}` }));
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('holds a different code');
    verified = true;
    await user.click(screen.getByRole('button', { name: `Verify ${pending.domain}` }));
    await waitFor(() => expect(screen.getByTestId('verify-result')).toHaveTextContent('is verified: your file was found'));
    expect(callsTo(`/sites/${pending.id}/verify`)).toHaveLength(2);
  });

  it('says so when checks come too often', async () => {
    const user = userEvent.setup();
    startScreen('/app/fd1/sites', { [`POST /api/sites/${pending.id}/verify`]: { status: 429, body: { code: 'rate_limited', message: 'rate limited' } } });
    await rows();
    await user.click(screen.getByRole('button', { name: `Verify ${pending.domain}` }));
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('Too many checks in a short time. Wait a minute and try again.');
  });

  it('removes a site after confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/sites', { [`DELETE /api/sites/${active.id}`]: { body: { success: true, message: 'The site has been removed.' } } });
    await rows();
    await user.click(screen.getByRole('button', { name: `Remove ${active.domain}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`${active.domain} will be removed from your list and will stop earning.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(`/sites/${active.id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `Remove ${active.domain}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The site has been removed.')).toBeInTheDocument();
    expect(callsTo(`/sites/${active.id}`).map((c) => c.method)).toEqual(['DELETE']);
  });

  it('shows the blocks loading', async () => {
    startScreen('/app/fd1/sites', { 'GET /api/sites': () => new Promise(() => undefined) });
    await screen.findByTestId('page-title');
    expect((await screen.findAllByTestId('loading')).length).toBeGreaterThanOrEqual(2);
  });

  it('says when there are no sites yet, still offering the verification data and the promo link', async () => {
    startScreen('/app/fd1/sites', { 'GET /api/sites': { body: { ...answer, data: [], meta: { page: 1, per_page: 25, total: 0 } } } });
    expect(await screen.findByText('No sites yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Add your site above, then verify it to start earning.')).toBeInTheDocument();
    expect(screen.getByTestId('verify-token-value')).toHaveTextContent(answer.verification.token);
    expect(screen.getByTestId('promo-link-value')).toHaveTextContent(answer.promo.link);
  });

  it('builds a tagged promo link (?sub=) from a valid tag, and says what a tag may hold', async () => {
    const user = userEvent.setup();
    startScreen('/app/fd1/sites', { 'GET /api/sites': { body: answer } });
    await waitFor(() => expect(screen.getByTestId('promo-link-value')).toHaveTextContent(answer.promo.link), { timeout: 20_000 });
    await user.type(screen.getByTestId('promo-tag'), 'forum-x');
    const tagged = new URL(answer.promo.link);
    tagged.searchParams.set('sub', 'forum-x');
    await waitFor(() => expect(screen.getByTestId('promo-link-value')).toHaveTextContent(tagged.toString()));
    await user.type(screen.getByTestId('promo-tag'), '/bad');
    expect(await screen.findByText('Use only letters, digits, _, - and ., at most 64.')).toBeInTheDocument();
    expect(screen.getByTestId('promo-link-value')).toHaveTextContent(answer.promo.link);
  }, 60_000);

  it('shows an error in place when the list cannot be read, with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    startScreen('/app/fd1/sites', { 'GET /api/sites': () => (fail ? serverError : { body: answer }) });
    const alert = await screen.findByTestId('error', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('The figures could not be loaded.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await rows();
  });
});
