/**
 * Writes the prerendered pages into the build (decisions 0212, 0228): for each guest page and each partner's screen,
 * language and colour scheme, the built shell (dist/index.html) with the page's markup in its root, and the .br and
 * .gz siblings the server sends (as the web build writes for its other text files): the guests' under
 * dist/prerendered/, the partners' under dist/prerendered-partner/. Run after `vite build` and the SSR build of
 * src/prerender/pages.tsx into .prerender/ (the web workspace's build script).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

process.env.NODE_ENV = 'production';
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const out = join(dist, 'prerendered');
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
/** The shell's root with its boot splash (web/index.html). */
const ROOT = /<div id="root">(<div class="boot-splash"[^>]*><\/div>)?<\/div>/;
/** The app's entry script: a prerendered page runs it after its first paint (public/after-paint.js). */
const ENTRY = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;
const entry = ENTRY.exec(shell)?.[1];
/**
 * The entry's chunks, which the shell has the browser fetch at once: a prerendered page fetches them after its first
 * paint instead (public/after-paint.js), so that on a slow network they do not share it with the page's own HTML.
 */
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
const preloads = [...shell.matchAll(PRELOAD)].map((match) => match[1]!);
if (!ROOT.test(shell) || !entry || !shell.includes('<html lang="en" dir="ltr">')) throw new Error('dist/index.html is not the shell this script fills');

/**
 * The shell's own stylesheet (the page's background and the boot splash, half a kilobyte) written into the page: a
 * stylesheet holds the first paint until it has arrived, a round trip a phone's network makes slow, and the copy has
 * nothing else to wait for (its components' styles are in its markup).
 */
const shellWithStylesInline = shell.replaceAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_link, file: string) => {
  const css = readFileSync(join(dist, file), 'utf8');
  if (css.length > 4096) throw new Error(`${file} is ${css.length} bytes: too large to write into every prerendered page`);
  return `<style>${css}</style>`;
});

const { renderGuestPage, renderPartnerPage, PRERENDERED_PAGES, PRERENDERED_PARTNER_PAGES, LANGS } = (await import(
  join(web, '.prerender/pages.js')
)) as typeof import('../src/prerender/pages.tsx');

/**
 * The page in the shell. A guest's copy is a picture of the form while the script arrives: its fields take typing (the
 * app carries what was typed into its own fields when it replaces the copy, main.tsx) and its submit buttons are
 * disabled, so a form sent before the app has started cannot go out as a plain GET with the password in the URL. A
 * partner's copy is a picture only (inert: nothing in it takes a click, a key or the focus), replaced as soon as the app
 * has drawn the partner's own page, whose start it does not wait for (`data-signed-in`, public/after-paint.js).
 */
function page(markup: string, lang: string, dir: string, partner: boolean): string {
  const disabled = markup.replaceAll(/<button([^>]*?)type="submit"/g, '<button$1type="submit" disabled=""');
  // A partner's copy carries no test ids: they name the app's own controls, which a test waits for.
  const body = partner ? `<div inert="" style="display:contents">${disabled.replaceAll(/ data-testid="[^"]*"/g, '')}</div>` : disabled;
  return shellWithStylesInline
    .replace('<html lang="en" dir="ltr">', `<html lang="${lang}" dir="${dir}">`)
    .replace(ENTRY, '<script type="module" src="/after-paint.js"></script>')
    .replaceAll(PRELOAD, '')
    .replace(
      ROOT,
      `<div id="root" data-prerendered=""${partner ? ' data-signed-in=""' : ''} data-entry="${entry}" data-preload="${preloads.join(' ')}">${body}</div>`,
    );
}

/**
 * Writes the copies of the pages into `out`. The partners' 630 copies are compressed at brotli's quality 10, not 11: a
 * fourth of the time (26 against 96 ms a copy, a minute of every build) for 2 % more bytes (13.3 against 13.0 KB).
 */
async function write(out: string, paths: readonly string[], render: typeof renderGuestPage, partner: boolean) {
  rmSync(out, { recursive: true, force: true });
  let files = 0;
  let bytes = 0;
  for (const path of paths) {
    for (const { code, dir } of LANGS) {
      for (const mode of ['light', 'dark'] as const) {
        const html = page(await render(path, code, mode), code, dir, partner);
        const file = join(out, `${path}/${code}-${mode}.html`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
        writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: partner ? 10 : constants.BROTLI_MAX_QUALITY } }));
        writeFileSync(`${file}.gz`, gzipSync(html, { level: constants.Z_BEST_COMPRESSION }));
        files++;
        bytes += html.length;
      }
    }
  }
  return `${files} pages, ${Math.round(bytes / files / 1024)} KB each on average`;
}

console.log(`prerendered guest pages (${PRERENDERED_PAGES.join(', ')}): ${await write(out, PRERENDERED_PAGES, renderGuestPage, false)}`);
console.log(`prerendered partner pages (${PRERENDERED_PARTNER_PAGES.length} screens): ${await write(join(dist, 'prerendered-partner'), PRERENDERED_PARTNER_PAGES, renderPartnerPage, true)}`);
