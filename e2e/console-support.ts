import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../server/src/seed/demo-staff.ts';
import { watchProblems, type RunningServer } from './support.ts';

/** What the operator console's browser tests share: their screenshots' folder, pages, the demo members' sign-in. */

/** Screenshots to be looked at, outside the repository. */
export const CONSOLE_SHOTS = process.env.CONSOLE_SHOTS ?? '/tmp/console-shots';

/**
 * A wide English page in a context of its own (closed with the others by the test), downloads allowed; problems on it
 * go to `problems` unless their status is one the test expects (401: who-am-I before signing in).
 */
export async function consolePage(browser: Browser, contexts: BrowserContext[], problems: string[], expected: readonly number[] = [401]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  watchProblems(page, problems, expected);
  return page;
}

/** The 30-second authenticator step each member last signed in with: a code is taken once per member. */
const lastStep = new Map<string, number>();

/**
 * Signs a demo member in: the demo password, then the code of the demo authenticator secret. The server takes each
 * code once (a replayed one is refused), so a member signing in again within the same 30 seconds waits for the next.
 */
export async function signInDemoMember(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/operator/sign-in`);
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(DEMO_STAFF_PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('sign-in-code').waitFor();
  let step = Math.floor(Date.now() / 30_000);
  if (lastStep.get(email) === step) {
    await page.waitForTimeout((step + 1) * 30_000 - Date.now() + 200);
    step += 1;
  }
  lastStep.set(email, step);
  await page.getByTestId('totp-code').fill(await generate({ secret: DEMO_STAFF_TOTP_SECRET, epoch: step * 30 }));
  await page.getByTestId('code-submit').click();
  await page.getByTestId('console-member').waitFor();
}

/**
 * The page in English at 1440 and 390 px as `<name>-en-<width>.png`: no wider than the screen at either width; the
 * whole page unless `fullPage` is false (a dialog, shot as the member sees it). Leaves the page wide again.
 */
export async function shootInWidths(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} ${width}`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: join(CONSOLE_SHOTS, `${name}-en-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The end of a console browser test: its pages' contexts, the browser and the server, whichever were started. */
export async function closeConsoleTest(contexts: BrowserContext[], browser: Browser | undefined, server: RunningServer | undefined): Promise<void> {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
}
