import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DEFAULT_LANG, isLangCode, type LangCode } from '@pc/core';
import { SESSION_COOKIE } from '../plumbing/session/service.ts';

/**
 * The pages the web build prerendered (decisions 0212, 0228): `prerendered/<page's path>/<lang>-<scheme>.html` for
 * the guest pages and `prerendered-partner/…` for a signed-in partner's screens in the build, each the app's shell
 * with the page already drawn in its root, so that a phone paints the page before the script has arrived. The server
 * picks the copy a visitor's browser would draw itself.
 */

/** The cookies the web app writes for this choice (web/src/lib/storage.ts): its language and its colour scheme. */
export const LANG_COOKIE = 'pc_lang';
export const SCHEME_COOKIE = 'pc_scheme';
/** A browser asked for it (Accept-CH) says on later requests whether the device is in dark mode. */
export const SCHEME_HINT = 'sec-ch-prefers-color-scheme';

export type Scheme = 'light' | 'dark';

/** The prerendered copies in a build: by page path, the `<lang>-<scheme>` names present. */
export interface PrerenderedCopies {
  /** Guest pages (sign-in, registration...), under `prerendered/`. */
  guest: Map<string, Set<string>>;
  /** A signed-in partner's screens, under `prerendered-partner/` (decision 0228). */
  partner: Map<string, Set<string>>;
}

const GUEST_COPIES = 'prerendered';
const PARTNER_COPIES = 'prerendered-partner';

function copiesIn(root: string): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
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

export function prerenderedPages(webDist: string): PrerenderedCopies {
  return { guest: copiesIn(join(webDist, GUEST_COPIES)), partner: copiesIn(join(webDist, PARTNER_COPIES)) };
}

/** A page's path as the build names its copies: without a trailing slash. */
const pagePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether the build has copies of the page at this path (its answer then depends on the visitor's cookies and hints). */
export const hasPrerenderedCopies = (path: string, pages: PrerenderedCopies) =>
  pages.guest.has(pagePath(path)) || pages.partner.has(pagePath(path));

/** The signed-in partner a page is for: their language and colour scheme, from their account. */
export interface PagePartner {
  lang: string;
  /** `light`, `dark`, or `system` (the device's). */
  theme: string;
}

export interface PageRequest {
  /** The URL's path, without its query. */
  path: string;
  /** Whether the URL has a query (a screen's filters, which a partner's copy does not draw). */
  hasQuery?: boolean;
  cookies: Record<string, string | undefined>;
  acceptLanguage?: string;
  schemeHint?: string;
  /** With a session cookie: the partner of the live session, or null when it has ended (or could not be read). */
  partner?: PagePartner | null;
}

const schemeOf = (request: PageRequest): Scheme => {
  const kept = request.cookies[SCHEME_COOKIE];
  if (kept === 'dark' || kept === 'light') return kept;
  return request.schemeHint?.replaceAll('"', '').trim() === 'dark' ? 'dark' : 'light';
};

/**
 * The copy to send in the shell's place, as a path inside the build, or null for the bare shell.
 * - A visitor with no session cookie gets a guest page's copy, in the language the app would choose for a guest (the
 *   kept one, else the browser's, else English) and the scheme it showed last (its cookie), else the device's as its
 *   hint tells, else light.
 * - A visitor with a live session gets a partner's screen's copy (decision 0228) in the partner's language and scheme,
 *   as the app will draw the screen: the account's language, and its theme unless that is the device's (then as for a
 *   guest). An ended session, or a query in the address (filters the copy would draw otherwise than the app), gets the
 *   bare shell.
 */
export function prerenderedPageFor(request: PageRequest, pages: PrerenderedCopies): string | null {
  const path = pagePath(request.path);
  if (request.cookies[SESSION_COOKIE]) {
    const copies = pages.partner.get(path);
    const partner = request.partner;
    if (!copies || request.hasQuery || !partner) return null;
    const scheme = partner.theme === 'light' || partner.theme === 'dark' ? partner.theme : schemeOf(request);
    const name = `${partner.lang}-${scheme}`;
    return copies.has(name) ? `${PARTNER_COPIES}${path}/${name}.html` : null;
  }
  const copies = pages.guest.get(path);
  if (!copies) return null;
  const kept = request.cookies[LANG_COOKIE];
  // The browser's first language, as the app takes it (web/src/lib/i18n.ts chooseLanguage), not the first supported.
  const first = request.acceptLanguage?.split(',')[0]?.split(';')[0]?.split('-')[0]?.trim().toLowerCase();
  const lang: LangCode = isLangCode(kept) ? kept : isLangCode(first) ? first : DEFAULT_LANG;
  const name = `${lang}-${schemeOf(request)}`;
  return copies.has(name) ? `${GUEST_COPIES}${path}/${name}.html` : null;
}

/** Whether a request may get a partner's copy once its session is known: the session lookup is made only for these. */
export const mayGetPartnerCopy = (request: Pick<PageRequest, 'path' | 'hasQuery' | 'cookies'>, pages: PrerenderedCopies) =>
  Boolean(request.cookies[SESSION_COOKIE]) && !request.hasQuery && pages.partner.has(pagePath(request.path));
