import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PROJECTS, type ProjectId } from '@pc/core';
import type { Config } from '../../config.ts';

/**
 * Auto-login tokens between the cabinet and the file hosts (docs/auto-login.md):
 * `base64url(JSON claims) "." base64url(HMAC-SHA256(secret, "pc-autologin.v1." + first part))`,
 * with the secret shared with that project (AUTOLOGIN_SECRET_FD1 / _FD2). Valid 60 s, single use.
 */
export const AUTOLOGIN_TTL_S = 60;
/** Clock difference tolerated between the cabinet and a project. */
export const AUTOLOGIN_SKEW_S = 30;
export const CABINET_ID = 'partner-cabinet';
const SIGNING_CONTEXT = 'pc-autologin.v1.';

export const autoLoginClaims = z.strictObject({
  v: z.literal(1),
  /** Who issued the token: `fd1`, `fd2` or `partner-cabinet`. */
  iss: z.enum([...PROJECTS, CABINET_ID]),
  /** Who may accept it. */
  aud: z.enum([...PROJECTS, CABINET_ID]),
  /** The partner's user id in the project (the cabinet's app_users_id of that project). */
  sub: z.number().int().positive(),
  email: z.string().max(254).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  /** 128 random bits; the receiver remembers spent ids until they expire. */
  jti: z.string().min(16).max(64),
});
export type AutoLoginClaims = z.infer<typeof autoLoginClaims>;

export function projectSecret(config: Config, project: ProjectId): string {
  return project === 'fd1' ? config.AUTOLOGIN_SECRET_FD1 : config.AUTOLOGIN_SECRET_FD2;
}

export function projectLoginUrl(config: Config, project: ProjectId): string {
  const base = project === 'fd1' ? config.PROJECT_URL_FD1 : config.PROJECT_URL_FD2;
  return new URL('/partner/auto-login', base).toString();
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(SIGNING_CONTEXT + body).digest('base64url');
}

export function signAutoLoginToken(secret: string, claims: Omit<AutoLoginClaims, 'v' | 'jti'> & { jti?: string }): string {
  const full: AutoLoginClaims = { v: 1, ...claims, jti: claims.jti ?? randomBytes(16).toString('base64url') };
  const body = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export type AutoLoginCheck = { ok: true; claims: AutoLoginClaims & { iss: ProjectId } } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'audience' };

/** Verifies a token a project issued for the cabinet: shape, issuer's signature, audience and the 60 s window. */
export function verifyIncomingToken(config: Config, token: string, now: Date): AutoLoginCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [body, mac] = parts as [string, string];
  let claims: AutoLoginClaims;
  try {
    const parsed = autoLoginClaims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    claims = parsed.data;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.iss === CABINET_ID) return { ok: false, reason: 'audience' };
  const expected = Buffer.from(sign(projectSecret(config, claims.iss), body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  if (claims.aud !== CABINET_ID) return { ok: false, reason: 'audience' };
  const nowS = Math.floor(now.getTime() / 1000);
  if (claims.exp <= nowS || claims.iat > nowS + AUTOLOGIN_SKEW_S || claims.exp - claims.iat > AUTOLOGIN_TTL_S)
    return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as AutoLoginClaims & { iss: ProjectId } };
}
