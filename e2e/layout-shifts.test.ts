import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import { browserAvailable, signedInBrowser, startServer, type RunningServer, type SignedInBrowser } from './support.ts';

const hasBrowser = browserAvailable();

/** How much later than the rest of the page the read that used to move it is answered. */
const LATE_MS = 1_500;

/**
 * Each screen with the read that used to arrive last and push the page down (decision 0219), answered late on
 * purpose, and what shows once the page is complete.
 */
const SCREENS: Array<{ name: string; path: string; late: RegExp; complete: (page: Page) => Promise<void> }> = [
  {
    name: 'dashboard (the get-started banner)',
    path: '/dashboard',
    late: /\/api\/start$/,
    complete: (page) => page.getByTestId('start-banner').waitFor(),
  },
  {
    name: 'earnings (the freshness stamp)',
    path: '/app/fd1/earnings',
    late: /\/api\/earnings\/stat\?/,
    complete: (page) => page.getByTestId('freshness').waitFor(),
  },
  {
    name: 'gold (the status panel above the levels)',
    path: '/app/fd1/gold',
    late: /\/api\/earnings\/gold-status\?/,
    complete: (page) => page.getByTestId('gold-level').waitFor(),
  },
  {
    name: 'sites (the intro with the bonus share)',
    path: '/app/fd1/sites',
    late: /\/api\/product\/settings/,
    complete: (page) => page.getByTestId('sites-intro').waitFor(),
  },
  {
    name: 'settings (the personal section above the others)',
    path: '/settings',
    late: /\/api\/settings$/,
    complete: (page) => page.getByTestId('current-email').waitFor(),
  },
  {
    name: 'referrals (the invite link)',
    path: '/app/fd1/referrals',
    late: /\/api\/referrals\?/,
    complete: (page) => page.getByTestId('invite-link-value').waitFor(),
  },
];

/**
 * Phone screens whose late figures arrive without moving what is already on screen, measured by Chromium's own
 * layout-shift entries (the Layout Instability API that Lighthouse's cumulative layout shift sums) at 390 px.
 */
describe.skipIf(!hasBrowser)('phone screens keep still while their figures arrive', () => {
  let server: RunningServer;
  let signedIn: SignedInBrowser;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    signedIn = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [] });
    await signedIn.page.setViewportSize({ width: 390, height: 844 });
    await signedIn.context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });

  afterAll(async () => {
    await signedIn?.close();
    await server?.close();
  });

  for (const screen of SCREENS) {
    it(`${screen.name}: no layout shift`, async () => {
      const { page } = signedIn;
      await page.route(screen.late, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, LATE_MS));
        await route.continue();
      });
      try {
        await page.goto('about:blank');
        await page.goto(`${server.baseUrl}${screen.path}`);
        await screen.complete(page);
        // Two frames after the last answer is drawn, so that a shift it caused has been reported.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
        const total = shifts.reduce((sum, value) => sum + value, 0);
        expect(total, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThan(0.02);
      } finally {
        await page.unroute(screen.late);
      }
      expect(problems).toEqual([]);
    });
  }
});
