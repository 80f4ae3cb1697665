import { z } from 'zod';

/**
 * GET /api/help-center/sso: the address to send the signed-in partner to, the configured help centre with a
 * signed, expiring sign-on token in its query (docs/help-center-sso.md). 404 when no help centre is configured.
 */
export const helpCenterSsoAnswer = z.object({ url: z.url() });
export type HelpCenterSsoAnswer = z.infer<typeof helpCenterSsoAnswer>;

/**
 * GET /api/links: what the top bar may link to, from the server's configuration. A link that is not configured
 * is null and is not shown; `help_center` says whether the help centre's sign-on is available.
 */
export const linksAnswer = z.object({
  help_center: z.boolean(),
  support_url: z.string().nullable(),
  contact_url: z.string().nullable(),
  messenger_url: z.string().nullable(),
});
export type LinksAnswer = z.infer<typeof linksAnswer>;

/** The claims of a help-centre sign-on token (the JSON inside its `sso` parameter). */
export const helpCenterClaims = z.strictObject({
  v: z.literal(1),
  iss: z.literal('partner-cabinet'),
  aud: z.literal('help-center'),
  /** The partner's id in the cabinet. */
  sub: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  /** The partner's interface language (ar, de, en, es, fr, ja, pt, ru, tr). */
  lang: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  /** 128 random bits; the help centre may refuse an id it has already seen before it expires. */
  jti: z.string().min(16).max(64),
});
export type HelpCenterClaims = z.infer<typeof helpCenterClaims>;

export { HELP_CENTER_PATHS } from './paths.ts';
