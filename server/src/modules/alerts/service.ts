import { sql } from 'drizzle-orm';
import type { AlertKind, AlertSettingsAnswer, AlertSettingsBody } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { alertSettings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { alertPrefsOf, verifyUnsubscribeToken, type AlertPrefs } from '../../mail/alerts.ts';

/** The partner's e-mail alert choices (decision 0124). */

function view(p: AlertPrefs): AlertSettingsAnswer {
  return { sale: p.sale, payout_status: p.payoutStatus, weekly_summary: p.weeklySummary, wallet_change: true, lang: p.lang };
}

export async function alertSettingsOf(ctx: AppContext, userId: number): Promise<AlertSettingsAnswer> {
  const prefs = await alertPrefsOf(ctx.database.db, userId);
  if (!prefs) throw new AppError('not_found');
  return view(prefs);
}

/**
 * Saves the choices. Switching sale alerts on starts their cursor now (earlier sales are never mailed); switching
 * them off clears it.
 */
export async function saveAlertSettings(ctx: AppContext, userId: number, body: AlertSettingsBody): Promise<AlertSettingsAnswer> {
  const now = ctx.clock.now();
  await ctx.database.db
    .insert(alertSettings)
    .values({
      userId,
      sale: body.sale,
      payoutStatus: body.payout_status,
      weeklySummary: body.weekly_summary,
      lang: body.lang,
      saleSince: body.sale ? now : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: {
        sale: body.sale,
        payoutStatus: body.payout_status,
        weeklySummary: body.weekly_summary,
        lang: body.lang,
        saleSince: body.sale ? sql`case when ${alertSettings.sale} then ${alertSettings.saleSince} else ${now} end` : null,
        updatedAt: now,
      },
    });
  return alertSettingsOf(ctx, userId);
}

const COLUMN = { sale: 'sale', payout_status: 'payoutStatus', weekly_summary: 'weeklySummary' } as const;

/** Follows an unsubscribe link: the signed token names the partner and the kind, which is switched off. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ kind: AlertKind }> {
  const claims = verifyUnsubscribeToken(ctx.config, token);
  const prefs = claims ? await alertPrefsOf(ctx.database.db, claims.userId) : null;
  if (!claims || !prefs) throw new AppError('validation_failed', { key: 'alerts:link_invalid' }, { token: [{ key: 'alerts:link_invalid' }] });
  const now = ctx.clock.now();
  const off = { [COLUMN[claims.kind]]: false, ...(claims.kind === 'sale' ? { saleSince: null } : {}), updatedAt: now };
  await ctx.database.db
    .insert(alertSettings)
    .values({ userId: claims.userId, ...off })
    .onConflictDoUpdate({ target: alertSettings.userId, set: off });
  return { kind: claims.kind };
}
