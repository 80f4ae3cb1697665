import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { ping } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { jobRuns, timedJob } from '../lib/metrics.ts';
import { alertJob } from './alerts.ts';
import { autoPayoutJob } from './auto-payouts.ts';
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
 * Runs the closes, the delivery of due mails (and, hourly, the housekeeping of spent sessions, tokens, mails and postback deliveries): once at start (catching up every day missed while no server ran) and then every
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
  // Automatic payouts (decision 0202): after the closes, every few minutes; each partner at most once a UTC day (never throws).
  const autoPayouts = autoPayoutJob(ctx, log);
  /** A job's failure: an outage that began mid-turn is logged once (db/outage.ts), anything else as an error. */
  const failed = (error: unknown, message: string) => {
    if (isDatabaseUnavailable(error)) ctx.database.outage.report(log, error, 'scheduled jobs');
    else log.error({ err: error }, message);
  };
  const tick = async () => {
    if (stopped) return;
    if (running) return running;
    running = (async () => {
      // While the database is away every job would fail, each tick and each job logging it: the turn is skipped,
      // and the outage is logged once when it begins and once when it ends (decision 0170).
      const reachable = await ping(ctx.database).catch((error: unknown) => {
        ctx.database.outage.report(log, error, 'scheduled jobs');
        return false;
      });
      if (!reachable) {
        jobRuns.inc({ job: 'turn', outcome: 'skipped' });
        running = null;
        return;
      }
      ctx.database.outage.recovered(log);
      try {
        const r = await timedJob('close', () => catchUp(ctx.database, ctx.clock.now()));
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
        failed(error, 'close failed; retried at the next tick');
      }
      // Mails that could not be sent before, or that a process died while sending (decision 0170).
      try {
        const mails = ctx.mailer ? await timedJob('outbox', () => ctx.mailer!.deliverDue()) : null;
        if (mails && (mails.sent || mails.retried || mails.abandoned)) log.info(mails, 'outbox delivery ran');
        if (mails?.abandoned) log.error({ abandoned: mails.abandoned }, 'mails given up after repeated failures');
      } catch (error) {
        failed(error, 'outbox delivery failed; retried at the next tick');
      }
      // These never throw: they log their own failures.
      await timedJob('rate_feeds', () => rateFeeds.runIfDue());
      await timedJob('postbacks', () => postbacks.runIfDue());
      if (alerts) await timedJob('alerts', () => alerts.runIfDue());
      if (siteRechecks) await timedJob('site_rechecks', () => siteRechecks.runIfDue());
      await timedJob('auto_payouts', () => autoPayouts.runIfDue());
      try {
        const now = ctx.clock.now();
        if (lastHousekeeping === null || now.getTime() - lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
          lastHousekeeping = now.getTime();
          const gone = await timedJob('housekeeping', () => housekeeping(ctx.database, now));
          if (gone.sessions || gone.tokens || gone.mails || gone.postbacks) log.info(gone, 'housekeeping removed spent records');
        }
      } catch (error) {
        failed(error, 'housekeeping failed; retried at the next tick');
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
