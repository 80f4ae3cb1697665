import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ALERT_KINDS, ALERT_PATHS, isLangCode, type AlertKind, type LangCode } from '@pc/core';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { alertSettings, users } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { publicLink, sendMail } from './send.ts';
import type { MailKind, MailParams } from './templates.ts';

/**
 * E-mail alerts shared by the alerts module, the jobs and the money code (decision 0124): a partner's choices,
 * the signed unsubscribe links, and the mails that are always sent (wallet changes).
 */

export interface AlertPrefs {
  userId: number;
  email: string;
  sale: boolean;
  payoutStatus: boolean;
  weeklySummary: boolean;
  /** The language the alert mails are written in. */
  lang: LangCode;
  /** Whether `lang` was chosen for the alerts (false: it follows the interface language). */
  langChosen: boolean;
  saleSince: Date | null;
  /** False for a blocked or deactivated account: no opt-in alert goes to it. */
  active: boolean;
}

/** A partner's alert choices, with the defaults when never saved (every opt-in kind off). Null: no such partner. */
export async function alertPrefsOf(db: Tx, userId: number): Promise<AlertPrefs | null> {
  const [row] = await db
    .select({ email: users.email, userLang: users.lang, isActive: users.isActive, settings: alertSettings })
    .from(users)
    .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const s = row.settings;
  const chosen = s?.lang && isLangCode(s.lang) ? s.lang : null;
  return {
    userId,
    email: row.email,
    sale: s?.sale ?? false,
    payoutStatus: s?.payoutStatus ?? false,
    weeklySummary: s?.weeklySummary ?? false,
    lang: chosen ?? (isLangCode(row.userLang) ? row.userLang : 'en'),
    langChosen: chosen !== null,
    saleSince: s?.saleSince ?? null,
    active: row.isActive,
  };
}

// --- Unsubscribe tokens: `<user id>.<kind>.<signature>`, an HMAC of both with a key derived from SESSION_SECRET. ---

const TOKEN_VERSION = 'a1';

function unsubscribeKey(config: Pick<Config, 'SESSION_SECRET'>): Buffer {
  return createHmac('sha256', config.SESSION_SECRET).update('alert-unsubscribe-key').digest();
}

function signature(config: Pick<Config, 'SESSION_SECRET'>, userId: number, kind: AlertKind): string {
  return createHmac('sha256', unsubscribeKey(config)).update(`${TOKEN_VERSION}:${userId}:${kind}`).digest('base64url').slice(0, 32);
}

/** The token of an unsubscribe link: names the partner and the kind; it does not expire (decision 0124). */
export function unsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, userId: number, kind: AlertKind): string {
  return `${TOKEN_VERSION}.${userId}.${kind}.${signature(config, userId, kind)}`;
}

/** The partner and kind of a genuine token; null for anything altered, truncated or unknown. */
export function verifyUnsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, token: string): { userId: number; kind: AlertKind } | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== TOKEN_VERSION) return null;
  const [, id, kind, sig] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,15}$/.test(id) || !(ALERT_KINDS as readonly string[]).includes(kind)) return null;
  const userId = Number(id);
  if (!Number.isSafeInteger(userId)) return null;
  const expected = Buffer.from(signature(config, userId, kind as AlertKind));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as AlertKind };
}

/**
 * The two ways out of a kind of alert, with one signed token: the web page that turns it off without signing in
 * (the footer link), and the address a mail client posts to when the partner presses its own unsubscribe button
 * (RFC 8058): the API call that page makes, so it needs neither a session nor a page.
 */
export function unsubscribeLinks(ctx: AppContext, userId: number, kind: AlertKind): { page: string; oneClick: string } {
  const token = unsubscribeToken(ctx.config, userId, kind);
  return {
    page: publicLink(ctx, `/alerts/unsubscribe/${token}`),
    oneClick: publicLink(ctx, `/api${ALERT_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`),
  };
}

/** Sends an opt-in alert with its unsubscribe link in the footer and as the mail's one-click unsubscribe. */
export async function sendAlert(ctx: AppContext, log: FastifyBaseLogger, prefs: AlertPrefs, kind: AlertKind, mail: MailKind, params: MailParams) {
  const links = unsubscribeLinks(ctx, prefs.userId, kind);
  await sendMail(ctx, log, prefs.lang, mail, prefs.email, { ...params, unsubscribe: links.page }, { unsubscribeUrl: links.oneClick });
}
