import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import { users } from '../server/src/db/schema/index.ts';
import { hashPassword } from '../server/src/lib/passwords.ts';
import { activateProgram } from '../server/src/modules/programs/service.ts';
import {
  ARTIFACTS,
  browserAvailable,
  seriousAxeFindings,
  startServer,
  type RunningServer,
  watchProblems,
  signIn,
  setLanguage,
  inLanguagesAndWidths,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();

const NEWCOMER = { email: 'newcomer@partner.test', password: 'Newcomer-passw0rd!' };

/**
 * The get-started page in Chromium: the steps' links walked; screenshots in English and Arabic at 1440 and 390 px.
 * A new partner's dashboard banner: seen after signing in, followed, dismissed for good; screenshots likewise.
 */
describe.skipIf(!hasBrowser)('get started in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/start`);
    await page.getByTestId('start-progress').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    // A partner who joined today: a programme active and a first upload ingested, 2 of 5 steps done.
    const { db } = server.app.ctx.database;
    const now = new Date();
    const [newcomer] = await db
      .insert(users)
      .values({ email: NEWCOMER.email, passwordHash: await hashPassword(NEWCOMER.password), firstName: 'New', lastName: 'Comer', confirmedAt: now, createdAt: now })
      .returning({ id: users.id });
    const { appUserId } = await activateProgram(db, newcomer!.id, 'fd1', now);
    const upload = await fetch(`${server.baseUrl}/ingest/v1/fd1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.app.ctx.config.INGEST_TOKEN_FD1}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ id: 'newcomer-upload-1', type: 'file_uploaded', at: now.toISOString(), app_users_id: appUserId, file_id: 'newcomer-f1', name: 'holiday.zip', folder: null, size_bytes: 5_000_000, is_video: false }]),
    });
    expect(upload.status).toBe(200);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404] }));
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
    await inLanguagesAndWidths(page, 'start', async () => {
      await openPage();
    });
    await setLanguage(page, 'en');
    expect(problems).toEqual([]);
  });

  it('a new partner sees the banner after signing in, follows it to the guide, and dismisses it for good', async () => {
    const newContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    try {
      const p = await newContext.newPage();
      watchProblems(p, problems, [401, 404]);
      await signIn(p, server.baseUrl, NEWCOMER.email, NEWCOMER.password);
      const banner = p.getByTestId('start-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await p.getByTestId('start-banner-progress').textContent()).toBe('2 of 5 steps done');
      expect(await banner.getByRole('heading').textContent()).toBe('Finish setting up your account');
      expect(await seriousAxeFindings(p, 'start banner en')).toEqual([]);

      // How it looks, in English and Arabic, on a desktop and a phone.
      const openDashboard = async () => {
        await p.goto('about:blank');
        await p.goto(`${server.baseUrl}/dashboard`);
        await p.getByTestId('start-banner').waitFor({ timeout: 30_000 });
        await p.waitForLoadState('networkidle');
      };
      for (const lang of ['en', 'ar']) {
        await setLanguage(p, lang);
        for (const width of [1440, 390]) {
          await p.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await openDashboard();
          expect(await p.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await p.evaluate(() => window.scrollTo(0, 0));
          await p.screenshot({ path: join(ARTIFACTS, `start-banner-${lang}-${width}.png`) });
        }
      }
      await setLanguage(p, 'en');
      await p.setViewportSize({ width: 1440, height: 900 });
      await openDashboard();

      // It leads to the guide, where the same progress shows.
      await p.getByTestId('start-banner-open').click();
      await p.waitForURL('**/start');
      await p.getByTestId('start-progress').waitFor();
      expect(await p.getByTestId('start-progress').textContent()).toContain('2 of 5');

      // Dismissed: gone at once, and the choice is the server's.
      await p.goBack();
      await p.waitForURL('**/dashboard');
      await banner.waitFor();
      const stored = p.waitForResponse((r) => r.url().endsWith('/api/start/banner/dismiss') && r.request().method() === 'POST');
      await p.getByTestId('start-banner-dismiss').click();
      expect((await stored).status()).toBe(200);
      await banner.waitFor({ state: 'detached' });

      // Still gone after a reload, and in a new browser that has nothing stored.
      const answered = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/start' && r.request().method() === 'GET');
      await p.reload();
      expect((await (await answered).json()).banner).toBe(false);
      await p.getByTestId('info-earnings').waitFor();
      await renderedAfterAnswers(p);
      expect(await banner.count()).toBe(0);

      const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
      try {
        const q = await fresh.newPage();
        watchProblems(q, problems, [401, 404]);
        const answeredFresh = q.waitForResponse((r) => new URL(r.url()).pathname === '/api/start' && r.request().method() === 'GET');
        await signIn(q, server.baseUrl, NEWCOMER.email, NEWCOMER.password);
        expect((await (await answeredFresh).json()).banner).toBe(false);
        await q.getByTestId('info-earnings').waitFor();
        await renderedAfterAnswers(q);
        expect(await q.getByTestId('start-banner').count()).toBe(0);
      } finally {
        await fresh.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await newContext.close();
    }
  });
});

/** Two animation frames: what the page rendered from the answers it has received is on screen by then. */
async function renderedAfterAnswers(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
