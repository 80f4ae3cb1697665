import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, browserAvailable, launch, solveCaptcha, startServer, sumLayoutShifts, watchProblems, type RunningServer } from './support.ts';

const hasBrowser = browserAvailable();
const SHOTS = join(ARTIFACTS, 'prerendered');

/**
 * The guest pages sent drawn already (decision 0212): the copy a visitor's browser would draw itself, painted with no
 * script at all; the app taking its place without a shift and keeping what was typed meanwhile; a signed-in visitor
 * getting the bare shell.
 */
describe.skipIf(!hasBrowser)('prerendered guest pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const html = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers });
    expect(res.status).toBe(200);
    return { text: await res.text(), vary: res.headers.get('vary') ?? '' };
  };

  it('are sent in the visitor\'s language and scheme, and only to a visitor without a session', async () => {
    const arabic = await html('/auth/login', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' });
    expect(arabic.text).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain('data-prerendered');
    expect(arabic.text).toContain('تسجيل الدخول');
    // The copy's submit button is disabled: a form sent before the app has started goes nowhere.
    expect(arabic.text).toMatch(/<button[^>]*type="submit" disabled=""/);
    // Nothing is loading on it: the page loading bar is the app's to show.
    expect(arabic.text).not.toContain('role="progressbar"');
    expect(arabic.vary.toLowerCase()).toContain('accept-language');

    // The language and scheme the app kept in its cookies win over the browser's headers.
    const kept = await html('/auth/register', { 'accept-language': 'ar', cookie: 'pc_lang=de; pc_scheme=dark' });
    expect(kept.text).toContain('<html lang="de" dir="ltr">');
    expect(kept.text).toContain('color-scheme:dark');
    const hinted = await html('/auth/login/', { 'accept-language': 'ja', 'sec-ch-prefers-color-scheme': 'dark' });
    expect(hinted.text).toContain('<html lang="ja" dir="ltr">');
    expect(hinted.text).toContain('color-scheme:dark');
    expect((await html('/auth/login', { 'accept-language': 'it, ru' })).text).toContain('<html lang="en" dir="ltr">');

    // A session cookie (valid or not: the app decides) and every page not prerendered get the bare shell.
    for (const [path, headers] of [
      ['/auth/login', { cookie: 'pc_session=anything' }],
      ['/dashboard', {}],
      ['/auth/restore-password/someone%40example.com/token', {}],
    ] as const) {
      const shell = await html(path, headers);
      expect(shell.text, path).not.toContain('data-prerendered');
      expect(shell.text, path).toContain('boot-splash');
    }
  });

  it('reach a dark device dark on its first visit: Chromium asks again with its scheme, as the server tells it to', async () => {
    const dark = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--force-dark-mode'] });
    try {
      const page = await (await dark.newContext({ locale: 'en-US' })).newPage();
      const answer = await page.goto(`${server.baseUrl}/auth/login`);
      expect(answer!.headers()['critical-ch']).toBe('sec-ch-prefers-color-scheme');
      const body = await answer!.text();
      expect(body).toContain('color-scheme:dark');
      expect(body).not.toContain('color-scheme:light');
      // The visitor moves the pointer over the page: the app starts.
      await page.mouse.move(100, 100);
      await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('data-prerendered'));
      // The app kept the scheme it shows: the next visit is sent the dark copy without asking again.
      const again = await page.goto(`${server.baseUrl}/auth/register`);
      expect(again!.headers()['critical-ch']).toBeUndefined();
      expect(await again!.text()).toContain('color-scheme:dark');
    } finally {
      await dark.close();
    }
  });

  it('paint the form with no script at all, in English and Arabic, on a phone and a desktop', async () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const width of [1440, 390]) {
        const context = await browser.newContext({ javaScriptEnabled: false, locale: lang, viewport: { width, height: width === 390 ? 844 : 900 } });
        try {
          const page = await context.newPage();
          await page.goto(`${server.baseUrl}/auth/login`);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          const title = page.locator('h1');
          expect(await title.textContent()).toBe(lang === 'ar' ? 'تسجيل الدخول' : 'Sign in');
          expect(await title.isVisible()).toBe(true);
          expect(await page.locator('#field-email').isVisible()).toBe(true);
          expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
          await page.screenshot({ path: join(SHOTS, `login-no-script-${lang}-${width}.png`) });
        } finally {
          await context.close();
        }
      }
    }
  });

  it('start the app at the visitor\'s first touch, and click again in it the control tapped on the copy', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      watchProblems(page, problems, [401]);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      // What the copy's script names on the root for the app to click again.
      await page.addInitScript(() => {
        const w = window as unknown as { replays: string[] };
        w.replays = [];
        new MutationObserver(() => {
          const replay = document.getElementById('root')?.dataset.replay;
          if (replay) w.replays.push(replay);
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-replay'] });
      });
      await page.goto(`${server.baseUrl}/auth/login`);
      await page.waitForLoadState('networkidle');
      // After the first paint the app's code is fetched, but it runs only when the visitor turns to the page: a page
      // left alone makes none of the app's calls and keeps the copy.
      expect(requested.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
      expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
      expect(await page.locator('#root[data-prerendered]').count()).toBe(1);

      // A tap on the copy's language button, on a phone's slower processor: the app starts, and its own button gets
      // the tap, opening the menu.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.getByTestId('language-switcher').tap();
      const menu = page.locator('#language-menu [role=menu]');
      await menu.waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      expect(await page.evaluate(() => (window as unknown as { replays: string[] }).replays)).toEqual(['[data-testid="language-switcher"]']);
      expect(await page.locator('#root[data-prerendered]').count()).toBe(0);
      expect(requested.some((path) => path.startsWith('/api/'))).toBe(true);
      await page.screenshot({ path: join(SHOTS, 'login-tapped-before-start-en-390.png') });
      await menu.locator('[role=menuitem][data-lang=de]').click();
      await page.locator('h1', { hasText: 'Anmelden' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('start the app when the visitor typed before the start script itself had arrived', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      watchProblems(page, problems, [401]);
      // The start script is held back until the visitor has typed, as on a slow network or a busy phone: the key
      // that would start the app comes before anything listens for it.
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/after-paint\.js$/, async (route) => {
        await arrived;
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/auth/login`, { waitUntil: 'commit' });
      await page.locator('#root[data-prerendered] #field-email').fill(DEMO_EMAIL);
      release();
      await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('data-prerendered'), undefined, { timeout: 30_000 });
      expect(await page.locator('#field-email').inputValue()).toBe(DEMO_EMAIL);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('are replaced by the app without a shift, keeping what was typed before it started; then sign-in works', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      watchProblems(page, problems, [401]);
      // The app's entry script is held back until the visitor has typed, as on a slow phone network.
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await arrived;
        await route.continue();
      });
      const layoutShift = await sumLayoutShifts(page);
      // Not 'domcontentloaded': that waits for the module script, which is held.
      await page.goto(`${server.baseUrl}/auth/login`, { waitUntil: 'commit' });
      await page.locator('#root[data-prerendered] #field-email').fill(DEMO_EMAIL);
      await page.screenshot({ path: join(SHOTS, 'login-typed-before-start-en-390.png') });
      release();
      await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('data-prerendered'));
      expect(await page.locator('#field-email').inputValue()).toBe(DEMO_EMAIL);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-email');
      expect(await page.locator('button[type=submit]').isDisabled()).toBe(false);
      expect(await layoutShift()).toBeLessThan(0.01);
      await page.screenshot({ path: join(SHOTS, 'login-started-en-390.png') });

      await page.locator('#field-password').fill(DEMO_PASSWORD);
      await solveCaptcha(page);
      await page.locator('button[type=submit]').click();
      await page.waitForURL('**/dashboard');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
