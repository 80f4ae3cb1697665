import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner, DEMO_EMAIL } from '../server/src/seed/demo.ts';
import { runOperatorCli } from '../server/src/operator/cli.ts';
import {
  ARTIFACTS,
  browserAvailable,
  startServer,
  type RunningServer,
  seriousAxeFindings,
  setLanguage,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();

const NEWS_EN = 'Payouts over the holidays';
const NEWS_AR = 'المدفوعات خلال العطلات';
const NEWS_ONLY_EN = 'New rates for video views';
const NOTE_PERSONAL = 'Your site was approved';
const NOTE_ALL = 'Scheduled maintenance';

/**
 * News and notifications as a partner meets them in Chromium: the operator publishes with the CLI, the partner
 * sees the badges, opening the notifications drops their badge, reading the article drops the news badge; the
 * screens in English and Arabic at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('news and notifications in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const axe = async (name: string) => expect(await seriousAxeFindings(page, name)).toEqual([]);

  /** The operator CLI over real HTTP against the running cabinet. */
  async function operatorCli(args: string[]) {
    const lines: string[] = [];
    const code = await runOperatorCli([...args, '--url', server.baseUrl], {
      fetch,
      env: { OPERATOR_TOKEN: server.app.ctx.config.OPERATOR_TOKEN, OPERATOR_NAME: 'e2e' },
      out: (line) => lines.push(line),
    });
    expect(code, lines.join('\n')).toBe(0);
    return JSON.parse(lines.join('\n')) as { id: number };
  }

  const unreadLink = (name: string) => page.getByRole('link', { name, exact: true });

  beforeAll(async () => {
    server = await startServer();
    await ensureDemoPartner(server.app.ctx);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 403, 422] }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  let articleId = 0;

  it('the operator publishes with the CLI; the partner sees both badges and the latest news in the user bar', async () => {
    await operatorCli(['news', '--title', NEWS_ONLY_EN, '--body', 'From 1 December, video views from Tier 1 countries earn more.\n\nSee Conditions and plans.']);
    await new Promise((r) => setTimeout(r, 20));
    articleId = (
      await operatorCli([
        'news',
        '--title',
        NEWS_EN,
        '--body',
        'Payout requests made on 24 and 25 December are reviewed from 27 December.\n\nRequests in review before then are paid as usual.',
        '--text',
        `ar:${NEWS_AR}:تتم مراجعة طلبات الدفع المقدمة في 24 و25 ديسمبر اعتبارًا من 27 ديسمبر.`,
      ])
    ).id;
    await operatorCli(['notify', '--email', DEMO_EMAIL, '--title', NOTE_PERSONAL, '--body', 'files-blog.example is approved: its downloads count for site referrals now.']);
    await operatorCli(['notify', '--all', '--title', NOTE_ALL, '--body', 'Statistics may be late by up to two hours on 21 November between 02:00 and 04:00 UTC.']);

    await page.goto(`${server.baseUrl}/dashboard`);
    await unreadLink('Notifications, 2 unread').waitFor({ timeout: 30_000 });
    await unreadLink('News, 2 unread').waitFor();
    expect(await page.getByTestId('notifications-badge').locator('.MuiBadge-badge').textContent()).toBe('2');
    const latest = page.getByTestId('latest-news');
    await latest.waitFor();
    expect(await latest.textContent()).toBe(NEWS_EN);
    expect(await latest.getAttribute('href')).toBe(`/news/${articleId}`);
  });

  it('opening the notifications marks them read: the badge drops, the new ones stay highlighted for the visit', async () => {
    await unreadLink('Notifications, 2 unread').click();
    await page.waitForURL('**/notifications');
    const items = page.getByTestId('notification-item');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual([expect.stringContaining(NOTE_ALL), expect.stringContaining(NOTE_PERSONAL)]);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-unread')))).toEqual(['true', 'true']);
    await unreadLink('Notifications').waitFor();
    expect(await page.getByTestId('notifications-badge').locator('.MuiBadge-badge').getAttribute('class')).toContain('MuiBadge-invisible');
    await axe('notifications');
    // Read for good: after a reload nothing is new and the badge stays away.
    await page.reload();
    await items.first().waitFor();
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-unread')))).toEqual(['false', 'false']);
    await unreadLink('Notifications').waitFor();
    await unreadLink('News, 2 unread').waitFor();
  });

  it('reading the article drops the news badge and its unread marker', async () => {
    await unreadLink('News, 2 unread').click();
    await page.waitForURL('**/news');
    const items = page.getByTestId('news-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-unread')))).toEqual(['true', 'true']);
    await axe('news');
    await items.first().getByRole('link', { name: NEWS_EN, exact: true }).click();
    await page.waitForURL(`**/news/${articleId}`);
    await page.getByTestId('news-article').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(NEWS_EN);
    expect(await page.getByTestId('news-body').textContent()).toContain('Requests in review before then are paid as usual.');
    await unreadLink('News, 1 unread').waitFor();
    await axe('news article');
    await shot('news-article-en-1440');
    await page.getByRole('link', { name: 'All news' }).click();
    await page.waitForURL('**/news');
    await page.locator('[data-testid="news-item"][data-unread="false"]').waitFor();
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-unread')))).toEqual(['false', 'true']);
  });

  it('news and notifications in English and Arabic at 1440 and 390 px; Arabic marks the English-only text', async () => {
    for (const lang of ['en', 'ar']) {
      await setLanguage(page, lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        for (const screenName of ['news', 'notifications']) {
          await page.goto(`${server.baseUrl}/${screenName}`);
          await page.getByTestId(screenName === 'news' ? 'news-item' : 'notification-item').first().waitFor();
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          if (screenName === 'news') {
            const first = page.getByTestId('news-item').first();
            expect(await first.textContent()).toContain(lang === 'ar' ? NEWS_AR : NEWS_EN);
            // The English-only item carries the fallback mark in Arabic, nothing in English.
            expect(await page.getByTestId('fallback').count()).toBe(lang === 'ar' ? 1 : 0);
          }
          await shot(`${screenName}-${lang}-${width}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
