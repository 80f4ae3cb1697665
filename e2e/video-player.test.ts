import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import {
  browserAvailable,
  seriousAxeFindings,
  startServer,
  type RunningServer,
  inLanguagesAndWidths,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();

/** The video player info page in Chromium: the embed code copied; screenshots in English and Arabic at 1440 and 390 px. */
describe.skipIf(!hasBrowser)('video player page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/video-player`);
    await page.getByTestId('embed-code').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404], clipboard: true }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('copies the embed code of the player', async () => {
    await openPage();
    const code = (await page.getByTestId('embed-code').textContent()) ?? '';
    expect(code).toContain(`${server.app.ctx.config.PROJECT_URL_FD1}/embed/FILE_ID`);
    await page.getByRole('button', { name: 'Copy the code' }).click();
    await page.getByText('The embed code has been copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await seriousAxeFindings(page, 'video player en')).toEqual([]);
  });

  it('in English and Arabic at 1440 and 390 px', async () => {
    await inLanguagesAndWidths(page, 'video-player', async () => {
      await openPage();
    });
    expect(problems).toEqual([]);
  });
});
