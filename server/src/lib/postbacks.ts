import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { nextPostbackAttempt, type PayoutConversionView, type PostbackBody, type PostbackEvent, type ProjectId } from '@pc/core';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { rows, type Tx } from '../db/sql.ts';
import { OutboundError, outboundFetch } from './outbound.ts';
import { postbackDeliveries } from './metrics.ts';

/**
 * Postbacks (docs/product.md#postbacks; decision 0123): the one place that enqueues them (ingest for sales, the
 * payout moves in money/payouts.ts, the page's test) and delivers them (jobs/postbacks.ts, the test call).
 *
 * Enqueueing happens in the transaction that stores the event, one row per event and project URL, keyed by the
 * event: the same event enqueued again adds nothing. Delivering claims due rows (FOR UPDATE SKIP LOCKED, then a
 * short lease, so no transaction stays open during the request), POSTs the JSON body signed with the partner's
 * secret, and records the outcome: a 2xx is delivered, anything else is retried (core nextPostbackAttempt) until 24
 * hours after the first attempt.
 */

/** A claimed delivery is not picked again for this long (the request takes 5 s at most; a crash frees it). */
export const POSTBACK_LEASE_MS = 2 * 60_000;
/** At most this many deliveries per run, this many at once. */
export const POSTBACK_BATCH = 50;
export const POSTBACK_PARALLEL = 4;

export interface PostbackItem {
  userId: number;
  event: PostbackEvent;
  /** Names the event (the same event always gets the same key): one delivery per key and project. */
  eventKey: string;
  data: Record<string, unknown>;
}

/**
 * Adds a delivery of each item to the partner's postback URL of `project` (null: of every project: payouts are
 * per partner); items of partners without a URL there add nothing, nor do events already enqueued. Answers how many
 * were added. Call it inside the transaction that stores the event.
 */
export async function enqueuePostbacks(tx: Pick<Tx, 'execute'>, project: ProjectId | null, items: PostbackItem[], now: Date): Promise<number> {
  if (!items.length) return 0;
  const data = items.map((i) => ({ user_id: i.userId, event: i.event, event_key: i.eventKey, data: i.data }));
  const added = await rows(
    tx,
    sql`insert into postback_deliveries (user_id, project, event, event_key, data, created_at, next_attempt_at)
        select e.user_id, e.project, x.event, x.event_key, x.data, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(user_id bigint, event text, event_key text, data jsonb)
        join postback_endpoints e on e.user_id = x.user_id and (${project}::text is null or e.project = ${project}::text)
        order by e.user_id, e.project, x.event_key
        on conflict (user_id, project, event_key) do nothing
        returning id`,
  );
  return added.length;
}

type SaleFields = {
  id: string;
  type: 'sale' | 'sale_status';
  sale_id: string;
  status: string;
  amount_micro?: number;
  revenue_type?: string;
  file_id?: string | null;
  site_domain?: string | null;
  country?: string | null;
  tariff?: string;
  payment_system?: string;
  player_type?: string | null;
  sub_id?: string | null;
  fraud?: boolean;
};

/**
 * The postback of a stored sale or sale_status event: the event's own facts (never the buyer's e-mail) and the
 * partner's share of the sale after it (`earned_micro`).
 */
export function salePostback(
  userId: number,
  project: ProjectId,
  event: SaleFields,
  at: string,
  earnedMicro: number,
  /** The tag the sale counts under ('' or absent = none; decision 0206): a status change names its sale's. */
  saleTag = '',
): PostbackItem {
  const subId = (event.type === 'sale' ? event.sub_id : saleTag) || null;
  const data: Record<string, unknown> =
    event.type === 'sale'
      ? {
          sale_id: event.sale_id,
          event_id: event.id,
          at,
          status: event.status,
          amount_micro: event.amount_micro ?? 0,
          earned_micro: earnedMicro,
          revenue_type: event.revenue_type ?? null,
          file_id: event.file_id ?? null,
          site_domain: event.site_domain ?? null,
          country: event.country ?? null,
          tariff: event.tariff ?? '',
          payment_system: event.payment_system ?? '',
          player_type: event.player_type ?? null,
          sub_id: subId,
        }
      : { sale_id: event.sale_id, event_id: event.id, at, status: event.status, fraud: event.fraud ?? null, earned_micro: earnedMicro, sub_id: subId };
  return { userId, event: event.type, eventKey: `${event.type}:${project}:${event.id}`, data };
}

/** The postback of a payout request's move (one per row of its history). */
export function payoutPostback(
  request: { id: number; userId: number; amountMicro: number; feeMicro: number; walletType: string },
  move: { historyId: number; from: string | null; to: string; reason: string; at: Date },
  /** What the request pays in roubles or hryvnias (decision 0150), or null when it is paid in US dollars. */
  conversion: PayoutConversionView | null = null,
): PostbackItem {
  return {
    userId: request.userId,
    event: 'payout_status',
    eventKey: `payout_status:${move.historyId}`,
    data: {
      payout_id: request.id,
      status: move.to,
      previous_status: move.from,
      reason: move.reason,
      amount_micro: request.amountMicro,
      fee_micro: request.feeMicro,
      wallet_type: request.walletType,
      conversion,
      at: move.at.toISOString(),
    },
  };
}

/** A new signing secret: 32 random bytes, hex, with a recognizable prefix. */
export function newPostbackSecret(): string {
  return `pbsec_${randomBytes(32).toString('hex')}`;
}

/** The X-Postback-Signature value of a body: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export function signPostback(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * What delivering needs: the database, the clock and (optionally) the configuration, of which only
 * OUTBOUND_ALLOW_PRIVATE and NODE_ENV are read (absent: false, not production). Any config shape is taken so that the scheduler's context fits.
 */
export type PostbackContext = Pick<AppContext, 'database' | 'clock'> & { config?: object };

const allowPrivateOf = (ctx: PostbackContext): boolean => (ctx.config as Partial<Pick<Config, 'OUTBOUND_ALLOW_PRIVATE'>> | undefined)?.OUTBOUND_ALLOW_PRIVATE === true;
const productionOf = (ctx: PostbackContext): boolean => (ctx.config as Partial<Pick<Config, 'NODE_ENV'>> | undefined)?.NODE_ENV === 'production';

export interface DeliveryRow {
  id: number;
  user_id: number;
  project: ProjectId;
  event: PostbackEvent;
  data: Record<string, unknown>;
  created_at: Date;
  attempts: number;
  first_attempt_at: Date | null;
}

/** A time as a SQL parameter (cast with ::timestamptz). */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const asDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const asData = (v: unknown): Record<string, unknown> => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown>));

function deliveryRow(r: Record<string, unknown>): DeliveryRow {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    project: r.project as ProjectId,
    event: r.event as PostbackEvent,
    data: asData(r.data),
    created_at: asDate(r.created_at)!,
    attempts: Number(r.attempts),
    first_attempt_at: asDate(r.first_attempt_at),
  };
}

/** Claims up to `limit` due deliveries: they are leased (not due again for POSTBACK_LEASE_MS) and answered. */
export async function claimDuePostbacks(database: Database, now: Date, limit = POSTBACK_BATCH): Promise<DeliveryRow[]> {
  const leaseUntil = new Date(now.getTime() + POSTBACK_LEASE_MS);
  const claimed = await database.db.transaction(async (tx) =>
    rows(
      tx,
      sql`with due as (
            select id from postback_deliveries
            where next_attempt_at <= ${iso(now)}::timestamptz
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
          update postback_deliveries d set next_attempt_at = ${iso(leaseUntil)}::timestamptz
          from due where d.id = due.id
          returning d.id, d.user_id, d.project, d.event, d.data, d.created_at, d.attempts, d.first_attempt_at`,
    ),
  );
  return claimed.map(deliveryRow).sort((a, b) => a.id - b.id);
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  /** When it is tried again (null: delivered or given up). */
  nextAttemptAt: Date | null;
}

/**
 * Makes one attempt of a claimed delivery and records it. `retry: false` (the page's test event) gives up after a
 * failed attempt instead of scheduling another.
 */
export async function attemptPostback(ctx: PostbackContext, d: DeliveryRow, opts: { retry?: boolean } = {}): Promise<AttemptOutcome> {
  const { database } = ctx;
  const [target] = await rows<{ url: string; secret: string }>(
    database.db,
    sql`select e.url, s.secret from postback_endpoints e join postback_secrets s on s.user_id = e.user_id
        where e.user_id = ${d.user_id} and e.project = ${d.project}`,
  );
  const now = ctx.clock.now();
  let outcome: { delivered: boolean; statusCode: number | null; error: string | null };
  if (!target) {
    outcome = { delivered: false, statusCode: null, error: 'endpoint_removed' };
  } else {
    const payload: PostbackBody = { id: String(d.id), event: d.event, project: d.project, created_at: d.created_at.toISOString(), data: d.data };
    const body = JSON.stringify(payload);
    const allowPrivate = allowPrivateOf(ctx);
    try {
      const res = await outboundFetch(target.url, {
        allowPrivate,
        // Plain http only where private targets are allowed too (a local receiver in tests).
        httpsOnly: !allowPrivate,
        standardPortsOnly: productionOf(ctx),
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'partner-cabinet-postbacks/1',
          'x-postback-signature': signPostback(target.secret, body),
          'x-postback-id': payload.id,
          'x-postback-timestamp': String(Math.floor(now.getTime() / 1000)),
        },
      });
      const ok = res.status >= 200 && res.status < 300;
      outcome = { delivered: ok, statusCode: res.status, error: ok ? null : 'http_status' };
    } catch (error) {
      outcome = { delivered: false, statusCode: null, error: error instanceof OutboundError ? error.reason : 'network' };
    }
  }
  const at = ctx.clock.now();
  const attempts = d.attempts + 1;
  const first = d.first_attempt_at ?? now;
  const next =
    outcome.delivered || outcome.error === 'endpoint_removed' || opts.retry === false ? null : nextPostbackAttempt(first, attempts, at);
  await database.query(
    sql`update postback_deliveries set
          attempts = ${attempts},
          first_attempt_at = ${iso(first)}::timestamptz,
          last_attempt_at = ${iso(now)}::timestamptz,
          status_code = ${outcome.statusCode},
          error = ${outcome.error},
          delivered_at = ${outcome.delivered ? iso(at) : null}::timestamptz,
          next_attempt_at = ${iso(next)}::timestamptz,
          given_up_at = ${!outcome.delivered && !next ? iso(at) : null}::timestamptz
        where id = ${d.id} and given_up_at is null and delivered_at is null`,
  );
  postbackDeliveries.inc({ outcome: outcome.delivered ? 'delivered' : next ? 'failed' : 'given_up' });
  return { ...outcome, nextAttemptAt: next };
}

/** Delivers what is due now: claims a batch and attempts it, a few at once. Answers the counts. */
export async function deliverDuePostbacks(ctx: PostbackContext, log?: FastifyBaseLogger): Promise<{ delivered: number; failed: number }> {
  const claimed = await claimDuePostbacks(ctx.database, ctx.clock.now());
  let delivered = 0;
  let failed = 0;
  const queue = [...claimed];
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      try {
        const outcome = await attemptPostback(ctx, d);
        if (outcome.delivered) delivered++;
        else failed++;
      } catch (error) {
        failed++;
        log?.error({ err: error, delivery: d.id }, 'postback attempt failed; the lease runs out and it is tried again');
      }
    }
  };
  await Promise.all(Array.from({ length: POSTBACK_PARALLEL }, worker));
  return { delivered, failed };
}
