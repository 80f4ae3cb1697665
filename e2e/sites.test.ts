import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { join } from 'node:path';
import { DEMO_EMAIL, ensureDemoPartner } from '../server/src/seed/demo.ts';
import { recheckDueSites } from '../server/src/modules/sites/rechecks.ts';
import { html, startLocalSite, text, type LocalSite } from '../server/src/modules/sites/testing.ts';
import {
  ARTIFACTS,
  browserAvailable,
  mailbox,
  seriousAxeFindings,
  startServer,
  type RunningServer,
  inLanguagesAndWidths,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();
const HOUR = 3_600_000;

/**
 * My sites in Chromium: the demo partner adds a site served by a real local web server, the first check says the
 * file is missing, the file is put in place with the code copied from the page, the second check makes the site
 * active; a site is removed after confirmation. Screenshots in English and Arabic at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('my sites in Chromium', () => {
  let server: RunningServer;
  let site: LocalSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  async function openPage() {
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/app/fd1/sites`);
    await page.getByTestId('verify-token-value').waitFor({ timeout: 30_000 });
    await page.getByRole('grid').waitFor({ timeout: 30_000 });
  }
  const rowOf = (domain: string) => page.getByRole('row').filter({ hasText: domain });

  beforeAll(async () => {
    // The check must reach the local site on 127.0.0.1: this journey's server allows private addresses (tests only).
    server = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'true' });
    site = await startLocalSite();
    site.routes.set('/', html('<meta name="description" content="My music blog">', '<h1>My music blog</h1>'));
    const demo = await ensureDemoPartner(server.app.ctx);
    const db = server.app.ctx.database;
    const [program] = await db.query<{ app_user_id: number }>(sql`select app_user_id from partner_programs where user_id = ${demo} and project = 'fd1'`);
    const appUser = Number(program!.app_user_id);
    // A site verified before, with visitors and site-referral sales through the ingest API, and a banned one.
    await db.query(sql`insert into partner_sites (user_id, project, domain, origin, status, token, created_at, verified_at, verified_by)
      values (${demo}, 'fd1', 'warez-blog.example.org', 'https://www.warez-blog.example.org', 'active', 't', now() - interval '40 days', now() - interval '40 days', 'file'),
             (${demo}, 'fd1', 'free-downloads.example.com', 'http://free-downloads.example.com', 'banned', 't', now() - interval '90 days', now() - interval '90 days', 'meta')`);
    // Its ownership proven again yesterday, so the server's re-checks (decision 0152) leave it alone in this journey.
    await db.query(sql`update partner_sites set proved_at = now() - interval '1 day' where domain = 'warez-blog.example.org'`);
    // And one whose last check did not find the file (its check is not run here: the name leads nowhere).
    await db.query(sql`insert into partner_sites (user_id, project, domain, origin, status, token, created_at, checked_at, check_error)
      values (${demo}, 'fd1', 'music-forum.example.net', 'https://music-forum.example.net', 'not_verified', 't', now() - interval '2 days', now() - interval '2 days', 'not_found')`);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
    const events: unknown[] = [];
    for (let i = 0; i < 120; i++)
      events.push({ id: `e2e-hit-${i}`, type: 'page_hit', at: at(1 + (i % 200)), app_users_id: appUser, file_id: 'f1', referrer: `https://www.warez-blog.example.org/post/${i % 7}` });
    for (const [i, hoursAgo] of [1, 2, 30, 80, 300].entries())
      events.push({
        id: `e2e-sale-${i}`,
        type: 'sale',
        at: at(hoursAgo),
        app_users_id: appUser,
        sale_id: `E2E-${i}`,
        amount_micro: 9_990_000,
        revenue_type: 'site_referral',
        file_id: 'f1',
        site_domain: 'warez-blog.example.org',
        referrer: 'https://warez-blog.example.org/post/1',
        buyer_email: `buyer${i}@mail.example`,
        payment_system: 'card',
        tariff: '30 days',
        country: 'DE',
      });
    const ingest = await server.app.inject({
      method: 'POST',
      url: '/ingest/v1/fd1/events',
      headers: { authorization: `Bearer ${server.app.ctx.config.INGEST_TOKEN_FD1}`, 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });
    expect(ingest.statusCode, ingest.body).toBe(200);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404, 422], clipboard: true }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.close();
    await server?.close();
  });

  it('adds a site served by a local web server, verifies it by the file, and sees it active', async () => {
    await openPage();
    const active = rowOf('warez-blog.example.org');
    await expect(active.getByText('Active').isVisible()).resolves.toBe(true);
    expect(await active.textContent()).toContain('120');
    await rowOf('music-forum.example.net').getByText('Last check: file or meta tag not found').waitFor();
    await rowOf('free-downloads.example.com').getByText('Banned').waitFor();
    expect(await rowOf('free-downloads.example.com').getByRole('button').count()).toBe(0);

    // A bad address is refused on the field before anything is stored.
    await page.getByTestId('site-url').fill('ftp://example.com');
    await page.getByTestId('site-add').click();
    await page.getByText('The address must start with http:// or https://.').waitFor();

    await page.getByTestId('site-url').fill(`${site.origin}/`);
    await page.getByTestId('site-add').click();
    await page.getByText('127.0.0.1 has been added. Verify it to start earning.').waitFor();
    const row = rowOf('127.0.0.1');
    await row.getByText('Not verified').waitFor();

    // The file is not there yet: the check says so.
    await row.getByRole('button', { name: 'Verify 127.0.0.1' }).click();
    await page.getByTestId('verify-result').getByText('127.0.0.1 is not verified: neither the file nor the meta tag was found.').waitFor();
    await row.getByText('Last check: file or meta tag not found').waitFor();
    expect(site.hits).toEqual(['/demo.txt', '/']);

    // The partner copies the code from the page into demo.txt at the site's root.
    expect(await page.getByTestId('verify-file-value').textContent()).toBe('demo.txt');
    await page.getByTestId('verify-token-copy').click();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^pcv-[0-9a-f]{32}$/);
    expect(await page.getByTestId('verify-token-value').textContent()).toBe(token);
    site.routes.set('/demo.txt', text(`${token}\n`));

    await row.getByRole('button', { name: 'Verify 127.0.0.1' }).click();
    await page.getByTestId('verify-result').getByText('127.0.0.1 is verified: your file was found. The site now earns for you.').waitFor();
    await row.getByText('Active').waitFor();
    expect(await row.getByRole('button', { name: 'Verify 127.0.0.1' }).count()).toBe(0);
    const [stored] = await server.app.ctx.database.query(sql`select status, verified_by from partner_sites where domain = '127.0.0.1'`);
    expect(stored).toEqual({ status: 'active', verified_by: 'file' });

    // The promo link carries the partner's id in the project; each banner's HTML links to it.
    const link = (await page.getByTestId('promo-link-value').textContent()) ?? '';
    expect(link).toMatch(/\/\?aff=\d+$/);
    await page.getByTestId('banner-728x90-copy').click();
    const html = await page.evaluate(() => navigator.clipboard.readText());
    expect(html.startsWith(`<a href="${link}" target="_blank" rel="noopener"><img src="data:image/svg+xml;charset=utf-8,`)).toBe(true);
    expect(await seriousAxeFindings(page, 'sites en')).toEqual([]);
  });

  it('a week later the file is gone: the re-check warns on the page and by mail, and the site stays active for now', async () => {
    site.routes.delete('/demo.txt');
    await server.app.ctx.database.query(sql`update partner_sites set proved_at = now() - interval '8 days', checked_at = now() - interval '8 days' where domain = '127.0.0.1'`);
    // What the server's scheduler does on its next tick (it may be the one that runs it).
    await recheckDueSites(server.app.ctx, server.app.log);
    await expect
      .poll(async () => (await server.app.ctx.database.query<{ n: number }>(sql`select recheck_failures as n from partner_sites where domain = '127.0.0.1'`))[0]!.n)
      .toBe(1);
    await openPage();
    const row = rowOf('127.0.0.1');
    await row.getByText('Active').waitFor();
    const note = await row.getByText(/^Not confirmed on /).textContent();
    expect(note).toMatch(/^Not confirmed on .+: file or meta tag not found\. Put your file or meta tag back before .+, or the site stops being verified\.$/);
    // Said above the list too.
    expect(await page.getByRole('alert').filter({ hasText: '127.0.0.1' }).textContent()).toContain(note);
    const mails = await mailbox(server.baseUrl, DEMO_EMAIL);
    const warning = mails.find((m) => m.subject === 'We could not confirm your site 127.0.0.1');
    expect(warning?.links.some((l) => l.endsWith('/app/fd1/sites'))).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'sites-recheck-failed-en-1440.png'), fullPage: true });
  });

  it('removes a site after confirmation', async () => {
    await openPage();
    await page.getByTestId('site-url').fill('https://old-blog.example.com');
    await page.getByTestId('site-add').click();
    const row = rowOf('old-blog.example.com');
    await row.getByText('Not verified').waitFor();
    await row.getByRole('button', { name: 'Remove old-blog.example.com' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('old-blog.example.com will be removed from your list and will stop earning.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('The site has been removed.').waitFor();
    await row.waitFor({ state: 'detached' });
    const [stored] = await server.app.ctx.database.query(sql`select status from partner_sites where domain = 'old-blog.example.com'`);
    expect(stored).toEqual({ status: 'deleted' });
  });

  it('in English and Arabic at 1440 and 390 px', async () => {
    await inLanguagesAndWidths(page, 'sites', async () => {
      await openPage();
    });
    expect(await seriousAxeFindings(page, 'sites ar 390')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
