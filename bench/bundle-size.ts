/**
 * npm run bench:size — builds the web app and prints the gzip size of the JavaScript that the browser
 * loads for the sign-in page and for the signed-in shell (the dashboard), following the Vite manifest:
 * the entry, every statically imported chunk (the modulepreload graph), the route's lazy modules and the
 * chunks the route loads at run time (locale files).
 * The captcha widget is fetched on the partner's first click or key press in the form (decision 0042);
 * it is printed as its own line, with the sign-in total once it has arrived.
 * Budgets: sign-in <= 200 KB, shell <= 300 KB, and for the dashboard and a statistics screen both their first
 * load and what they add to the shell; the grid and the charts must not be in sign-in or the shell.
 * Exits with 1 when a budget is exceeded.
 * `--no-build` measures the existing web/dist.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/** The chunk and everything it imports statically (what the browser fetches through modulepreload). */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`unknown manifest key ${k}`);
    files.add(chunk.file);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}

const gzCache = new Map<string, number>();
function gz(file: string): number {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file)!;
}

const localeFile = (lang: string, ns: string) => key((k) => k.endsWith(`locales/${lang}/${ns}.json`), `${lang}/${ns}`);
const locale = (lang: string, namespaces = ['common', 'nav', 'auth', 'dialogs']) => namespaces.map((ns) => localeFile(lang, ns));
const entry = key((k) => manifest[k]!.isEntry === true, 'the entry');
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
];

let failed = false;
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
process.exitCode = failed ? 1 : 0;
