import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { maskEmail, type FilesAnswer, type SalesAnswer, type TagDaysAnswer, type TagsAnswer } from '@pc/core';
import { ensureDemoPartner } from '../server/src/seed/demo.ts';
import { apiAnswer, ARTIFACTS, browserAvailable, inLanguagesAndWidths, type RunningServer, signedInBrowser, startServer } from './support.ts';

const hasBrowser = browserAvailable();
/** The buyer of the tagged sale: the buyers screen shows them with the sale's tag. */
const BUYER = 'e2e-tag-buyer@mail.example';
const usd = (micro: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Math.round(micro / 10_000) / 100);

/**
 * The tags screen in Chromium (decision 0206): a tagged download and sale and an untagged download sent through the
 * real ingest call appear under their tag and under "No tag"; a tag opens its days; an invalid tag is refused with
 * the ingest error shape; the sales screen filtered by the tag shows the tagged sale and filtered by "No tag" does not;
 * the buyers screen shows the buyer's tag; screenshots in English and Arabic at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('tags page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/app/fd1/statistics/tags`);
    await page.getByRole('grid', { name: /^(Tags|الوسوم)$/ }).locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    server = await startServer();
    const demo = await ensureDemoPartner(server.app.ctx);
    const [program] = await server.app.ctx.database.query<{ app_user_id: number }>(
      sql`select app_user_id from partner_programs where user_id = ${demo} and project = 'fd1'`,
    );
    const u = Number(program!.app_user_id);
    const at = new Date(Date.now() - 60_000).toISOString();
    const res = await fetch(`${server.baseUrl}/ingest/v1/fd1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.app.ctx.config.INGEST_TOKEN_FD1}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        { id: 'e2e-tags-up', type: 'file_uploaded', at: new Date(Date.now() - 86_400_000).toISOString(), app_users_id: u, file_id: 'e2e-tags-file', name: 'guide.zip', size_bytes: 30_000_000 },
        { id: 'e2e-tags-d1', type: 'download', at, app_users_id: u, file_id: 'e2e-tags-file', country: 'US', downloader_id: 'e2e-g1', completed: true, sub_id: 'e2e-forum', referrer: 'https://e2e-forum.example/thread-1' },
        { id: 'e2e-tags-s1', type: 'sale', at, app_users_id: u, sale_id: 'E2E-TAG-S1', amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'e2e-tags-file', sub_id: 'e2e-forum', buyer_email: BUYER },
        { id: 'e2e-tags-vup', type: 'file_uploaded', at: new Date(Date.now() - 86_400_000).toISOString(), app_users_id: u, file_id: 'e2e-tags-video', name: 'clip.mp4', size_bytes: 30_000_000, is_video: true },
        { id: 'e2e-tags-v1', type: 'video_view', at, app_users_id: u, file_id: 'e2e-tags-video', player_type: 'embed', viewer_id: 'e2e-viewer', seconds: 40, sub_id: 'e2e-forum' },
        { id: 'e2e-tags-d2', type: 'download', at, app_users_id: u, file_id: 'e2e-tags-file', country: 'US', downloader_id: 'e2e-g2', completed: true },
        { id: 'e2e-tags-bad', type: 'download', at, app_users_id: u, file_id: 'e2e-tags-file', country: 'US', downloader_id: 'e2e-g3', completed: true, sub_id: 'forum x' },
      ]),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accepted: number; results: Array<{ id: string; status: string; reason?: string; message?: string }> };
    expect(body.accepted).toBe(6);
    expect(body.results.find((r) => r.id === 'e2e-tags-bad')).toMatchObject({ status: 'rejected', reason: 'invalid_event', message: expect.stringMatching(/^sub_id: /) });
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404] }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('opens from the sidebar and shows the tagged download and sale under their tag, the untagged under No tag', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('page-title').waitFor();
    await page.goto(`${server.baseUrl}/app/fd1/statistics/tags`);
    await openPage();
    const answer = await apiAnswer<TagsAnswer>(page, '/statistics/tags?app=fd1&per_page=200');
    const tagged = answer.data.find((r) => r.sub_id === 'e2e-forum')!;
    // Mixed plan: a counted US download 8,750 micro-USD, 60 % of the 10 USD sale.
    expect(tagged).toMatchObject({ downloads: 1, counted_downloads: 1, sales: 1, earned_micro: 8_750 + 6_000_000 });
    expect(answer.data.find((r) => r.sub_id === '')!.downloads).toBeGreaterThanOrEqual(1);
    const grid = page.getByRole('grid', { name: 'Tags' });
    const row = grid.locator('[role="row"][data-id="e2e-forum"]');
    await expect.poll(() => row.textContent()).toContain('e2e-forum');
    expect(await row.textContent()).toContain(usd(tagged.earned_micro));
    expect(await grid.locator('[role="row"][data-id="~"]').textContent()).toContain('No tag');
    await row.click();
    const days = page.getByRole('grid', { name: 'Days of the tag' });
    await days.locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    expect(await days.textContent()).toContain(usd(tagged.earned_micro));
    expect(problems).toEqual([]);
  }, 120_000);

  it('filters the sales by the tag and by "No tag"; the buyers page shows the buyer\'s tag', async () => {
    await page.goto(`${server.baseUrl}/app/fd1/statistics/sales`);
    const grid = page.getByRole('grid', { name: 'Sales' });
    const sale = grid.locator('[role="row"][data-id="E2E-TAG-S1"]');
    await sale.waitFor({ timeout: 30_000 });
    // The tag picked from the select (the period's tags), as a partner does.
    await page.getByRole('combobox', { name: 'Tag' }).click();
    await page.getByRole('option', { name: 'e2e-forum' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe('e2e-forum');
    await expect.poll(() => grid.locator('[role="row"][data-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).toEqual(['E2E-TAG-S1']);
    expect(await sale.textContent()).toContain(usd(6_000_000));

    await page.getByRole('combobox', { name: 'Tag' }).click();
    await page.getByRole('option', { name: 'No tag' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe('~');
    // What the screen shows is the call's answer for no tag, which does not hold the tagged sale.
    const untagged = await apiAnswer<SalesAnswer>(page, '/statistics/sales?app=fd1&sub_id=&per_page=200');
    expect(untagged.data.map((r) => r.id)).not.toContain('E2E-TAG-S1');
    await expect.poll(() => grid.locator('[role="row"][data-id]').count()).toBe(Math.min(untagged.data.length, 25));
    expect(await sale.count()).toBe(0);

    await page.goto(`${server.baseUrl}/app/fd1/buyers`);
    const buyer = page.getByRole('grid', { name: 'Buyers' }).locator('[role="row"][data-id="E2E-TAG-S1"]');
    await buyer.waitFor({ timeout: 30_000 });
    expect(await buyer.textContent()).toContain(maskEmail(BUYER));
    expect(await buyer.textContent()).toContain('e2e-forum');

    // The detailed screen filtered by the tag: the tag's days, the tags screen's numbers, and what is not kept per tag.
    await page.goto(`${server.baseUrl}/app/fd1/statistics/detailed?tag=e2e-forum`);
    const detailed = page.getByRole('grid', { name: 'Detailed statistics' }).locator('[role="row"][data-id]');
    await detailed.first().waitFor({ timeout: 30_000 });
    const days = await apiAnswer<TagDaysAnswer>(page, '/statistics/tags/days?app=fd1&sub_id=e2e-forum');
    await expect.poll(() => detailed.count()).toBe(days.data.length);
    expect(await detailed.first().textContent()).toContain(usd(days.data[0]!.earned_micro));
    expect(await page.getByTestId('tag-figures-note').textContent()).toContain('not kept per tag');
    // A day of the tag opens its country groups (decision 0209): the tagged US download and its earnings.
    await page.getByRole('grid', { name: 'Detailed statistics' }).locator(`[role="row"][data-id="${days.data[0]!.date}"]`).click();
    const groups = page.getByRole('dialog').getByRole('grid', { name: /^Country groups on / });
    await groups.locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => groups.textContent()).toContain(usd(8_750));
    await page.screenshot({ path: '/tmp/detailed-tag-countries-en.png', fullPage: true });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: '/tmp/detailed-tag-en.png', fullPage: true });
    expect(problems).toEqual([]);
  }, 120_000);

  it('filters the files, sources, videos and a day\'s country groups by the tag (decision 0209)', async () => {
    const pick = async (name: string) => {
      await page.getByRole('combobox', { name: 'Tag' }).click();
      await page.getByRole('option', { name }).click();
    };
    const rowIds = (grid: ReturnType<Page['getByRole']>) => grid.locator('[role="row"][data-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));

    // Files: only the file with figures under the tag, with the tag's figures; "No tag" has the untagged download.
    await page.goto(`${server.baseUrl}/app/fd1/statistics/files`);
    const files = page.getByRole('grid', { name: 'Files' });
    await files.locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    await pick('e2e-forum');
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe('e2e-forum');
    // The tag's figures: one download (the untagged one is not here) and the sale; the whole file has two downloads.
    await expect.poll(() => files.locator('[role="row"][data-id="e2e-tags-file"]').textContent()).toContain(usd(8_750 + 6_000_000));
    expect((await rowIds(files)).sort()).toEqual(['e2e-tags-file', 'e2e-tags-video']);

    // Sources: the tag's referring domain (the download) and "direct" (the sale came without a referrer).
    await page.goto(`${server.baseUrl}/app/fd1/statistics/sources?tag=e2e-forum`);
    const sources = page.getByRole('grid', { name: 'Sources by domain' });
    await expect.poll(async () => (await rowIds(sources)).sort(), { timeout: 30_000 }).toEqual(['(direct)', 'e2e-forum.example']);

    // Videos: the tag's view, without the distinct counts that are not kept per tag.
    await page.goto(`${server.baseUrl}/app/fd1/videos?tag=e2e-forum`);
    const videos = page.getByRole('grid', { name: 'Video statistics' });
    await videos.locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tag-figures-note').textContent()).toContain('not kept per tag');
    expect(await videos.getByRole('columnheader', { name: 'Views' }).count()).toBe(1);
    expect(await videos.getByRole('columnheader', { name: 'Unique viewers' }).count()).toBe(0);
    await pick('All tags');
    await expect.poll(() => videos.getByRole('columnheader', { name: 'Unique viewers' }).count()).toBe(1);

    // The API the screens read: the tag's file figures are the test's own events.
    const tagged = await apiAnswer<FilesAnswer>(page, '/statistics/files?app=fd1&sub_id=e2e-forum');
    expect(tagged.data.find((r) => r.id === 'e2e-tags-file')).toMatchObject({ downloads_today: 1, counted_today: 1, sales_today: 1, earned_today: 8_750 + 6_000_000 });
    const untagged = await apiAnswer<FilesAnswer>(page, '/statistics/files?app=fd1&sub_id=&per_page=200');
    expect(untagged.data.find((r) => r.id === 'e2e-tags-file')).toMatchObject({ downloads_today: 1, sales_today: 0 });
    expect(problems).toEqual([]);
  }, 120_000);

  it('reads in English and Arabic, wide and on a phone', async () => {
    await inLanguagesAndWidths(page, 'tags', async () => {
      await openPage();
    });
    for (const lang of ['en', 'ar']) for (const w of [1440, 390]) copyFileSync(join(ARTIFACTS, `tags-${lang}-${w}.png`), `/tmp/tags-${lang}-${w}.png`);
    await page.goto(`${server.baseUrl}/app/fd1/statistics/tags?tag=e2e-forum`);
    await page.getByRole('grid', { name: /^(Days of the tag|أيام الوسم)$/ }).locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/tags-days-ar-390.png', fullPage: true });
    // The sales screen filtered by the tag, and the buyers screen with its tag column.
    await inLanguagesAndWidths(page, 'sales-tag', async () => {
      await page.goto('about:blank');
      await page.goto(`${server.baseUrl}/app/fd1/statistics/sales?tag=e2e-forum`);
      await page.locator('[role="row"][data-id="E2E-TAG-S1"]').waitFor({ timeout: 30_000 });
    });
    await inLanguagesAndWidths(page, 'buyers-tag', async () => {
      await page.goto('about:blank');
      await page.goto(`${server.baseUrl}/app/fd1/buyers`);
      await page.locator('[role="row"][data-id="E2E-TAG-S1"]').waitFor({ timeout: 30_000 });
    });
    await page.goto(`${server.baseUrl}/app/fd1/statistics/detailed?tag=e2e-forum`);
    await page.getByTestId('tag-figures-note').waitFor({ timeout: 30_000 });
    await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/detailed-tag-ar-390.png', fullPage: true });
    for (const [name, path] of [
      ['files-tag', 'statistics/files'],
      ['sources-tag', 'statistics/sources'],
      ['videos-tag', 'videos'],
    ] as const) {
      await inLanguagesAndWidths(page, name, async () => {
        await page.goto('about:blank');
        await page.goto(`${server.baseUrl}/app/fd1/${path}?tag=e2e-forum`);
        await page.locator('[role="row"][data-id]').first().waitFor({ timeout: 30_000 });
      });
    }
    for (const name of ['sales-tag', 'buyers-tag', 'files-tag', 'sources-tag', 'videos-tag']) for (const lang of ['en', 'ar']) for (const w of [1440, 390]) copyFileSync(join(ARTIFACTS, `${name}-${lang}-${w}.png`), `/tmp/${name}-${lang}-${w}.png`);
  }, 480_000);
});
