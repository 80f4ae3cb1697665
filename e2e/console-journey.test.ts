import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PRODUCT } from '@pc/core';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { ensureDemoStaff } from '../server/src/seed/demo-staff.ts';
import { insertPayoutRequest } from '../server/src/money/payouts.ts';
import { payoutFee } from '@pc/core';
import { fund, insertWallet } from '../server/src/modules/payouts/testing.ts';
import { createPartner } from '../server/src/money/testing.ts';
import { closeConsoleTest, CONSOLE_SHOTS, consolePage, signInDemoMember } from './console-support.ts';
import { browserAvailable, launch, localLink, mailbox, setLanguage, signIn, startServer, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();

/**
 * The programme run from the console, as its staff meet it in Chromium (decisions 0160–0162), with the demo's
 * members (each signing in with the demo authenticator's code):
 * - finance picks the partner's three waiting PayPal requests, exports them as a batch (the PayPal file is
 *   downloaded) and marks the batch completed; the partner then sees the three completed, got a mail for each, and
 *   the balance the partner sees is the sum of the ledger the console shows;
 * - a request above the four-eyes sum: the member who approved it cannot complete it, a second one does;
 * - content publishes a news item in English and Arabic; the partner sees it, with the unread badge, in both;
 * - support opens the partner's cabinet read-only (a write is refused there), then blocks the partner, whose
 *   open session ends at once;
 * - an administrator finds every one of those steps in the audit log.
 */
describe.skipIf(!hasBrowser)('running the programme from the console in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let partnerId: number;
  let bigPartnerId: number;
  const paypalIds: number[] = [];
  let bigId: number;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let partnerPage: Page;

  // 401: who-am-I before signing in; 403 and 409: the refusals the journey provokes (a read-only view's write, four eyes).
  const newPage = (expected: readonly number[] = [401, 403, 409]) => consolePage(browser, contexts, problems, expected);

  /** A new browser page with a demo member signed in. */
  async function staffSignIn(email: string): Promise<Page> {
    const page = await newPage();
    await signInDemoMember(page, server.baseUrl, email);
    return page;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(CONSOLE_SHOTS, `journey-${name}.png`), fullPage: true });
  const confirmDialog = (page: Page) => page.getByRole('dialog').locator('button').last().click();
  const gridRow = (page: Page, id: number) => page.locator(`.MuiDataGrid-row[data-id="${id}"]`);

  beforeAll(async () => {
    mkdirSync(CONSOLE_SHOTS, { recursive: true });
    server = await startServer();
    const { ctx } = server.app;
    partnerId = await ensureDemoPartner(ctx);
    await ensureDemoStaff(ctx);
    const now = new Date();
    const old = new Date(now.getTime() - 90 * 86_400_000);
    const key = ctx.config.PAYOUT_DETAILS_KEY;
    // The demo partner: 500 USD available, a PayPal wallet confirmed long ago, three waiting requests on it.
    await fund(ctx.database, partnerId, 500_000_000, now);
    const wallet = await insertWallet(ctx.database, key, { userId: partnerId, system: 'paypal', n: 1, createdAt: old, confirmedAt: old });
    for (const amount of [20_000_000, 35_000_000, 42_500_000]) {
      const row = await ctx.database.db.transaction((tx) =>
        insertPayoutRequest(tx, { userId: partnerId, amountMicro: amount, feeMicro: payoutFee('paypal', amount, DEFAULT_PRODUCT), walletType: 'paypal', walletId: wallet, paymentDetails: 'wallet1@pay.example', actor: 'partner' }, now),
      );
      paypalIds.push(row.id);
    }
    // Another partner asks for more than the four-eyes sum.
    bigPartnerId = await createPartner(ctx.database, { email: 'big.earner@partner.test' });
    const big = DEFAULT_PRODUCT.payoutFourEyesMicro + 200_000_000;
    await fund(ctx.database, bigPartnerId, big + 100_000_000, now);
    const bigWallet = await insertWallet(ctx.database, key, { userId: bigPartnerId, system: 'paypal', n: 2, createdAt: old, confirmedAt: old });
    const bigRow = await ctx.database.db.transaction((tx) =>
      insertPayoutRequest(tx, { userId: bigPartnerId, amountMicro: big, feeMicro: payoutFee('paypal', big, DEFAULT_PRODUCT), walletType: 'paypal', walletId: bigWallet, paymentDetails: 'wallet2@pay.example', actor: 'partner' }, now),
    );
    bigId = bigRow.id;
    browser = await launch();
    // The partner is signed in all along, in a browser of its own.
    partnerPage = await newPage([401, 403]);
    await signIn(partnerPage, server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
  }, 300_000);

  afterAll(() => closeConsoleTest(contexts, browser, server));

  it('finance exports the three waiting PayPal requests as a batch and completes it; the partner sees them paid', async () => {
    const page = await staffSignIn('finance@staff.test');
    await page.getByTestId('nav-payouts').click();
    for (const id of paypalIds) await gridRow(page, id).locator('input[type=checkbox]').check();
    expect(await page.getByTestId('queue-picked').textContent()).toContain('3');
    await shot(page, 'queue-picked');
    const download = page.waitForEvent('download');
    await page.getByTestId('queue-export').click();
    const file = readFileSync(await (await download).path(), 'utf8').trim().split('\r\n');
    // One PayPal mass-payment line per request: the e-mail, what the partner receives, USD, the request's id.
    expect(file).toHaveLength(3);
    for (const [i, line] of file.entries()) {
      const [email, received, currency, , note] = line.split(',');
      expect([email, currency, note]).toEqual(['wallet1@pay.example', 'USD', `Payout ${paypalIds[i]}`]);
      expect(received).toMatch(/^\d+\.\d\d$/);
    }
    await page.getByTestId('queue-exported').getByRole('link').click();
    await page.getByTestId('batch-complete').click();
    await confirmDialog(page);
    await expect.poll(() => page.getByTestId('batch-state').textContent()).toBe('Completed');
    for (const id of paypalIds) expect(await page.getByTestId(`batch-item-status-${id}`).textContent()).toBe('Paid');
    await shot(page, 'batch-completed');

    // The partner: three completed requests, a mail for each, and a balance that is the ledger's sum.
    await partnerPage.goto(`${server.baseUrl}/payouts`);
    for (const id of paypalIds) {
      await expect.poll(() => gridRow(partnerPage, id).locator('[data-field="status"]').textContent(), { timeout: 30_000 }).toBe('Completed');
    }
    await expect
      .poll(async () => (await mailbox(server.baseUrl, DEMO_EMAIL)).filter((m) => m.subject === 'Your payout has been completed').length, { timeout: 30_000 })
      .toBe(3);
    const [ledger] = await server.app.ctx.database.query<{ sum: string }>(sql`select coalesce(sum(amount_micro), 0)::text as sum from ledger_entries where user_id = ${partnerId}`);
    const paid = 20_000_000 + 35_000_000 + 42_500_000;
    expect(Number(ledger!.sum)).toBe(500_000_000 - paid);
    const balance = await partnerPage.evaluate(async () => (await (await fetch('/api/payouts/user/available-withdrawal')).json()) as { balance: number });
    expect(balance.balance).toBe(500_000_000 - paid);
    await page.close();
  }, 300_000);

  it('a request above the four-eyes sum: who approved it cannot complete it, a second member does', async () => {
    const first = await staffSignIn('finance@staff.test');
    first.setDefaultTimeout(15_000);
    onTestFailed(async () => void (await shot(first, 'debug-four-eyes')));
    await first.goto(`${server.baseUrl}/operator/payouts/${bigId}`);
    await first.getByTestId('four-eyes-state').waitFor();
    // One step at a time: into review, then paying.
    await first.getByTestId('request-move-review').click();
    await first.getByTestId('request-move-process').click();
    await first.getByTestId('request-move-accepted').waitFor();
    // Completed by one person alone: refused.
    await first.getByTestId('request-move-accepted').click();
    await confirmDialog(first);
    await first.getByTestId('request-refusal').waitFor();
    expect(await first.getByTestId('request-refusal').textContent()).toContain('another member of staff must approve it');
    // Approved by this member: still not completed by them.
    await first.getByTestId('request-refusal').getByRole('button').click();
    await first.getByTestId('request-approve').click();
    await expect.poll(() => first.getByTestId('four-eyes-state').textContent()).toContain('Demo Finance');
    await first.getByTestId('request-move-accepted').click();
    await confirmDialog(first);
    await first.getByTestId('request-refusal').waitFor();
    expect(await first.getByTestId('request-refusal').textContent()).toContain('another member of staff must complete it');
    await shot(first, 'four-eyes-refused');
    const [big] = await server.app.ctx.database.query<{ status: string }>(sql`select status from payout_requests where id = ${bigId}`);
    expect(big!.status).toBe('process');

    const second = await staffSignIn('finance2@staff.test');
    await second.goto(`${server.baseUrl}/operator/payouts/${bigId}`);
    await second.getByTestId('request-move-accepted').click();
    await confirmDialog(second);
    await expect.poll(() => second.getByTestId('request-status').textContent()).toContain('Paid');
    await first.close();
    await second.close();
  }, 300_000);

  it('content publishes a news item in English and Arabic; the partner sees it with the unread badge in each', async () => {
    const page = await staffSignIn('content@staff.test');
    await page.getByTestId('nav-content').click();
    await page.getByTestId('content-new').click();
    await page.getByTestId('content-title').fill('Faster payouts to PayPal');
    await page.getByTestId('content-body').fill('PayPal payouts now leave within a day of your request.');
    await page.getByTestId('content-lang-ar').click();
    await page.getByTestId('content-title').fill('مدفوعات أسرع عبر PayPal');
    await page.getByTestId('content-body').fill('تُرسل المدفوعات عبر PayPal الآن خلال يوم واحد من طلبك.');
    await page.getByTestId('content-publish-now').click();
    await shot(page, 'content-news');
    await page.getByTestId('content-save').click();
    await page.getByTestId('content-new').waitFor();
    await page.close();

    for (const [lang, title] of [
      ['en', 'Faster payouts to PayPal'],
      ['ar', 'مدفوعات أسرع عبر PayPal'],
    ] as const) {
      await setLanguage(partnerPage, lang);
      await partnerPage.goto(`${server.baseUrl}/dashboard`);
      // The badge counts the unread news, this one among them.
      await expect.poll(async () => Number((await partnerPage.getByTestId('news-badge').locator('.MuiBadge-badge').textContent()) || 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      await partnerPage.getByTestId('news-badge').click();
      await partnerPage.getByText(title).first().waitFor({ timeout: 30_000 });
      await partnerPage.screenshot({ path: join(CONSOLE_SHOTS, `journey-partner-news-${lang}.png`), fullPage: true });
    }
    await setLanguage(partnerPage, 'en');
  }, 300_000);

  it('support views the partner’s cabinet read-only, then blocks the partner, whose open session ends at once', async () => {
    const page = await staffSignIn('support@staff.test');
    await page.goto(`${server.baseUrl}/operator/partners/${partnerId}`);
    await page.getByTestId('partner-email').waitFor();
    const popup = page.context().waitForEvent('page');
    await page.getByTestId('partner-view-as').click();
    await (await popup).close();
    const link = await page.getByTestId('partner-view-link').getByRole('link').getAttribute('href');
    // Another browser opens the link: a read-only session of the partner.
    const viewer = await newPage([401, 403]);
    await viewer.goto(localLink(link!, server.baseUrl));
    await viewer.waitForURL('**/dashboard');
    await viewer.getByTestId('view-as-banner').waitFor();
    expect(await viewer.getByTestId('view-as-banner').textContent()).toContain('Demo Support');
    const write = await viewer.evaluate(async () => (await fetch('/api/langs/change', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lang: 'de' }) })).status);
    expect(write).toBe(403);
    await shot(viewer, 'view-as');

    // Blocked with a reason: the partner's open session is gone at once.
    await page.getByTestId('partner-block').click();
    await page.getByTestId('reason-input').fill('Traffic from a bot network');
    await page.getByTestId('reason-confirm').click();
    await page.getByTestId('partner-notice').waitFor();
    await expect.poll(() => page.getByTestId('partner-status-state').textContent()).toContain('Blocked');
    await shot(page, 'partner-blocked');
    const status = await partnerPage.evaluate(async () => (await fetch('/api/user')).status);
    expect(status).toBe(401);
    await partnerPage.goto(`${server.baseUrl}/dashboard`);
    await partnerPage.waitForURL('**/auth/login**');
    await page.close();
  }, 300_000);

  it('an administrator finds every step in the audit log', async () => {
    const page = await staffSignIn('admin@staff.test');
    onTestFailed(async () => void (await shot(page, 'debug-audit')));
    await page.getByTestId('nav-audit').click();
    await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 30_000 });
    const actions = await page.evaluate(async () => {
      const answer = (await (await fetch('/operator/v1/audit?per_page=100')).json()) as { data: Array<{ action: string; actor: { name: string } }> };
      return answer.data.map((row) => `${row.action} ${row.actor.name}`);
    });
    for (const expected of [
      'payout.export Demo Finance',
      'batch.complete Demo Finance',
      'payout.approve Demo Finance',
      'payout.status Demo Finance Two',
      'news.create Demo Content',
      'partner.view_as Demo Support',
      'partner.block Demo Support',
    ])
      expect(actions, expected).toContain(expected);
    await shot(page, 'audit');
    expect(problems).toEqual([]);
  }, 300_000);
});
