import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { ARTIFACTS, browserAvailable, launch, signIn, startServer, sumLayoutShifts, watchProblems, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();
const SHOTS = join(ARTIFACTS, 'prerendered');
const SALES = '/app/fd1/statistics/sales';

/**
 * A partner's screens sent drawn already (decision 0228): the frame and the page as they look while their figures are
 * on their way, in the partner's language, painted with no script at all; inert until the app has drawn the partner's
 * own page in its place, without a shift.
 */
describe.skipIf(!hasBrowser)('prerendered partner screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserContext;
  /** The demo partner's session cookie, from a real sign-in. */
  let session: string;

  beforeAll(async () => {
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    browser = await launch();
    signedIn = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await signIn(await signedIn.newPage(), server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
    session = (await signedIn.cookies()).find((cookie) => cookie.name === 'pc_session')!.value;
  }, 120_000);

  afterAll(async () => {
    await signedIn?.close();
    await browser?.close();
    await server?.close();
  });

  const html = async (path: string, cookie: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.text();
  };

  /** A context with the partner's session, at a width, with script or without. */
  const partnerContext = async (width: number, javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: width < 600 ? 844 : 900 }, javaScriptEnabled });
    const url = server.baseUrl;
    await context.addCookies([
      { name: 'pc_session', value: session, url },
      { name: 'pc_scheme', value: 'light', url },
    ]);
    return context;
  };

  /** Sets the demo partner's language in their account, as the language menu does. */
  const setLanguage = async (lang: string) => {
    const page = signedIn.pages()[0]!;
    const status = await page.evaluate(
      async (l) =>
        (await fetch('/api/langs/change', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `lang=${l}` })).status,
      lang,
    );
    expect(status).toBe(200);
  };

  it('are sent to a live session in the account\'s language and theme; never with filters in the address or an ended session', async () => {
    await setLanguage('ar');
    try {
      // The kept language of this browser is not the account's: the account's wins, as the app's will.
      const arabic = await html(SALES, `pc_session=${session}; pc_lang=en; pc_scheme=dark`);
      expect(arabic).toContain('<html lang="ar" dir="rtl">');
      expect(arabic).toContain('data-signed-in');
      expect(arabic).toContain('<div inert="" style="display:contents">');
      expect(arabic).toContain('المبيعات');
      // The account follows the device: the scheme the app showed last.
      expect(arabic).toContain('color-scheme:dark');
      // Drawn for nobody: no partner's figures or name are in it.
      expect(arabic).not.toContain('Demo');
      // No script of its own, which the Content Security Policy would refuse (a chart's lazy code met while drawing it
      // once made React write one); no test id, which names the app's controls.
      for (const copy of [arabic, await html('/app/fd1/statistics/detailed', `pc_session=${session}`)]) {
        expect(copy).toContain('data-signed-in');
        expect(copy).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
        expect(copy).not.toContain('data-testid');
      }
    } finally {
      await setLanguage('en');
    }
    expect(await html(SALES, `pc_session=${session}`)).toContain('<html lang="en" dir="ltr">');

    for (const [path, cookie] of [
      [`${SALES}?period=2y`, `pc_session=${session}`],
      [SALES, 'pc_session=ended'],
      ['/news/1', `pc_session=${session}`],
      [SALES, 'pc_lang=en'],
    ] as const) {
      const shell = await html(path, cookie);
      expect(shell, `${path} ${cookie}`).not.toContain('data-prerendered');
      expect(shell, `${path} ${cookie}`).toContain('boot-splash');
    }
  });

  it('paint the frame and the page with no script, in English and Arabic, on a phone and a desktop', async () => {
    for (const lang of ['en', 'ar']) {
      await setLanguage(lang);
      for (const width of [390, 1440]) {
        const context = await partnerContext(width, false);
        try {
          const page = await context.newPage();
          await page.goto(`${server.baseUrl}${SALES}`);
          await expect.poll(() => page.locator('h1').textContent()).toBe(lang === 'en' ? 'Sales' : 'المبيعات');
          expect(await page.locator('h1').isVisible()).toBe(true);
          // On a phone the user bar is its folded line; on a desktop the sidebar is docked.
          const docked = page.locator('aside .MuiDrawer-paper');
          expect(await docked.isVisible()).toBe(width >= 960);
          await page.screenshot({ path: join(SHOTS, `partner-sales-copy-${lang}-${width}.png`) });
        } finally {
          await context.close();
        }
      }
    }
    await setLanguage('en');
  });

  it('are replaced by the partner\'s own page without a shift', async () => {
    const context = await partnerContext(390, true);
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      watchProblems(page, problems, []);
      const layoutShift = await sumLayoutShifts(page);
      const answer = await page.goto(`${server.baseUrl}${SALES}`, { waitUntil: 'commit' });
      expect(await answer!.text()).toContain('data-signed-in');
      await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('data-prerendered'));
      // The app's page, live: the partner's balance in the folded user bar and the sales table.
      await expect.poll(() => page.getByTestId('balance-total-line').textContent()).toMatch(/\$\d/);
      await page.getByRole('grid').waitFor();
      expect(await page.locator('[inert]').count()).toBe(0);
      expect(await layoutShift()).toBeLessThan(0.01);
      await page.screenshot({ path: join(SHOTS, 'partner-sales-started-en-390.png') });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
