import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { browserAvailable, chooseLanguageInMenu, launch, signIn, startServer, watchProblems, type RunningServer } from './support.ts';
import { closeConsoleTest } from './console-support.ts';

const hasBrowser = browserAvailable();
/** Screenshots to be looked at, outside the repository. */
const SHOTS = process.env.CONSOLE_SHOTS ?? '/tmp/console-shots';

const ADMIN = { email: 'admin@staff.test', name: 'Ada Admin', role: 'admin', password: 'admin-password-1' };
const FINANCE = { email: 'finance@staff.test', name: 'Fiona Finance', role: 'finance', password: 'finance-password-1' };

/**
 * The operator console in Chromium (decision 0161): an administrator, added through the operator API with the shared
 * token, signs in at /operator, sets up the authenticator (the code computed from the shown secret with otplib), saves
 * the recovery codes, sees Staff and the audit log, creates a token (its secret shown once, and it works), finds its
 * own actions in the audit log and exports them, signs out and back in with a recovery code. A finance member sees no
 * Staff or Tokens and gets the not-allowed page by address; a partner signed in to the partner app who opens /operator
 * gets the console's sign-in. Each sign-in stage and screen is shot in English and Russian at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('operator console in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  async function newPage(width = 1440): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US', acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    // 401: who-am-I before signing in; 403: the finance member's call to a section it may not open.
    watchProblems(page, problems, [401, 403]);
    return page;
  }

  /** The page at both widths and in both languages (switched in the top bar, which keeps the page's state). */
  async function shoot(page: Page, name: string) {
    for (const lang of ['en', 'ru'] as const) {
      const current = await page.evaluate(() => document.documentElement.lang);
      if (current !== lang) await chooseLanguageInMenu(page, lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.waitForTimeout(400);
        // No page may be wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${lang} ${width}`).toBeLessThanOrEqual(1);
        await page.screenshot({ path: join(SHOTS, `${name}-${lang}-${width}.png`), fullPage: true });
      }
    }
    await chooseLanguageInMenu(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  /** A member added with the shared OPERATOR_TOKEN, as the CLI does it. */
  async function addMember(member: typeof ADMIN) {
    const response = await fetch(`${server.baseUrl}/operator/v1/staff`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.app.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'e2e', 'content-type': 'application/json' },
      body: JSON.stringify(member),
    });
    expect(response.status).toBe(200);
  }

  async function password(page: Page, member: typeof ADMIN) {
    await page.locator('#field-email').fill(member.email);
    await page.locator('#field-password').fill(member.password);
    await page.getByTestId('sign-in-submit').click();
  }

  async function setUpAuthenticator(page: Page): Promise<string[]> {
    const secret = (await page.getByTestId('totp-secret-value').textContent())!.replace(/\s+/g, '');
    await page.getByTestId('totp-code').fill(await generate({ secret }));
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    return page.getByTestId('recovery-codes').locator('li').allTextContents();
  }

  const rowOf = (page: Page, text: string) => page.locator('.MuiDataGrid-row', { hasText: text }).first();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    await addMember(ADMIN);
    await addMember(FINANCE);
    browser = await launch();
  }, 300_000);

  afterAll(() => closeConsoleTest(contexts, browser, server));

  it('an administrator signs in the first time, manages staff and tokens and reads its actions in the audit log', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/operator`);
    await page.waitForURL('**/operator/sign-in');
    await page.getByTestId('sign-in-password').waitFor();
    await shoot(page, 'sign-in-password');

    await password(page, ADMIN);
    await page.getByTestId('sign-in-setup').waitFor();
    // The QR code is an image made from the server's SVG.
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(await page.getByTestId('totp-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shoot(page, 'sign-in-setup');

    const codes = await setUpAuthenticator(page);
    expect(codes).toHaveLength(10);
    const download = page.waitForEvent('download');
    await page.getByTestId('codes-download').click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toContain(codes[0]);
    await shoot(page, 'sign-in-codes');
    await page.getByTestId('codes-saved').click();
    await page.getByTestId('codes-continue').click();

    // Signed in: the console's frame with the administrator's sections; its own sign-in is in the audit log.
    await page.getByTestId('console-member').waitFor();
    await page.getByTestId('nav-audit').click();
    await rowOf(page, 'session.sign_in').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[data-testid^=nav-]').allTextContents()).toEqual(expect.arrayContaining(['Audit log', 'Staff', 'Tokens']));
    expect(await page.getByTestId('console-member').textContent()).toContain('Ada Admin');

    await page.getByTestId('nav-staff').click();
    await rowOf(page, FINANCE.email).waitFor({ timeout: 30_000 });
    expect(await rowOf(page, ADMIN.email).textContent()).toContain('Active');
    expect(await rowOf(page, FINANCE.email).textContent()).toContain('Authenticator not set up');
    await shoot(page, 'staff');

    await page.getByTestId('nav-tokens').click();
    await page.getByTestId('token-create').click();
    await page.locator('#token-name').fill('e2e-robot');
    await page.getByTestId('token-create-submit').click();
    const secret = (await page.getByTestId('token-secret-secret-value').textContent())!;
    expect(secret).toMatch(/^pco_/);
    expect(await page.getByTestId('token-secret').textContent()).toContain('You will not see it again');
    // The token works from outside the browser, with its role.
    const me = await fetch(`${server.baseUrl}/operator/v1/session/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect(((await me.json()) as { name: string; role: string })).toMatchObject({ name: 'e2e-robot', role: 'finance' });
    await page.getByTestId('token-secret-done').click();
    await page.getByTestId('token-secret').waitFor({ state: 'detached' });
    // Closed, the secret is nowhere on the page any more.
    expect(await page.content()).not.toContain(secret);
    await rowOf(page, 'e2e-robot').waitFor();
    await shoot(page, 'tokens');

    await page.getByTestId('nav-audit').click();
    const created = rowOf(page, 'token.create');
    await created.waitFor({ timeout: 30_000 });
    expect(await created.textContent()).toContain('Ada Admin');
    await page.getByTestId('audit-action').fill('token.');
    await page.getByTestId('audit-action').press('Enter');
    await page.waitForURL(/action=token\./);
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    const csv = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const exported = readFileSync(await (await csv).path(), 'utf8');
    expect(exported).toContain('token.create');
    expect(exported).not.toContain('session.sign_in');
    await created.locator('[data-testid^=audit-change-]').click();
    await page.getByTestId('audit-diff').waitFor();
    expect(await page.getByTestId('audit-diff').textContent()).toContain('e2e-robot');
    await page.keyboard.press('Escape');
    await page.goto(`${server.baseUrl}/operator/audit`);
    await rowOf(page, 'token.create').waitFor({ timeout: 30_000 });
    await shoot(page, 'audit');

    // Sign out, then in again with the authenticator's code step, using a recovery code.
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-password').waitFor();
    await password(page, ADMIN);
    await page.getByTestId('sign-in-code').waitFor();
    await shoot(page, 'sign-in-code');
    await page.getByTestId('toggle-recovery').click();
    await page.locator('#field-recovery-code').fill(codes[3]!);
    await page.getByTestId('code-submit').click();
    await page.getByTestId('console-member').waitFor();
    await page.getByTestId('nav-audit').click();
    // Two sign-ins of its own now: with the new authenticator, and with a recovery code.
    await expect.poll(() => page.locator('.MuiDataGrid-row', { hasText: 'session.sign_in' }).count(), { timeout: 30_000 }).toBe(2);
    expect(problems).toEqual([]);
  }, 600_000);

  it('a finance member sees no Staff or Tokens and gets the not-allowed page by address', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/operator/sign-in`);
    await password(page, FINANCE);
    await page.getByTestId('sign-in-setup').waitFor();
    await setUpAuthenticator(page);
    await page.getByTestId('codes-saved').click();
    await page.getByTestId('codes-continue').click();
    await page.getByTestId('console-member').waitFor();
    expect(await page.getByTestId('console-member').textContent()).toContain('Finance');
    for (const section of ['staff', 'tokens', 'audit']) expect(await page.getByTestId(`nav-${section}`).count(), section).toBe(0);
    await page.goto(`${server.baseUrl}/operator/staff`);
    await page.getByTestId('not-allowed').waitFor();
    await page.goto(`${server.baseUrl}/operator/tokens`);
    await page.getByTestId('not-allowed').waitFor();
    await page.screenshot({ path: join(SHOTS, 'not-allowed-en-1440.png'), fullPage: true });
    // The server refuses it too.
    expect(await page.evaluate(async () => (await fetch('/operator/v1/staff')).status)).toBe(403);
    expect(problems).toEqual([]);
  }, 300_000);

  it('a partner signed in to the partner app who opens /operator gets the console’s sign-in', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
    await page.goto(`${server.baseUrl}/operator`);
    await page.waitForURL('**/operator/sign-in');
    await page.getByTestId('sign-in-password').waitFor();
    expect(await page.getByTestId('console-sidebar').count()).toBe(0);
    // The partner's session opens nothing of the operator API.
    expect(await page.evaluate(async () => (await fetch('/operator/v1/session/me')).status)).toBe(401);
    expect(problems).toEqual([]);
  }, 300_000);
});
