import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DEFAULT_LANG, isLangCode, type LangCode } from '@pc/core';
import { SESSION_COOKIE } from '../plumbing/session/service.ts';

/**
 * The guest pages the web build prerendered (decision 0212): `prerendered/<page's path>/<lang>-<scheme>.html` in the
 * build, each the app's shell with the page already drawn in its root, so that a phone paints the form before the
 * script has arrived. The server picks the copy a visitor's browser would draw itself.
 */

/** The cookies the web app writes for this choice (web/src/lib/storage.ts): its language and its colour scheme. */
export const LANG_COOKIE = 'pc_lang';
export const SCHEME_COOKIE = 'pc_scheme';
/** A browser asked for it (Accept-CH) says on later requests whether the device is in dark mode. */
export const SCHEME_HINT = 'sec-ch-prefers-color-scheme';

export type Scheme = 'light' | 'dark';

/** The prerendered copies in a build, by page path: the `<lang>-<scheme>` names present. */
export function prerenderedPages(webDist: string): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  const root = join(webDist, 'prerendered');
  if (!existsSync(root)) return pages;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const match = entry.isFile() ? /^([a-z]{2})-(light|dark)\.html$/.exec(entry.name) : null;
    if (!match) continue;
    const path = `/${relative(root, entry.parentPath).split(sep).join('/')}`;
    if (!pages.has(path)) pages.set(path, new Set());
    pages.get(path)!.add(`${match[1]}-${match[2]}`);
  }
  return pages;
}

/** A page's path as the build names its copies: without a trailing slash. */
const pagePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether the build has copies of the page at this path (its answer then depends on the visitor's cookies and hints). */
export const hasPrerenderedCopies = (path: string, pages: Map<string, Set<string>>) => pages.has(pagePath(path));

export interface PageRequest {
  /** The URL's path, without its query. */
  path: string;
  cookies: Record<string, string | undefined>;
  acceptLanguage?: string;
  schemeHint?: string;
}

/**
 * The copy to send in the shell's place, as a path inside the build, or null for the bare shell. Only a visitor
 * with no session gets one: a partner's page (or a signed-in partner sent on from sign-in) is drawn by the app.
 * The language is the one the app would choose for a guest (the kept one, else the browser's, else English), the
 * scheme the kept one, else the device's as its hint tells, else light.
 */
export function prerenderedPageFor(request: PageRequest, pages: Map<string, Set<string>>): string | null {
  if (request.cookies[SESSION_COOKIE]) return null;
  const path = pagePath(request.path);
  const copies = pages.get(path);
  if (!copies) return null;
  const kept = request.cookies[LANG_COOKIE];
  // The browser's first language, as the app takes it (web/src/lib/i18n.ts chooseLanguage), not the first supported.
  const first = request.acceptLanguage?.split(',')[0]?.split(';')[0]?.split('-')[0]?.trim().toLowerCase();
  const lang: LangCode = isLangCode(kept) ? kept : isLangCode(first) ? first : DEFAULT_LANG;
  const keptScheme = request.cookies[SCHEME_COOKIE];
  const scheme: Scheme = keptScheme === 'dark' || keptScheme === 'light' ? keptScheme : request.schemeHint?.replaceAll('"', '').trim() === 'dark' ? 'dark' : 'light';
  const name = `${lang}-${scheme}`;
  return copies.has(name) ? `prerendered${path}/${name}.html` : null;
}
