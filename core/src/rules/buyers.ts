import { divRoundHalfUp, type Micro } from '../money.ts';
import type { RevenueType, SaleStatus } from '../product.ts';
import { maskEmail } from '../contracts/statistics.ts';
import { saleStatusEarns } from './sales.ts';
import type { BUYER_STATUSES } from '../contracts/buyers-paths.ts';

/**
 * The buyers screen (decision 0201): the premium buyers a partner's links brought, and cohorts by the month of
 * their first purchase. Pure: the server reads the partner's sales of one project and hands them here.
 */


export type BuyerStatus = (typeof BUYER_STATUSES)[number];

/** One sale of the partner, as the buyers rules need it. */
export interface BuyerSale {
  saleId: string;
  /** The buyer's e-mail as the file host sent it (unmasked; '' when the host sent none). */
  email: string;
  /** ISO 8601 date-time, UTC. */
  at: string;
  revenueType: RevenueType;
  /** Where the purchase came from: the referring domain, as on the sources screen ('' when none). */
  source: string;
  /** The sale's sub-ID tag ('' when it came without one; decision 0206). */
  subId: string;
  status: SaleStatus;
  fraud: boolean;
  /** What the sale pays the partner now, micro-USD (0 after a void or refund). */
  earnedMicro: Micro;
}

export interface Buyer {
  /** The sale id of the buyer's first purchase: a stable row id that reveals nothing of the e-mail. */
  id: string;
  /** The e-mail, masked with the sales screen's rule (`maskEmail`). */
  email: string;
  firstPurchaseAt: string;
  firstRevenueType: RevenueType;
  firstSource: string;
  /** The sub-ID tag of the first purchase ('' = no tag): the link the buyer first bought by. */
  firstSubId: string;
  lastPurchaseAt: string;
  purchases: number;
  /** Rebills that still count (status ok or hold). */
  rebills: number;
  earnedMicro: Micro;
  status: BuyerStatus;
}

export interface CohortMonth {
  /** Months since the cohort's month: 0 is the month of the first purchase. */
  offset: number;
  /** Buyers of the cohort with at least one counting rebill (ok or hold) in that month. */
  rebillBuyers: number;
  /** rebillBuyers / the cohort's buyers, between 0 and 1. */
  rebillShare: number;
  /** What the cohort's buyers' sales of that month pay the partner, micro-USD. */
  earnedMicro: Micro;
  /** earnedMicro / the cohort's buyers, rounded half-up to a whole micro-dollar. */
  earnedPerBuyerMicro: Micro;
}

export interface Cohort {
  /** The UTC month of the first purchase, `YYYY-MM`. */
  month: string;
  buyers: number;
  /** One entry per month from the cohort's month up to the current month (UTC), in order. */
  months: CohortMonth[];
}

/** Sales without a buyer's e-mail cannot be told apart: they are counted here, in no buyer and no cohort. */
export interface Unidentified {
  sales: number;
  earnedMicro: Micro;
}

/** The grouping key of a buyer: the e-mail trimmed and lower-cased; null when the host sent none. */
export function buyerKey(email: string): string | null {
  const key = email.trim().toLowerCase();
  return key === '' ? null : key;
}

/** The UTC month of a moment, `YYYY-MM`. */
export function utcMonth(at: string | Date): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** Whole months from month `a` to month `b` (`YYYY-MM`). */
export function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + (Number(b.slice(5, 7)) - Number(a.slice(5, 7)));
}

function isCountingRebill(s: BuyerSale): boolean {
  return s.revenueType === 'rebill' && saleStatusEarns(s.status);
}

function byTime(a: BuyerSale, b: BuyerSale): number {
  const d = Date.parse(a.at) - Date.parse(b.at);
  if (d !== 0) return d;
  return a.saleId < b.saleId ? -1 : a.saleId > b.saleId ? 1 : 0;
}

/**
 * A buyer's status. Fraud-flagged wins: any sale of the buyer carrying the fraud flag makes the buyer
 * fraud-flagged, whatever their statuses. Otherwise refunded when the latest purchase (by time, then sale id)
 * was refunded or voided; otherwise active.
 */
export function buyerStatus(sales: readonly BuyerSale[]): BuyerStatus {
  if (sales.some((s) => s.fraud)) return 'fraud_flagged';
  const latest = [...sales].sort(byTime).at(-1);
  if (latest && (latest.status === 'refund' || latest.status === 'void')) return 'refunded';
  return 'active';
}

interface Group {
  key: string;
  sales: BuyerSale[];
}

/** The sales grouped by buyer (each group's sales in time order), and the sales without an e-mail. */
function group(sales: readonly BuyerSale[]): { groups: Group[]; unidentified: Unidentified } {
  const byKey = new Map<string, BuyerSale[]>();
  const unidentified: Unidentified = { sales: 0, earnedMicro: 0 };
  for (const s of sales) {
    const key = buyerKey(s.email);
    if (key === null) {
      unidentified.sales += 1;
      unidentified.earnedMicro += s.earnedMicro;
      continue;
    }
    const list = byKey.get(key);
    if (list) list.push(s);
    else byKey.set(key, [s]);
  }
  const groups = [...byKey].map(([key, list]) => ({ key, sales: list.sort(byTime) }));
  return { groups, unidentified };
}

function buyerOf(g: Group): Buyer {
  const first = g.sales[0]!;
  const last = g.sales.at(-1)!;
  return {
    id: first.saleId,
    email: maskEmail(g.key),
    firstPurchaseAt: new Date(first.at).toISOString(),
    firstRevenueType: first.revenueType,
    firstSource: first.source,
    firstSubId: first.subId,
    lastPurchaseAt: new Date(last.at).toISOString(),
    purchases: g.sales.length,
    rebills: g.sales.filter(isCountingRebill).length,
    earnedMicro: g.sales.reduce((sum, s) => sum + s.earnedMicro, 0),
    status: buyerStatus(g.sales),
  };
}

/** The buyers, newest first purchase first (then by id), and what no buyer holds. */
export function buyersOf(sales: readonly BuyerSale[]): { buyers: Buyer[]; unidentified: Unidentified } {
  const { groups, unidentified } = group(sales);
  const buyers = groups.map(buyerOf).sort((a, b) => {
    const d = Date.parse(b.firstPurchaseAt) - Date.parse(a.firstPurchaseAt);
    return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return { buyers, unidentified };
}

/**
 * Cohorts: buyers by the UTC month of their first purchase, oldest first. For each month from the cohort's up to
 * the month of `now` (UTC), the share of the cohort's buyers with a counting rebill in that month and the
 * partner's earnings from the cohort's sales of that month per buyer (half-up to a whole micro-dollar). Sales
 * after the month of `now` are not shown; a cohort whose month is after `now` has its month 0 only.
 */
export function cohortsOf(sales: readonly BuyerSale[], now: Date): Cohort[] {
  const { groups } = group(sales);
  const current = utcMonth(now);
  const byMonth = new Map<string, Group[]>();
  for (const g of groups) {
    const month = utcMonth(g.sales[0]!.at);
    const list = byMonth.get(month);
    if (list) list.push(g);
    else byMonth.set(month, [g]);
  }
  return [...byMonth.keys()].sort().map((month) => {
    const members = byMonth.get(month)!;
    const n = members.length;
    const span = Math.max(0, monthsBetween(month, current));
    const rebillBuyers = new Array<number>(span + 1).fill(0);
    const earned = new Array<number>(span + 1).fill(0);
    for (const g of members) {
      const rebillMonths = new Set<number>();
      for (const s of g.sales) {
        const offset = monthsBetween(month, utcMonth(s.at));
        if (offset < 0 || offset > span) continue;
        earned[offset]! += s.earnedMicro;
        if (isCountingRebill(s)) rebillMonths.add(offset);
      }
      for (const offset of rebillMonths) rebillBuyers[offset]! += 1;
    }
    return {
      month,
      buyers: n,
      months: earned.map((e, offset) => ({
        offset,
        rebillBuyers: rebillBuyers[offset]!,
        rebillShare: rebillBuyers[offset]! / n,
        earnedMicro: e,
        earnedPerBuyerMicro: Number(divRoundHalfUp(BigInt(e), BigInt(n))),
      })),
    };
  });
}
