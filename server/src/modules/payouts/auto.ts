import { eq } from 'drizzle-orm';
import { type AutoPayoutAnswer, type AutoPayoutBody, type LangCode, type ProductConfig } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { autoPayouts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadProduct } from '../../money/product.ts';
import type { SessionUser } from '../../plumbing/session/service.ts';
import { usd } from './views.ts';
import { listWallets } from './wallets.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The partner's automatic payouts choice (decision 0202): read it, turn it on, change it or turn it off. The job
 * that acts on it is money/auto-payouts.ts.
 */

/** The minimum of the main wallet's system (the lowest threshold allowed), or null without a main wallet. */
async function mainMinimum(ctx: AppContext, userId: number, product: ProductConfig): Promise<number | null> {
  const { wallets, mainId } = await listWallets(ctx, userId, product);
  const main = wallets.find((w) => w.id === mainId);
  return main ? product.payoutSystems[main.system].minimumMicro : null;
}

export async function readAutoPayout(ctx: AppContext, user: SessionUser, lang: LangCode): Promise<AutoPayoutAnswer> {
  const product = await loadProduct(ctx.database.db);
  const [row] = await ctx.database.db.select().from(autoPayouts).where(eq(autoPayouts.userId, user.id));
  return {
    setting:
      row && row.enabled
        ? {
            mode: row.mode,
            threshold: row.thresholdMicro === null ? null : Number(row.thresholdMicro),
            weekday: row.weekday,
            month_day: row.monthDay,
            updated_at: row.updatedAt.toISOString(),
          }
        : null,
    last_attempt:
      row?.lastAttemptAt
        ? {
            at: row.lastAttemptAt.toISOString(),
            request_id: row.lastRequestId === null ? null : Number(row.lastRequestId),
            refusal: row.lastRefusal,
            message: row.lastRefusal ? t(lang, `payouts:auto.refusals.${row.lastRefusal}`) : null,
          }
        : null,
    minimum: await mainMinimum(ctx, user.id, product),
    security_code_set: user.securityCodeHash !== null,
  };
}

/**
 * Turns automatic payouts on, changes or turns them off (behind requireSecurityCode, as every money operation).
 * Turning on or changing needs a security code set (409 `conflict` with reason `security_code_not_set`, saying to
 * set one first) and a main wallet (422 on `mode`); a threshold below the main wallet's system minimum is 422 on
 * `threshold`. Turning off is always allowed.
 */
export async function saveAutoPayout(ctx: AppContext, user: SessionUser, body: AutoPayoutBody, lang: LangCode): Promise<{ answer: AutoPayoutAnswer; message: string }> {
  const now = ctx.clock.now();
  const { db } = ctx.database;
  if (body.mode === 'off') {
    await db.update(autoPayouts).set({ enabled: false, updatedAt: now }).where(eq(autoPayouts.userId, user.id));
    return { answer: await readAutoPayout(ctx, user, lang), message: t(lang, 'payouts:auto.turnedOff') };
  }
  if (user.securityCodeHash === null) {
    throw new AppError('conflict', { key: 'payouts:auto.errors.security_code_not_set' }, undefined, { reason: 'security_code_not_set' });
  }
  const product = await loadProduct(db);
  const minimum = await mainMinimum(ctx, user.id, product);
  if (minimum === null) {
    const text = { key: 'payouts:auto.errors.no_main_wallet' };
    throw new AppError('validation_failed', text, { mode: [text] });
  }
  if (body.mode === 'threshold' && body.threshold! < minimum) {
    const text = { key: 'payouts:auto.errors.below_minimum', params: { minimum: usd(minimum, lang) } };
    throw new AppError('validation_failed', text, { threshold: [text] });
  }
  const values = {
    enabled: true,
    mode: body.mode,
    thresholdMicro: body.mode === 'threshold' ? body.threshold! : null,
    weekday: body.mode === 'weekly' ? body.weekday! : null,
    monthDay: body.mode === 'monthly' ? body.month_day! : null,
    updatedAt: now,
  };
  // The last attempt's day stays: changing the choice never allows a second attempt the same UTC day.
  await db.insert(autoPayouts).values({ userId: user.id, ...values }).onConflictDoUpdate({ target: autoPayouts.userId, set: values });
  return { answer: await readAutoPayout(ctx, user, lang), message: t(lang, 'payouts:auto.saved') };
}
