import { and, eq, sql } from 'drizzle-orm';
import {
  autoPayoutDue,
  dayKey,
  formatMoney,
  isLangCode,
  securityFreeze,
  type AutoPayoutChoice,
  type AutoPayoutRefusal,
  type LangCode,
  type ProductConfig,
} from '@pc/core';
import type { Db } from '../db/client.ts';
import { autoPayouts, notifications, notificationTexts, users } from '../db/schema/index.ts';
import { dateTimeIn, t } from '../lib/i18n.ts';
import { balanceOf } from './balance.ts';
import { coolingOffText } from './cooling-off.ts';
import { loadProduct } from './product.ts';
import { requestPayout, type PayoutRequestResult } from './payouts.ts';

/**
 * Automatic payouts (decision 0202): for each partner whose choice is due (core autoPayoutDue), the day is claimed
 * (at most one attempt per partner and UTC day, whichever process runs the job), then everything available is
 * requested to the main wallet through requestPayout, exactly as the quick request does (minimum, fee, wallet holds,
 * cooling-off, the partner's money lock), marked automatic. A refusal is told to the partner in a notification in
 * their language, unless the previous notification gave the same reason.
 */

export type AutoPayoutRow = typeof autoPayouts.$inferSelect;

export function choiceOf(row: Pick<AutoPayoutRow, 'mode' | 'thresholdMicro' | 'weekday' | 'monthDay'>): AutoPayoutChoice {
  switch (row.mode) {
    case 'threshold':
      return { mode: 'threshold', thresholdMicro: Number(row.thresholdMicro) };
    case 'weekly':
      return { mode: 'weekly', weekday: Number(row.weekday) };
    case 'monthly':
      return { mode: 'monthly', monthDay: Number(row.monthDay) };
  }
}

type Refused = Exclude<PayoutRequestResult, { ok: true }> | { ok: false; reason: 'frozen'; allowedAt: Date };

/** The refusal's name as stored and answered; a reason this code does not know yet is `other`. */
export function refusalName(result: Refused): AutoPayoutRefusal {
  switch (result.reason) {
    case 'below_minimum':
    case 'insufficient_funds':
      return 'below_minimum';
    case 'no_main_wallet':
    case 'wallet_not_found':
      return 'no_main_wallet';
    case 'wallet_not_active':
    case 'cooling_off':
    case 'frozen':
      return result.reason;
    default:
      return 'other';
  }
}

/** Why an automatic payout was not made, in the partner's language (the notification's body). */
export function refusalText(result: Refused, lang: LangCode): string {
  switch (result.reason) {
    case 'below_minimum':
    case 'insufficient_funds':
      return t(lang, 'payouts:auto.refused.below_minimum', {
        available: formatMoney(Math.max(0, result.available), lang),
        minimum: formatMoney('minimum' in result ? result.minimum : 0, lang),
      });
    case 'no_main_wallet':
    case 'wallet_not_found':
      return t(lang, 'payouts:auto.refused.no_main_wallet');
    case 'wallet_not_active':
      return result.wallet.state === 'on_hold'
        ? t(lang, 'payouts:auto.refused.wallet_on_hold', { date: dateTimeIn(lang, result.wallet.activeFrom) })
        : t(lang, 'payouts:auto.refused.wallet_waiting');
    case 'cooling_off': {
      const text = coolingOffText({ until: result.until, reason: result.why }, lang);
      return t(lang, 'payouts:auto.refused.cooling_off', { message: t(lang, text.key, text.params) });
    }
    case 'frozen':
      return t(lang, 'payouts:auto.refused.frozen', { date: dateTimeIn(lang, result.allowedAt) });
    default:
      return t(lang, 'payouts:auto.refused.other');
  }
}

export interface AutoPayoutRun {
  /** Partners whose choice was due and whose day this run claimed. */
  attempted: number;
  requested: number;
  refused: number;
  notified: number;
}

/** Runs every due automatic payout at `now`. Safe to run again and on several processes at once. */
export async function runAutoPayouts(db: Db, now: Date, product?: ProductConfig): Promise<AutoPayoutRun> {
  const today = dayKey(now);
  const settings = product ?? (await loadProduct(db));
  const out: AutoPayoutRun = { attempted: 0, requested: 0, refused: 0, notified: 0 };
  const candidates = await db
    .select({ row: autoPayouts, lang: users.lang, codeChangedAt: users.securityCodeChangedAt })
    .from(autoPayouts)
    .innerJoin(users, eq(users.id, autoPayouts.userId))
    .where(and(eq(autoPayouts.enabled, true), eq(users.isActive, true), sql`(${autoPayouts.lastAttemptDay} is null or ${autoPayouts.lastAttemptDay} < ${today}::date)`))
    .orderBy(autoPayouts.userId);
  for (const { row, lang: rawLang, codeChangedAt } of candidates) {
    const userId = row.userId;
    const choice = choiceOf(row);
    const availableMicro = choice.mode === 'threshold' ? (await balanceOf(db, userId, now, settings)).available : 0;
    if (!autoPayoutDue(choice, { now, availableMicro, lastAttemptDay: row.lastAttemptDay })) continue;
    // The claim: only one process, and only once a day, gets past this update.
    const claimed = await db
      .update(autoPayouts)
      .set({ lastAttemptDay: today, lastAttemptAt: now })
      .where(and(eq(autoPayouts.userId, userId), eq(autoPayouts.enabled, true), sql`(${autoPayouts.lastAttemptDay} is null or ${autoPayouts.lastAttemptDay} < ${today}::date)`))
      .returning({ userId: autoPayouts.userId });
    if (!claimed.length) continue;
    out.attempted += 1;
    // The security code's freeze after a change stops the partner's own requests (requireSecurityCode): it stops these too.
    const freeze = securityFreeze(codeChangedAt, now, settings);
    const result: PayoutRequestResult | Refused = freeze.frozen
      ? { ok: false, reason: 'frozen', allowedAt: freeze.allowedAt! }
      : await requestPayout(db, { userId, amountMicro: 'available', wallet: 'main', automatic: true }, now, settings);
    if (result.ok) {
      out.requested += 1;
      await db.update(autoPayouts).set({ lastRequestId: result.request.id, lastRefusal: null, lastNotifiedRefusal: null }).where(eq(autoPayouts.userId, userId));
      continue;
    }
    out.refused += 1;
    const refusal = refusalName(result);
    const lang: LangCode = isLangCode(rawLang) ? rawLang : 'en';
    const notified = await db.transaction(async (tx) => {
      // Set the refusal; the notification only when the last one notified was another reason (or none).
      const fresh = await tx
        .update(autoPayouts)
        .set({ lastRequestId: null, lastRefusal: refusal, lastNotifiedRefusal: refusal })
        .where(and(eq(autoPayouts.userId, userId), sql`${autoPayouts.lastNotifiedRefusal} is distinct from ${refusal}`))
        .returning({ userId: autoPayouts.userId });
      if (!fresh.length) {
        await tx.update(autoPayouts).set({ lastRequestId: null, lastRefusal: refusal }).where(eq(autoPayouts.userId, userId));
        return false;
      }
      const [note] = await tx.insert(notifications).values({ userId, createdAt: now, publishedAt: now, createdBy: 'automatic payouts' }).returning({ id: notifications.id });
      const langs: LangCode[] = lang === 'en' ? ['en'] : ['en', lang];
      await tx.insert(notificationTexts).values(
        langs.map((l) => ({ notificationId: note!.id, lang: l, title: t(l, 'payouts:auto.refused.title'), body: refusalText(result, l) })),
      );
      return true;
    });
    if (notified) out.notified += 1;
  }
  return out;
}
