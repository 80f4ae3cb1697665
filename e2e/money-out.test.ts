import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { addAdditionalIncome } from '../server/src/operator/service.ts';
import { storeRate } from '../server/src/money/exchange-rates.ts';
import { insertWallet } from '../server/src/modules/payouts/testing.ts';
import { solveCaptcha as solveServerCaptcha } from '../server/src/plumbing/captcha/testing.ts';
import {
  ARTIFACTS,
  browserAvailable,
  localLink,
  mailbox,
  startServer,
  type RunningServer,
  solveCaptcha,
  seriousAxeFindings,
  signIn,
  setLanguage,
  signedInBrowser,
  waitShowing,
} from './support.ts';

const hasBrowser = browserAvailable();
const NEW_PASSWORD = 'Brand-New-Horse-77';
const CODE = '4821';

/**
 * Money out as a partner meets it in Chromium: a wallet added, confirmed from the mailbox, on hold, then (the
 * operator shortens the hold) paid to with the fee and the net amount shown; a created request deleted; a security
 * code set through the account-password check and asked on the next payout; the password changed by its link.
 */
describe.skipIf(!hasBrowser)('money out in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let userId: number;
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const axe = async (name: string) => expect(await seriousAxeFindings(page, name)).toEqual([]);
  const operator = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/operator/v1${url}`,
      headers: { authorization: `Bearer ${server.app.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'e2e' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function openPayouts() {
    await page.goto(`${server.baseUrl}/payouts`);
    await page.getByTestId('page-title').waitFor();
    await page.getByRole('grid', { name: 'Your wallets' }).waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    userId = await ensureDemoPartner(server.app.ctx);
    // 500 USD of additional income, available at once.
    await addAdditionalIncome(
      server.app.ctx.database.db,
      { userId, project: 'fd1', amount: 500_000_000, reason: 'e2e', operator: 'e2e' },
      new Date(),
    );
    // Refusals the screens show themselves (401 for guests, 403 security checks, 409 a request in a cooling-off
    // window, 422 form errors, 429 a link sent again too soon).
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 403, 409, 422, 429] }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('adds a WebMoney wallet: only its field is asked, and it waits for the e-mailed link', async () => {
    await openPayouts();
    await page.getByRole('button', { name: 'Add a wallet' }).click();
    await page.locator('#wallet-type').click();
    await page.getByRole('option', { name: 'WebMoney' }).click();
    const form = page.getByTestId('add-wallet-form');
    // The chosen system's one field, nothing of a card or a bank.
    await form.getByLabel('WebMoney purse').waitFor();
    expect(await form.locator('input[name]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name))).toEqual([
      'purse',
    ]);
    await form.getByLabel('WebMoney purse').fill('Z123456789012');
    await page.getByRole('button', { name: 'Add wallet' }).click();
    await page.getByTestId('verification-in-progress').waitFor();
    // The form closes on a dialog that says where the link went; the partner reads it and closes it.
    const sent = page.getByRole('dialog', { name: 'Check your email' });
    await waitShowing(page, sent);
    expect(await sent.textContent()).toContain('We have sent you an email with a confirmation link.');
    await shot('payouts-wallet-waiting-en-1440');
    await sent.getByRole('button', { name: 'Close' }).click();
    await sent.waitFor({ state: 'hidden' });
  });

  it('sends the link again: not within a minute of the first, then a second mail', async () => {
    const resend = page.getByRole('button', { name: 'Send link again: WebMoney Z123456789012' });
    await waitShowing(page, resend);
    await resend.click();
    const refusal = page.getByRole('dialog', { name: 'Not possible' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('We sent a link for this wallet less than a minute ago.');
    await refusal.getByRole('button', { name: 'Close' }).click();
    await refusal.waitFor({ state: 'hidden' });

    // As if the first mail had gone out two minutes ago.
    await server.app.ctx.database.query(
      sql`update one_time_tokens set created_at = created_at - interval '2 minutes' where kind = 'purse_confirm'`,
    );
    await resend.click();
    await page.getByText(`We have sent a new confirmation link to ${DEMO_EMAIL}.`).waitFor();
    const links = (await mailbox(server.baseUrl, DEMO_EMAIL)).flatMap((m) => m.links).filter((l) => l.includes('/purse/confirm/'));
    expect(new Set(links).size).toBe(2);
    await shot('payouts-wallet-link-sent-en-1440');

    // The waiting wallet with its button, in Arabic on a desktop and on a phone (where the table scrolls sideways
    // to its actions).
    await setLanguage(page, 'ar');
    try {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`${server.baseUrl}/payouts`);
        const grid = page.getByRole('grid', { name: 'طرق السحب الخاصة بك' });
        await grid.waitFor({ timeout: 30_000 });
        if (width === 390) await grid.locator('.MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = -el.scrollWidth));
        await page.getByRole('button', { name: 'إعادة إرسال الرابط: WebMoney Z123456789012' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(`payouts-wallet-waiting-ar-${width}`);
      }
    } finally {
      await setLanguage(page, 'en');
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('confirms the wallet from the mailbox; it is then on hold until a date', async () => {
    const mails = await mailbox(server.baseUrl, DEMO_EMAIL);
    const link = mails.flatMap((m) => m.links).find((l) => l.includes('/purse/confirm/'));
    expect(link).toBeDefined();
    await page.goto(localLink(link!, server.baseUrl));
    const status = page.locator('[data-testid="purse-confirm-status"][data-state="success"]');
    await status.waitFor();
    expect(await status.textContent()).toContain('Payout details successfully verified');
    await axe('wallet confirmation');

    // The same link a second time is refused.
    await page.goto(localLink(link!, server.baseUrl));
    await page.locator('[data-testid="purse-confirm-status"][data-state="error"]').waitFor();

    await openPayouts();
    const state = page.getByTestId('wallet-state').first();
    await expect.poll(() => state.textContent()).toMatch(/^Waiting period until /);
  });

  it('a wallet just added holds new requests back for 48 hours, said with the date and the reason', async () => {
    const patched = await operator('PATCH', '/settings', { changes: { walletHoldDays: 0 } });
    expect(patched.statusCode, patched.body).toBe(200);
    await openPayouts();
    await expect.poll(() => page.getByTestId('wallet-state').first().textContent()).toBe('Active');
    const notice = page.getByTestId('payout-cooling-off');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^For your security, new payout requests can be sent after .+ UTC, because a wallet was added\./);
    await page.locator('#payout-amount').fill('100');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await page.getByTestId('payout-request-error').waitFor();
    expect(await page.getByTestId('payout-request-error').textContent()).toBe(await notice.textContent());
    await shot('payouts-cooling-off-en-1440');
  });

  it('once the wait is over, requests a payout that shows the fee and what will be received', async () => {
    // As if the 48 hours had passed.
    await server.app.ctx.database.query(sql`update users set payout_cooling_until = now() - interval '1 second' where id = ${userId}`);
    await openPayouts();
    await expect.poll(() => page.getByTestId('wallet-state').first().textContent()).toBe('Active');
    expect(await page.getByTestId('payout-cooling-off').count()).toBe(0);

    await page.locator('#payout-amount').fill('100');
    // WebMoney: 0.8 % of 100.00 USD.
    await expect.poll(() => page.getByTestId('quote-fee').textContent()).toBe('$0.80');
    expect(await page.getByTestId('quote-receive').textContent()).toBe('$99.20');
    expect(await page.getByTestId('quote-minimum').textContent()).toBe('$10.00');
    await shot('payouts-request-quote-en-1440');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await page.getByTestId('payout-request-sent').waitFor();
    const history = page.getByRole('grid', { name: 'Your payout requests' });
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('Created');
    await axe('payouts');
  });

  it('deletes the created request after confirming, and the money comes back', async () => {
    const before = await page.evaluate(async () => (await (await fetch('/api/payouts/user/available-withdrawal')).json()).amount);
    expect(before).toBe(400_000_000);
    const history = page.getByRole('grid', { name: 'Your payout requests' });
    await history.getByRole('button', { name: /^Delete request/ }).first().click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this request?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('Deleted');
    const after = await page.evaluate(async () => (await (await fetch('/api/payouts/user/available-withdrawal')).json()).amount);
    expect(after).toBe(500_000_000);
  });

  it('to a card in roubles: the form quotes the roubles at the Bank of Russia rate, and the request keeps them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await storeRate(server.app.ctx.database, { currency: 'RUB', rate: '92.5058', date: today, source: 'cbr', fetchedAt: new Date() });
    // A card in roubles, confirmed now (the hold is 0 days from the test before), so the WebMoney purse stays main.
    const now = new Date();
    await insertWallet(server.app.ctx.database, server.app.ctx.config.PAYOUT_DETAILS_KEY, {
      userId,
      system: 'card',
      n: 7,
      details: { currency: 'RUB' },
      createdAt: now,
      confirmedAt: now,
    });
    await openPayouts();
    const form = page.getByTestId('payout-request-form');
    await form.locator('#payout-wallet').click();
    await page.getByRole('option', { name: /Bank card: •••• \d{4} \(RUB\)/ }).click();
    await page.locator('#payout-amount').fill('100');
    // 100.00 USD less 3 % + 1 USD is 96.00 USD; at 92.5058 that is 8,880.5568 roubles.
    const converted = form.getByTestId('quote-converted');
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));
    await expect
      .poll(() => converted.textContent())
      .toBe(`On this card: RUB\u00a08,880.56 at 1 USD = 92.5058 RUB (Central Bank of Russia, rate for ${day}). Your request keeps this rate.`);
    await shot('payouts-request-rub-en-1440');

    // The same quote in Arabic on a phone: the equation keeps its order inside the right-to-left sentence.
    await setLanguage(page, 'ar');
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.baseUrl}/payouts`);
      await page.locator('#payout-wallet').click();
      await page.getByRole('option', { name: /\(RUB\)/ }).click();
      await page.locator('#payout-amount').fill('100');
      const arabic = page.getByTestId('quote-converted');
      await expect.poll(() => arabic.textContent()).toContain('\u20661 USD = 92.5058 RUB\u2069');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await arabic.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, 'payouts-request-rub-ar-390.png') });
    } finally {
      await setLanguage(page, 'en');
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await openPayouts();
    await form.locator('#payout-wallet').click();
    await page.getByRole('option', { name: /Bank card: •••• \d{4} \(RUB\)/ }).click();
    await page.locator('#payout-amount').fill('100');
    await expect.poll(() => converted.textContent()).toContain('RUB\u00a08,880.56');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await page.getByTestId('payout-request-sent').waitFor();
    const history = page.getByRole('grid', { name: 'Your payout requests' });
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('RUB\u00a08,880.56');

    // A newer rate moves nothing of the request made: its roubles are what the operator pays.
    await storeRate(server.app.ctx.database, { currency: 'RUB', rate: '95', date: today, source: 'cbr', fetchedAt: new Date() });
    const listed = (await operator('GET', '/payouts?status=created')).json().data[0];
    expect(listed.conversion).toEqual({ currency: 'RUB', rate: '92.5058', rate_date: today, source: 'cbr', amount_minor: 888_056 });

    // Taken back, so that what follows starts from the same money.
    await history.getByRole('button', { name: /^Delete request/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('Deleted');
  });

  it('sets a security code through the account-password check', async () => {
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByTestId('code-status').waitFor();
    await page.locator('#settings-field-code').fill(CODE);
    await page.locator('#settings-field-code_confirmation').fill(CODE);
    await page.getByTestId('save-code').click();
    // The server asks for the account password (403 need_security_password); the app asks the partner.
    await page.getByTestId('account-password-input').fill(DEMO_PASSWORD);
    await solveCaptcha(page);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.locator('[data-testid="code-status"][data-state="set"]').waitFor();
    await shot('settings-code-set-en-1440');
    await axe('settings');
  });

  it('asks for the security code on the next payout and sends the request once it is right', async () => {
    await openPayouts();
    await page.locator('#payout-amount').fill('50');
    await page.getByRole('button', { name: 'Request payout' }).click();
    const code = page.getByTestId('security-code-input');
    await code.waitFor();
    await code.fill('0000');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog').getByText('Incorrect security code', { exact: false }).waitFor();
    await code.fill(CODE);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('payout-request-sent').waitFor();
    const rows = await server.app.ctx.database.query<{ amount_micro: string; status: string }>(
      (await import('drizzle-orm')).sql`select amount_micro, status from payout_requests order by id`,
    );
    expect(rows.map((r) => [Number(r.amount_micro), r.status])).toEqual([
      [100_000_000, 'deleted'],
      [100_000_000, 'deleted'],
      [50_000_000, 'created'],
    ]);
  });

  it('changes the password through its e-mailed link; the old one stops working', async () => {
    await page.goto(`${server.baseUrl}/settings`);
    await page.locator('#settings-field-old_password').fill(DEMO_PASSWORD);
    await page.locator('#settings-field-password').fill(NEW_PASSWORD);
    await page.locator('#settings-field-password_confirmation').fill(NEW_PASSWORD);
    await page.getByTestId('change-password').click();
    await page.getByTestId('password-sent').waitFor();

    const mails = await mailbox(server.baseUrl, DEMO_EMAIL);
    const link = mails.flatMap((m) => m.links).find((l) => l.includes('/auth/confirm-password-changing/'));
    expect(link).toBeDefined();
    await page.goto(localLink(link!, server.baseUrl));
    await page.getByText('Your password has been successfully changed!').waitFor();

    const login = async (password: string) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: DEMO_EMAIL, password, captcha: await solveServerCaptcha(server.app) },
        })
      ).statusCode;
    expect(await login(DEMO_PASSWORD)).toBe(422);
    expect(await login(NEW_PASSWORD)).toBe(200);
    await context.clearCookies();
    await signIn(page, server.baseUrl, DEMO_EMAIL, NEW_PASSWORD);
  });

  it('payouts and settings in English and Arabic at 1440 and 390 px', async () => {
    for (const lang of ['en', 'ar']) {
      await setLanguage(page, lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        for (const screenName of ['payouts', 'settings']) {
          await page.goto(`${server.baseUrl}/${screenName}`);
          await page.getByTestId('page-title').waitFor();
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          await page.waitForLoadState('networkidle');
          // Nothing wider than the phone's screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await shot(`${screenName}-${lang}-${width}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
