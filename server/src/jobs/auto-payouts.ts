import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { runAutoPayouts, type AutoPayoutRun } from '../money/auto-payouts.ts';

/** Automatic payouts are looked at most this often (a threshold crossed is requested within this time). */
export const AUTO_PAYOUTS_EVERY_MS = 5 * 60_000;

/**
 * The scheduler's turn of automatic payouts (decision 0202): every AUTO_PAYOUTS_EVERY_MS, after the closes. Each
 * partner's day is claimed before the attempt (money/auto-payouts.ts), so several processes never try one partner
 * twice a day. Never throws: failures are logged and the next turn tries again.
 */
export function autoPayoutJob(ctx: Pick<AppContext, 'database' | 'clock'>, log: FastifyBaseLogger) {
  let last: number | null = null;
  return {
    async runIfDue(): Promise<AutoPayoutRun | null> {
      const now = ctx.clock.now();
      if (last !== null && now.getTime() - last < AUTO_PAYOUTS_EVERY_MS) return null;
      last = now.getTime();
      try {
        const r = await runAutoPayouts(ctx.database.db, now);
        if (r.attempted) log.info(r, 'automatic payouts ran');
        return r;
      } catch (error) {
        if (isDatabaseUnavailable(error)) ctx.database.outage.report(log, error, 'automatic payouts');
        else log.error({ err: error }, 'automatic payouts failed; retried at the next turn');
        return null;
      }
    },
  };
}
