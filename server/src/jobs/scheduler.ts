import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { alertJob } from './alerts.ts';
import { catchUp } from './close.ts';
import { housekeeping } from './housekeeping.ts';
import { postbackJob } from './postbacks.ts';
import { rateFeedJob, type RateFeedContext } from './rate-feeds.ts';
import { siteRecheckJob } from './site-rechecks.ts';

/** Spent sessions, tokens and mails are cleared at most this often. */
export const HOUSEKEEPING_EVERY_MS = 3_600_000;

export interface Scheduler {
  /** Runs one catch-up now (also what every tick does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the closes (and, hourly, the housekeeping of spent sessions, tokens, mails and postback deliveries): once at start (catching up every day missed while no server ran) and then every
 * `intervalMs` (a minute by default), so yesterday is closed minutes after 00:00 UTC and late events for closed
 * days are re-closed within a minute. Several instances may run it: each close takes its own advisory lock and
 * writes only what is missing.
 */
export function startScheduler(
  ctx: RateFeedContext & { mailer?: AppContext['mailer'] },
  log: FastifyBaseLogger,
  opts: { intervalMs?: number } = {},
): Scheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastHousekeeping: number | null = null;
  const rateFeeds = rateFeedJob(ctx, log); // the exchange-rate feeds: at start, then every few hours (never throws)
  const postbacks = postbackJob(ctx, log); // postback deliveries due now, new and retried (decision 0123; never throws)
  // E-mail alerts (decision 0124): weekly summaries and batched sale alerts, after the closes (never throws).
  const alerts = ctx.mailer ? alertJob(ctx as AppContext, log) : null;
  // Verified sites checked again, a few per tick (decision 0152; never throws); they mail what they find.
  const siteRechecks = ctx.mailer ? siteRecheckJob(ctx as AppContext, log) : null;
  const tick = async () => {
    if (stopped) return;
    if (running) return running;
    running = (async () => {
      try {
        const r = await catchUp(ctx.database, ctx.clock.now());
        if (r.days.length || r.months.length || r.dirty.length) {
          log.info(
            {
              days: r.days.map((d) => d.day),
              months: r.months.map((m) => m.month),
              dirty: r.dirty.map((d) => d.day),
              entries: [...r.days, ...r.dirty].reduce((n, d) => n + d.entries, 0),
            },
            'closes ran',
          );
        }
      } catch (error) {
        log.error({ err: error }, 'close failed; retried at the next tick');
      }
      await rateFeeds.runIfDue();
      await postbacks.runIfDue();
      await alerts?.runIfDue();
      await siteRechecks?.runIfDue();
      try {
        const now = ctx.clock.now();
        if (lastHousekeeping === null || now.getTime() - lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
          lastHousekeeping = now.getTime();
          const gone = await housekeeping(ctx.database, now);
          if (gone.sessions || gone.tokens || gone.mails || gone.postbacks) log.info(gone, 'housekeeping removed spent records');
        }
      } catch (error) {
        log.error({ err: error }, 'housekeeping failed; retried at the next tick');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 60_000);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
