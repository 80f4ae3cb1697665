import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureDemoPartner, DEMO_EMAIL } from '../server/src/seed/demo.ts';
import { verifyHelpCenterToken } from '../server/src/modules/help-center/sso.ts';
import {
  ARTIFACTS,
  ROOT,
  browserAvailable,
  startServer,
  type RunningServer,
  seriousAxeFindings,
  setLanguage,
  inLanguagesAndWidths,
  signedInBrowser,
} from './support.ts';

const hasBrowser = browserAvailable();
const HELP_SECRET = 'e2e-help-centre-secret-0123456789abcdef';

type FaqTexts = { questions: Record<string, { q: string; a: string }> };
/** The FAQ texts of a language as the app shows them (English until the translators have written that language). */
function faqTexts(lang: string): FaqTexts {
  const file = join(ROOT, 'locales', lang, 'faq.json');
  const en = JSON.parse(readFileSync(join(ROOT, 'locales/en/faq.json'), 'utf8')) as FaqTexts;
  if (!existsSync(file)) return en;
  const own = JSON.parse(readFileSync(file, 'utf8')) as Partial<FaqTexts>;
  return { questions: { ...en.questions, ...own.questions } };
}
/** The longest word of a question: what a partner would type to find it. */
const searchWordOf = (question: string) =>
  question
    .split(/[\s?؟,.:;«»“”"()]+/u)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)[0]!;

/**
 * The FAQ as a partner meets it in Chromium: an answer found by search in English and in Arabic, its link copied and
 * opened (the answer open and in view); the help centre entry signs the partner on with a token the help centre
 * verifies; screenshots of the FAQ in both languages at 1440 and 390 px.
 */
describe.skipIf(!hasBrowser)('FAQ and help centre in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  async function openFaq(hash = '') {
    // A page load, not a same-document hash change, even when the address is the one already open.
    await page.goto('about:blank');
    await page.goto(`${server.baseUrl}/faq${hash}`);
    await page.getByTestId('faq-search').waitFor({ timeout: 30_000 });
    await page.getByTestId('faq-question').first().waitFor();
  }

  beforeAll(async () => {
    server = await startServer();
    // A help centre on this same server (its address answers the app's not-found page, enough to read the query).
    Object.assign(server.app.ctx.config, { HELP_CENTER_URL: `${server.baseUrl}/help-centre-landing`, HELP_CENTER_SSO_SECRET: HELP_SECRET });
    await ensureDemoPartner(server.app.ctx);
    ({ browser, context, page } = await signedInBrowser(server.baseUrl, problems, { expectedStatuses: [401, 404], clipboard: true }));
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`finds an answer by search in ${lang === 'en' ? 'English' : 'Arabic'} and opens its link`, async () => {
      await setLanguage(page, lang);
      await page.setViewportSize({ width: 1440, height: 900 });
      await openFaq();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const id = 'payouts-new-wallet';
      const word = searchWordOf(faqTexts(lang).questions[id]!.q);
      await page.getByTestId('faq-search').pressSequentially(word.toLocaleUpperCase(lang), { delay: 20 });
      const answer = page.locator(`#${id}-answer`);
      await answer.waitFor({ state: 'visible' });
      // The figure in the answer is the setting (the wallet waiting period), not a number of the text.
      const days = (await server.app.inject({ method: 'GET', url: '/api/product/settings', headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } })).json().payouts.wallet_hold_days as number;
      expect(await answer.textContent()).toContain(new Intl.NumberFormat(lang).format(days));
      if (lang === 'en') await shot('faq-search-en-1440');
      expect(await seriousAxeFindings(page, `faq ${lang}`)).toEqual([]);

      await answer.getByTestId('faq-copy-link').click();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(`${server.baseUrl}/faq#${id}`);

      // The link in a fresh page: the answer is open, in its category, and in view.
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByTestId('page-title').waitFor();
      await page.goto(link);
      const opened = page.locator(`#${id}-answer`);
      await opened.waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForFunction((target) => {
        const box = document.getElementById(target)!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      }, id);
      expect(await page.locator('[role=tab][aria-selected=true]').getAttribute('data-testid')).toBe('faq-tab-payouts');
    });
  }

  it('the help centre entry signs the partner on with a token the help centre verifies', async () => {
    await setLanguage(page, 'en');
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('help-menu-button').click();
    await page.getByTestId('menu-help').click();
    await page.waitForURL('**/help-centre-landing?**');
    const url = new URL(page.url());
    const check = verifyHelpCenterToken(HELP_SECRET, url.searchParams.get('sso'), url.searchParams.get('sig'), new Date());
    expect(check.ok && check.claims.email).toBe(DEMO_EMAIL);
    // Support links that are not configured are not offered.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('help-menu-button').click();
    await page.getByTestId('menu-faq').waitFor();
    expect(await page.getByTestId('menu-support').count()).toBe(0);
    expect(await page.getByTestId('menu-messenger').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('the FAQ in English and Arabic at 1440 and 390 px', async () => {
    await inLanguagesAndWidths(page, 'faq', async () => {
      await openFaq('#payouts-systems');
      await page.locator('#payouts-systems-answer').waitFor({ state: 'visible' });
    });
    expect(problems).toEqual([]);
  });
});
