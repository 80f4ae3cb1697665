import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BALANCE_PATHS, activeCoolingOff, availableWithdrawalAnswer, holdInfoAnswer, holdSchedule, payoutWaits } from '@pc/core';
import { coolingOffOfRow, coolingOffText, recoveryText } from '../../money/cooling-off.ts';
import type { LocalizedText } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { readProduct } from '../../money/product.ts';
import { readBalance } from '../../money/balance.ts';
import { liveWallets, stateOf } from '../../money/wallets.ts';

const messageOf = (text: LocalizedText, lang: Parameters<typeof t>[0]) => t(lang, text.key, text.params);

/**
 * GET /payouts/user/available-withdrawal and /payouts/user/hold-info (docs/product.md#balance).
 *
 * The cooling-off window and a recovery under way are read from the partner's row as this request's session lookup
 * read it (never a kept lookup here: these are not figure reads), not read again: the user bar asks this on every
 * screen, and two more statements were a third of its database time (decision 0218). A payout request checks both
 * again under its lock (money/payouts.ts).
 */
export async function balanceRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  app.get(
    BALANCE_PATHS.availableWithdrawal,
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: availableWithdrawalAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const product = await readProduct(database);
      const now = clock.now();
      const b = await readBalance(database, user.id, now, product);
      const cooling = activeCoolingOff(coolingOffOfRow(user), now);
      return {
        amount: b.available,
        balance: b.balance,
        hold: b.hold,
        in_progress: b.payoutsInProgress,
        cooling_off: cooling ? { until: cooling.until.toISOString(), reason: cooling.reason, message: messageOf(coolingOffText(cooling, request.lang), request.lang) } : null,
        account_recovery: user.recoveryStartedAt ? { message: messageOf(recoveryText(), request.lang) } : null,
      };
    },
  );

  app.get(
    BALANCE_PATHS.holdInfo,
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: holdInfoAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const product = await readProduct(database);
      const now = clock.now();
      const b = await readBalance(database, user.id, now, product);
      const releases = b.releases.filter((r) => r.amount > 0).map((r) => ({ date: r.at.toISOString(), amount: r.amount }));
      const cooling = activeCoolingOff(coolingOffOfRow(user), now);
      const wallets = await liveWallets(database.db, user.id);
      const waits = payoutWaits({
        available: b.available,
        coolingOffUntil: cooling?.until ?? null,
        walletsActiveFrom: wallets.map((w) => {
          const state = stateOf(w, now, product);
          return state.state === 'waiting_confirmation' ? null : state.activeFrom;
        }),
        now,
      });
      return {
        amount: b.hold,
        hold_period_days: product.saleHoldDays,
        breakdown: {
          files: b.holdBySource.files,
          file_copies: b.holdBySource.file_copies,
          video: b.holdBySource.video,
          sites_referrals: b.holdBySource.sites,
          referrals: b.holdBySource.referrals,
          gold_bonus: b.holdBySource.gold_bonus,
        },
        next_release: releases[0] ?? null,
        releases,
        schedule: holdSchedule(b.releases).map((d) => ({ day: d.day, amount: d.amount, held_after: d.heldAfter })),
        waits: waits.map((w) => ({ reason: w.reason, until: w.until.toISOString(), amount: w.amount })),
      };
    },
  );
}
