import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BuyersAnswer, CohortsAnswer } from '@pc/core';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import {
  apiAnswer,
  ARTIFACTS,
  browserAvailable,
  inLanguagesAndWidths,
  type RunningServer,
  seriousAxeFindings,
  signedInBrowser,
  startServer,
} from './support.ts';

const hasBrowser = browserAvailable();

/** What a partner reads: money as the app formats it in English. */
const usd = (micro: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Math.round(micro / 10_000) / 100);
const percent = (share: number) => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 }).format(share);

/** The first moment of the UTC month `back` months before this one, plus an hour. */
function monthsBack(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 1)).toISOString();
}

/**
 * The buyers screen in Chromium: the demo partner's sales sent through the real ingest call (direct sales and
 * rebills of several buyers over three months, a refund, a fraud flag), a buyer's row and a cohort figure checked
 * against the API, and screenshots in English and Arabic at 1440 and 390 px, and once in the dark scheme.
 */
describe.skipIf(!hasBrowser)('buyers page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const api = <T>(path: string) => apiAnswer<T>(page, path);

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/app/fd1/buyers`);
    await page.getByRole('grid', { name: /^(Buyers|المشترون)$/ }).locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('cohorts-chart').locator('svg').first().waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    const demo = await ensureDemoPartner(server.app.ctx);
    const [program] = await server.app.ctx.database.query<{ app_user_id: number }>(
      sql`select app_user_id from partner_programs where user_id = ${demo} and project = 'fd1'`,
    );
    const u = Number(program!.app_user_id);
    const thisMonth = new Date(Date.now() - 60_000).toISOString();
    const sale = (id: string, at: string, email: string, amount: number, type: string, extra: Record<string, unknown> = {}) => ({
      id: `e2e-buyers-${id}`, type: 'sale', at, app_users_id: u, sale_id: `E2E-${id}`, amount_micro: amount, revenue_type: type, file_id: 'e2e-buyers-file', buyer_email: email, ...extra,
    });
    const send = async (events: unknown[]) => {
      const res = await fetch(`${server.baseUrl}/ingest/v1/fd1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.app.ctx.config.INGEST_TOKEN_FD1}`, 'content-type': 'application/json' },
        body: JSON.stringify(events),
      });
      const body = (await res.json()) as { accepted: number };
      expect(res.status).toBe(200);
      expect(body.accepted).toBe(events.length);
    };
    await send([
      { id: 'e2e-buyers-up', type: 'file_uploaded', at: monthsBack(3), app_users_id: u, file_id: 'e2e-buyers-file', name: 'holiday-video.mp4', size_bytes: 50_000_000 },
      sale('A1', monthsBack(2), 'alice@mail.example', 10_000_000, 'direct', { referrer: 'https://blog.example/post/1' }),
      sale('A2', monthsBack(1), 'alice@mail.example', 10_000_000, 'rebill'),
      sale('A3', thisMonth, 'alice@mail.example', 10_000_000, 'rebill'),
      sale('B1', monthsBack(2), 'bob@mail.example', 20_000_000, 'direct'),
      sale('B2', monthsBack(1), 'bob@mail.example', 20_000_000, 'rebill'),
      sale('C1', monthsBack(1), 'carol@shop.example', 15_000_000, 'direct'),
      sale('D1', thisMonth, 'dave@site.example', 7_000_000, 'promo_link', { referrer: 'https://forum.example/t/9' }),
    ]);
    await send([
      { id: 'e2e-buyers-refund', type: 'sale_status', at: thisMonth, app_users_id: u, sale_id: 'E2E-B2', status: 'refund' },
      { id: 'e2e-buyers-fraud', type: 'sale_status', at: thisMonth, app_users_id: u, sale_id: 'E2E-C1', status: 'ok', fraud: true },
    ]);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404] }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('opens from the sidebar and shows a buyer and a cohort figure as the API answers them', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('page-title').waitFor();
    await page.locator('nav[aria-label="Main navigation"] a[href="/app/fd1/buyers"]').first().click();
    await page.waitForURL('**/app/fd1/buyers');
    await openPage();
    const buyers = await api<BuyersAnswer>('/buyers?app=fd1');
    const cohorts = await api<CohortsAnswer>('/buyers/cohorts?app=fd1');
    expect(buyers.data).toHaveLength(4);
    const alice = buyers.data.find((b) => b.email === 'al***@ma***.example')!;
    // Mixed plan: 60 % of the sale, 30 % of each rebill.
    expect(alice).toMatchObject({ id: 'E2E-A1', purchases: 3, rebills: 2, earned: 12_000_000, first_source: 'blog.example', status: 'active' });
    const row = page.getByRole('grid', { name: 'Buyers' }).locator(`[role="row"][data-id="${alice.id}"]`);
    await expect.poll(() => row.textContent()).toContain('al***@ma***.example');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(usd(alice.earned));
    expect(text).toContain('blog.example');
    expect(text).toContain('Active');
    const carol = page.getByRole('grid', { name: 'Buyers' }).locator(`[role="row"][data-id="E2E-C1"]`);
    expect(await carol.textContent()).toContain('Flagged as fraud');

    // The cohort of two months back: alice and bob; in month 1 only alice's rebill counts (bob's was refunded).
    const cohort = cohorts.data.find((c) => c.month === monthsBack(2).slice(0, 7))!;
    expect(cohort.buyers).toBe(2);
    expect(cohort.months[1]).toMatchObject({ rebill_buyers: 1, rebill_share: 0.5, earned: 3_000_000, earned_per_buyer: 1_500_000 });
    const cohortRow = page.getByRole('grid', { name: 'Cohorts' }).locator(`[role="row"][data-id="${cohort.month}"]`);
    expect(await cohortRow.locator('[data-field="m1"]').textContent()).toBe(percent(cohort.months[1]!.rebill_share));
    await page.getByTestId('figure-per-buyer').click();
    await expect.poll(() => cohortRow.locator('[data-field="m1"]').textContent()).toBe(usd(cohort.months[1]!.earned_per_buyer));
    await expect.poll(() => cohortRow.locator('[data-field="m0"]').textContent()).toBe(usd(cohort.months[0]!.earned_per_buyer));
    expect(await seriousAxeFindings(page, 'buyers en')).toEqual([]);
  }, 120_000);

  it('in English and Arabic at 1440 and 390 px: the buyers, then the cohorts with earnings per buyer', async () => {
    await inLanguagesAndWidths(page, 'buyers', async () => {
      await openPage();
    });
    await inLanguagesAndWidths(page, 'buyers-cohorts', async () => {
      await openPage();
      await page.getByTestId('figure-per-buyer').click();
      await page.locator('#cohorts').scrollIntoViewIfNeeded();
    });
    expect(problems).toEqual([]);
  }, 240_000);

  it('in the dark scheme', async () => {
    await page.evaluate(async () => {
      await fetch('/api/langs/change', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lang: 'en' }) });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage();
    await page.getByTestId('theme-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(ARTIFACTS, 'buyers-dark-en-1440.png'), fullPage: true });
    expect(await seriousAxeFindings(page, 'buyers dark')).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);
});
