import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describeUserAgent, isLangCode, langDir, type LangCode } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { knownDevices, users } from '../../db/schema/index.ts';
import { dateTimeIn, t } from '../../lib/i18n.ts';
import { sendMail } from '../../mail/send.ts';
import { notMeLink } from './recovery.ts';
import { hashToken, newSecretToken } from './service.ts';

/**
 * Known devices (decision 0191). A browser carries a long-lived device cookie with a random id; the database keeps
 * only its hash, per account it has signed in to. A sign-in whose cookie is absent or unknown for that account is a
 * new device: the partner is mailed (when, which browser and system, from which address) with a "this was not me"
 * link. An account's very first device is recorded without a mail: there is nothing to compare it with.
 */
export const DEVICE_COOKIE = 'pc_device';
/** 400 days, the longest a browser keeps a cookie (RFC 6265bis); every sign-in sets it again. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;
/** The most recent devices kept per account; an older one signing in again counts as new. */
export const KNOWN_DEVICES_KEPT = 30;

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** The browser's device id from its cookie, or a new one when it has none (or something that is not an id). */
export function deviceIdOf(cookie: string | undefined): { id: string; fresh: boolean } {
  if (cookie && DEVICE_ID.test(cookie)) return { id: cookie, fresh: false };
  return { id: newSecretToken(), fresh: true };
}

export interface DeviceSignIn {
  userId: number;
  deviceId: string;
  ip: string;
  userAgent: string;
  now: Date;
}

/**
 * Records a sign-in on a device and answers whether it is new to the account and whether the account knew others.
 * One statement, so two sign-ins at once from the same browser record it once and only one of them is "new".
 */
export async function recordDeviceSignIn(ctx: AppContext, input: DeviceSignIn): Promise<{ isNew: boolean; knewOthers: boolean }> {
  const { db } = ctx.database;
  const idHash = hashToken(input.deviceId);
  const userAgent = input.userAgent.slice(0, 300);
  const rows = await ctx.database.query<{ inserted: boolean; others: number | string }>(sql`
    insert into known_devices (id_hash, user_id, first_seen_at, last_seen_at, ip, user_agent)
    values (${idHash}, ${input.userId}, ${input.now}, ${input.now}, ${input.ip}, ${userAgent})
    on conflict (user_id, id_hash) do update set last_seen_at = excluded.last_seen_at, ip = excluded.ip, user_agent = excluded.user_agent
    returning (xmax = 0) as inserted,
      (select count(*) from known_devices k where k.user_id = ${input.userId} and k.id_hash <> ${idHash}) as others`);
  const row = rows[0];
  // Keep the most recent devices only: the table never grows past KNOWN_DEVICES_KEPT rows per account.
  await db.execute(sql`
    delete from known_devices where user_id = ${input.userId} and id_hash not in (
      select id_hash from known_devices where user_id = ${input.userId} order by last_seen_at desc limit ${KNOWN_DEVICES_KEPT})`);
  return { isNew: Boolean(row?.inserted), knewOthers: Number(row?.others ?? 0) > 0 };
}

/** "Chrome on Linux", in the mail's language; what the user agent does not say is said so. */
export function deviceWords(lang: LangCode, userAgent: string): string {
  const info = describeUserAgent(userAgent);
  const browser = info.browser ?? t(lang, 'mail:new_device_signin.a_browser');
  return info.os ? t(lang, 'mail:new_device_signin.device', { browser, os: info.os }) : browser;
}

/**
 * A sign-in was recorded on a new device of an account that knew others: the partner is mailed, in their language,
 * with a "this was not me" link. A failing mail never fails the sign-in (the outbox tries again).
 */
export async function alertNewDevice(ctx: AppContext, log: FastifyBaseLogger, input: DeviceSignIn): Promise<void> {
  const [user] = await ctx.database.db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) return;
  const lang: LangCode = isLangCode(user.lang) ? user.lang : 'en';
  const link = await notMeLink(ctx, input.userId, input.now, {
    kind: 'new_device',
    at: input.now.toISOString(),
    ip: input.ip,
    user_agent: input.userAgent.slice(0, 300),
  });
  // In a right-to-left mail, the Latin names and the address are isolated, so they keep their own order.
  const isolate = (text: string) => (langDir(lang) === 'rtl' ? `\u2068${text}\u2069` : text);
  await sendMail(ctx, log, lang, 'new_device_signin', user.email, {
    link,
    date: dateTimeIn(lang, input.now),
    device: isolate(deviceWords(lang, input.userAgent)),
    ip: isolate(input.ip || '—'),
  });
  log.info({ userId: input.userId }, 'sign-in from a new device: the partner was mailed');
}

/** Whether the account has this device (for tests and the sign-in hook). */
export async function isKnownDevice(ctx: AppContext, userId: number, deviceId: string): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.idHash, hashToken(deviceId))))
    .limit(1);
  return rows.length > 0;
}
