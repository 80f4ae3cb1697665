import { eq, sql } from 'drizzle-orm';
import { COOLING_OFF_REASONS, coolingOffAfter, type CoolingOff, type CoolingOffReason, type LangCode, type ProductConfig } from '@pc/core';
import { users } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import type { LocalizedText } from '../lib/errors.ts';
import { dateTimeIn, t } from '../lib/i18n.ts';

/**
 * The cooling-off window of a partner's new payout requests (decision 0177), kept on the user row. The rule (how long,
 * which change wins) is core's coolingOffAfter; this is its storage.
 */

const isReason = (value: unknown): value is CoolingOffReason => (COOLING_OFF_REASONS as readonly unknown[]).includes(value);

/** The partner's window as stored (it may have ended already: activeCoolingOff tells). */
export function coolingOffOfRow(row: { payoutCoolingUntil: Date | null; payoutCoolingReason: string | null }): CoolingOff | null {
  if (!row.payoutCoolingUntil || !isReason(row.payoutCoolingReason)) return null;
  return { until: row.payoutCoolingUntil, reason: row.payoutCoolingReason };
}

/**
 * Starts (or extends) the window after `reason` happened at `now`. The row is locked while it is read and written, so
 * two changes at once cannot leave the earlier end of the two.
 */
export async function startCoolingOff(tx: Tx, userId: number, reason: CoolingOffReason, now: Date, product: ProductConfig): Promise<CoolingOff> {
  const [row] = await tx
    .select({ payoutCoolingUntil: users.payoutCoolingUntil, payoutCoolingReason: users.payoutCoolingReason })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new Error(`user ${userId} not found`);
  const next = coolingOffAfter(coolingOffOfRow(row), reason, now, product);
  // A password reset completes a "not me" recovery (decision 0191): sign-in and requests are free again, after
  // this window, in the same transaction as the new password.
  const recovered = reason === 'password_reset' ? { recoveryStartedAt: null } : {};
  await tx.update(users).set({ payoutCoolingUntil: next.until, payoutCoolingReason: next.reason, ...recovered }).where(eq(users.id, userId));
  return next;
}

/**
 * Whether a "not me" recovery is under way (decision 0191): sign-in and new payout requests wait for the password
 * reset, which clears it (startCoolingOff with password_reset).
 */
export async function recoveryPending(db: Pick<Tx, 'select'>, userId: number): Promise<boolean> {
  const [row] = await db.select({ at: users.recoveryStartedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

/** What a partner is told while a recovery holds their payout requests (a refusal and the page). */
export const recoveryText = (): LocalizedText => ({ key: 'money:payout.account_recovery' });

/** The stored window of a partner (null: none was ever started). */
export async function coolingOffOf(tx: Tx, userId: number): Promise<CoolingOff | null> {
  const [row] = await tx
    .select({ payoutCoolingUntil: users.payoutCoolingUntil, payoutCoolingReason: users.payoutCoolingReason })
    .from(users)
    .where(sql`${users.id} = ${userId}`);
  return row ? coolingOffOfRow(row) : null;
}

/** What a partner is told while new payout requests wait: until when, and after which change (a refusal and the page). */
export function coolingOffText(cooling: CoolingOff, lang: LangCode): LocalizedText {
  return { key: 'money:payout.cooling_off', params: { date: dateTimeIn(lang, cooling.until), reason: t(lang, `money:payout.cooling_reasons.${cooling.reason}`) } };
}
