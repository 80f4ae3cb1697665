import { expect } from 'vitest';
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { buildApp } from '../server/src/app.ts';
import { createMailer } from '../server/src/mail/mailer.ts';
import { systemClock, type AppContext } from '../server/src/context.ts';
import { createTestDatabase, testConfig } from '../server/src/test/harness.ts';
import type { Config } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import { sql } from 'drizzle-orm';
import type { IngestAnswer, ProjectId } from '@pc/core';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemoPartner } from '../server/src/seed/demo.ts';
import { plansOf, sendHistory } from '../simulator/src/simulate.ts';
import { catchUp } from '../server/src/jobs/close.ts';

export const ROOT = join(import.meta.dirname, '..');
export const ARTIFACTS = join(import.meta.dirname, 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The launch arguments that work with Debian's chromium (decision 0043). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Without a browser the journeys are skipped with a loud notice, except under CI=true, where a missing
 * browser fails the run.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const notice = `\n${'!'.repeat(72)}\n!! END-TO-END TESTS SKIPPED: no Chromium at ${CHROMIUM}\n!! Install Debian's chromium or set CHROMIUM_PATH.\n${'!'.repeat(72)}\n`;
  if (process.env.CI === 'true')
    throw new Error(`Chromium is required under CI=true (${CHROMIUM} not found)`);
  console.warn(notice);
  return false;
}

/** The newest modification time of the files below `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds web/dist when it is missing or older than the web sources or texts, so the journeys never run
 * against a stale build (E2E_BUILD=1 forces a fresh build). Called once per run, before any journey, by
 * e2e/global-setup.ts.
 */
export function ensureWebBuild() {
  const index = join(ROOT, 'web/dist/index.html');
  const fresh =
    existsSync(index) &&
    statSync(index).mtimeMs >=
      Math.max(newestMtime(join(ROOT, 'web/src')), newestMtime(join(ROOT, 'locales')));
  if (fresh && process.env.E2E_BUILD !== '1') return;
  // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build: the
  // journeys run against what ships.
  execSync('npm run build --workspace web', {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface RunningServer {
  baseUrl: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The real server in-process on a fresh PGlite database, on a free port, serving web/dist. `overrides` adds settings
 * a journey needs (the sites journey lets checks reach its local site: OUTBOUND_ALLOW_PRIVATE, tests only).
 */
export async function startServer(overrides: Partial<Record<keyof Config, string>> = {}): Promise<RunningServer> {
  const database: Database = await createTestDatabase();
  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1:1', ...overrides });
  const ctx: AppContext = {
    config,
    database,
    clock: systemClock,
    mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
  };
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Links in mails carry PUBLIC_URL; the test opens them on this server (see localLink).
  return {
    baseUrl,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function localLink(link: string, baseUrl: string): string {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}${url.hash}`;
}

/**
 * How long a page's wait (a locator, a navigation, a response) may take. Playwright's 30 s was crossed on a slow
 * machine running two journeys beside their servers (a programme's activation dialog took longer); a wait ends as
 * soon as its condition holds, so the longer limit costs a passing journey nothing.
 */
export const PAGE_WAIT_MS = 60_000;

/** Chromium for a journey: every context it opens waits up to PAGE_WAIT_MS (`newPage` opens its context through it). */
export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_WAIT_MS);
    context.setDefaultNavigationTimeout(PAGE_WAIT_MS);
    return context;
  };
  return browser;
}

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

export async function mailbox(baseUrl: string, to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

/** Solves the real proof-of-work captcha of a form: one click on its checkbox, then the widget's own work. */
export async function solveCaptcha(page: Page) {
  const widget = page.locator('altcha-widget');
  await widget.waitFor();
  await page.waitForFunction(
    () =>
      typeof (document.querySelector('altcha-widget') as unknown as { getState?: () => string })?.getState ===
      'function',
  );
  await widget.locator('input[type="checkbox"]').click({ force: true });
  await page.waitForFunction(
    () =>
      (document.querySelector('altcha-widget') as unknown as { getState: () => string }).getState() ===
      'verified',
    null,
    {
      timeout: 60_000,
    },
  );
}

/** axe's serious and critical findings on the page, one line each (none expected). */
export async function seriousAxeFindings(page: Page, name: string): Promise<string[]> {
  // Contrast is judged on what is on screen: a tooltip shown by the last click's hover, or a snackbar or dialog
  // still fading in, would be measured half transparent. Move the pointer away and let finite animations end
  // (spinners and skeletons run forever and are left alone).
  await page.mouse.move(0, 0);
  // A tooltip's close (or a snackbar's entrance) starts a frame or two after the pointer leaves.
  await page.waitForTimeout(300);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/**
 * Collects what goes wrong in the page: script errors, and console errors other than failed requests with the
 * statuses a journey expects (401 for a guest, 403 security checks, 422 form refusals, 404 answers shown in place).
 */
export function watchProblems(page: Page, problems: string[], expectedStatuses: readonly number[]) {
  trackApiCalls(page);
  const expected = new RegExp(`Failed to load resource: the server responded with a status of (${expectedStatuses.join('|')})`);
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (expected.test(text)) return;
    problems.push(`console: ${text}`);
  });
}

/** The API calls a page has sent and not yet had answered, with the moment each was sent (see trackApiCalls). */
const unansweredCalls = new WeakMap<Page, Map<object, string>>();

/** Keeps the page's unanswered API calls, for `describePage`. */
export function trackApiCalls(page: Page) {
  if (unansweredCalls.has(page)) return;
  const open = new Map<object, string>();
  unansweredCalls.set(page, open);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.set(request, `${new Date().toISOString()} ${request.method()} ${request.url()}`);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * What a page shows when a wait on it fails: its address, its dialogs (name, whether hidden from assistive
 * technology, their text), what carries aria-hidden, and its API calls still unanswered. A journey that fails on a
 * loaded machine then says why, not only what it waited for.
 */
export async function describePage(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => {
      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
      const hidden = (el: Element) => el.closest('[aria-hidden=true]') !== null;
      return {
        url: location.href,
        dialogs: [...document.querySelectorAll('[role=dialog]')].map((d) => ({ hidden: hidden(d), text: text(d) })),
        ariaHidden: [...document.querySelectorAll('[aria-hidden=true]')]
          .filter((el) => el.parentElement === document.body || el.id === 'root')
          .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}`),
      };
    })
    .catch((error: Error) => ({ unreadable: error.message }));
  return JSON.stringify({ ...state, unansweredApiCalls: [...(unansweredCalls.get(page)?.values() ?? [])] }, null, 1);
}

/** Waits for a locator; when it does not come, the error also carries `describePage`. */
export async function waitShowing(page: Page, locator: Locator, options?: Parameters<Locator['waitFor']>[0]) {
  try {
    await locator.waitFor(options);
  } catch (error) {
    throw new Error(`${(error as Error).message}\npage: ${await describePage(page)}`, { cause: error });
  }
}

/**
 * Adds up the layout shifts Chromium reports on the page from its next load on (the Layout Instability API whose
 * entries Lighthouse's cumulative layout shift sums); the returned function reads the sum so far.
 */
export async function sumLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

/** Signs in through the sign-in page with the real captcha, and waits for the dashboard. */
/**
 * Opens sign-in and fills its form, the captcha solved. The page arrives drawn already (decision 0212): the first key
 * starts the app, and the form is filled again once the app has taken the copy's place, so that a journey does not
 * hang on the moment of the swap (carrying typing over is e2e/prerendered.test.ts's to show).
 */
export async function fillSignIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.locator('#field-email').fill(email);
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(password);
  await solveCaptcha(page);
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await fillSignIn(page, baseUrl, email, password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/dashboard');
}

export interface SignedInBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the context and the browser. */
  close(): Promise<void>;
}

/**
 * Chromium with a wide English page signed in as `email` (the demo partner unless told): the start every journey
 * shares. Problems on the page go to `problems` unless their status is one the journey expects; `clipboard` grants
 * the copy buttons the clipboard.
 */
export async function signedInBrowser(
  baseUrl: string,
  problems: string[],
  options: { expectedStatuses: readonly number[]; clipboard?: boolean; email?: string; password?: string },
): Promise<SignedInBrowser> {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  watchProblems(page, problems, options.expectedStatuses);
  await signIn(page, baseUrl, options.email ?? DEMO_EMAIL, options.password ?? DEMO_PASSWORD);
  return {
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * Chooses a language in the top bar's menu, as a person does, and waits until the texts are in it (the document's
 * lang changes at once, the texts once they are loaded; the switcher's data-current-lang names the language of its
 * texts) and the menu has closed, so the next step starts from texts and a page that agree.
 * On a machine busy with other journeys a click on the menu can land while it is still opening and reach no item
 * (seen once in a full run: the console stayed in English for 30 s). The menu is then opened again, as a person would
 * click again; three tries at most, so a switch that never works still fails.
 */
export async function chooseLanguageInMenu(page: Page, lang: string) {
  const menu = page.locator('#language-menu [role=menu]');
  for (let attempt = 1; ; attempt++) {
    if (!(await menu.isVisible())) await page.getByTestId('language-switcher').first().click();
    const item = menu.locator(`[role=menuitem][data-lang=${lang}]`);
    await item.waitFor({ state: 'visible' });
    await item.click();
    const switched = await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (switched) break;
    if (attempt === 3) throw new Error(`the language menu did not switch to ${lang} in ${attempt} tries`);
  }
  await page.locator(`[data-testid=language-switcher][data-current-lang=${lang}]`).first().waitFor();
  await menu.waitFor({ state: 'hidden' });
}

/** Switches the signed-in partner's interface language (the next page load uses it). */
export async function setLanguage(page: Page, lang: string) {
  await page.evaluate(async (l) => {
    await fetch('/api/langs/change', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lang: l }) });
  }, lang);
}

/**
 * A screen in English and Arabic, wide (1440 px) and on a phone (390 px): each time `open` loads it, the page must
 * read in its language's direction and be no wider than the screen, and its full-page screenshot goes to the
 * artifacts as `<name>-<lang>-<width>.png`, to be looked at.
 */
export async function inLanguagesAndWidths(page: Page, name: string, open: (lang: string, width: number) => Promise<void>) {
  for (const lang of ['en', 'ar']) {
    await setLanguage(page, lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await open(lang, width);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The whole page from its top (a sticky bar stays where a partner sees it).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(ARTIFACTS, `${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
}

/**
 * The demo partner (created when missing) with `days` of simulated traffic on both projects, sent through the
 * ingest API as the file hosts send it; with `close`, the days are then closed and booked as the scheduler would.
 * Answers the demo partner's id.
 */
export async function demoPartnerWithHistory(server: RunningServer, options: { seed: string; days: number; close?: boolean }): Promise<number> {
  const ctx = server.app.ctx;
  const userId = await ensureDemoPartner(ctx);
  const programs = await ctx.database.query<{ project: ProjectId; app_user_id: number }>(
    sql`select project, app_user_id from partner_programs where user_id = ${userId}`,
  );
  const appIds = Object.fromEntries(programs.map((p) => [p.project, Number(p.app_user_id)])) as Record<ProjectId, number>;
  const tokens: Record<ProjectId, string> = { fd1: ctx.config.INGEST_TOKEN_FD1, fd2: ctx.config.INGEST_TOKEN_FD2 };
  await sendHistory(
    async (project, events) => {
      const res = await server.app.inject({
        method: 'POST',
        url: `/ingest/v1/${project}/events`,
        headers: { authorization: `Bearer ${tokens[project]}` },
        payload: events,
      });
      return res.json() as IngestAnswer;
    },
    plansOf([{ key: 'demo', app: appIds, userId }], options.seed, 1),
    { seed: options.seed, days: options.days, now: Date.now(), batchSize: 5_000 },
  );
  if (options.close) await catchUp(ctx.database, new Date());
  return userId;
}

/** The API's answer to a GET as the page's partner gets it (their session, English), to compare a screen with. */
export function apiAnswer<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(`/api${p}`, { headers: { 'x-localization': 'en' } })).json(), path) as Promise<T>;
}
