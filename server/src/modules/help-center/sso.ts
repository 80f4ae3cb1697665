import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { helpCenterClaims, type HelpCenterClaims } from '@pc/core';

/**
 * Help-centre sign-on tokens (docs/help-center-sso.md, decision 0121): two query parameters,
 * `sso` = base64url(JSON claims) and `sig` = base64url(HMAC-SHA256(HELP_CENTER_SSO_SECRET, "pc-help-center.v1." + sso)).
 * Valid HELP_CENTER_TTL_S seconds; the help centre may remember `jti` until `exp` to refuse a second use.
 */
export const HELP_CENTER_TTL_S = 300;
/** Clock difference the verifier tolerates between the cabinet and the help centre. */
export const HELP_CENTER_SKEW_S = 30;
const SIGNING_CONTEXT = 'pc-help-center.v1.';

function sign(secret: string, sso: string): string {
  return createHmac('sha256', secret).update(SIGNING_CONTEXT + sso).digest('base64url');
}

export interface HelpCenterPartner {
  id: number;
  email: string;
  name: string;
  lang: string;
}

/** The help centre's address with a fresh token for the partner in its query (other query parameters kept). */
export function helpCenterSignOnUrl(base: string, secret: string, partner: HelpCenterPartner, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: HelpCenterClaims = {
    v: 1,
    iss: 'partner-cabinet',
    aud: 'help-center',
    sub: partner.id,
    email: partner.email,
    name: partner.name,
    lang: partner.lang,
    iat,
    exp: iat + HELP_CENTER_TTL_S,
    jti: randomBytes(16).toString('base64url'),
  };
  const sso = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const url = new URL(base);
  url.searchParams.set('sso', sso);
  url.searchParams.set('sig', sign(secret, sso));
  return url.toString();
}

export type HelpCenterCheck = { ok: true; claims: HelpCenterClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'audience' };

/**
 * What the help centre does with the two parameters (the reference of docs/help-center-sso.md; the tests use it as
 * the receiver): signature first, in constant time, then the claims, the audience and the time window.
 */
export function verifyHelpCenterToken(secret: string, sso: string | null, sig: string | null, now: Date): HelpCenterCheck {
  if (!sso || !sig) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(secret, sso));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  let claims: HelpCenterClaims;
  try {
    const parsed = helpCenterClaims.safeParse(JSON.parse(Buffer.from(sso, 'base64url').toString('utf8')));
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    claims = parsed.data;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.aud !== 'help-center' || claims.iss !== 'partner-cabinet') return { ok: false, reason: 'audience' };
  const nowS = Math.floor(now.getTime() / 1000);
  if (claims.exp <= nowS - HELP_CENTER_SKEW_S || claims.iat > nowS + HELP_CENTER_SKEW_S || claims.exp - claims.iat > HELP_CENTER_TTL_S)
    return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
