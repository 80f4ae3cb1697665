import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import {
  browserAvailable,
  seriousAxeFindings,
  startServer,
  type RunningServer,
  inLanguagesAndWidths,
  setLanguage,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();
const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

/**
 * The rate plans page in Chromium: the demo partner (Mixed since the activation, two weeks of traffic) compares the
 * plans, chooses PPS and sees it scheduled from the next day with its date; the free-download settings appear only
 * once PPS is the plan. Screenshots in English and Arabic at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('rate plans in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/app/fd1/rates`);
    await page.getByTestId('current-plan').waitFor({ timeout: 30_000 });
    await page.getByTestId('simulator').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    const demo = await ensureDemoPartner(server.app.ctx);
    // Two weeks of the demo partner's traffic on fd1 through the ingest API, for the simulator.
    const [program] = await server.app.ctx.database.query<{ app_user_id: number }>(
      sql`select app_user_id from partner_programs where user_id = ${demo} and project = 'fd1'`,
    );
    const app = Number(program!.app_user_id);
    let seq = 0;
    const ev = (type: string, at: number, fields: Record<string, unknown>) => ({ id: `e2e-plans-${++seq}`, type, at: new Date(at).toISOString(), app_users_id: app, ...fields });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const events: unknown[] = [ev('file_uploaded', today - 20 * DAY_MS, { file_id: 'e2e-f1', name: 'backup.zip', size_bytes: 300 * MB })];
    const countries = ['US', 'DE', 'RU', 'BR', 'IN', 'GB', 'PL', 'UA'];
    for (let d = 14; d >= 1; d--) {
      const day = today - d * DAY_MS;
      for (let i = 0; i < 25; i++) {
        events.push(ev('download', day + (8 * 60 + i * 7) * 60_000, { file_id: 'e2e-f1', country: countries[(i + d) % countries.length], downloader_id: `d${d}-${i}`, completed: i % 4 !== 0, referrer: null }));
      }
      if (d % 2 === 0) events.push(ev('sale', day + 15 * 3_600_000, { sale_id: `e2e-s${d}`, amount_micro: 12_990_000, revenue_type: 'direct', file_id: 'e2e-f1', country: 'US' }));
    }
    const ingested = await server.app.inject({
      method: 'POST',
      url: '/ingest/v1/fd1/events',
      headers: { authorization: `Bearer ${server.app.ctx.config.INGEST_TOKEN_FD1}`, 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });
    expect(ingested.json().accepted).toBe(events.length);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404] }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('compares the plans, chooses PPS for the next day and then offers the free-download settings', async () => {
    await openPage();
    expect(await page.getByTestId('current-plan').textContent()).toBe('Mixed');
    expect(await page.getByTestId('next-plan').count()).toBe(0);
    // Mixed or PPD: no free-download settings.
    expect(await page.getByTestId('free-downloads').count()).toBe(0);
    // The simulator prices the two weeks under each plan; Mixed reproduces what was earned.
    const simulation = (await (await page.request.get(`${server.baseUrl}/api/rates/simulation?app=fd1`)).json()) as {
      plans: Array<{ plan: string; total: number }>;
      earned: number;
      best: string;
    };
    expect(simulation.plans.find((p) => p.plan === 'mixed')!.total).toBe(simulation.earned);
    expect(await page.getByTestId(`best-${simulation.best}`).isVisible()).toBe(true);
    expect(await seriousAxeFindings(page, 'rates en')).toEqual([]);

    await page.getByTestId('choose-pps').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Switch to PPS?');
    await dialog.getByRole('button', { name: 'Switch to PPS' }).click();
    await page.getByTestId('next-plan').waitFor();
    const tomorrow = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Math.floor(Date.now() / DAY_MS + 1) * DAY_MS));
    const soon = new Date(Date.now() + 5 * 60_000).toISOString().slice(0, 10) !== new Date().toISOString().slice(0, 10);
    const next = (await page.getByTestId('next-plan-message').textContent()) ?? '';
    // Chosen in the last five minutes of a UTC day, it applies from the day after (decision 0140).
    if (!soon) expect(next).toBe(`From ${tomorrow} your plan is PPS.`);
    else expect(next).toMatch(/^From .+ your plan is PPS\.$/);
    expect(await page.getByTestId('current-plan').textContent()).toBe('Mixed');
    expect(await page.getByTestId('change-when').textContent()).toContain('The next change is possible from');
    expect(await page.getByTestId('choose-ppd').isDisabled()).toBe(true);
    // PPS from the next day: its free-download settings can be set now.
    await page.getByTestId('free-downloads').waitFor();
    await page.getByTestId('free-mode-individual').click();
    await page.getByTestId('free-save').click();
    await page.getByText('Free-download settings are saved.').waitFor();
    const state = (await (await page.request.get(`${server.baseUrl}/api/rates?app=fd1`)).json()) as { next: { plan: string }; free_downloads: { mode: string } };
    expect(state.next.plan).toBe('pps');
    expect(state.free_downloads.mode).toBe('individual');
    // The history shows the choice above the activation's default plan.
    expect(await page.getByTestId('plan-history').textContent()).toContain('Chosen by you on');
  });

  it('in English and Arabic at 1440 and 390 px', async () => {
    await inLanguagesAndWidths(page, 'rates', async () => {
      await openPage();
      await page.getByTestId('free-downloads').waitFor();
    });
    expect(await seriousAxeFindings(page, 'rates ar 390')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('keeps Mixed instead of the scheduled PPS: the choice is gone and another one is possible at once', async () => {
    await setLanguage(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage();
    await page.getByTestId('next-plan').getByRole('button', { name: 'Keep Mixed' }).click();
    await page.getByText('Your plan stays Mixed.').waitFor();
    await page.getByTestId('next-plan').waitFor({ state: 'detached' });
    expect(await page.getByTestId('current-plan').textContent()).toBe('Mixed');
    expect(await page.getByTestId('change-when').textContent()).toContain('You can choose another plan now.');
    expect(await page.getByTestId('choose-ppd').isDisabled()).toBe(false);
    // Back on Mixed from the next day too: no free-download settings.
    expect(await page.getByTestId('free-downloads').count()).toBe(0);
    const state = (await (await page.request.get(`${server.baseUrl}/api/rates?app=fd1`)).json()) as { next: unknown; history: unknown[] };
    expect(state.next).toBeNull();
    expect(state.history).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
