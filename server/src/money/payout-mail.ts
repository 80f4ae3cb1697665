import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatExchangeRate, formatMinorUnits, formatMoney, ltrIsolated, type LangCode } from '@pc/core';
import type { AppContext } from '../context.ts';
import { payoutRequestHistory, payoutRequests } from '../db/schema/index.ts';
import { alertPrefsOf, sendAlert } from '../mail/alerts.ts';
import { publicLink, sendMail } from '../mail/send.ts';
import { dayIn, t } from '../lib/i18n.ts';
import { conversionView, type PayoutRow } from './payouts.ts';

/**
 * E-mails the partner when the operator moves a payout request (decisions 0110, 0124), in the partner's
 * language. Completed and rejected are always mailed, with the amount, the fee, what was received and the reason;
 * the other moves (review, process) only to partners who switched payout status alerts on, and only the latest of
 * them (with an unsubscribe link). The partner's own moves (deleting a request) are not mailed. Each move is
 * mailed once: the history row is claimed (notified_at set where it was null) before the mail goes out, so a
 * repeated call, a second instance or a retried status call never sends it twice. Call it after the move has
 * committed, for every move.
 */
export async function notifyPayoutDecisions(ctx: AppContext, log: FastifyBaseLogger, requestId: number): Promise<number> {
  const { db } = ctx.database;
  const [request] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, requestId));
  const prefs = request ? await alertPrefsOf(db, request.userId) : null;
  if (!request || !prefs) return 0;
  // Moves the partner did not opt in to stay unclaimed (switching the alerts on later mails only the next move's state).
  const statusAlerts = prefs.payoutStatus && prefs.active;
  const claimed = await db
    .update(payoutRequestHistory)
    .set({ notifiedAt: ctx.clock.now() })
    .where(
      and(
        eq(payoutRequestHistory.requestId, requestId),
        inArray(payoutRequestHistory.toStatus, statusAlerts ? ['review', 'process', 'accepted', 'rejected', 'deleted'] : ['accepted', 'rejected']),
        ne(payoutRequestHistory.actor, 'partner'),
        isNull(payoutRequestHistory.notifiedAt),
      ),
    )
    .returning();
  if (!claimed.length) return 0;
  // The alerts' language (the interface language unless the partner chose another for the alerts).
  const { lang } = prefs;
  let sent = 0;
  const decisions = claimed.filter((m) => m.toStatus === 'accepted' || m.toStatus === 'rejected');
  const others = claimed.filter((m) => m.toStatus !== 'accepted' && m.toStatus !== 'rejected').sort((a, b) => a.id - b.id);
  const latest = others.at(-1);
  if (latest && !decisions.length) {
    await sendAlert(ctx, log, prefs, 'payout_status', 'alert_payout_status', {
      link: publicLink(ctx, '/payouts'),
      id: request.id,
      amount: formatMoney(request.amountMicro, lang),
      wallet: request.paymentDetails,
      status: t(lang, `mail:alert_payout_status.statuses.${latest.toStatus}`),
    });
    sent++;
  }
  for (const move of decisions) {
    const accepted = move.toStatus === 'accepted';
    await sendMail(ctx, log, lang, accepted ? 'payout_accepted' : 'payout_rejected', prefs.email, {
      link: publicLink(ctx, '/payouts'),
      id: request.id,
      amount: formatMoney(request.amountMicro, lang),
      fee: formatMoney(request.feeMicro, lang),
      received: formatMoney(Math.max(0, request.amountMicro - request.feeMicro), lang),
      wallet: request.paymentDetails,
      reason: move.reason || request.statusReason,
      ...(accepted ? convertedWords(request, lang) : {}),
    });
    sent++;
  }
  return sent;
}

/**
 * A completed payout to a card in roubles or hryvnias also says what arrived in them and at which rate (decision
 * 0150): i18next's `context` picks the intro's `_converted` form. Nothing for a payout in US dollars.
 */
function convertedWords(request: PayoutRow, lang: LangCode) {
  const c = conversionView(request);
  if (!c) return {};
  return {
    context: 'converted',
    converted: formatMinorUnits(c.amount_minor, c.currency, lang),
    // The equation reads left to right inside right-to-left text too.
    rate: ltrIsolated(t(lang, 'payouts:rates.rate', { rate: formatExchangeRate(c.rate, lang), currency: c.currency }), lang),
    source: t(lang, `payouts:rates.sources.${c.source}`, { date: dayIn(lang, new Date(`${c.rate_date}T00:00:00Z`)) }),
  };
}
