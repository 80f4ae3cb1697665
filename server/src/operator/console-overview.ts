import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { consoleOverviewAnswer, dayOf, type ConsoleOverviewAnswer, type ProductConfig } from '@pc/core';
import { rows, type Tx } from '../db/sql.ts';
import { balancesOfAll } from '../money/balance.ts';
import { loadProduct } from '../money/product.ts';

/**
 * The console's Overview (decision 0162): what the programme owes, the payouts waiting, the earnings booked and
 * the partners who joined. Read only; every money figure comes from the ledger and the payout requests through the
 * money module's rules.
 */
export async function consoleOverview(db: Tx, now: Date, product: ProductConfig): Promise<ConsoleOverviewAnswer> {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const owed = { balance: 0, hold: 0, available: 0, partners: 0 };
  for (const figures of (await balancesOfAll(db, now, product)).values()) {
    owed.balance += figures.balance;
    owed.hold += figures.hold;
    owed.available += figures.available;
    if (figures.balance !== 0 || figures.hold !== 0) owed.partners += 1;
  }
  const waiting = await rows<{ status: 'created' | 'review' | 'process'; system: string; count: number; amount: number }>(
    db,
    sql`select status, wallet_type as system, count(*)::int as count, coalesce(sum(amount_micro), 0)::bigint as amount
        from payout_requests where status in ('created', 'review', 'process')
        group by status, wallet_type order by status, wallet_type`,
  );
  const [booked] = await rows<{ today: number; month: number }>(
    db,
    sql`select coalesce(sum(amount_micro) filter (where day = ${today}::date), 0)::bigint as today,
               coalesce(sum(amount_micro), 0)::bigint as month
        from ledger_entries where kind = 'earning' and day >= ${monthStart}::date and day <= ${today}::date`,
  );
  const dayStart = new Date(`${today}T00:00:00Z`);
  const monthStartAt = new Date(`${monthStart}T00:00:00Z`);
  const [joined] = await rows<{ today: number; month: number }>(
    db,
    sql`select count(*) filter (where created_at >= ${dayStart})::int as today, count(*)::int as month
        from users where created_at >= ${monthStartAt} and created_at <= ${now}`,
  );
  const [oldest] = await rows<{ id: number; user_id: number; status: 'created' | 'review' | 'process'; amount_micro: number; created_at: Date | string }>(
    db,
    sql`select id, user_id, status, amount_micro, created_at from payout_requests
        where status in ('created', 'review', 'process') order by created_at, id limit 1`,
  );
  return {
    at: now.toISOString(),
    owed,
    payouts_waiting: waiting.map((w) => ({ status: w.status, system: w.system, count: w.count, amount: w.amount })),
    earnings_booked: { today: booked?.today ?? 0, month: booked?.month ?? 0 },
    new_partners: { today: joined?.today ?? 0, month: joined?.month ?? 0 },
    oldest_waiting: oldest
      ? {
          id: oldest.id,
          user_id: oldest.user_id,
          status: oldest.status,
          amount: oldest.amount_micro,
          created_at: new Date(oldest.created_at).toISOString(),
          age_seconds: Math.max(0, Math.floor((now.getTime() - new Date(oldest.created_at).getTime()) / 1000)),
        }
      : null,
  };
}

export async function consoleOverviewRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  app.get(
    '/overview',
    { config: { permission: 'overview.read' }, schema: { tags: ['operator'], response: { 200: consoleOverviewAnswer } } },
    async () => {
      const db = database.db;
      return consoleOverview(db, clock.now(), await loadProduct(db));
    },
  );
}
