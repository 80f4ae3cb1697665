import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';
import { addDaysToInstant, toDate, type Instant } from './time.ts';

/**
 * Site referrals (docs/product.md#site-referrals): statuses, and the two ownership proofs a site check looks for.
 * Fetching the site is the server's job; these functions only decide.
 */

export const SITE_STATUSES = ['not_verified', 'active', 'banned', 'deleted'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** Only an active (verified, not banned or deleted) site earns its partner the site-referral bonus. */
export function siteEarnsBonus(status: SiteStatus): boolean {
  return status === 'active';
}

/**
 * The login a verification file is named after: the partner's cabinet login when one exists, otherwise the part
 * of the e-mail before @; lower-cased either way.
 */
export function siteVerificationLogin(email: string, cabinetLogin?: string | null): string {
  const login = cabinetLogin?.trim() ? cabinetLogin.trim() : email.slice(0, Math.max(0, email.lastIndexOf('@')));
  return login.toLowerCase();
}

/** The verification file name at the site root: `<login>.txt`. */
export function siteVerificationFileName(email: string, cabinetLogin?: string | null): string {
  return `${siteVerificationLogin(email, cabinetLogin)}.txt`;
}

/** Whether the verification file's content proves ownership: it contains the token (surrounding whitespace allowed). */
export function verificationFileMatches(content: string, token: string): boolean {
  return token.length > 0 && content.trim() === token;
}

/** The name of the verification meta tag. */
export const SITE_VERIFICATION_META_NAME = 'partner-verification';

/** The tag a partner puts in the head of the home page: `<meta name="partner-verification" content="TOKEN">`. */
export function siteVerificationMetaTag(token: string): string {
  return `<meta name="${SITE_VERIFICATION_META_NAME}" content="${token}">`;
}

/**
 * The contents of every `<meta name="partner-verification" content="…">` in a home page's head (attributes in any
 * order, either quote style, case-insensitive tag and attribute names).
 */
export function pageVerificationMetaContents(html: string): string[] {
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  const contents: string[] = [];
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(/([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? '').trim());
    }
    if (attrs.get('name')?.toLowerCase() === SITE_VERIFICATION_META_NAME) contents.push(attrs.get('content') ?? '');
  }
  return contents;
}

/** Whether a home page's head carries the verification meta tag with this token. */
export function pageHasVerificationMeta(html: string, token: string): boolean {
  return token.length > 0 && pageVerificationMetaContents(html).includes(token);
}

// ---------------------------------------------------------------------------------------------------------------
// The site's address (decision 0141)

export const SITE_URL_MAX_LENGTH = 2_000;

/** Why an address is not a site: not a URL, not http(s), a user name or password in it, not a real host name. */
export type SiteUrlProblem = 'invalid' | 'scheme' | 'credentials' | 'host';

export type SiteUrlResult =
  | {
      ok: true;
      /** The site's domain: host name, lower-case, IDN as punycode, without a trailing dot and without `www.`. */
      domain: string;
      /** Where checks fetch from: scheme, host as given (with `www.`) and a non-default port. */
      origin: string;
    }
  | { ok: false; problem: SiteUrlProblem };

/**
 * Top-level names that never lead to a public site (special-use and private-network names). A site under them is
 * refused as "not a real host name".
 */
const NON_PUBLIC_TLDS = new Set(['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'invalid', 'test', 'example', 'onion', 'arpa']);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Whether a (lower-case, punycode) host name is a public DNS name: two labels at least, a real top-level name. */
export function isPublicHostName(host: string): boolean {
  if (host.length > 253 || IPV4.test(host) || host.startsWith('[')) return false;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  const tld = labels[labels.length - 1]!;
  return TLD.test(tld) && !NON_PUBLIC_TLDS.has(tld);
}

/**
 * A site's address as the partner typed it, checked and reduced to its domain. Without a scheme, `http://` is
 * assumed (`example.com` is fine). The path, query and fragment are ignored. `allowLocal` (only where the server
 * lets checks reach private addresses: tests with a local site) also accepts IP addresses and local names.
 */
export function parseSiteUrl(raw: string, opts: { allowLocal?: boolean } = {}): SiteUrlResult {
  const text = raw.trim();
  if (!text || text.length > SITE_URL_MAX_LENGTH || /\s/.test(text)) return { ok: false, problem: 'invalid' };
  // A scheme is `name://`, or `name:` not followed by a port number (mailto:, javascript:).
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text);
  const withScheme = hasScheme ? text : `http://${text}`;
  if (!URL.canParse(withScheme)) return { ok: false, problem: 'invalid' };
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  const host = url.hostname.replace(/\.$/, '');
  if (!host) return { ok: false, problem: 'invalid' };
  const local = host.startsWith('[') || IPV4.test(host) || !isPublicHostName(host);
  if (local && !(opts.allowLocal && (host.startsWith('[') || IPV4.test(host) || host.split('.').every((l) => LABEL.test(l)))))
    return { ok: false, problem: 'host' };
  const bare = host.startsWith('www.') && isPublicHostName(host.slice(4)) ? host.slice(4) : host;
  const port = url.port ? `:${url.port}` : '';
  return { ok: true, domain: bare, origin: `${url.protocol}//${host}${port}` };
}

// ---------------------------------------------------------------------------------------------------------------
// The ownership check's verdict (decision 0141)

/** Why a check did not verify the site; each has its own text on the page. */
export const SITE_CHECK_FAILURES = [
  'not_found',
  'token_wrong',
  'timeout',
  'too_large',
  'address_not_allowed',
  'no_answer',
  'bad_status',
  'too_many_redirects',
  'taken',
] as const;
export type SiteCheckFailure = (typeof SITE_CHECK_FAILURES)[number];

/** The failures of a request that say nothing about the file or the tag: the site itself did not answer well. */
export type SiteFetchFailure = 'timeout' | 'too_large' | 'address_not_allowed' | 'no_answer' | 'too_many_redirects';

/** What one request of a check brought: an answer (any status, the body read up to the cap) or a failure. */
export type SiteCheckAttempt = { kind: 'answer'; status: number; body: string } | { kind: 'failed'; reason: SiteFetchFailure };

export type SiteCheckVerdict =
  | { verified: true; method: 'file' | 'meta' }
  | { verified: false; reason: SiteCheckFailure; status?: number };

/** Failures after which the home page is not asked for: the same site, the same way, would fail again. */
const SITE_DOWN: ReadonlySet<SiteFetchFailure> = new Set(['timeout', 'address_not_allowed', 'no_answer', 'too_many_redirects']);

const ok = (a: SiteCheckAttempt): boolean => a.kind === 'answer' && a.status >= 200 && a.status < 300;
const bodyOf = (a: SiteCheckAttempt): string => (a.kind === 'answer' ? a.body : '');

/**
 * Whether a file answered 200 looks like an attempt at the verification file (a short line of text), rather than
 * a site that answers every path with its home page.
 */
function looksLikeTokenFile(body: string): boolean {
  const text = body.trim();
  return text.length > 0 && text.length <= 200 && !/[<\n]/.test(text);
}

/** Whether the check goes on to the home page after the file's attempt. */
export function siteCheckNeedsPage(file: SiteCheckAttempt, token: string): boolean {
  if (file.kind === 'failed') return !SITE_DOWN.has(file.reason);
  return !(ok(file) && verificationFileMatches(bodyOf(file), token));
}

/**
 * The verdict of a check: the file `<login>.txt` holding the token, or else the meta tag in the home page's head.
 * A failure names the most useful reason: a wrong token (in the file or the tag) first; then why the file was not
 * there, or when it was simply missing, why the home page did not help.
 */
export function siteCheckVerdict(file: SiteCheckAttempt, page: SiteCheckAttempt | null, token: string): SiteCheckVerdict {
  if (ok(file) && verificationFileMatches(bodyOf(file), token)) return { verified: true, method: 'file' };
  if (file.kind === 'failed' && SITE_DOWN.has(file.reason)) return { verified: false, reason: file.reason };
  if (page && ok(page) && pageHasVerificationMeta(bodyOf(page), token)) return { verified: true, method: 'meta' };
  const fileTokenWrong = ok(file) && looksLikeTokenFile(bodyOf(file));
  const metaTokenWrong = page !== null && ok(page) && pageVerificationMetaContents(bodyOf(page)).length > 0;
  if (fileTokenWrong || metaTokenWrong) return { verified: false, reason: 'token_wrong' };
  const fileMissing = file.kind === 'answer' && (ok(file) || file.status === 404 || file.status === 410);
  if (fileMissing) {
    if (page?.kind === 'failed') return { verified: false, reason: page.reason };
    if (page && !ok(page) && page.kind === 'answer') return { verified: false, reason: 'bad_status', status: page.status };
    return { verified: false, reason: 'not_found' };
  }
  if (file.kind === 'failed') return { verified: false, reason: file.reason };
  return { verified: false, reason: 'bad_status', status: file.status };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures of the list

/**
 * Conversion of a site: purchases per visit, basis points (1% = 100), rounded half up; null without visits.
 * Purchases without a recorded visit can make it exceed 100%: it is shown as it is.
 */
export function siteConversionBp(visits: number, purchases: number): number | null {
  if (!(visits > 0)) return null;
  return Math.floor((Math.max(0, purchases) * 20_000 + visits) / (2 * visits));
}

// ---------------------------------------------------------------------------------------------------------------
// Promo banners (decision 0141)

/** The standard banner sizes offered with the promo link: [width, height] in CSS pixels. */
export const SITE_BANNER_SIZES = [
  [468, 60],
  [728, 90],
  [300, 250],
  [160, 600],
] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export interface BannerText {
  /** The project's name, the banner's largest line. */
  brand: string;
  headline: string;
  /** The button's text. */
  action: string;
  /** Right-to-left text (Arabic). */
  rtl?: boolean;
}

/** One line of text, squeezed to `max` pixels when its estimated width is larger. */
function textLine(text: string, x: number, y: number, size: number, max: number, extra: string): string {
  const estimate = text.length * size * 0.56;
  const fit = estimate > max ? ` textLength="${Math.floor(max)}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${x}" y="${y}" font-size="${size}"${fit}${extra}>${escapeXml(text)}</text>`;
}

/**
 * A banner as a self-contained SVG (no fonts, images or scripts to download): the project's name, a headline and
 * a button, laid out for a wide (468×60, 728×90), box (300×250) or tall (160×600) shape.
 */
export function siteBannerSvg(width: number, height: number, text: BannerText): string {
  const dir = text.rtl ? ' direction="rtl"' : '';
  const mid = ' text-anchor="middle"';
  const wide = width / height >= 3;
  const parts: string[] = [];
  if (wide) {
    const h = height;
    const buttonW = Math.round(width * 0.28);
    const buttonH = Math.round(h * 0.56);
    const textW = width - buttonW - 36;
    // Right-to-left text starts at the right edge (`start` follows the direction), the button goes to the left.
    const anchor = text.rtl ? ' text-anchor="start"' : '';
    const tx = text.rtl ? width - 12 : 12;
    parts.push(textLine(text.brand, tx, Math.round(h * 0.45), Math.round(h * 0.32), textW, ` font-weight="700" fill="#ffffff"${anchor}${dir}`));
    parts.push(textLine(text.headline, tx, Math.round(h * 0.8), Math.round(h * 0.2), textW, ` fill="#dbe6ff"${anchor}${dir}`));
    const bx = text.rtl ? 12 : width - buttonW - 12;
    parts.push(`<rect x="${bx}" y="${Math.round((h - buttonH) / 2)}" width="${buttonW}" height="${buttonH}" rx="${Math.round(buttonH / 4)}" fill="#ffb300"/>`);
    parts.push(textLine(text.action, bx + buttonW / 2, Math.round(h / 2 + buttonH * 0.15), Math.round(buttonH * 0.4), buttonW - 12, ` font-weight="700" fill="#242939"${mid}${dir}`));
  } else {
    const cx = width / 2;
    const pad = Math.round(width * 0.08);
    const inner = width - 2 * pad;
    const brandSize = Math.round(Math.min(width * 0.14, height * 0.12));
    const headSize = Math.round(Math.min(width * 0.075, height * 0.06));
    const buttonH = Math.round(Math.min(height * 0.16, 48));
    parts.push(textLine(text.brand, cx, Math.round(height * 0.3), brandSize, inner, ` font-weight="700" fill="#ffffff"${mid}${dir}`));
    parts.push(textLine(text.headline, cx, Math.round(height * 0.5), headSize, inner, ` fill="#dbe6ff"${mid}${dir}`));
    const by = Math.round(height * 0.66);
    parts.push(`<rect x="${pad}" y="${by}" width="${inner}" height="${buttonH}" rx="${Math.round(buttonH / 4)}" fill="#ffb300"/>`);
    parts.push(textLine(text.action, cx, Math.round(by + buttonH * 0.64), Math.round(buttonH * 0.38), inner - 12, ` font-weight="700" fill="#242939"${mid}${dir}`));
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Arial, Helvetica, sans-serif">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e5bd8"/><stop offset="1" stop-color="#304156"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" rx="6" fill="url(#g)"/>` +
    parts.join('') +
    `</svg>`
  );
}

/** An SVG as a data URI (UTF-8, percent-encoded): the banner travels inside its HTML. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const escapeAttr = (text: string) => text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The HTML a partner pastes into a page: the banner as an image linking to the promo link, opened in a new tab. */
export function siteBannerHtml(link: string, width: number, height: number, text: BannerText): string {
  const src = svgDataUri(siteBannerSvg(width, height, text));
  return `<a href="${escapeAttr(link)}" target="_blank" rel="noopener"><img src="${escapeAttr(src)}" width="${width}" height="${height}" alt="${escapeAttr(`${text.brand}: ${text.headline}`)}"></a>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Checking verified sites again (decision 0152)

/** Where a verified site stands in its re-checks. */
export interface SiteRecheckState {
  /** When its ownership was last proven: verified, or a re-check that found the file or the tag. */
  provedAt: Instant;
  /** Re-checks that failed in a row since then (0: none). */
  failures: number;
  /** When the last re-check ran, if any. */
  checkedAt: Instant | null;
}

const HOUR_MS = 3_600_000;

/**
 * When a verified site is checked next: `siteRecheck.days` after its ownership was last proven; after a failed
 * re-check, `siteRecheck.retryHours` after that one (a site that is down for a while is not dropped at once).
 */
export function siteRecheckDueAt(state: SiteRecheckState, product: ProductConfig = DEFAULT_PRODUCT): Date {
  const rule = product.siteRecheck;
  if (state.failures > 0 && state.checkedAt !== null) return new Date(toDate(state.checkedAt).getTime() + rule.retryHours * HOUR_MS);
  return addDaysToInstant(state.provedAt, rule.days);
}

export type SiteRecheckOutcome =
  /** Proven again: the count starts over. */
  | { action: 'proved'; failures: 0 }
  /** Not proven, not yet for the last time: the site stays verified; the first of these warns the partner. */
  | { action: 'failed'; failures: number; firstFailure: boolean; lapsesAfter: number; lapsesAt: Date }
  /** Not proven for the `failuresToLapse`-th time in a row: the site is no longer verified. */
  | { action: 'lapsed'; failures: number };

/**
 * What one re-check does to a verified site. Any failure counts (a missing file, a wrong token, a site that did
 * not answer): with `retryHours` between tries, a site down for less than (failuresToLapse − 1) × retryHours keeps
 * its status, and a file that is gone costs the bonus only after the partner was warned and had that long to put it
 * back. `lapsesAfter`: failed re-checks still to come before the site lapses; `lapsesAt`: when the last of them runs
 * if every one fails (this check at `at`, each next one `retryHours` later).
 */
export function siteRecheckOutcome(
  state: SiteRecheckState,
  proved: boolean,
  at: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): SiteRecheckOutcome {
  if (proved) return { action: 'proved', failures: 0 };
  const failures = state.failures + 1;
  const lapsesAt = siteRecheckLapsesAt(failures, at, product);
  if (lapsesAt === null) return { action: 'lapsed', failures };
  return { action: 'failed', failures, firstFailure: failures === 1, lapsesAfter: recheckFailuresToLapse(product) - failures, lapsesAt };
}

const recheckFailuresToLapse = (product: ProductConfig) => Math.max(1, product.siteRecheck.failuresToLapse);

/**
 * When a verified site stops being verified if every re-check from now on fails: its `failures`-th failed re-check
 * in a row ran at `failedAt`, and the rest follow `retryHours` apart. Null when that many failures already end it.
 */
export function siteRecheckLapsesAt(failures: number, failedAt: Instant, product: ProductConfig = DEFAULT_PRODUCT): Date | null {
  const ahead = recheckFailuresToLapse(product) - failures;
  return ahead > 0 ? new Date(toDate(failedAt).getTime() + ahead * product.siteRecheck.retryHours * HOUR_MS) : null;
}
