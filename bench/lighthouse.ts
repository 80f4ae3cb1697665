/**
 * npm run bench:lighthouse — Lighthouse's scores and timings of the partner's screens, in Chromium.
 *
 * It builds the web app (`--no-build` keeps web/dist as it is) and starts the cabinet as `npm start` does
 * (server/src/main.ts, with the demo partner and its months of simulated traffic, on a PGlite database in a scratch
 * directory, on a free port), and waits until the demo's history is in. `--url http://host:port` audits a cabinet
 * already running instead (it must have the demo partner). Chromium (`CHROMIUM_PATH`, or /usr/bin/chromium) is
 * started once; the sign-in page is audited signed out, then the demo partner signs in through the real form and
 * its captcha in that same browser, and every signed-in screen is audited with the session's cookie (Lighthouse
 * clears the cache and the origin's storage before each load, never the cookies: each run is a first visit of a
 * signed-in partner).
 *
 * Each screen is audited with the mobile profile (Lighthouse's default: a phone, simulated slow 4G and a CPU four
 * times slower) and the desktop one, `--runs` times each (3 unless told), the runs of all screens interleaved so
 * that a burst of load on the machine falls on several screens instead of all runs of one. Printed per screen and
 * profile: the medians of performance, accessibility and best-practices scores, first contentful paint, largest
 * contentful paint, total blocking time, and the bytes the page load transferred (every request: the HTML, the
 * scripts, the styles, the fonts and the API answers) with the number of requests. With sign-in and the phone
 * profile it also prints what no audit sees, the prerendered page's first touch (decision 0212): how long after the
 * first key the app takes over, and the slowest key meanwhile.
 *
 * Options: `--screens sign-in,dashboard` (names as printed; default every screen), `--profile mobile|desktop`
 * (default both), `--scheme light|dark|both` (the colour scheme the browser asks for, which the cabinet follows while
 * the partner's theme is "system"; default light; each scheme gets a browser of its own and signs in again),
 * `--runs N`, `--json FILE` (every run's figures and the medians), `--reports DIR` (each run's whole Lighthouse report,
 * `<screen>-<profile>[-dark]-<run>.json`, to see where a screen's time goes), `--check`: exit 1 when a median misses a
 * budget — sign-in performance >= 90 on a phone; signed-in screens >= 90 on desktop and >= 70 on a phone; total
 * blocking time <= 200 ms on desktop; accessibility 100 everywhere, in each scheme audited. Without `--check` the
 * budgets are only printed beside the figures.
 *
 * Nothing is downloaded: Lighthouse drives the Chromium that is installed. The figures depend on the machine and
 * on what else runs on it: the load average is printed before and after.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { launch as launchChrome, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { href } from '../web/src/lib/routes.ts';

const root = join(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_EMAIL = 'demo@partner.test';
const DEMO_PASSWORD = 'demo-partner';
/** How long the started cabinet may take to listen, and then to have the demo's history in. */
const SERVER_START_MS = 120_000;
const HISTORY_MS = 600_000;
/** One Lighthouse run longer than this is a failure (Lighthouse's own page load limit is 45 s). */
const RUN_MS = 180_000;
/** Runs Lighthouse could not finish that are made again before the benchmark fails. */
const RETRIES = 2;

type Profile = 'mobile' | 'desktop';
type Scheme = 'light' | 'dark';
/** What Chromium is told for each scheme: `prefers-color-scheme` answers dark with this flag (headless included). */
const SCHEME_FLAGS: Record<Scheme, string[]> = { light: [], dark: ['--force-dark-mode'] };
interface Screen {
  name: string;
  path: string;
  /** Audited signed out (the sign-in page); every other screen signed in. */
  guest?: boolean;
}

// The partner app's screens (web/src/lib/routes.ts, web/src/app/shell-routes.tsx) that need no identifier of a row:
// the project screens on fd1, where the demo partner has everything.
const app = { app: 'fd1' } as const;
const SCREENS: Screen[] = [
  { name: 'sign-in', path: href('login'), guest: true },
  { name: 'dashboard', path: href('dashboard') },
  { name: 'statistics-detailed', path: href('statisticsDetailed', app) },
  { name: 'statistics-files', path: href('statisticsFiles', app) },
  { name: 'statistics-files-copies', path: href('statisticsFilesCopies', app) },
  { name: 'statistics-sales', path: href('statisticsSales', app) },
  { name: 'statistics-sources', path: href('statisticsSources', app) },
  { name: 'videos', path: href('videos', app) },
  { name: 'earnings', path: href('earnings', app) },
  { name: 'gold', path: href('gold', app) },
  { name: 'payouts', path: href('payouts') },
  { name: 'rates', path: href('rates', app) },
  { name: 'referrals', path: href('referrals', app) },
  { name: 'sites', path: href('sites', app) },
  { name: 'settings', path: href('settings') },
  { name: 'api-key', path: href('apiKey') },
  { name: 'video-player', path: href('videoPlayer') },
  { name: 'news', path: href('news') },
  { name: 'notifications', path: href('notifications') },
  { name: 'faq', path: href('faq') },
  { name: 'start', path: href('start') },
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
  requests: number;
}
const FIGURES: Array<keyof Figures> = ['performance', 'accessibility', 'bestPractices', 'fcpMs', 'lcpMs', 'tbtMs', 'transferBytes', 'requests'];

// ------------------------------------------------------------------------------------------------------------
// Options.

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    screens: { type: 'string' },
    profile: { type: 'string' },
    scheme: { type: 'string', default: 'light' },
    check: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    reports: { type: 'string' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error(`--runs must be 1..20, not ${options.runs}`);
if (options.profile !== undefined && options.profile !== 'mobile' && options.profile !== 'desktop') {
  throw new Error(`--profile must be mobile or desktop, not ${options.profile}`);
}
const profiles: Profile[] = options.profile ? [options.profile as Profile] : ['mobile', 'desktop'];
if (!['light', 'dark', 'both'].includes(options.scheme!)) throw new Error(`--scheme must be light, dark or both, not ${options.scheme}`);
const schemes: Scheme[] = options.scheme === 'both' ? ['light', 'dark'] : [options.scheme as Scheme];
/** A table's and a result's name: the profile, and the scheme when it is dark. */
const variant = (profile: Profile, scheme: Scheme) => (scheme === 'light' ? profile : `${profile} dark`);
const wanted = options.screens?.split(',').map((s) => s.trim()).filter(Boolean);
const unknown = wanted?.filter((name) => !SCREENS.some((s) => s.name === name)) ?? [];
if (unknown.length) throw new Error(`unknown screens: ${unknown.join(', ')} (known: ${SCREENS.map((s) => s.name).join(', ')})`);
const screens = wanted ? SCREENS.filter((s) => wanted.includes(s.name)) : SCREENS;
if (options.reports) mkdirSync(options.reports, { recursive: true });

// ------------------------------------------------------------------------------------------------------------
// The cabinet.

interface Cabinet {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Waits for `what` (a line test) on the child's output, or fails when it exits or `ms` pass. */
function waitForLine(child: ChildProcess, lines: AsyncIterable<string> | null, test: (line: string) => RegExpMatchArray | boolean | null, ms: number, what: string) {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms / 1000} s`)), ms);
    const onExit = (code: number | null) => reject(new Error(`the cabinet exited (${code}) before ${what}`));
    child.once('exit', onExit);
    const finish = (line: string) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(line);
    };
    void (async () => {
      for await (const line of lines ?? []) if (test(line)) return finish(line);
    })();
  });
}

/**
 * The cabinet as `npm start` runs it (server/src/main.ts) in a child process, on a scratch data directory and a
 * free port. The API's per-partner read limit is raised: dozens of audited page loads a minute, each with its calls,
 * are one partner's reads far beyond what a person makes.
 */
async function startCabinet(): Promise<Cabinet> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      API_RATE_LIMIT_READS: '100000',
      API_RATE_LIMIT_PER_IP: '100000',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const lines = createInterface({ input: child.stdout! });
    const iterator = lines[Symbol.asyncIterator]();
    // One reader of the output for both waits; the lines after them are read and dropped.
    const shared: AsyncIterable<string> = { [Symbol.asyncIterator]: () => ({ next: () => iterator.next() }) };
    const started = performance.now();
    const banner = await waitForLine(child, shared, (line) => line.match(/serving at (http:\/\/\S+)/), SERVER_START_MS, 'start-up banner');
    const baseUrl = banner.match(/serving at (http:\/\/\S+)/)![1]!.replace('localhost', '127.0.0.1');
    console.log(`Cabinet serving at ${baseUrl}; waiting for the demo partner's history ...`);
    await waitForLine(child, shared, (line) => line.includes('"demo history ingested"'), HISTORY_MS, 'demo history');
    // The payout history follows the traffic history; give it and the first closes a moment.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    console.log(`Demo history in after ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    void (async () => {
      for await (const line of shared) void line;
    })();
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------------------
// The browser.

/** Signs the demo partner in through the sign-in form (with the real proof-of-work captcha) in the launched Chrome. */
async function signIn(chrome: LaunchedChrome, baseUrl: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}${href('login')}`);
    await page.locator('#field-email').fill(DEMO_EMAIL);
    await page.locator('#field-password').fill(DEMO_PASSWORD);
    const widget = page.locator('altcha-widget');
    await widget.waitFor();
    await page.waitForFunction(
      () => typeof (document.querySelector('altcha-widget') as unknown as { getState?: () => string })?.getState === 'function',
    );
    await widget.locator('input[type="checkbox"]').click({ force: true });
    await page.waitForFunction(
      () => (document.querySelector('altcha-widget') as unknown as { getState: () => string }).getState() === 'verified',
      null,
      { timeout: 120_000 },
    );
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/dashboard', { timeout: 60_000 });
    await page.close();
  } finally {
    // Connected, not launched: this only lets go of the browser, which Lighthouse goes on using.
    await browser.close();
  }
}

interface FirstTouch {
  /** From the first key to the app in the copy's place (the root's data-prerendered gone). */
  takeOverMs: number;
  /** The longest a key took from its press to the next paint (Event Timing), over every key typed. */
  slowestKeyMs: number;
  keys: number;
  /** What the app's field holds at the end is what was typed, every key of it. */
  kept: boolean;
}

/**
 * What the prerendered sign-in (decision 0212) costs when the visitor turns to it, as Lighthouse cannot see it (no
 * audit touches the page): a fresh context, the processor slowed four times as in the phone profile, the page loaded
 * and left until the network is idle, then the e-mail typed key by key at a quick typist's pace. The app starts on
 * the first key, renders while the keys go on, and takes over.
 */
async function firstTouch(chrome: LaunchedChrome, url: string): Promise<FirstTouch> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { keyMs: number[]; firstKey: number; takenOver: number };
      w.keyMs = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'keydown') w.keyMs.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      addEventListener('keydown', () => (w.firstKey ||= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (!document.getElementById('root')?.hasAttribute('data-prerendered')) w.takenOver ||= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const field = page.locator('#field-email');
    await field.focus();
    await page.keyboard.type(DEMO_EMAIL, { delay: 150 });
    await page.waitForFunction(() => (window as unknown as { takenOver: number }).takenOver > 0, null, { timeout: 30_000 });
    // The last keys' entries are reported after their paint.
    await page.waitForTimeout(500);
    const figures = await page.evaluate(() => {
      const w = window as unknown as { keyMs: number[]; firstKey: number; takenOver: number };
      return { keyMs: w.keyMs, takeOverMs: w.takenOver - w.firstKey };
    });
    const kept = (await field.inputValue()) === DEMO_EMAIL;
    await context.close();
    return { takeOverMs: figures.takeOverMs, slowestKeyMs: Math.max(0, ...figures.keyMs), keys: DEMO_EMAIL.length, kept };
  } finally {
    await browser.close();
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const categories = ['performance', 'accessibility', 'best-practices'];

/** A run Lighthouse could not finish (it says so in its result), which may be made again. */
class Unfinished extends Error {}

async function audit(port: number, url: string, profile: Profile, reportPath?: string): Promise<Figures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories };
  const config: Config | undefined = profile === 'desktop' ? desktopConfig : undefined;
  const result = await withDeadline(lighthouse(url, flags, config), RUN_MS, `Lighthouse on ${url}`);
  const lhr: Result | undefined = result?.lhr;
  if (!lhr) throw new Unfinished(`Lighthouse returned nothing for ${url}`);
  if (reportPath && typeof result?.report === 'string') writeFileSync(reportPath, result.report);
  if (lhr.runtimeError) throw new Unfinished(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (signed out?)`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    transferBytes: numeric('total-byte-weight'),
    requests,
  };
}

/**
 * A run Lighthouse could not finish (its trace lost on a busy machine: NO_NAVSTART, NO_FCP and the like) is made
 * again, at most twice; a page that ends signed out, or a run past its deadline, fails the benchmark.
 */
async function auditWithRetries(port: number, url: string, profile: Profile, reportPath?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, profile, reportPath);
    } catch (error) {
      if (!(error instanceof Unfinished) || attempt > RETRIES) throw error;
      console.log(`  (again: ${(error as Error).message.split('\n')[0]})`);
    }
  }
}

// ------------------------------------------------------------------------------------------------------------
// Figures and budgets.

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medians(list: Figures[]): Figures {
  return Object.fromEntries(FIGURES.map((k) => [k, median(list.map((f) => f[k]))])) as unknown as Figures;
}

/** The budgets a screen's medians miss under a profile (empty: all met). */
function missed(screen: Screen, profile: Profile, f: Figures): string[] {
  const misses: string[] = [];
  const perfBudget = screen.guest ? (profile === 'mobile' ? 90 : undefined) : profile === 'desktop' ? 90 : 70;
  if (perfBudget !== undefined && !(f.performance >= perfBudget)) misses.push(`performance ${f.performance} < ${perfBudget}`);
  if (profile === 'desktop' && !(f.tbtMs <= 200)) misses.push(`TBT ${Math.round(f.tbtMs)} ms > 200`);
  if (!(f.accessibility >= 100)) misses.push(`accessibility ${f.accessibility} < 100`);
  return misses;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const ms = (v: number) => `${Math.round(v)}`.padStart(6);
const kb = (v: number) => `${(v / 1024).toFixed(1)}`.padStart(8);

function table(profile: Profile, scheme: Scheme, results: Map<string, Figures[]>): string[] {
  const lines = [
    `\n${variant(profile, scheme)} (medians of ${runs} run${runs > 1 ? 's' : ''})`,
    `${'screen'.padEnd(24)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'bp'.padStart(4)} ${'FCP ms'.padStart(6)} ${'LCP ms'.padStart(6)} ${'TBT ms'.padStart(6)} ${'KB'.padStart(8)} ${'req'.padStart(4)}  budgets`,
  ];
  for (const screen of screens) {
    const list = results.get(`${variant(profile, scheme)} ${screen.name}`);
    if (!list?.length) continue;
    const f = medians(list);
    const misses = missed(screen, profile, f);
    lines.push(
      `${screen.name.padEnd(24)} ${`${f.performance}`.padStart(4)} ${`${f.accessibility}`.padStart(4)} ${`${f.bestPractices}`.padStart(4)} ` +
        `${ms(f.fcpMs)} ${ms(f.lcpMs)} ${ms(f.tbtMs)} ${kb(f.transferBytes)} ${`${f.requests}`.padStart(4)}  ${misses.length ? misses.join('; ') : 'met'}`,
    );
  }
  return lines;
}

// ------------------------------------------------------------------------------------------------------------
// The run.

let cabinet: Cabinet | undefined;
let chrome: LaunchedChrome | undefined;
/** Stops the browser, if one runs (at the end, and between schemes). */
const stopChrome = async () => {
  const c = chrome;
  chrome = undefined;
  if (c) await Promise.resolve(c.kill()).catch(() => undefined);
};
const cleanUp = async () => {
  await stopChrome();
  const server = cabinet;
  cabinet = undefined;
  if (server) await server.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

const results = new Map<string, Figures[]>();
let failed = false;
try {
  console.log(`Load average before: ${load()} (${cpus().length} cores)`);
  let baseUrl = options.url?.replace(/\/$/, '');
  if (!baseUrl) {
    if (!options['no-build']) {
      console.log('Building the web app ...');
      execSync('npm run build --workspace web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
    }
    cabinet = await startCabinet();
    baseUrl = cabinet.baseUrl;
  }
  for (const scheme of schemes) {
    chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: [...CHROME_FLAGS, ...SCHEME_FLAGS[scheme]], logLevel: 'silent' });
    const port = chrome.port;
    const phases = [screens.filter((s) => s.guest), screens.filter((s) => !s.guest)];
    for (const [phase, list] of phases.entries()) {
      if (!list.length) continue;
      if (phase === 1) {
        const t0 = performance.now();
        await signIn(chrome, baseUrl);
        console.log(`Signed in as ${DEMO_EMAIL} (${((performance.now() - t0) / 1000).toFixed(1)} s, the captcha's work included).`);
      }
      if (phase === 0 && profiles.includes('mobile') && list.some((s) => s.name === 'sign-in')) {
        const touches: FirstTouch[] = [];
        for (let run = 1; run <= runs; run++) touches.push(await firstTouch(chrome, `${baseUrl}${href('login')}`));
        const slowest = median(touches.map((t) => t.slowestKeyMs));
        console.log(
          `  sign-in, first touch (${scheme}, processor slowed 4x, ${runs} runs, medians): the app took over ` +
            `${Math.round(median(touches.map((t) => t.takeOverMs)))} ms after the first key; slowest of ${touches[0]!.keys} keys ` +
            `${slowest < 16 ? 'under 16' : Math.round(slowest)} ms to its paint; typed text kept in ${touches.filter((t) => t.kept).length} of ${runs}`,
        );
      }
      for (let run = 1; run <= runs; run++) {
        for (const profile of profiles) {
          for (const screen of list) {
            const t0 = performance.now();
            const label = variant(profile, scheme);
            const report = options.reports ? join(options.reports, `${screen.name}-${label.replace(' ', '-')}-${run}.json`) : undefined;
            const f = await auditWithRetries(port, `${baseUrl}${screen.path}`, profile, report);
            const key = `${label} ${screen.name}`;
            results.set(key, [...(results.get(key) ?? []), f]);
            console.log(
              `  run ${run}/${runs} ${label.padEnd(12)} ${screen.name.padEnd(24)} perf ${f.performance}, a11y ${f.accessibility}, bp ${f.bestPractices}, ` +
                `FCP ${Math.round(f.fcpMs)}, LCP ${Math.round(f.lcpMs)}, TBT ${Math.round(f.tbtMs)} ms, ${(f.transferBytes / 1024).toFixed(1)} KB ` +
                `(${((performance.now() - t0) / 1000).toFixed(0)} s; load ${load()})`,
            );
          }
        }
      }
    }
    // The next scheme's browser starts with a profile of its own (and signs in again).
    await stopChrome();
  }
  const variants = schemes.flatMap((scheme) => profiles.map((profile) => [profile, scheme] as const));
  const lines = [...variants.flatMap(([profile, scheme]) => table(profile, scheme, results)), `\nLoad average after: ${load()} (${cpus().length} cores)`];
  console.log(lines.join('\n'));
  const misses = variants.flatMap(([profile, scheme]) =>
    screens.flatMap((screen) => {
      const list = results.get(`${variant(profile, scheme)} ${screen.name}`);
      return list?.length ? missed(screen, profile, medians(list)).map((m) => `${variant(profile, scheme)} ${screen.name}: ${m}`) : [];
    }),
  );
  if (options.json) {
    const out = Object.fromEntries(
      [...results].map(([key, list]) => [key, { runs: list, median: medians(list) }]),
    );
    writeFileSync(options.json, `${JSON.stringify({ baseUrl, runs, load: loadavg(), results: out }, null, 2)}\n`);
  }
  if (options.check) {
    if (misses.length) {
      failed = true;
      console.log(`\n${misses.length} budget${misses.length > 1 ? 's' : ''} missed:\n  ${misses.join('\n  ')}`);
    } else console.log('\nEvery budget met.');
  } else if (misses.length) console.log(`\n${misses.length} budget misses (goals; --check fails on them).`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
