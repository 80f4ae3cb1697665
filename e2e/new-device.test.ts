import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desc, eq, sql } from 'drizzle-orm';
import { ensureDemoPartner, DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { addAdditionalIncome } from '../server/src/operator/service.ts';
import { insertWallet } from '../server/src/modules/payouts/testing.ts';
import { mailOutbox, users } from '../server/src/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '../server/src/plumbing/session/service.ts';
import {
  browserAvailable,
  launch,
  localLink,
  mailbox,
  seriousAxeFindings,
  setLanguage,
  signIn,
  startServer,
  watchProblems,
  type RunningServer,
} from './support.ts';

const hasBrowser = browserAvailable();
/** Where the screenshots of this journey go, to be looked at. */
const SHOTS = '/tmp/shots-devices';
const ALERT_SUBJECT = 'New sign-in to your Partner Cabinet account';
const USD = 1_000_000;

/**
 * New-device alerts in Chromium (decision 0191): the partner signed in in one browser; a sign-in from another (a new
 * context, no device cookie) mails the alert; its "not me" link, confirmed on its page, signs the first browser out
 * too, and a payout request is refused while the recovery is under way. Screenshots of the mail, the page and the
 * sessions list in English and Arabic, 1440 and 390 px wide.
 */
describe.skipIf(!hasBrowser)('new-device alerts in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let partner: BrowserContext;
  let page: Page;
  let userId: number;
  let wallet: number;
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];

  const newContext = async (locale = 'en-US', width = 1440) => {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale });
    contexts.push(context);
    return context;
  };
  /** The newest alert mail to the partner, as the outbox holds it (no SMTP here: the dev mailbox reads the same rows). */
  const latestAlertHtml = async () => {
    const [row] = await server.app.ctx.database.db
      .select({ html: mailOutbox.htmlBody })
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} = 'new_device_signin' and ${mailOutbox.toAddress} = ${DEMO_EMAIL}`)
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return row!.html;
  };
  const pageWidthFits = async (p: Page, width: number) =>
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    userId = await ensureDemoPartner(server.app.ctx);
    await addAdditionalIncome(server.app.ctx.database.db, { userId, project: 'fd1', amount: 500 * USD, reason: 'e2e', operator: 'e2e' }, new Date());
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    wallet = await insertWallet(server.app.ctx.database, server.app.ctx.config.PAYOUT_DETAILS_KEY, { userId, system: 'paypal', createdAt: old, confirmedAt: old });
    browser = await launch();
    partner = await newContext();
    page = await partner.newPage();
    // 401 once the sessions end, 409 the refused payout request.
    watchProblems(page, problems, [401, 409]);
    await signIn(page, server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  it('the partner’s own first sign-in sends no alert; one from another browser does, and the mail reads well', async () => {
    expect((await mailbox(server.baseUrl, DEMO_EMAIL)).filter((m) => m.subject === ALERT_SUBJECT)).toEqual([]);
    const other = await (await newContext()).newPage();
    await signIn(other, server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
    const alerts = (await mailbox(server.baseUrl, DEMO_EMAIL)).filter((m) => m.subject === ALERT_SUBJECT);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('UTC');
    expect(alerts[0]!.text).toMatch(/Browser and system: Chrome on Linux/);
    expect(alerts[0]!.text).toContain('IP address: 127.0.0.1');
    expect(alerts[0]!.links.some((l) => l.includes('/not-me/'))).toBe(true);

    // The same alert in Arabic: the partner's language is Arabic, a third browser signs in.
    const english = await latestAlertHtml();
    await server.app.ctx.database.db.update(users).set({ lang: 'ar' }).where(eq(users.id, userId));
    await signIn(await (await newContext()).newPage(), server.baseUrl, DEMO_EMAIL, DEMO_PASSWORD);
    const arabic = await latestAlertHtml();
    expect(arabic).toContain('dir="rtl"');
    expect(arabic).toContain('لم أكن أنا');
    await server.app.ctx.database.db.update(users).set({ lang: 'en' }).where(eq(users.id, userId));

    const mailPage = await (await newContext()).newPage();
    for (const [lang, html] of [['en', english], ['ar', arabic]] as const)
      for (const width of [1440, 390]) {
        await mailPage.setViewportSize({ width, height: 900 });
        await mailPage.setContent(html);
        await pageWidthFits(mailPage, width);
        await mailPage.screenshot({ path: join(SHOTS, `alert-mail-${lang}-${width}.png`), fullPage: true });
      }
  }, 180_000);

  it('the sessions list names each browser and signs any one of them out', async () => {
    await page.goto(`${server.baseUrl}/settings`);
    const list = page.getByRole('list', { name: 'Active sessions' });
    await list.waitFor({ timeout: 30_000 });
    const rows = list.getByTestId('session');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => list.textContent()).toContain('Chrome on Linux');
    await expect.poll(() => list.textContent()).toContain('127.0.0.1');
    for (const lang of ['en', 'ar'])
      for (const width of [1440, 390]) {
        await setLanguage(page, lang);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`${server.baseUrl}/settings`);
        const section = page.locator('#settings-sessions');
        await section.waitFor({ timeout: 30_000 });
        await page.getByTestId('session').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await pageWidthFits(page, width);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: join(SHOTS, `sessions-${lang}-${width}.png`) });
      }
    await setLanguage(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/settings`);
    // One of the other two signed out, from this list.
    await page.getByTestId('end-session').first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('The session has ended.').waitFor();
    await expect.poll(() => page.getByTestId('session').count()).toBe(2);
    expect(await seriousAxeFindings(page, 'sessions')).toEqual([]);
  }, 180_000);

  it('the "not me" link: its page changes nothing until confirmed; then every session ends and a payout request is refused', async () => {
    const link = localLink(
      (await mailbox(server.baseUrl, DEMO_EMAIL)).filter((m) => m.subject === ALERT_SUBJECT).at(-1)!.links.find((l) => l.includes('/not-me/'))!,
      server.baseUrl,
    );
    // The page in English and Arabic, wide and on a phone, opened by guests (opening it acts on nothing).
    for (const [lang, locale] of [['en', 'en-US'], ['ar', 'ar']] as const)
      for (const width of [1440, 390]) {
        const guest = await (await newContext(locale, width)).newPage();
        await guest.goto(link);
        const status = guest.getByTestId('not-me-status');
        await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('confirm');
        expect(await guest.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await pageWidthFits(guest, width);
        await guest.screenshot({ path: join(SHOTS, `not-me-${lang}-${width}.png`), fullPage: true });
      }
    // Still signed in everywhere.
    expect(await page.evaluate(async () => (await fetch('/api/settings/sessions')).status)).toBe(200);

    const guest = await (await newContext()).newPage();
    await guest.goto(link);
    await guest.getByTestId('not-me-confirm').click();
    const status = guest.getByTestId('not-me-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('success');
    await expect.poll(() => status.textContent()).toContain('Your account is secured');
    expect(await seriousAxeFindings(guest, 'not-me-done')).toEqual([]);
    await guest.screenshot({ path: join(SHOTS, 'not-me-done-en-1440.png'), fullPage: true });

    // The partner's own browser is signed out: the next page sends it to sign-in.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL('**/auth/login**', { timeout: 30_000 });
    // And the password no longer signs anybody in.
    const check = await server.app.inject({ url: '/api/settings/sessions' });
    expect(check.statusCode).toBe(401);
    expect((await mailbox(server.baseUrl, DEMO_EMAIL)).some((m) => m.subject === 'Secure your account: set a new password')).toBe(true);

    // A session made by hand (nobody can sign in now) meets the hold on the payouts page and in the call.
    const token = await createSession(server.app.ctx.database.db, userId, new Date(), { ip: '127.0.0.1', userAgent: 'e2e' });
    await partner.addCookies([{ name: SESSION_COOKIE, value: token, url: server.baseUrl }]);
    await page.goto(`${server.baseUrl}/payouts`);
    const held = page.getByTestId('payout-account-recovery');
    await held.waitFor({ timeout: 30_000 });
    expect(await held.textContent()).toContain('Payout requests are on hold because you reported that someone else used your account');
    await page.screenshot({ path: join(SHOTS, 'payouts-held-en-1440.png'), fullPage: true });
    const refused = await page.evaluate(
      async ({ w, amount }) => {
        const res = await fetch('/api/payouts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount, wallet: w }) });
        return { status: res.status, body: await res.json() };
      },
      { w: wallet, amount: 50 * USD },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', reason: 'account_recovery' });
    expect(problems.filter((p) => !/\b(401|409)\b/.test(p))).toEqual([]);
  }, 240_000);
});
