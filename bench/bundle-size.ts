/**
 * npm run bench:size — builds the web app and prints the gzip size of the JavaScript that the browser
 * loads for the sign-in page and for the signed-in shell (the dashboard), following the Vite manifest:
 * the entry, every statically imported chunk (the modulepreload graph), the route's lazy modules and the
 * chunks the route loads at run time (locale files).
 * The captcha widget is fetched on the partner's first click or key press in the form (decision 0042);
 * it is printed as its own line, with the sign-in total once it has arrived.
 * Budgets: sign-in <= 200 KB, shell <= 300 KB. Exits with 1 when a budget is exceeded.
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

const locale = (lang: string) =>
  ['common', 'nav', 'auth', 'dialogs'].map((ns) => key((k) => k.endsWith(`locales/${lang}/${ns}.json`), `${lang}/${ns}`));
const entry = key((k) => manifest[k]!.isEntry === true, 'the entry');
const src = (path: string) => key((k) => k === path, path);
const altcha = key((k) => /altcha\/dist\/main\/altcha\.js$/.test(k), 'the captcha widget');

const signIn = [entry, src('src/app/layout/GuestLayout.tsx'), src('src/features/auth/pages/LoginPage.tsx'), ...locale('en')];
const routes: Array<{ name: string; budgetKb?: number; keys: string[] }> = [
  { name: 'sign-in (/auth/login, en)', budgetKb: 200, keys: signIn },
  { name: 'sign-in after the first interaction with the form (+ the captcha widget)', keys: [...signIn, altcha] },
  {
    name: 'shell after sign-in (/dashboard, en)',
    budgetKb: 300,
    keys: [entry, src('src/app/layout/ShellLayout.tsx'), src('src/features/placeholder/pages/NotAvailablePage.tsx'), ...locale('en')],
  },
];

let failed = false;
for (const route of routes) {
  const files = [...closure(route.keys)].filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const kb = total / 1024;
  const ok = route.budgetKb === undefined || kb <= route.budgetKb;
  if (!ok) failed = true;
  const verdict = route.budgetKb === undefined ? '(no budget of its own)' : `(budget ${route.budgetKb} KB) ${ok ? 'OK' : 'OVER BUDGET'}`;
  console.log(`${route.name}: ${kb.toFixed(1)} KB gzip in ${files.length} files ${verdict}`);
  for (const f of files.sort((a, b) => gz(b) - gz(a)).slice(0, 12)) console.log(`  ${(gz(f) / 1024).toFixed(1).padStart(6)} KB  ${f}`);
}
process.exitCode = failed ? 1 : 0;
