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
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();

/** The referrals page in Chromium: the invite link copied; screenshots in English and Arabic at 1440 and 390 px. */
describe.skipIf(!hasBrowser)('referrals page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/app/fd1/referrals`);
    await page.getByTestId('invite-link-value').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    const demo = await ensureDemoPartner(server.app.ctx);
    // Two partners the demo partner invited and one they invited in turn, with a few days of commissions.
    const db = server.app.ctx.database;
    const invite = async (email: string, referredBy: number, createdAt: string) =>
      Number((await db.query<{ id: number }>(sql`insert into users (email, password_hash, referred_by, created_at) values (${email}, 'x', ${referredBy}, ${createdAt})
        on conflict do nothing returning id`))[0]?.id ?? 0);
    const today = new Date().toISOString().slice(0, 10);
    const b = await invite('bob.smith@example.com', demo, new Date(Date.now() - 40 * 86_400_000).toISOString());
    const c = await invite('carol@mail.co.uk', demo, new Date(Date.now() - 300 * 86_400_000).toISOString());
    const d = b ? await invite('dave@host.org', b, new Date(Date.now() - 10 * 86_400_000).toISOString()) : 0;
    const rows = [
      [b, 1, today, 1_250_000],
      [c, 1, today, 90_000],
      [d, 2, today, 40_000],
    ].filter(([id]) => id);
    for (const [id, level, day, amount] of rows)
      await db.query(sql`insert into referral_commissions (referrer_id, referral_id, project, day, bucket, level, base_micro, rate_bp, amount_micro)
        values (${demo}, ${id}, 'fd1', ${day}::date, 'downloads', ${level}, ${Number(amount) * 10}, 1000, ${amount}) on conflict do nothing`);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404], clipboard: true }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('copies the invite link and lists the referrals', async () => {
    await openPage();
    const link = (await page.getByTestId('invite-link-value').textContent()) ?? '';
    expect(link).toMatch(/\/auth\/register\?ref=\d+$/);
    await page.getByTestId('invite-link-copy').click();
    await page.getByTestId('invite-link-copy').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByText('b***@e***.com').waitFor();
    // b joined 40 days ago: 12% now, 6% from three months after the registration, shown on the row.
    expect(await page.getByTestId('percent-drop').first().isVisible()).toBe(true);
    expect(await page.getByTestId('percent-drop').first().textContent()).toContain('6% from');
    expect(await page.getByTestId('stat-total').textContent()).toContain('3');
    expect(await seriousAxeFindings(page, 'referrals en')).toEqual([]);
  });

  it('in English and Arabic at 1440 and 390 px', async () => {
    await inLanguagesAndWidths(page, 'referrals', async () => {
      await openPage();
    });
    expect(problems).toEqual([]);
  });
});
