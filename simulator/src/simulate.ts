import { PROJECTS, type ProjectId } from '@pc/core';
import { partnerEvents, liveEvents, type PartnerPlan } from './generate.ts';
import { Rng } from './random.ts';
import { Batcher, type Send } from './sender.ts';

const DAY_MS = 86_400_000;

export interface SimPartner {
  key: string;
  app: Record<ProjectId, number>;
  userId?: number;
  /** When the partner registered (ms): their traffic starts the UTC day after. Default: the history's first day. */
  since?: number;
}

/** A partner's traffic plan in one project, from the UTC day after `since` when given. */
export type HistoryPlan = PartnerPlan & { since?: number };

export interface HistoryOptions {
  seed: string | number;
  days: number;
  /** The end of the history (exclusive day boundary is the next UTC midnight after it). */
  now: number;
  batchSize?: number;
  /** Days before this UTC midnight (ms) are generated (the sequence stays the same) but not sent. */
  sendFrom?: number;
  onProgress?: (day: number, days: number, sent: Batcher['sent']) => void;
}

/** The traffic plan of each partner: size and growth drawn from the seed. */
export function plansOf(partners: SimPartner[], seed: string | number, scale = 1): HistoryPlan[] {
  const rng = new Rng(`${seed}:plans`);
  return partners.flatMap((p) =>
    PROJECTS.map((project) => ({
      key: p.key,
      project,
      appUserId: p.app[project],
      seed,
      dailyDownloads: Math.round((project === 'fd1' ? 1 : 0.6) * scale * rng.int(20, 400)),
      growth: rng.next() * 1.5 - 0.2,
      ...(p.since === undefined ? {} : { since: p.since }),
    })),
  );
}

/** Streams `days` days of history of every partner through `send`, day by day (all partners of a day together). */
export async function sendHistory(send: Send, plans: HistoryPlan[], opts: HistoryOptions) {
  const batcher = new Batcher(send, opts.batchSize ?? 5_000);
  const today = Math.floor(opts.now / DAY_MS) * DAY_MS;
  const fromDay = today - (opts.days - 1) * DAY_MS;
  const streams = plans.map((plan) => {
    // A partner who registered within the history has traffic from the next UTC day on.
    const first = plan.since === undefined ? fromDay : Math.max(fromDay, Math.floor(plan.since / DAY_MS) * DAY_MS + DAY_MS);
    return { plan, first, it: partnerEvents(plan, first, today + DAY_MS, opts.now) };
  });
  for (let d = 0; d < opts.days; d++) {
    const day = fromDay + d * DAY_MS;
    for (const { plan, first, it } of streams) {
      if (day < first) continue;
      const next = it.next();
      if (!next.done && day >= (opts.sendFrom ?? 0)) await batcher.add(plan.project, next.value);
    }
    opts.onProgress?.(d + 1, opts.days, batcher.sent);
  }
  await batcher.flush();
  return { sent: batcher.sent, rejections: batcher.rejections };
}

/** A realistic trickle: a few events every couple of seconds per partner. Answers a stop function. */
export function startLive(send: Send, plans: PartnerPlan[], opts: { seed: string | number; intervalMs?: number; now?: () => number; onError?: (e: unknown) => void }) {
  const rng = new Rng(`${opts.seed}:live:${Date.now()}`);
  const now = opts.now ?? (() => Date.now());
  let counter = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const files = new Map<string, string[]>();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(async () => {
      for (const plan of plans) {
        if (!rng.chance(Math.min(1, plan.dailyDownloads / 200))) continue;
        const key = `${plan.key}:${plan.project}`;
        if (!files.has(key)) {
          // The live trickle downloads the partner's history files (f1..f8 always exist from day one).
          files.set(key, Array.from({ length: 8 }, (_, i) => `${plan.key}-f${i + 1}`));
        }
        const events = liveEvents(rng, plan, files.get(key)!, now(), ++counter);
        if (events.length) await send(plan.project, events).catch((e) => opts.onError?.(e));
      }
    });
  }, opts.intervalMs ?? 2_000);
  timer.unref?.();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
