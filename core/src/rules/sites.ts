/**
 * Site referrals (PRODUCT.md, Site referrals): statuses, and the two ownership proofs a site check looks for.
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

/**
 * Whether a home page's head carries `<meta name="partner-verification" content="TOKEN">` with this token
 * (attributes in any order, either quote style, case-insensitive tag and attribute names).
 */
export function pageHasVerificationMeta(html: string, token: string): boolean {
  if (!token) return false;
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : html;
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(/([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? '').trim());
    }
    if (attrs.get('name')?.toLowerCase() === 'partner-verification' && attrs.get('content') === token) return true;
  }
  return false;
}
