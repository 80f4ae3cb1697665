import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS,
  browserAvailable,
  chooseLanguageInMenu,
  launch,
  localLink,
  mailbox,
  startServer,
  type RunningServer,
  solveCaptcha,
  seriousAxeFindings,
} from './support.ts';

const hasBrowser = browserAvailable();

async function axe(page: Page, name: string) {
  expect(await seriousAxeFindings(page, name)).toEqual([]);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });

describe.skipIf(!hasBrowser)('partner journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `partner.${Date.now()}@example.com`;
  const password = 'Correct-Horse-42';
  /** Script errors and console errors other than the expected failed requests (401 for guests, 422). */
  const problems: string[] = [];
  /** Requests for the captcha widget's code, which the sign-in page fetches only when the partner acts. */
  const widgetRequests: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (/Failed to load resource: the server responded with a status of (401|422)/.test(text)) return;
      problems.push(`console: ${text}`);
    });
    page.on('request', (request) => {
      if (/\/assets\/altcha-[^/]*\.js$/.test(request.url())) widgetRequests.push(request.url());
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('a new user is sent from / to sign-in', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByTestId('captcha-placeholder').waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'signin-en-1440');
    await axe(page, 'sign-in');
    expect(widgetRequests).toEqual([]);
  });

  it('one click on the captcha placeholder loads the widget and solves the real challenge', async () => {
    const placeholder = await page.getByTestId('captcha-placeholder').boundingBox();
    await page.getByTestId('captcha-placeholder').click();
    await page.waitForFunction(
      () =>
        (
          document.querySelector('altcha-widget') as unknown as { getState?: () => string } | null
        )?.getState?.() === 'verified',
      null,
      {
        timeout: 60_000,
      },
    );
    expect(widgetRequests).toHaveLength(1);
    // The focus moved from the placeholder to the widget's checkbox, not to the page.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('altcha-widget')))).toBe(true);
    // The widget takes the placeholder's room: nothing on the page moves when it arrives.
    const widget = await page.locator('altcha-widget').boundingBox();
    expect(Math.abs(widget!.height - placeholder!.height)).toBeLessThanOrEqual(2);
    await shot(page, 'signin-captcha-verified-en-1440');
  });

  it('creates an account with the real captcha', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/auth/register');
    // The sign-in page stays on screen until the registration page's code has loaded, and both have an
    // e-mail field with the same id: wait for the new page before typing.
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.locator('#field-email').fill(email);
    await page.locator('#field-password').fill(password);
    await page.getByRole('checkbox', { name: /terms of service/ }).check();
    await axe(page, 'register');
    await solveCaptcha(page);
    await shot(page, 'register-en-1440');
    await page.getByTestId('submit').click();
    await page.getByTestId('register-sent').waitFor();
  });

  it('opens the confirmation link from the dev mailbox', async () => {
    const [message] = await mailbox(server.baseUrl, email);
    expect(message).toBeDefined();
    const link = message!.links.find((l) => l.includes('/auth/confirm-registration/'));
    expect(link).toBeDefined();
    await page.goto(localLink(link!, server.baseUrl));
    await page.locator('[data-testid="token-status"][data-state="success"]').waitFor();
    await shot(page, 'confirm-registration-en-1440');
    await axe(page, 'registration confirmation');
    await page.getByTestId('to-sign-in').click();
    await page.waitForURL('**/auth/login');
  });

  it('a wrong password shows the error on the password field', async () => {
    await page.locator('#field-email').fill(email);
    await page.locator('#field-password').fill('not-the-password');
    await solveCaptcha(page);
    await page.getByTestId('submit').click();
    const field = page.locator('#field-password');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const helper = page.locator('#field-password-helper-text');
    await expect.poll(async () => (await helper.textContent())?.trim().length ?? 0).toBeGreaterThan(0);
  });

  it('signs in and sees the shell', async () => {
    await page.locator('#field-password').fill(password);
    await solveCaptcha(page);
    await page.getByTestId('submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('user-bar').waitFor();
    await page.getByTestId('info-earnings').waitFor();
    await page.waitForTimeout(700);
    await shot(page, 'shell-en-1440');
    await axe(page, 'shell');
  });

  it('activates the FD1 programme from the sidebar and opens its statistics', async () => {
    await page.getByTestId('activate-fd1').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
    const done = page.getByRole('dialog').filter({ hasText: 'Success' });
    await done.waitFor();
    await done.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('sidebar-project-fd1').getByText('Statistics').click();
    await page.getByTestId('sidebar-project-fd1').getByRole('link', { name: 'Sources' }).click();
    await page.waitForURL('**/app/fd1/statistics/sources');
    await page.getByRole('heading', { name: 'Sources', level: 1 }).waitFor();
    expect(await page.getByTestId('activate-fd2').isVisible()).toBe(true);
    await page.waitForTimeout(600);
    await shot(page, 'shell-en-1440-fd1');
    await axe(page, 'project page');
  });

  it('switches to Arabic: the page is right-to-left and the drawer is on the right', async () => {
    await chooseLanguageInMenu(page, 'ar');
    await page.waitForFunction(
      () => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar',
    );
    const drawer = await page.getByTestId('drawer-paper').boundingBox();
    expect(drawer).not.toBeNull();
    expect(drawer!.x).toBeGreaterThan(1440 / 2);
    await page.getByRole('heading', { name: 'المصادر', level: 1 }).waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'shell-ar-1440');
    await axe(page, 'shell (ar)');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await shot(page, 'shell-ar-390');
    await page.getByTestId('open-sidebar').click();
    await page.waitForTimeout(600);
    const mobileDrawer = await page.getByTestId('drawer-paper').boundingBox();
    expect(mobileDrawer!.x + mobileDrawer!.width).toBeGreaterThan(390 - 2);
    await shot(page, 'shell-ar-390-drawer');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('shows the shell in English at 390 px', async () => {
    await chooseLanguageInMenu(page, 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.waitForTimeout(400);
    await shot(page, 'shell-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('switches to Japanese', async () => {
    await chooseLanguageInMenu(page, 'ja');
    await page.waitForFunction(
      () => document.documentElement.lang === 'ja' && document.documentElement.dir === 'ltr',
    );
    await page.getByRole('heading', { name: '参照元', level: 1 }).waitFor();
  });

  it('signs out', async () => {
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/auth/login');
    await page.locator('altcha-widget, [data-testid="captcha-placeholder"]').first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(me).toBe(401);
  });

  it('sign-in in Arabic at 1440 and 390 px, in English at 390 px', async () => {
    await chooseLanguageInMenu(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.waitForTimeout(600);
    await shot(page, 'signin-ar-1440');
    await axe(page, 'sign-in (ar)');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot(page, 'signin-ar-390');
    await chooseLanguageInMenu(page, 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.waitForTimeout(400);
    await shot(page, 'signin-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('an unknown path shows not-found', async () => {
    await page.goto(`${server.baseUrl}/this/does/not/exist`);
    await page.getByTestId('not-found').waitFor();
    await axe(page, 'not-found');
  });

  it('ran without script errors or content-security-policy violations', () => {
    expect(problems).toEqual([]);
  });
});
