import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { addAdditionalIncome } from '../server/src/operator/service.ts';
import {
  ARTIFACTS,
  browserAvailable,
  startServer,
  type RunningServer,
  solveCaptcha,
  seriousAxeFindings,
  inLanguagesAndWidths,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();

/**
 * The webmaster API key as a partner meets it in Chromium: created through the account-password check (password
 * and captcha), shown once, used from outside the browser like curl against /webmaster/v1 (the partner's balance,
 * the same figures as the screens), rotated (the old key refused at once); the page in en and ar at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('webmaster API key in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let firstKey = '';
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  /** A call from outside the browser, as curl would make it: only the key, no cookie. */
  const curl = (url: string, key: string) => fetch(url, { headers: { authorization: `Bearer ${key}` } });

  async function openApiKeyPage() {
    await page.goto(`${server.baseUrl}/api-key`);
    await page.getByTestId('page-title').waitFor();
    await page.getByTestId('key-state').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    const userId = await ensureDemoPartner(server.app.ctx);
    await addAdditionalIncome(
      server.app.ctx.database.db,
      { userId, project: 'fd1', amount: 250_000_000, reason: 'e2e', operator: 'e2e' },
      new Date(),
    );
    // Refusals the page handles itself (401 for guests, 403 for the password check).
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 403], clipboard: true }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('creates a key through the password check and shows it once', async () => {
    await openApiKeyPage();
    expect(await page.getByTestId('key-state').getAttribute('data-state')).toBe('none');
    await page.getByTestId('create-key').click();
    // The server asks for the account password (403 need_security_password); the app asks the partner.
    await page.getByTestId('account-password-input').fill(DEMO_PASSWORD);
    await solveCaptcha(page);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    const value = page.getByTestId('new-key-value');
    await value.waitFor();
    firstKey = (await value.textContent())!.trim();
    expect(firstKey).toMatch(/^pc_live_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('copy-key').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstKey);
    await page.locator('[data-testid="key-state"][data-state="active"]').waitFor();
    expect(await page.getByTestId('key-masked').textContent()).toContain(firstKey.slice(-4));
    await shot('api-key-new-key-en-1440');
    expect(await seriousAxeFindings(page, 'api key')).toEqual([]);

    // Shown once: after "I have saved it", or on the next visit, only its last four characters are left.
    await page.getByTestId('hide-key').click();
    await openApiKeyPage();
    expect(await page.content()).not.toContain(firstKey);
    const stored = await server.app.ctx.database.query<{ key_hash: string }>((await import('drizzle-orm')).sql`select key_hash from api_keys`);
    expect(JSON.stringify(stored)).not.toContain(firstKey.slice(8));
  });

  it("calls /webmaster/v1 with the key like curl, on the page's example address, and gets the partner's balance", async () => {
    const example = (await page.getByTestId('curl-example').textContent())!;
    const url = /"(http[^"]+\/webmaster\/v1\/balance)"/.exec(example)?.[1];
    expect(url).toBe(`${server.baseUrl}/webmaster/v1/balance`);
    const res = await curl(url!, firstKey);
    expect(res.status).toBe(200);
    const balance = (await res.json()) as Record<string, unknown>;
    // The same figures as the payouts screen's call.
    const screen = await page.evaluate(async () => (await fetch('/api/payouts/user/available-withdrawal')).json());
    expect(balance).toMatchObject({ currency: 'USD', available: screen.amount, balance: screen.balance, hold: screen.hold, in_progress: screen.in_progress });
    expect(balance.available as number).toBeGreaterThanOrEqual(250_000_000);
    // The other calls answer too; without the key, 401.
    expect((await curl(`${server.baseUrl}/webmaster/v1/payouts`, firstKey)).status).toBe(200);
    expect((await curl(`${server.baseUrl}/webmaster/v1/statistics?app=fd1&period=30d`, firstKey)).status).toBe(200);
    const anonymous = await fetch(`${server.baseUrl}/webmaster/v1/balance`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe('unauthorized');
    // The docs page the app links to lists the calls with curl examples.
    const docs = await fetch(`${server.baseUrl}/webmaster/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/webmaster/v1/balance');
  });

  it('rotates the key: the old one is refused at once, the new one works', async () => {
    await page.getByTestId('rotate-key').click();
    await page.getByRole('dialog', { name: 'Rotate the API key?' }).getByRole('button', { name: 'Rotate' }).click();
    // The password check passed minutes ago may have expired on a slow machine: the app asks again then.
    const value = page.getByTestId('new-key-value');
    const asked = page.getByTestId('account-password-input');
    await Promise.race([value.waitFor(), asked.waitFor()]);
    if (await asked.isVisible()) {
      await asked.fill(DEMO_PASSWORD);
      await solveCaptcha(page);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await value.waitFor();
    }
    const secondKey = (await value.textContent())!.trim();
    expect(secondKey).not.toBe(firstKey);
    const old = await curl(`${server.baseUrl}/webmaster/v1/balance`, firstKey);
    expect(old.status).toBe(401);
    expect((await curl(`${server.baseUrl}/webmaster/v1/balance`, secondKey)).status).toBe(200);
    await page.getByTestId('hide-key').click();
  });

  it('the API key page in English and Arabic at 1440 and 390 px', async () => {
    await inLanguagesAndWidths(page, 'api-key', async () => {
      await openApiKeyPage();
    });
    // The reference page the app links to (server-rendered, English), on a phone and wide.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${server.baseUrl}/webmaster/docs`);
      await page.locator('[data-call="/webmaster/v1/balance"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`webmaster-docs-${width}`);
    }
    expect(problems).toEqual([]);
  });
});
