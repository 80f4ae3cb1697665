import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  addDaysToDay,
  dayEnd,
  dayKey,
  dayStart,
  flaggedPartnersAnswer,
  flaggedPartnersQuery,
  flaggedSaleLostMicro,
  flaggedSalesAnswer,
  flaggedSalesQuery,
  flaggedShareBp,
  operatorIdParam,
  productInForce,
  PROJECTS,
  saleFlagKind,
  saleKindOf,
  saleShare,
  type FlaggedKind,
  type ProjectId,
  type RevenueType,
  type SaleStatus,
} from '@pc/core';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { rows } from '../db/sql.ts';
import { readPlans } from '../ingest/state.ts';
import { AppError } from '../lib/errors.ts';
import { loadProductVersions } from '../money/product.ts';

/**
 * The console's Flagged sales (decision 0164): sales marked fraud or refunded, by partner over a period, with the share
 * they are of each partner's sales and what the partner no longer earns from them; and one partner's flagged sales.
 * Reads only. A sale belongs to the UTC day it was made (`at`), whenever it was flagged; only sales the project has
 * reported (`known`) count. The rules (what is flagged, the share, the loss) are core's flagged-sales.ts, which the
 * SQL below follows and the tests compare with.
 */

/** The default period: the last 30 days up to today (UTC). */
const DEFAULT_DAYS = 30;

interface Period {
  from: string;
  to: string;
}

function periodOf(q: { date_from?: string | undefined; date_to?: string | undefined }, now: Date): Period {
  if (q.date_from && q.date_to) return { from: q.date_from, to: q.date_to };
  const to = dayKey(now);
  return { from: addDaysToDay(to, -(DEFAULT_DAYS - 1)), to };
}

/** core isFlaggedFor, as a condition on ingest_sales. */
function flaggedWhere(kind: FlaggedKind): SQL {
  if (kind === 'fraud') return sql`fraud`;
  if (kind === 'refund') return sql`status = 'refund'`;
  return sql`(fraud or status = 'refund')`;
}

function salesWhere(period: Period, project: ProjectId | undefined): SQL {
  return sql`known and at >= ${dayStart(period.from)} and at < ${dayEnd(period.to)}${project ? sql` and project = ${project}` : sql``}`;
}

interface LostSale {
  project: ProjectId;
  user_id: number;
  at: Date | string;
  amount_micro: number | null;
  revenue_type: string | null;
  applied_bucket: string;
  status: SaleStatus;
  fraud: boolean;
}

/**
 * What each sale no longer earns its partner: the plan share at the sale's time (the plan and product settings then,
 * as ingest priced it, video and copies by the bucket ingest gave the sale), when the sale's status no longer earns.
 * The site bonus goes to another partner (the site's owner) and is not counted here.
 */
async function lostOf(db: Db, sales: LostSale[]): Promise<number[]> {
  if (!sales.length) return [];
  const versions = await loadProductVersions(db);
  const productAt = (at: string) => productInForce(versions, at);
  const plans = new Map<ProjectId, Awaited<ReturnType<typeof readPlans>>>();
  for (const project of PROJECTS) {
    const ids = new Set(sales.filter((s) => s.project === project).map((s) => Number(s.user_id)));
    if (ids.size) plans.set(project, await readPlans(db, project, ids, productAt));
  }
  return sales.map((s) => {
    const at = new Date(s.at).toISOString();
    const planAt = plans.get(s.project)!;
    const kind = saleKindOf((s.revenue_type ?? 'direct') as RevenueType, s.applied_bucket === 'video');
    const share = saleShare(planAt(Number(s.user_id), at), kind, Number(s.amount_micro ?? 0), productAt(at));
    return flaggedSaleLostMicro(s, share);
  });
}

/** A partner filter: a whole number is an id, anything else part of the e-mail address. */
function partnerWhere(partner: string | undefined): SQL {
  const term = partner?.trim();
  if (!term) return sql``;
  if (/^\d+$/.test(term) && Number(term) <= Number.MAX_SAFE_INTEGER) return sql` and u.id = ${Number(term)}`;
  return sql` and u.email ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

export async function consoleFlaggedRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  app.get(
    '/flagged-sales',
    { config: { permission: 'flagged.read' }, schema: { tags: ['operator'], querystring: flaggedPartnersQuery, response: { 200: flaggedPartnersAnswer } } },
    async (request) => {
      const q = request.query;
      const period = periodOf(q, clock.now());
      const flagged = flaggedWhere(q.kind);
      // The same share as core flaggedShareBp (rounded down); the order is core compareFlaggedPartners'.
      const share = sql`(g.flagged::bigint * 10000 / g.sales)`;
      const order = q.sort === 'share' ? sql`${share} desc, g.flagged_amount desc, g.user_id` : sql`g.flagged_amount desc, ${share} desc, g.user_id`;
      const found = await rows<{
        user_id: number;
        email: string;
        sales: number;
        flagged: number;
        fraud: number;
        refunded: number;
        flagged_amount: number | string;
        total: number;
      }>(
        db,
        sql`with s as (
              select user_id, amount_micro, fraud, status = 'refund' as refunded, ${flagged} as flagged
              from ingest_sales where ${salesWhere(period, q.project)}),
            g as (
              select s.user_id, count(*)::int as sales,
                count(*) filter (where s.flagged)::int as flagged,
                count(*) filter (where s.fraud)::int as fraud,
                count(*) filter (where s.refunded)::int as refunded,
                coalesce(sum(s.amount_micro) filter (where s.flagged), 0)::bigint as flagged_amount
              from s join users u on u.id = s.user_id
              where true${partnerWhere(q.partner)}
              group by s.user_id
              having count(*) filter (where s.flagged) > 0)
            select g.*, u.email, count(*) over ()::int as total
            from g join users u on u.id = g.user_id
            order by ${order}
            limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      // What each partner of the page no longer earns, from its flagged sales that no longer count.
      const ids = found.map((r) => Number(r.user_id));
      const lostSales = ids.length
        ? await rows<LostSale>(
            db,
            sql`select project, user_id, at, amount_micro, revenue_type, applied_bucket, status, fraud from ingest_sales
                where ${salesWhere(period, q.project)} and ${flagged} and status not in ('ok', 'hold')
                  and user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
          )
        : [];
      const lostAmounts = await lostOf(db, lostSales);
      const lost = new Map<number, number>();
      lostSales.forEach((s, i) => lost.set(Number(s.user_id), (lost.get(Number(s.user_id)) ?? 0) + lostAmounts[i]!));
      let total = found[0]?.total ?? 0;
      // A page past the end has no rows to carry the count.
      if (!found.length && q.page > 1) {
        const [n] = await rows<{ n: number }>(
          db,
          sql`select count(distinct s.user_id)::int as n from (select user_id from ingest_sales where ${salesWhere(period, q.project)} and ${flagged}) s
              join users u on u.id = s.user_id where true${partnerWhere(q.partner)}`,
        );
        total = n?.n ?? 0;
      }
      return {
        period,
        data: found.map((r) => ({
          id: Number(r.user_id),
          email: r.email,
          sales: r.sales,
          flagged: r.flagged,
          fraud: r.fraud,
          refunded: r.refunded,
          share_bp: flaggedShareBp(r.flagged, r.sales),
          flagged_amount: Number(r.flagged_amount),
          earnings_lost: lost.get(Number(r.user_id)) ?? 0,
        })),
        meta: { page: q.page, per_page: q.per_page, total },
      };
    },
  );

  app.get(
    '/flagged-sales/:id',
    {
      config: { permission: 'flagged.read' },
      schema: { tags: ['operator'], params: operatorIdParam, querystring: flaggedSalesQuery, response: { 200: flaggedSalesAnswer } },
    },
    async (request) => {
      const q = request.query;
      const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, request.params.id));
      if (!user) throw new AppError('not_found', { key: 'operator:partner_not_found' });
      const period = periodOf(q, clock.now());
      const where = sql`user_id = ${user.id} and ${salesWhere(period, q.project)} and ${flaggedWhere(q.kind)}`;
      const found = await rows<
        LostSale & { sale_id: string; file_id: string | null; file_name: string | null; status_at: Date | string | null; fraud_at: Date | string | null }
      >(
        db,
        sql`select s.project, s.sale_id, s.user_id, s.at, s.amount_micro, s.revenue_type, s.applied_bucket, s.status, s.fraud,
              s.status_at, s.fraud_at, s.file_id, f.name as file_name
            from (select * from ingest_sales where ${where}) s left join ingest_files f on f.project = s.project and f.file_id = s.file_id
            order by s.at desc, s.project, s.sale_id
            limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ingest_sales where ${where}`);
      const lost = await lostOf(db, found);
      const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
      return {
        partner: { id: user.id, email: user.email },
        period,
        data: found.map((s, i) => {
          const kind = saleFlagKind(s)!;
          const refundedAt = s.status === 'refund' ? iso(s.status_at) : null;
          const fraudAt = s.fraud ? iso(s.fraud_at) : null;
          const times = [refundedAt, fraudAt].filter((v): v is string => v !== null).sort();
          return {
            project: s.project,
            sale_id: s.sale_id,
            at: iso(s.at)!,
            file_id: s.file_id,
            file_name: s.file_name ?? '',
            amount: Number(s.amount_micro ?? 0),
            status: s.status,
            kind,
            flagged_at: times[0] ?? null,
            earnings_lost: lost[i]!,
          };
        }),
        meta: { page: q.page, per_page: q.per_page, total: count?.n ?? 0 },
      };
    },
  );
}
