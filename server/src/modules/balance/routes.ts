import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BALANCE_PATHS, availableWithdrawalAnswer, holdInfoAnswer } from '@pc/core';
import { currentUser } from '../session/plugin.ts';
import { loadProduct } from '../../money/product.ts';
import { balanceOf } from '../../money/balance.ts';

/** GET /payouts/user/available-withdrawal and /payouts/user/hold-info (SPEC.md §7). */
export async function balanceRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  app.get(
    BALANCE_PATHS.availableWithdrawal,
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: availableWithdrawalAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const product = await loadProduct(database.db);
      const b = await balanceOf(database.db, user.id, clock.now(), product);
      return { amount: b.available, balance: b.balance, hold: b.hold, in_progress: b.payoutsInProgress };
    },
  );

  app.get(
    BALANCE_PATHS.holdInfo,
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: holdInfoAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const product = await loadProduct(database.db);
      const b = await balanceOf(database.db, user.id, clock.now(), product);
      const releases = b.releases.filter((r) => r.amount > 0).map((r) => ({ date: r.at.toISOString(), amount: r.amount }));
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
      };
    },
  );
}
