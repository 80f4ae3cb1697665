/**
 * npm run bench:size — builds the web app and prints the gzip size of the JavaScript that the browser
 * loads for the sign-in page and for the signed-in shell (the dashboard), following the Vite manifest:
 * the entry, every statically imported chunk (the modulepreload graph), the route's lazy modules and the
 * chunks the route loads at run time (locale files).
 * The captcha widget is fetched on the partner's first click or key press in the form (decision 0042);
 * it is printed as its own line, with the sign-in total once it has arrived.
 * Budgets: sign-in <= 200 KB, shell <= 300 KB, and for the dashboard and a statistics screen both their first
 * load and what they add to the shell; the grid and the charts must not be in sign-in or the shell. The operator
 * console (operator.html, decision 0161) has budgets of its own for its sign-in and a screen, and no chunk of it may
 * be reachable from the partner app's entry.
 * Exits with 1 when a budget is exceeded.
 *
 * Then it starts the built server (buildApp on an in-memory PGlite, serving web/dist) and fetches each page's
 * files as a browser does on its first visit — the HTML shell, the JavaScript and the CSS — once with
 * `Accept-Encoding: br, gzip` and once with `identity`, printing the bytes each page load transfers (bodies, not
 * headers): `identity` is what the server sent before it compressed anything (decision 0171). A file the server
 * does not answer 200 is a failure. A second visit is one revalidation of the shell (304): the hashed files are
 * cached for good.
 * `--no-build` measures the existing web/dist.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/src/app.ts';
import { configSchema } from '../server/src/config.ts';
import { systemClock } from '../server/src/context.ts';
import { wrapPglite } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createMailer } from '../server/src/mail/mailer.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = join(import.meta.dirname, '..');
const dist = join(root, 'web/dist');

if (!process.argv.includes('--no-build')) {
  execSync('npm run build --workspace web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

function key(match: (k: string) => boolean, what: string): string {
  const found = Object.keys(manifest).find(match);
  if (!found) throw new Error(`manifest has no chunk for ${what}`);
  return found;
}

/** The chunks and every chunk they import statically (what the browser fetches through modulepreload). */
function closureChunks(keys: string[]): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`unknown manifest key ${k}`);
    chunks.push(chunk);
    stack.push(...(chunk.imports ?? []));
  }
  return chunks;
}

/** The files of the chunks and of everything they import statically. */
function closure(keys: string[]): Set<string> {
  return new Set(closureChunks(keys).map((chunk) => chunk.file));
}

const gzCache = new Map<string, number>();
function gz(file: string): number {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file)!;
}

const localeFile = (lang: string, ns: string) => key((k) => k.endsWith(`locales/${lang}/${ns}.json`), `${lang}/${ns}`);
const locale = (lang: string, namespaces = ['common', 'nav', 'auth', 'dialogs']) => namespaces.map((ns) => localeFile(lang, ns));
/** The partner app's entry; the operator console's (operator.html) is a second entry of the same build (decision 0161). */
const entry = key((k) => k === 'index.html', 'the partner app\'s entry');
const consoleEntry = key((k) => k === 'operator.html', 'the operator console\'s entry');
const src = (path: string) => key((k) => k === path, path);
const altcha = key((k) => /altcha\/dist\/main\/altcha\.js$/.test(k), 'the captcha widget');
const grid = src('src/components/data-table/DataGridView.tsx');
const charts = src('src/components/charts/ChartView.tsx');

const signIn = [entry, src('src/app/layout/GuestLayout.tsx'), src('src/features/auth/pages/LoginPage.tsx'), ...locale('en')];
/** The signed-in frame without any page: what every screen shares. */
const shell = [entry, src('src/app/shell-routes.tsx'), src('src/app/layout/ShellLayout.tsx'), ...locale('en')];
/** A screen's first load: the frame, its page, its texts, and the grid or charts it renders at once. */
const screenLoad = (page: string, namespace: string, heavy: string[]) => [...shell, src(page), ...locale('en', ['kit', namespace]), ...heavy];
const dashboard = screenLoad('src/features/dashboard/pages/DashboardPage.tsx', 'dashboard', [charts]);
const detailed = screenLoad('src/features/statistics/pages/DetailedPage.tsx', 'stats', [charts, grid]);
const payouts = screenLoad('src/features/payouts/pages/PayoutsPage.tsx', 'payouts', [grid]);

/** The operator console's sign-in: its entry, the page and its four namespaces (console and the kit's), in English. */
const consoleLocales = ['console', 'kit', 'common', 'dialogs'].map((ns) => localeFile('en', ns));
const consoleSignIn = [consoleEntry, src('src/operator/features/sign-in/pages/SignInPage.tsx'), ...consoleLocales];
/** A console screen's first load: the Staff page with its table, the largest of the three. */
const consoleStaff = [consoleEntry, src('src/operator/features/staff/pages/StaffPage.tsx'), ...consoleLocales, grid];

/** Every chunk a set can ever load: what it imports statically and, transitively, whatever it may import later. */
function reachable(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    stack.push(...(manifest[k]!.imports ?? []), ...(manifest[k]!.dynamicImports ?? []));
  }
  return seen;
}
/** The console's own chunks: its entry and the chunks of its modules (web/src/operator). */
const consoleChunks = Object.keys(manifest).filter((k) => k === consoleEntry || k.startsWith('src/operator/'));

interface Measured {
  name: string;
  keys: string[];
  budgetKb?: number;
  /** Measure only what this adds to another set (the chunks the route adds to the shell). */
  over?: string[];
  /** Chunks that must not be part of this load. */
  without?: Array<{ key: string; what: string }>;
}
const heavy = [
  { key: grid, what: 'the data grid' },
  { key: charts, what: 'the charts' },
];
const routes: Measured[] = [
  { name: 'sign-in (/auth/login, en)', budgetKb: 200, keys: signIn, without: heavy },
  { name: 'sign-in after the first interaction with the form (+ the captcha widget)', keys: [...signIn, altcha] },
  { name: 'shell after sign-in (the frame every screen shares, en)', budgetKb: 300, keys: shell, without: heavy },
  { name: 'dashboard (/dashboard, en), first load', budgetKb: 400, keys: dashboard },
  { name: 'dashboard: what the route adds to the shell', budgetKb: 150, keys: dashboard, over: shell },
  { name: 'statistics (/app/fd1/statistics/detailed, en), first load', budgetKb: 560, keys: detailed },
  { name: 'statistics: what the route adds to the shell', budgetKb: 300, keys: detailed, over: shell },
  // The console's staff sign in on desktops, mostly; its budgets are its own, not the partner sign-in's. Its sign-in
  // loads the MUI chunk every console screen shares (decision 0220): 30 KB more at sign-in, none after it.
  { name: 'operator console sign-in (/operator/sign-in, en), first load', budgetKb: 300, keys: consoleSignIn, without: heavy },
  { name: 'operator console staff screen (/operator/staff, en), first load', budgetKb: 450, keys: consoleStaff },
];

let failed = false;
// Nothing a partner's page can ever load belongs to the console: not its entry, not one of its modules' chunks.
const partnerReach = reachable([entry]);
const leaked = consoleChunks.filter((k) => partnerReach.has(k));
if (leaked.length) {
  failed = true;
  console.log(`the partner app can load console chunks: ${leaked.join(', ')}`);
} else {
  console.log(`partner app: none of the console's ${consoleChunks.length} chunks is reachable from its entry`);
}
for (const route of routes) {
  const base = route.over ? closure(route.over) : new Set<string>();
  const files = [...closure(route.keys)].filter((f) => f.endsWith('.js') && !base.has(f));
  for (const { key: k, what } of route.without ?? []) {
    if (files.includes(manifest[k]!.file)) {
      failed = true;
      console.log(`${route.name}: carries ${what} (${manifest[k]!.file}), which must load only on the routes that use it`);
    }
  }
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const kb = total / 1024;
  const ok = route.budgetKb === undefined || kb <= route.budgetKb;
  if (!ok) failed = true;
  const verdict = route.budgetKb === undefined ? '(no budget of its own)' : `(budget ${route.budgetKb} KB) ${ok ? 'OK' : 'OVER BUDGET'}`;
  console.log(`${route.name}: ${kb.toFixed(1)} KB gzip in ${files.length} files ${verdict}`);
  for (const f of files.sort((a, b) => gz(b) - gz(a)).slice(0, Number(process.env.SIZE_TOP ?? 12))) console.log(`  ${(gz(f) / 1024).toFixed(1).padStart(6)} KB  ${f}`);
}

// ------------------------------------------------------------------------------------------------------------
// What the server sends.

/** A page's first load from the server: its HTML shell (the partner app's or the console's), then the JavaScript and CSS of its chunks. */
function pageFiles(keys: string[]): string[] {
  const chunks = closureChunks(keys);
  const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  return [keys.includes(consoleEntry) ? 'operator.html' : 'index.html', ...chunks.map((chunk) => chunk.file), ...css];
}

interface Sent {
  status: number;
  /** Body bytes as they went over the wire (node:http does not decode them). */
  bytes: number;
  encoding: string;
  etag?: string;
}

function fetchRaw(url: string, headers: Record<string, string>): Promise<Sent> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const etag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, bytes, encoding: res.headers['content-encoding'] ?? 'identity', ...(etag ? { etag } : {}) });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

const pages: Array<{ name: string; path: string; keys: string[] }> = [
  { name: 'sign-in', path: '/auth/login', keys: signIn },
  { name: 'dashboard', path: '/dashboard', keys: dashboard },
  { name: 'payouts', path: '/payouts', keys: payouts },
  { name: 'operator console sign-in', path: '/operator/sign-in', keys: consoleSignIn },
];

const database = wrapPglite(await PGlite.create());
await migrate(database);
const config = configSchema.parse({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const app = await buildApp(
  { config, database, clock: systemClock, mailer: createMailer({ database, smtpUrl: undefined, from: config.MAIL_FROM }) },
  { logger: false, webDist: dist },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  console.log('\nWhat the server sends for a first page load (HTML shell, JavaScript, CSS; bodies, en):');
  for (const page of pages) {
    const files = pageFiles(page.keys);
    // The shell is fetched under the page's own address (the app's pages are the server's fallback).
    const urls = files.map((f) => (f === 'index.html' || f === 'operator.html' ? page.path : `/${f}`));
    const total = { identity: 0, gzip: 0, compressed: 0 };
    const encodings = new Map<string, number>();
    for (const url of urls) {
      const [plain, gzipOnly, compressed] = await Promise.all([
        fetchRaw(base + url, { 'accept-encoding': 'identity' }),
        fetchRaw(base + url, { 'accept-encoding': 'gzip' }),
        fetchRaw(base + url, { 'accept-encoding': 'br, gzip' }),
      ]);
      for (const sent of [plain, gzipOnly, compressed]) {
        if (sent.status !== 200) {
          failed = true;
          console.log(`  ${page.name}: ${url} answered ${sent.status}`);
        }
      }
      total.identity += plain.bytes;
      total.gzip += gzipOnly.bytes;
      total.compressed += compressed.bytes;
      encodings.set(compressed.encoding, (encodings.get(compressed.encoding) ?? 0) + 1);
    }
    const by = [...encodings].map(([encoding, count]) => `${encoding} ${count}`).join(', ');
    console.log(
      `${page.name} (${page.path}): ${files.length} files; ${kb(total.identity)} uncompressed (before) -> ${kb(total.compressed)} with br, gzip (${by}); ` +
        `${kb(total.gzip)} with gzip only`,
    );
    // The second visit: the hashed files come from the browser's cache (immutable); the shell is revalidated.
    const shell = await fetchRaw(base + page.path, { 'accept-encoding': 'br, gzip' });
    const again = await fetchRaw(base + page.path, { 'accept-encoding': 'br, gzip', ...(shell.etag ? { 'if-none-match': shell.etag } : {}) });
    if (again.status !== 304) failed = true;
    console.log(`  second visit: 1 request, the shell answered ${again.status} with ${again.bytes} bytes`);
  }
} finally {
  await app.close();
  await database.close();
}
process.exitCode = failed ? 1 : 0;
