import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import {
  ARTIFACTS,
  browserAvailable,
  ensureWebBuild,
  launch,
  seriousAxeFindings,
  startServer,
  type RunningServer,
  watchProblems,
  signIn,
  setLanguage,
} from './support.ts';

const hasBrowser = browserAvailable();

/** The get-started page in Chromium: the steps' links walked; screenshots in English and Arabic at 1440 and 390 px. */
describe.skipIf(!hasBrowser)('get started in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/start`);
    await page.getByTestId('start-progress').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    ensureWebBuild();
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    watchProblems(page, problems, [401, 404]);
    await signIn(page, server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it("shows the demo partner's progress and walks each open step's link", async () => {
    await openPage();
    const answer = (await (await page.request.get(`${server.baseUrl}/api/start`)).json()) as { steps: Array<{ id: string; done: boolean }>; done: number; total: number };
    expect(answer.total).toBe(5);
    const progress = (await page.getByTestId('start-progress').textContent()) ?? '';
    expect(progress).toContain(answer.done === 5 ? 'All set' : `${answer.done} of 5`);
    for (const step of answer.steps) {
      const row = page.getByTestId(`start-step-${step.id}`);
      expect(await row.getAttribute('data-done')).toBe(String(step.done));
      if (step.done) continue;
      const link = row.getByRole('link');
      const target = (await link.getAttribute('href')) ?? '';
      if (target.startsWith('http')) {
        // The file manager: the file host's site in a new tab.
        expect(await link.getAttribute('target')).toBe('_blank');
        continue;
      }
      await link.click();
      await page.waitForURL(`**${target}`);
      await page.getByTestId('page-title').waitFor();
      await openPage();
    }
    expect(await seriousAxeFindings(page, 'get started en')).toEqual([]);
  });

  it('in English and Arabic at 1440 and 390 px', async () => {
    for (const lang of ['en', 'ar']) {
      await setLanguage(page, lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await openPage();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(`start-${lang}-${width}`);
      }
    }
    await setLanguage(page, 'en');
    expect(problems).toEqual([]);
  });
});
