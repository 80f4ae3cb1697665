import { coinDelta, goldMonthEndTransition, qualifiesForUnlimited, storageDailyCost, type GoldTransitionReason, type ProductConfig } from '@pc/core';
import { pairKey, type Pair } from './close-ledger.ts';

/**
 * The closes' storage, gold and unlimited decisions, as pure functions over the figures the close reads (core's
 * rules decide; these apply them per partner and project): a day's storage cost, a day's coins, and at month end the
 * next gold level and the automatic unlimited status. jobs/close.ts reads the figures and writes the rows.
 */

/** Revenue (every ledger earning) and storage cost of a partner and project over a period. */
export interface Efficiency {
  revenue: number;
  storage: number;
}

/** Revenue and storage cost per pairKey, from the period's sums (a pair with only one of them has 0 for the other). */
export function efficiencyOf(
  revenue: Array<{ user_id: number; project: string; amount: number }>,
  storage: Array<{ user_id: number; project: string; amount: number }>,
): Map<string, Efficiency> {
  const out = new Map<string, Efficiency>();
  for (const r of revenue) out.set(pairKey(r.user_id, r.project), { revenue: r.amount, storage: 0 });
  for (const s of storage) {
    const key = pairKey(s.user_id, s.project);
    out.set(key, { revenue: out.get(key)?.revenue ?? 0, storage: s.amount });
  }
  return out;
}

/** Stored bytes at the end of the day per pair (0 when none) and their daily cost, in the pairs' order. */
export function storageDays(
  day: string,
  pairs: Pair[],
  sizes: Array<{ user_id: number; project: string; bytes: number }>,
  product: ProductConfig,
): Array<{ user_id: number; project: string; bytes: number; cost_micro: number }> {
  const byPair = new Map(sizes.map((s) => [pairKey(s.user_id, s.project), s.bytes]));
  return pairs.map((p) => {
    const bytes = byPair.get(pairKey(p.userId, p.project)) ?? 0;
    return { user_id: p.userId, project: p.project, bytes, cost_micro: storageDailyCost(bytes, day, product) };
  });
}

/** A row of `gold_days`: the day's figures, the coins it moves and the coins after it. */
export interface GoldDay {
  user_id: number;
  project: string;
  level: number;
  downloads: number;
  downloads_avg_72h_x3: number;
  sales: number;
  sales_avg_72h_x3: number;
  efficiency_30d_micro: number;
  coins_delta: number;
  coins: number;
}

/**
 * Coins at the close of a day, per pair in the pairs' order (core rules: downloads and sales against the previous
 * 72 hours, 30-day efficiency). `counts` are the daily counted downloads and coin sales of the day and the days of
 * the average before it; `previousCoins` the coins of the last closed day before it.
 */
export function goldDays(opts: {
  day: string;
  pairs: Pair[];
  counts: Array<{ user_id: number; project: string; day: string; downloads: number; sales: number }>;
  efficiencies: Map<string, Efficiency>;
  previousCoins: Array<{ user_id: number; project: string; coins: number }>;
  levels: Map<string, number>;
  product: ProductConfig;
}): GoldDay[] {
  const { day, pairs, counts, efficiencies: eff, levels, product } = opts;
  const prevCoins = new Map(opts.previousCoins.map((p) => [pairKey(p.user_id, p.project), p.coins]));
  const countsBy = new Map<string, Array<{ day: string; downloads: number; sales: number }>>();
  for (const c of counts) {
    const key = pairKey(c.user_id, c.project);
    const list = countsBy.get(key) ?? [];
    list.push(c);
    countsBy.set(key, list);
  }
  return pairs.map((p) => {
    const key = pairKey(p.userId, p.project);
    let downloads = 0;
    let sales = 0;
    let previousDownloads = 0;
    let previousSales = 0;
    for (const c of countsBy.get(key) ?? []) {
      if (c.day === day) {
        downloads += c.downloads;
        sales += c.sales;
      } else {
        previousDownloads += c.downloads;
        previousSales += c.sales;
      }
    }
    const e = eff.get(key) ?? { revenue: 0, storage: 0 };
    const efficiency30dMicro = e.revenue - e.storage;
    const delta = coinDelta({ downloads, previousDownloads, sales, previousSales, efficiency30dMicro }, product);
    return {
      user_id: p.userId,
      project: p.project,
      level: levels.get(key) ?? 0,
      downloads,
      downloads_avg_72h_x3: previousDownloads,
      sales,
      sales_avg_72h_x3: previousSales,
      efficiency_30d_micro: efficiency30dMicro,
      coins_delta: delta.total,
      coins: Math.max(0, (prevCoins.get(key) ?? 0) + delta.total),
    };
  });
}

/** A pair's month end: its level and coins, the month's efficiency, the next level and whether unlimited is granted. */
export interface MonthEnd {
  pair: Pair;
  level: number;
  coins: number;
  monthEfficiencyMicro: number;
  next: { level: number; reason: GoldTransitionReason };
  unlimited: boolean;
}

/**
 * The month-end decisions per pair, in the pairs' order: the gold level for the next month (hysteresis of core's
 * goldMonthEndTransition, from the level in force, the coins of the month's last closed day and the month's
 * efficiency) and the next month's automatic unlimited status (from the unlimited window's revenue and storage).
 */
export function monthEnds(opts: {
  pairs: Pair[];
  levels: Map<string, number>;
  coins: Array<{ user_id: number; project: string; coins: number }>;
  month: Map<string, Efficiency>;
  window: Map<string, Efficiency>;
  product: ProductConfig;
}): MonthEnd[] {
  const { pairs, levels, month: monthEff, window, product } = opts;
  const coinsOf = new Map(opts.coins.map((c) => [pairKey(c.user_id, c.project), c.coins]));
  return pairs.map((p) => {
    const key = pairKey(p.userId, p.project);
    const level = levels.get(key) ?? 0;
    const coins = coinsOf.get(key) ?? 0;
    const e = monthEff.get(key) ?? { revenue: 0, storage: 0 };
    const monthEfficiencyMicro = e.revenue - e.storage;
    const next = goldMonthEndTransition({ level, coins, monthEfficiencyMicro }, product);
    const w = window.get(key) ?? { revenue: 0, storage: 0 };
    const unlimited = qualifiesForUnlimited({ revenue30dMicro: w.revenue, storageCost30dMicro: w.storage }, product);
    return { pair: p, level, coins, monthEfficiencyMicro, next, unlimited };
  });
}
