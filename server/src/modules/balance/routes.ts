import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BALANCE_PATHS, activeCoolingOff, availableWithdrawalAnswer, holdInfoAnswer, holdSchedule, payoutWaits } from '@pc/core';
import { coolingOffOf, coolingOffText, recoveryPending, recoveryText } from '../../money/cooling-off.ts';
import type { LocalizedText } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { readProduct } from '../../money/product.ts';
import { readBalance } from '../../money/balance.ts';
import { liveWallets, stateOf } from '../../money/wallets.ts';

const messageOf = (text: LocalizedText, lang: Parameters<typeof t>[0]) => t(lang, text.key, text.params);

/** GET /payouts/user/available-withdrawal and /payouts/user/hold-info (docs/product.md#balance). */
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
      const cooling = activeCoolingOff(await coolingOffOf(database.db, user.id), now);
      return {
        amount: b.available,
        balance: b.balance,
        hold: b.hold,
        in_progress: b.payoutsInProgress,
        cooling_off: cooling ? { until: cooling.until.toISOString(), reason: cooling.reason, message: messageOf(coolingOffText(cooling, request.lang), request.lang) } : null,
        account_recovery: (await recoveryPending(database.db, user.id)) ? { message: messageOf(recoveryText(), request.lang) } : null,
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
      const cooling = activeCoolingOff(await coolingOffOf(database.db, user.id), now);
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
