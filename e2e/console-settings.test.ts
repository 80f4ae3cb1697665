import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoStaff } from '../server/src/seed/demo-staff.ts';
import { closeConsoleTest, CONSOLE_SHOTS, consolePage, shootInWidths, signInDemoMember } from './console-support.ts';
import { browserAvailable, launch, startServer, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();

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

  const newPage = () => consolePage(browser, contexts, problems);
  const shoot = shootInWidths;
  const signIn = (page: Page, email: string) => signInDemoMember(page, server.baseUrl, email);

  beforeAll(async () => {
    mkdirSync(CONSOLE_SHOTS, { recursive: true });
    server = await startServer();
    await ensureDemoStaff(server.app.ctx);
    browser = await launch();
  }, 300_000);

  afterAll(() => closeConsoleTest(contexts, browser, server));

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
