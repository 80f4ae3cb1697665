import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLangCode, type LangCode, type ProductConfig, type SecondFactorMethod } from '@pc/core';
import type { AppContext } from '../context.ts';
import { userPasskeys, userRecoveryCodes, users } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { publicLink, sendMail } from '../mail/send.ts';
import { startCoolingOff } from '../money/cooling-off.ts';

/**
 * What the partner side (modules/auth) and the operator side share about a partner's second factor (decision
 * 0190): which methods the account has, the notice mail of a change, and support's reset.
 */

type UserRow = typeof users.$inferSelect;

/** The second factors the account has: the authenticator once turned on, passkeys once one is registered. */
export async function secondFactorMethods(db: Pick<Tx, 'select'>, user: UserRow): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (user.totpEnabledAt) methods.push('totp');
  const [keys] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, user.id));
  if ((keys?.n ?? 0) > 0) methods.push('passkey');
  return methods;
}

export type SecondFactorEvent = 'totp_on' | 'totp_off' | 'codes_new' | 'passkey_added' | 'passkey_removed' | 'reset_by_support';

/** The notice mail of a change to the second factor: always sent, as the security code's is. */
export async function noticeMail(ctx: AppContext, log: FastifyBaseLogger, user: UserRow, lang: LangCode, event: SecondFactorEvent) {
  await sendMail(ctx, log, isLangCode(user.lang) ? user.lang : lang, 'second_factor_changed', user.email, { link: publicLink(ctx, '/settings'), context: event });
}

/**
 * Support's way out for a partner who lost both their authenticator and its recovery codes (and their passkeys):
 * after support has checked who is asking, every second factor of the account goes, in one transaction, and new
 * payout requests wait as after turning it off (decision 0177). The caller ends the sessions and audits the reset.
 * Answers the methods there were (none: nothing to reset).
 */
export async function resetSecondFactor(tx: Tx, user: UserRow, now: Date, product: ProductConfig): Promise<SecondFactorMethod[]> {
  const methods = await secondFactorMethods(tx, user);
  if (methods.length === 0) return methods;
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, user.id));
  await startCoolingOff(tx, user.id, 'second_factor_off', now, product);
  return methods;
}
