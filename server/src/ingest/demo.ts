import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { IngestAnswer, ProjectId } from '@pc/core';
import { plansOf, sendHistory, startLive, type HistoryPlan, type SimPartner } from '@pc/simulator/simulate';
import type { Send } from '@pc/simulator/sender';

const HISTORY_DAYS = 120;
const DONE_ID = 'demo-history-complete';
const SEED = 'demo';
const THROUGH_PREFIX = 'demo-history-through-';
const DAY_MS = 86_400_000;
/** The partners the demo partner invited are smaller than the demo partner. */
const INVITED_SEED = 'demo-invited';
const INVITED_SCALE = 0.1;

/**
 * The demo partner's traffic outside production: about 120 days of history on both projects (once: a marker event
 * records completion, and an interrupted run resumes harmlessly because event ids are deterministic), the days the
 * server was down since (marker events record how far), then a live trickle. Runs in the background after the server listens; answers a stop function.
 * The partners it invited (`invited`, seed/demo-referrals.ts) send theirs along, each from the day after their
 * registration and with a history marker of their own, so that the day closes book the demo partner's referral
 * commissions of both levels from real traffic.
 */
export function startDemoTraffic(
  app: FastifyInstance,
  userId: number,
  opts: { invited?: number[]; historyDays?: number; afterHistory?: () => Promise<void> } = {},
): { stop(): Promise<void> } {
  const historyDays = opts.historyDays ?? HISTORY_DAYS;
  const { database, config } = app.ctx;
  const tokens: Record<ProjectId, string> = { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 };
  const post = (project: ProjectId, events: unknown[]) =>
    app.inject({
      method: 'POST',
      url: `/ingest/v1/${project}/events`,
      headers: { authorization: `Bearer ${tokens[project]}`, 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });
  const send: Send = async (project, events) => {
    let response = await post(project, events);
    // The server has no room for the batch now (back-pressure): wait as it asks and send it again.
    while (response.statusCode === 503 && !stopped) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after'] ?? 1) * 1000));
      response = await post(project, events);
    }
    if (response.statusCode !== 200) throw new Error(`demo ingest ${response.statusCode}: ${response.body.slice(0, 200)}`);
    return response.json() as IngestAnswer;
  };
  let stopLive: (() => Promise<void>) | undefined;
  let stopped = false;

  /** A partner with both programmes active, as the simulator plays it; null otherwise. */
  const partnerOf = async (id: number, key: string): Promise<(SimPartner & { createdAt: number }) | null> => {
    const [user] = await database.query<{ created_at: Date | string }>(sql`select created_at from users where id = ${id}`);
    const programs = await database.query<{ project: ProjectId; app_user_id: number }>(
      sql`select project, app_user_id from partner_programs where user_id = ${id}`,
    );
    if (!user || programs.length < 2) return null;
    const app_ = Object.fromEntries(programs.map((p) => [p.project, Number(p.app_user_id)])) as Record<ProjectId, number>;
    return { key, app: app_, userId: id, createdAt: new Date(user.created_at).getTime() };
  };

  const run = (async () => {
    const demo = await partnerOf(userId, 'demo');
    if (!demo) return;
    const invited: SimPartner[] = [];
    for (const id of opts.invited ?? []) {
      const partner = await partnerOf(id, `invited-${id}`);
      if (partner) invited.push({ key: partner.key, app: partner.app, userId: id, since: partner.createdAt });
    }
    const plans: HistoryPlan[] = [...plansOf([demo], SEED, 1), ...plansOf(invited, INVITED_SEED, INVITED_SCALE)];
    const guarded: Send = async (project, events) => {
      if (stopped) throw new Error('stopped');
      return send(project, events);
    };
    // History ends at the demo account's creation, so a resumed run generates the very same events.
    const anchor = demo.createdAt;
    const anchorDay = Math.floor(anchor / DAY_MS) * DAY_MS;
    const firstDay = anchorDay - (historyDays - 1) * DAY_MS;
    // Each partner's history is sent once: a marker event of its own records it (the demo partner's is DONE_ID).
    const doneId = (p: SimPartner) => (p === demo ? DONE_ID : `${DONE_ID}-${p.key}`);
    const fresh = new Set<string>();
    for (const partner of [demo, ...invited]) {
      const done = await database.query(sql`select 1 from ingest_event_keys where project = 'fd2' and event_id = ${doneId(partner)}`);
      if (done.length === 0) fresh.add(partner.key);
    }
    if (fresh.size) {
      const started = performance.now();
      const result = await sendHistory(guarded, plans.filter((p) => fresh.has(p.key)), { seed: SEED, days: historyDays, now: anchor, batchSize: 5_000 });
      for (const partner of [demo, ...invited].filter((p) => fresh.has(p.key)))
        await send('fd2', [{ id: doneId(partner), type: 'page_hit', at: new Date(anchor).toISOString(), app_users_id: partner.app.fd2, referrer: null }]);
      app.log.info({ events: result.sent.accepted, partners: fresh.size, ms: Math.round(performance.now() - started) }, 'demo history ingested');
    }
    // Days the server was down since (the same deterministic sequence, only the missing days are sent).
    const [through] = await database.query<{ day: string | null }>(
      sql`select max(substr(event_id, ${THROUGH_PREFIX.length + 1})) as day from ingest_event_keys where project = 'fd2' and event_id like ${`${THROUGH_PREFIX}%`}`,
    );
    const now = Date.now();
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const sendFrom = through?.day ? Date.parse(`${through.day}T00:00:00Z`) : anchorDay;
    if (!stopped && today >= sendFrom && now - anchor > 60_000) {
      // A partner whose history was sent just now (invited after the demo's traffic began) catches up from the anchor.
      let accepted = 0;
      for (const [group, from] of [
        [plans.filter((p) => !fresh.has(p.key)), sendFrom],
        [plans.filter((p) => fresh.has(p.key)), anchorDay],
      ] as const) {
        if (group.length === 0) continue;
        const result = await sendHistory(guarded, group, { seed: SEED, days: Math.round((today - firstDay) / DAY_MS) + 1, now, sendFrom: from, batchSize: 5_000 });
        accepted += result.sent.accepted;
      }
      const day = new Date(today).toISOString().slice(0, 10);
      await send('fd2', [{ id: `${THROUGH_PREFIX}${day}`, type: 'page_hit', at: new Date(now).toISOString(), app_users_id: demo.app.fd2, referrer: null }]);
      if (accepted) app.log.info({ events: accepted }, 'demo traffic caught up');
    }
    // What needs the earned money (the demo's payout history) comes once the history is in.
    if (!stopped && opts.afterHistory) await opts.afterHistory();
    if (!stopped) stopLive = startLive(send, plans, { seed: SEED, intervalMs: 3_000, onError: (e) => app.log.warn({ err: e }, 'demo live traffic') });
  })().catch((error) => {
    if (!stopped) app.log.warn({ err: error }, 'demo traffic stopped');
  });

  return {
    async stop() {
      stopped = true;
      await run;
      await stopLive?.();
    },
  };
}
