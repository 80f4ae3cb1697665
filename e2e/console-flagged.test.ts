import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoStaff } from '../server/src/seed/demo-staff.ts';
import { closeConsoleTest, CONSOLE_SHOTS, consolePage, shootInWidths, signInDemoMember } from './console-support.ts';
import { browserAvailable, demoPartnerWithHistory, launch, startServer, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();

/**
 * Flagged sales in Chromium (decision 0164): the demo partner's simulated traffic (whose sales include refunds and
 * fraud marks, as the demo's do), the demo finance member signed in with the demo authenticator secret, the list of
 * partners with their share, a partner's flagged sales, the link to the partner's page, and the CSV of every row.
 * Shot in English at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('console: flagged sales in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let demoId: number;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const newPage = () => consolePage(browser, contexts, problems);
  const shoot = (page: Page, name: string) => shootInWidths(page, name);

  beforeAll(async () => {
    mkdirSync(CONSOLE_SHOTS, { recursive: true });
    server = await startServer();
    const ctx = server.app.ctx;
    demoId = await demoPartnerWithHistory(server, { seed: 'e2e', days: 30 });
    await ensureDemoStaff(ctx);
    browser = await launch();
  }, 300_000);

  afterAll(() => closeConsoleTest(contexts, browser, server));

  it('the demo finance member reads the flagged sales, opens a partner’s and exports the list', async () => {
    // The demo traffic has flagged sales, so the screen is not empty.
    const [flagged] = await server.app.ctx.database.query<{ n: number }>(
      sql`select count(*)::int as n from ingest_sales where user_id = ${demoId} and known and (fraud or status = 'refund')`,
    );
    expect(flagged!.n).toBeGreaterThan(0);

    const page = await newPage();
    await signInDemoMember(page, server.baseUrl, 'finance@staff.test');

    await page.getByTestId('nav-flagged').click();
    await page.waitForURL('**/operator/flagged');
    const row = page.locator('.MuiDataGrid-row', { hasText: 'demo@partner.test' }).first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toMatch(/%/);
    await shoot(page, 'flagged');

    // Every row of the filter as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^flagged-sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // Only refunds: the call and the rows follow the filter.
    await page.goto(`${server.baseUrl}/operator/flagged?kind=refund`);
    await row.waitFor({ timeout: 30_000 });

    await row.click();
    await page.waitForURL(`**/operator/flagged/${demoId}?kind=refund`);
    await page.getByTestId('flagged-partner-email').filter({ hasText: 'demo@partner.test' }).waitFor({ timeout: 30_000 });
    const sale = page.getByRole('grid', { name: 'Flagged sales' }).locator('.MuiDataGrid-row').first();
    await sale.waitFor({ timeout: 30_000 });
    expect(await sale.textContent()).toContain('Refunded');
    await shoot(page, 'flagged-partner');

    await page.getByTestId('flagged-open-partner').click();
    await page.waitForURL(`**/operator/partners/${demoId}`);
    await page.getByTestId('partner-email').waitFor();
    expect(problems).toEqual([]);
  }, 600_000);
});
