import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import { addAdditionalIncome } from '../server/src/operator/service.ts';
import { insertWallet } from '../server/src/modules/payouts/testing.ts';
import { hashPassword } from '../server/src/lib/passwords.ts';
import { runAutoPayouts } from '../server/src/money/auto-payouts.ts';
import { startCoolingOff } from '../server/src/money/cooling-off.ts';
import { loadProduct } from '../server/src/money/product.ts';
import { ARTIFACTS, browserAvailable, inLanguagesAndWidths, seriousAxeFindings, signedInBrowser, startServer, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();
const CODE = '4821';
const USD = 1_000_000;
const DAY = 86_400_000;

/**
 * Automatic payouts in Chromium (decision 0202): the partner turns on a threshold payout on the payouts page with
 * the security code; the job, run here with a clock the test controls, makes exactly one automatic request, which
 * the history shows with its label; in a cooling-off window it makes none and the partner is told why.
 */
describe.skipIf(!hasBrowser)('automatic payouts in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let userId: number;
  const problems: string[] = [];
  const fund = (amount: number, at: Date) =>
    addAdditionalIncome(server.app.ctx.database.db, { userId, project: 'fd1', amount, reason: 'e2e', operator: 'e2e' }, at);
  const run = (at: Date) => runAutoPayouts(server.app.ctx.database.db, at);
  const requestsOf = () =>
    server.app.ctx.database.query<{ automatic: boolean; amount_micro: string }>(sql`select automatic, amount_micro::text from payout_requests where user_id = ${userId} order by id`);

  async function openPayouts() {
    await page.goto(`${server.baseUrl}/payouts`);
    await page.getByTestId('page-title').waitFor();
    await page.getByTestId('auto-payouts').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    userId = await ensureDemoPartner(server.app.ctx);
    const now = new Date(Date.now() - DAY);
    // Yesterday (the job's first run is yesterday, the cooling-off one today): a WebMoney wallet confirmed a month ago (the main one), a security code set long ago, 60 USD available.
    const old = new Date(now.getTime() - 30 * DAY);
    await insertWallet(server.app.ctx.database, server.app.ctx.config.PAYOUT_DETAILS_KEY, { userId, system: 'webmoney', createdAt: old, confirmedAt: old });
    await server.app.ctx.database.db.execute(sql`update users set security_code_hash = ${await hashPassword(CODE)}, security_code_changed_at = null where id = ${userId}`);
    await fund(60 * USD, now);
    // 401 while signing in as a guest; 403 is the security check the app answers with the code dialog.
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 403] }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('turns on a threshold payout with the security code', async () => {
    await openPayouts();
    const panel = page.getByTestId('auto-payouts');
    await expect.poll(() => panel.getByTestId('auto-payouts-current').textContent()).toBe('Automatic payouts are off.');
    await panel.getByRole('combobox', { name: 'When' }).click();
    await page.getByRole('option', { name: 'When the amount available reaches…' }).click();
    const amount = panel.getByLabel('Amount, USD');
    // The lowest threshold allowed is the minimum of the main wallet's system (WebMoney).
    expect(await amount.inputValue()).toBe('10');
    await amount.fill('100');
    await panel.getByTestId('auto-payouts-save').click();
    const dialog = page.getByRole('dialog', { name: 'Security code' });
    await dialog.getByTestId('security-code-input').fill(CODE);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => panel.getByTestId('auto-payouts-current').textContent(), { timeout: 15_000 })
      .toBe('When the amount available for withdrawal reaches $100.00');
    expect(await panel.textContent()).toContain('Always to your main wallet: WebMoney');
    expect(await seriousAxeFindings(page, 'auto-payouts')).toEqual([]);
  });

  it('the job makes exactly one automatic request once the threshold is crossed, shown in the history', async () => {
    // The job's clock is the test's: yesterday, so that today is the next day a run is due.
    const now = new Date(Date.now() - DAY);
    expect(await run(now)).toMatchObject({ attempted: 0 }); // 60 USD: below the threshold
    await fund(45 * USD, now);
    expect(await run(now)).toMatchObject({ attempted: 1, requested: 1 });
    expect(await run(now)).toMatchObject({ attempted: 0, requested: 0 });
    expect(await requestsOf()).toEqual([{ automatic: true, amount_micro: String(105 * USD) }]);

    await openPayouts();
    const history = page.getByRole('grid', { name: 'Your payout requests' });
    await history.waitFor({ timeout: 30_000 });
    await expect.poll(() => history.getByTestId('payout-automatic').count(), { timeout: 15_000 }).toBe(1);
    expect(await history.getByRole('row').count()).toBe(2); // the header and the one request
    expect(await page.getByTestId('auto-payouts-last').textContent()).toMatch(/^Last automatic request: /);
    await page.getByTestId('auto-payouts').screenshot({ path: join(ARTIFACTS, 'auto-payouts-made-en-1440.png') });
  });

  it('makes none in a cooling-off window, and tells the partner why', async () => {
    const today = new Date();
    const product = await loadProduct(server.app.ctx.database.db);
    // The window a wallet added starts (the real function the wallet call runs), then money above the threshold.
    await server.app.ctx.database.db.transaction((tx) => startCoolingOff(tx, userId, 'wallet_added', today, product));
    await fund(150 * USD, today);
    expect(await run(today)).toEqual({ attempted: 1, requested: 0, refused: 1, notified: 1 });
    expect(await run(today)).toMatchObject({ attempted: 0 });
    expect(await requestsOf()).toHaveLength(1);

    await page.goto(`${server.baseUrl}/notifications`);
    await page.getByText('Automatic payout not made').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(/^Your automatic payout was not made\. For your security, new payout requests can be sent after .+ because a wallet was added\./).count()).toBe(1);
    await openPayouts();
    await expect
      .poll(() => page.getByTestId('auto-payouts-last').textContent(), { timeout: 15_000 })
      .toMatch(/^Last attempt \(.+\): new payout requests were on hold after a security change\.$/);
    expect(await page.getByRole('grid', { name: 'Your payout requests' }).getByTestId('payout-automatic').count()).toBe(1);
  });

  it('screenshots of the panel in English and Arabic, wide and on a phone', async () => {
    await inLanguagesAndWidths(page, 'auto-payouts', async (lang, width) => {
      await openPayouts();
      await page.getByTestId('auto-payouts-last').waitFor();
      await page.getByTestId('auto-payouts').scrollIntoViewIfNeeded();
      await page.locator('#auto-payouts').screenshot({ path: join(ARTIFACTS, `auto-payouts-panel-${lang}-${width}.png`) });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });
});
