import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../session/plugin.ts';
import { loadProduct } from '../../money/product.ts';
import { balanceOf } from './service.ts';

const micro = z.number().int().describe('micro-USD');

export const availableWithdrawalAnswer = z.object({
  /** What can be requested now: balance − hold, never below 0. */
  amount: micro,
  /** Every earning minus payouts not rejected or deleted. */
  balance: micro,
  hold: micro,
  /** Payout requests created, in review or in processing (already out of the balance). */
  in_progress: micro,
});

export const holdInfoAnswer = z.object({
  /** Sale earnings inside their refund window (and the gold bonus and referral commissions taken on them). */
  amount: micro,
  hold_period_days: z.number().int(),
  breakdown: z.object({
    files: micro,
    file_copies: micro,
    video: micro,
    sites_referrals: micro,
    referrals: micro,
    gold_bonus: micro,
  }),
  /** The next moment held money becomes available, with how much; null when nothing is held. */
  next_release: z.object({ date: z.string(), amount: micro }).nullable(),
  releases: z.array(z.object({ date: z.string(), amount: micro })),
});

/** GET /payouts/user/available-withdrawal and /payouts/user/hold-info (SPEC.md §7). */
export async function balanceRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  app.get(
    '/payouts/user/available-withdrawal',
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: availableWithdrawalAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const product = await loadProduct(database.db);
      const b = await balanceOf(database.db, user.id, clock.now(), product);
      return { amount: b.available, balance: b.balance, hold: b.hold, in_progress: b.payoutsInProgress };
    },
  );

  app.get(
    '/payouts/user/hold-info',
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
