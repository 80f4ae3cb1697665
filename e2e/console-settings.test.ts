import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET, ensureDemoStaff } from '../server/src/seed/demo-staff.ts';
import { browserAvailable, ensureWebBuild, launch, startServer, watchProblems, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();
/** Screenshots to be looked at, outside the repository. */
const SHOTS = process.env.CONSOLE_SHOTS ?? '/tmp/console-shots';

/**
 * Product settings in Chromium (decision 0163): the demo administrator changes the PPD rate of group A, sees the
 * preview of what partners would see, saves, and finds the change in the history under its name; the demo finance
 * member sees the same settings read-only, without Preview or Save. Shot in English at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('console: product settings in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    // 401: who-am-I before signing in.
    watchProblems(page, problems, [401]);
    return page;
  }

  async function shoot(page: Page, name: string, { fullPage = true } = {}) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.waitForTimeout(400);
      // No page may be wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} ${width}`).toBeLessThanOrEqual(1);
      await page.screenshot({ path: join(SHOTS, `${name}-en-${width}.png`), fullPage });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  async function signIn(page: Page, email: string) {
    await page.goto(`${server.baseUrl}/operator/sign-in`);
    await page.locator('#field-email').fill(email);
    await page.locator('#field-password').fill(DEMO_STAFF_PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('sign-in-code').waitFor();
    await page.locator('#field-code').fill(await generate({ secret: DEMO_STAFF_TOTP_SECRET }));
    await page.getByTestId('code-submit').click();
    await page.getByTestId('console-member').waitFor();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ensureWebBuild();
    server = await startServer();
    await ensureDemoStaff(server.app.ctx);
    browser = await launch();
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('the administrator changes a rate with a preview and finds it in the history; finance reads only', async () => {
    const page = await newPage();
    await signIn(page, 'admin@staff.test');
    await page.getByTestId('nav-settings').click();
    await page.waitForURL('**/operator/settings');
    const rate = page.getByTestId('setting-downloadRates.ppd.A');
    await rate.waitFor({ timeout: 30_000 });
    expect(await rate.inputValue()).toBe('25');
    await page.getByTestId('empty').filter({ hasText: 'No changes yet' }).waitFor();
    await shoot(page, 'settings');

    await rate.fill('30');
    await page.getByTestId('settings-preview-button').click();
    const preview = page.getByTestId('settings-preview');
    await preview.waitFor();
    const rows = page.getByTestId('settings-preview-rows-row');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/Rate per 1000 downloads, PPD, group A.*\$25\.00 → \$30\.00/);
    expect(await page.getByTestId('settings-preview-from').textContent()).toMatch(/^In force from /);
    await shoot(page, 'settings-preview', { fullPage: false });

    await page.getByTestId('settings-save').click();
    await preview.waitFor({ state: 'detached' });
    const row = page.getByRole('grid', { name: 'History' }).locator('.MuiDataGrid-row').first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Demo Admin');
    expect(await row.textContent()).toContain('$25.00 → $30.00');
    expect(await rate.inputValue()).toBe('30');
    await page.getByTestId('settings-tab-gold').click();
    await page.getByTestId('setting-goldLevels.6.bonusBp').waitFor();
    await shoot(page, 'settings-saved-gold');

    // The history as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('settings-history.csv');

    const finance = await newPage();
    await signIn(finance, 'finance@staff.test');
    await finance.getByTestId('nav-settings').click();
    await finance.getByTestId('settings-read-only').waitFor({ timeout: 30_000 });
    expect(await finance.getByTestId('setting-downloadRates.ppd.A').inputValue()).toBe('30');
    expect(await finance.getByTestId('setting-downloadRates.ppd.A').getAttribute('readonly')).not.toBeNull();
    expect(await finance.getByTestId('settings-preview-button').count()).toBe(0);
    expect(await finance.getByTestId('settings-save').count()).toBe(0);
    await finance.getByRole('grid', { name: 'History' }).locator('.MuiDataGrid-row', { hasText: 'Demo Admin' }).waitFor();
    await shoot(finance, 'settings-finance');
    for (const tab of ['countries', 'payouts'] as const) {
      await finance.getByTestId(`settings-tab-${tab}`).click();
      await finance.getByTestId(tab === 'countries' ? 'setting-countryGroups.A' : 'setting-payoutSystems.card.minimumMicro').waitFor();
      await shoot(finance, `settings-finance-${tab}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
