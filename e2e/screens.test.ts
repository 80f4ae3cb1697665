import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import {
  apiAnswer,
  ARTIFACTS,
  browserAvailable,
  demoPartnerWithHistory,
  launch,
  type RunningServer,
  seriousAxeFindings,
  solveCaptcha,
  startServer,
} from './support.ts';

const hasBrowser = browserAvailable();

/** What a partner reads: money as the app formats it in English. */
const usd = (micro: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(
    Math.round(micro / 10_000) / 100,
  );
const count = (n: number) => new Intl.NumberFormat('en').format(n);

describe.skipIf(!hasBrowser)('the screens of the demo partner in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const requested: string[] = [];

  /** The API's answer for the same query, fetched with the page's session. */
  const api = <T>(path: string) => apiAnswer<T>(page, path);

  async function openFromSidebar(href: string) {
    const link = page.locator(`nav[aria-label="Main navigation"] a[href="${href}"]`).first();
    if (!(await link.isVisible())) {
      // Statistics is a group: open it under its project.
      const project = href.split('/')[2]!;
      await page
        .locator(`[data-testid="sidebar-project-${project}"] [aria-expanded="false"]`)
        .first()
        .click();
    }
    await link.click();
    await page.waitForURL(`**${href}*`);
    await page.getByTestId('page-title').waitFor();
  }

  async function axe(name: string) {
    expect(await seriousAxeFindings(page, name)).toEqual([]);
  }

  beforeAll(async () => {
    server = await startServer();
    // The demo partner with 45 days of simulated traffic on both projects, sent through the ingest API.
    await demoPartnerWithHistory(server, { seed: 'e2e', days: 45, close: true });
    browser = await launch();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 401/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('a guest opening / is sent to sign-in without fetching the signed-in frame', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(
      requested.filter((p) =>
        /\/assets\/(ShellLayout|shell-routes|DashboardPage|DataGridView|ChartView)-/.test(p),
      ),
    ).toEqual([]);
  });

  it('signs in as the demo partner and shows the dashboard with the figures of the API', async () => {
    await page.locator('#field-email').fill(DEMO_EMAIL);
    await page.locator('#field-password').fill(DEMO_PASSWORD);
    await solveCaptcha(page);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/dashboard');
    const info = await api<{ earnings: number; downloads: number; balance: number }>(
      '/dashboard/info-blocks?period=7d',
    );
    await expect.poll(() => page.getByTestId('info-earnings-value').textContent()).toBe(usd(info.earnings));
    expect(await page.getByTestId('info-balance-value').textContent()).toBe(usd(info.balance));
    // The filter changes the figures: 30 days.
    await page.getByTestId('period-30d').click();
    await page.waitForURL('**/dashboard?period=30d');
    const month = await api<{ earnings: number; downloads: number }>('/dashboard/info-blocks?period=30d');
    expect(month.downloads).toBeGreaterThan(info.downloads);
    await expect
      .poll(() => page.getByTestId('info-downloads-value').textContent())
      .toBe(count(month.downloads));
    await page.getByText('Earnings by month').waitFor();
    await axe('dashboard');
  });

  it('detailed statistics: today equals the API, a day opens its country groups', async () => {
    await openFromSidebar('/app/fd1/statistics/detailed');
    const today = await api<{ downloads: number; total: number }>('/statistics/detailed/today?app=fd1');
    await expect
      .poll(() => page.getByTestId('today-downloads-value').textContent())
      .toBe(count(today.downloads));
    const rows = page.locator('.MuiDataGrid-row');
    await rows.first().waitFor();
    await rows.first().click();
    const dialog = page.getByTestId('countries-dialog');
    await dialog.getByText('Group A').waitFor();
    await axe('detailed with countries');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Another period changes the table.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    // A day without any event has no row, so the count is the API's (today may have none yet just after midnight).
    const week = await api<{ meta: { total: number } }>('/statistics/detailed/base?app=fd1&period=7d');
    expect(week.meta.total).toBeGreaterThanOrEqual(6);
    await expect.poll(() => rows.count()).toBe(week.meta.total);
  });

  it('sales: the table shows the API rows, and the CSV export holds every row of the filter', async () => {
    await openFromSidebar('/app/fd1/statistics/sales');
    const sales = await api<{ data: Array<{ email: string }>; meta: { total: number } }>(
      '/statistics/sales?app=fd1&period=30d',
    );
    expect(sales.meta.total).toBeGreaterThan(25);
    const firstRow = page.locator('.MuiDataGrid-row').first();
    await expect
      .poll(() => firstRow.locator('[data-field="email"]').textContent())
      .toBe(sales.data[0]!.email);
    const shown = await page.locator('.MuiDataGrid-row [data-field="email"]').allTextContents();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(sales.meta.total + 1);
    expect(csv[0]!.split(',')[1]).toBe('Buyer');
    expect(csv.slice(1, shown.length + 1).map((line) => line.split(',')[1])).toEqual(shown);
    await axe('sales');
  });

  it('files, file copies, sources and videos show the figures of the API', async () => {
    await openFromSidebar('/app/fd1/statistics/files');
    const files = await api<{ data: Array<{ name: string }> }>('/statistics/files?app=fd1');
    await page.locator('.MuiDataGrid-row').first().getByText(files.data[0]!.name).waitFor();
    await page.getByRole('switch', { name: 'Show tips' }).click();
    await page.getByTestId('hint-legend').waitFor();
    await axe('files');

    await openFromSidebar('/app/fd1/statistics/files-copies');
    const copies = await api<{ data: Array<{ name: string }>; meta: { total: number } }>(
      '/statistics/files-copies?app=fd1',
    );
    if (copies.meta.total > 0)
      await page.locator('.MuiDataGrid-row').first().getByText(copies.data[0]!.name).waitFor();
    else await page.getByText('No copies of your files yet').waitFor();

    await openFromSidebar('/app/fd1/statistics/sources');
    const sources = await api<{ totals: { hits: number } }>('/statistics/sources/base?app=fd1');
    await expect
      .poll(() => page.getByTestId('total-hits-value').textContent())
      .toBe(count(sources.totals.hits));
    await axe('sources');

    await openFromSidebar('/app/fd1/videos');
    const videos = await api<{ views: number }>('/videos/today?app=fd1');
    await expect.poll(() => page.getByTestId('today-views-value').textContent()).toBe(count(videos.views));
    await axe('videos');
  });

  it('earnings and Gold partners show the figures of the API and the levels of the settings', async () => {
    await openFromSidebar('/app/fd1/earnings');
    const today = await api<{ total: number }>('/earnings/today?app=fd1');
    await expect.poll(() => page.getByTestId('today-total-value').textContent()).toBe(usd(today.total));
    await page.getByTestId('gold-level').waitFor();
    await axe('earnings');

    await openFromSidebar('/app/fd1/gold');
    const settings = await api<{ gold: { levels: unknown[] } }>('/product/settings');
    await expect
      .poll(() => page.locator('[data-testid^="gold-level-"]').count())
      .toBe(settings.gold.levels.length);
    await axe('gold');
  });

  it('payouts: the release schedule adds up to the on-hold figure of the balance call, day by day', async () => {
    await openFromSidebar('/payouts');
    const balance = await api<{ hold: number }>('/payouts/user/available-withdrawal');
    const hold = await api<{ amount: number; schedule: Array<{ day: string; amount: number }> }>('/payouts/user/hold-info');
    expect(hold.amount).toBe(balance.hold);
    expect(hold.schedule.reduce((sum, d) => sum + d.amount, 0)).toBe(balance.hold);
    expect(balance.hold).toBeGreaterThan(0);
    const rows = page.getByTestId('schedule-day');
    await expect.poll(() => rows.count()).toBe(hold.schedule.length);
    const shown = await rows.allTextContents();
    const day = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    hold.schedule.forEach((d, i) => expect(shown[i]).toContain(`${usd(d.amount)} on ${day(d.day)}`));
    expect(shown.at(-1)).toContain('then nothing is on hold');
    await axe('payouts');
  });

  it('an unknown project shows not-found with no project breadcrumb', async () => {
    await page.goto(`${server.baseUrl}/app/fd3/statistics/detailed`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).count()).toBe(0);
  });

  it('every screen in English and Arabic, at 1440 and 390 px, without horizontal scrolling', async () => {
    const screens = [
      '/dashboard',
      '/app/fd1/statistics/detailed',
      '/app/fd1/statistics/files',
      '/app/fd1/statistics/files-copies',
      '/app/fd1/statistics/sales',
      '/app/fd1/statistics/sources',
      '/app/fd1/videos',
      '/app/fd1/earnings',
      '/app/fd1/gold',
      '/payouts',
    ];
    const overflow: string[] = [];
    for (const lang of ['en', 'ar']) {
      await page.evaluate(async (l) => {
        await fetch('/api/langs/change', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `lang=${l}`,
        });
      }, lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        for (const path of screens) {
          await page.goto(`${server.baseUrl}${path}`);
          await page.getByTestId('page-title').waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          const scroll = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (scroll > 0) overflow.push(`${path} ${lang} ${width}: ${scroll}px`);
          await page.screenshot({
            path: join(ARTIFACTS, `screen${path.replaceAll('/', '-')}-${lang}-${width}.png`),
            fullPage: true,
          });
        }
      }
    }
    expect(overflow).toEqual([]);
    expect(problems).toEqual([]);
  });
});
