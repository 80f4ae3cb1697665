import { percentOf, type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type GoldLevelRow, type ProductConfig } from '../product.ts';
import { nextMonthStart, type Instant } from './time.ts';

/**
 * Gold partners (docs/product.md#gold-partners). Where the rules leave a reading open, the choice is explained
 * on the function and recorded in docs/decisions/0030-gold-rules.md.
 */

/** The highest level of the table (6, magnate). */
export function goldMaxLevel(product: ProductConfig = DEFAULT_PRODUCT): number {
  return product.goldLevels.length - 1;
}

/** The row of a level; throws for a level outside the table. */
export function goldLevelRow(level: number, product: ProductConfig = DEFAULT_PRODUCT): GoldLevelRow {
  const row = product.goldLevels[level];
  if (!row || !Number.isInteger(level)) throw new RangeError(`no gold level ${level}`);
  return row;
}

/** Whether a level is a gold level (1 and above). */
export function isGold(level: number): boolean {
  return level >= 1;
}

/** Efficiency = revenue − storage cost over a period, micro-USD (negative when storage costs more). */
export function efficiency(revenueMicro: Micro, storageCostMicro: Micro): Micro {
  return revenueMicro - storageCostMicro;
}

/** The gold bonus of a level on files + sites earnings (never on referral income), rounded half-up once. */
export function goldBonus(level: number, filesAndSitesMicro: Micro, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  return percentOf(filesAndSitesMicro, goldLevelRow(level, product).bonusBp) || 0;
}

/** Whether an efficiency reaches a level's figure (level 1: strictly above 0; higher levels: at least the figure). */
export function efficiencyReaches(level: number, efficiencyMicro: Micro, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  const row = goldLevelRow(level, product);
  if (row.efficiencyToReachMicro === null) return true;
  return row.efficiencyStrict ? efficiencyMicro > row.efficiencyToReachMicro : efficiencyMicro >= row.efficiencyToReachMicro;
}

/** Whether coins reach a level's figure. */
export function coinsReach(level: number, coins: number, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return coins >= (goldLevelRow(level, product).coinsToReach ?? 0);
}

/**
 * The coins a level is kept with: the previous level's coins-to-reach (level 2 keeps at 0 coins, level 3 at
 * 20, ..., level 6 at 80, which is also the explicit top-level rule). Level 1's previous level (standard) has
 * no coin figure, so level 1 is never lost for coins, only by the gold-loss rule; level 0 has nothing to keep.
 * The top level uses `goldTopLevelKeepCoins` (80).
 */
export function goldKeepCoins(level: number, product: ProductConfig = DEFAULT_PRODUCT): number {
  if (level <= 1) return 0;
  if (level === goldMaxLevel(product)) return product.goldTopLevelKeepCoins;
  return goldLevelRow(level - 1, product).coinsToReach ?? 0;
}

export type GoldTransitionReason = 'up' | 'kept' | 'down' | 'gold_lost' | 'stays_standard';

/**
 * The level after a month end (00:00 UTC on the 1st), from the level during the month, the coins at the close of
 * its last day and the month's efficiency. Checks, in this order, at most one move per month end:
 * 1. Gold lost: at level ≥ 1, efficiency < 0 and coins = 0 → level 0 (from any gold level, not one step).
 * 2. Up: coins and efficiency reach the next level's figures → level + 1 (one level at a time).
 * 3. Kept: coins ≥ `goldKeepCoins(level)` → unchanged.
 * 4. Down: otherwise → level − 1 (one level per month end, even when coins are far below).
 * Up and down cannot both apply (the next level's coins are never below the keep figure), and the gold-loss
 * rule needs a negative efficiency, which never reaches a level, so the order only matters between 1 and 4.
 */
export function goldMonthEndTransition(
  input: { level: number; coins: number; monthEfficiencyMicro: Micro },
  product: ProductConfig = DEFAULT_PRODUCT,
): { level: number; reason: GoldTransitionReason } {
  const { level, coins, monthEfficiencyMicro } = input;
  goldLevelRow(level, product);
  if (isGold(level) && monthEfficiencyMicro < 0 && coins <= 0) return { level: 0, reason: 'gold_lost' };
  const next = level + 1;
  if (next <= goldMaxLevel(product) && coinsReach(next, coins, product) && efficiencyReaches(next, monthEfficiencyMicro, product)) {
    return { level: next, reason: 'up' };
  }
  if (level === 0) return { level: 0, reason: 'stays_standard' };
  if (coins >= goldKeepCoins(level, product)) return { level, reason: 'kept' };
  return { level: level - 1, reason: 'down' };
}

/** The figures one day's close compares for coins. */
export interface CoinDayInput {
  /** Counted downloads of the closed day. */
  downloads: number;
  /** Counted downloads of the 3 days (72 hours) before it, summed. */
  previousDownloads: number;
  /** Sales of the closed day that count for coins (`saleCountsForCoins`). */
  sales: number;
  /** Such sales of the 3 days before it, summed. */
  previousSales: number;
  /** Efficiency over the 30 days ending with the closed day, micro-USD. */
  efficiency30dMicro: Micro;
}

/**
 * Whether a day's count earns a coin: above 0 and at least the daily average of the previous 72 hours
 * (compared without division: count × 3 ≥ previous 3 days' sum).
 */
export function dayBeatsAverage(count: number, previousSum: number, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return count > 0 && count * product.coinAverageDays >= previousSum;
}

/** The coin changes of one day's close: +1 downloads, +1 sales, −1 negative 30-day efficiency. */
export function coinDelta(input: CoinDayInput, product: ProductConfig = DEFAULT_PRODUCT): { downloads: 0 | 1; sales: 0 | 1; efficiency: 0 | -1; total: number } {
  const downloads = dayBeatsAverage(input.downloads, input.previousDownloads, product) ? 1 : 0;
  const sales = dayBeatsAverage(input.sales, input.previousSales, product) ? 1 : 0;
  const eff = input.efficiency30dMicro < 0 ? -1 : 0;
  return { downloads, sales, efficiency: eff, total: downloads + sales + eff };
}

/** Coins after a day's close: the day's delta applied at once, never below 0. */
export function coinsAfterDay(coins: number, input: CoinDayInput, product: ProductConfig = DEFAULT_PRODUCT): number {
  return Math.max(0, coins + coinDelta(input, product).total);
}

export type GoldHint =
  | { kind: 'max_level'; level: number }
  | { kind: 'wait_month_end'; nextLevel: number; at: Date }
  | { kind: 'add_coins'; nextLevel: number; coins: number }
  | { kind: 'raise_efficiency'; nextLevel: number; byMicro: Micro };

/**
 * What the partner needs for the next level at the coming month end, from the current level, coins and the
 * current month's efficiency so far:
 * - `max_level` at the top level;
 * - `wait_month_end` (with the moment) when coins and efficiency already reach the next level;
 * - `add_coins` (how many) when coins fall short; it is the hint given when both fall short, since coins take
 *   days to collect while efficiency can still change within the month;
 * - `raise_efficiency` (by how many micro-USD: the figure minus efficiency, plus 1 micro-USD for level 1's
 *   strict "> 0").
 */
export function goldNextLevelHint(
  input: { level: number; coins: number; monthEfficiencyMicro: Micro; now: Instant },
  product: ProductConfig = DEFAULT_PRODUCT,
): GoldHint {
  const { level, coins, monthEfficiencyMicro } = input;
  if (level >= goldMaxLevel(product)) return { kind: 'max_level', level };
  const nextLevel = level + 1;
  const row = goldLevelRow(nextLevel, product);
  const coinsShort = Math.max(0, (row.coinsToReach ?? 0) - coins);
  if (coinsShort > 0) return { kind: 'add_coins', nextLevel, coins: coinsShort };
  if (!efficiencyReaches(nextLevel, monthEfficiencyMicro, product)) {
    const target = (row.efficiencyToReachMicro ?? 0) + (row.efficiencyStrict ? 1 : 0);
    return { kind: 'raise_efficiency', nextLevel, byMicro: target - monthEfficiencyMicro };
  }
  return { kind: 'wait_month_end', nextLevel, at: nextMonthStart(input.now) };
}
