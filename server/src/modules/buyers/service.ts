import { sql } from 'drizzle-orm';
import {
  buyersOf,
  cohortsOf,
  utcMonth,
  type BuyerSale,
  type BuyersAnswer,
  type CohortsAnswer,
  type ProjectId,
  type RevenueType,
  type SaleStatus,
} from '@pc/core';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';

/** Months read back: the current one and the 23 before it (24 cohorts at most; decision 0201). */
export const BUYERS_MONTHS = 24;

/** The first day (UTC) of the window: the first day of the month BUYERS_MONTHS − 1 months before `now`'s. */
export function buyersSince(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (BUYERS_MONTHS - 1), 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The partner's own sales of one project since the window's start, from the ingest fact table (current state of
 * each sale), on the (user_id, project, at) index. What a sale pays the partner: the file share, plus the site
 * bonus when the referring site is the partner's own (as on the sales screen).
 */
async function partnerSales(database: Database, userId: number, project: ProjectId, since: string): Promise<BuyerSale[]> {
  const rows = await database.query<Row>(sql`
    select s.sale_id, s.buyer_email, s.at, s.revenue_type, s.referrer_domain, s.site_domain, s.sub_id, s.status, s.fraud,
           s.applied_share_micro + case when s.site_user_id = ${userId} then s.applied_site_micro else 0 end as earned
    from ingest_sales s
    where s.user_id = ${userId} and s.project = ${project} and s.known and s.at >= ${`${since}T00:00:00Z`}::timestamptz`);
  return rows.map((r) => ({
    saleId: str(r.sale_id),
    email: r.buyer_email ? str(r.buyer_email) : '',
    at: new Date(r.at as string).toISOString(),
    revenueType: str(r.revenue_type || 'direct') as RevenueType,
    // The sources screen's rule: the referrer's domain, else the sale's site domain, else none.
    source: str(r.referrer_domain) || (r.site_domain ? str(r.site_domain) : ''),
    subId: str(r.sub_id),
    status: str(r.status) as SaleStatus,
    fraud: Boolean(r.fraud),
    earnedMicro: num(r.earned),
  }));
}

export async function buyers(database: Database, userId: number, project: ProjectId, now: Date): Promise<BuyersAnswer> {
  const since = buyersSince(now);
  const { buyers: list, unidentified } = buyersOf(await partnerSales(database, userId, project, since));
  return {
    data: list.map((b) => ({
      id: b.id,
      email: b.email,
      first_purchase: b.firstPurchaseAt,
      last_purchase: b.lastPurchaseAt,
      first_revenue_type: b.firstRevenueType,
      first_source: b.firstSource,
      first_sub_id: b.firstSubId,
      purchases: b.purchases,
      rebills: b.rebills,
      earned: b.earnedMicro,
      status: b.status,
    })),
    unidentified: { sales: unidentified.sales, earned: unidentified.earnedMicro },
    since,
  };
}

export async function cohorts(database: Database, userId: number, project: ProjectId, now: Date): Promise<CohortsAnswer> {
  const since = buyersSince(now);
  const list = cohortsOf(await partnerSales(database, userId, project, since), now);
  return {
    data: list.map((c) => ({
      month: c.month,
      buyers: c.buyers,
      months: c.months.map((m) => ({
        offset: m.offset,
        rebill_buyers: m.rebillBuyers,
        rebill_share: m.rebillShare,
        earned: m.earnedMicro,
        earned_per_buyer: m.earnedPerBuyerMicro,
      })),
    })),
    month: utcMonth(now),
    since,
  };
}
