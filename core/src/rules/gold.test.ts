import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coinDelta,
  coinsAfterDay,
  dayBeatsAverage,
  efficiency,
  efficiencyReaches,
  goldBonus,
  goldKeepCoins,
  goldLevelRow,
  goldMaxLevel,
  goldMonthEndTransition,
  goldNextLevelHint,
  type CoinDayInput,
  type GoldTransitionReason,
} from './gold.ts';

const USD = 1_000_000;

describe('gold level table of docs/product.md', () => {
  it.each([
    { level: 0, id: 'standard', percent: 0, coins: null, eff: null, strict: false },
    { level: 1, id: 'gold', percent: 5, coins: 0, eff: 0, strict: true },
    { level: 2, id: 'poster', percent: 10, coins: 20, eff: 10, strict: false },
    { level: 3, id: 'master', percent: 15, coins: 40, eff: 50, strict: false },
    { level: 4, id: 'manager', percent: 18, coins: 60, eff: 150, strict: false },
    { level: 5, id: 'hero', percent: 21, coins: 80, eff: 400, strict: false },
    { level: 6, id: 'magnate', percent: 25, coins: 100, eff: 1000, strict: false },
  ])('level $level $id: $percent% bonus, $coins coins, efficiency $eff USD', ({ level, id, percent, coins, eff, strict }) => {
    const row = goldLevelRow(level);
    expect(row.id).toBe(id);
    expect(row.bonusBp).toBe(percent * 100);
    expect(row.coinsToReach).toBe(coins);
    expect(row.efficiencyToReachMicro).toBe(eff === null ? null : eff * USD);
    expect(row.efficiencyStrict).toBe(strict);
    expect(goldBonus(level, 100 * USD)).toBe(percent * USD);
  });
  it('has 7 levels and rejects others', () => {
    expect(goldMaxLevel()).toBe(6);
    expect(() => goldLevelRow(7)).toThrow(RangeError);
    expect(() => goldLevelRow(1.5)).toThrow(RangeError);
  });
  it('level 1 needs efficiency strictly above 0; higher levels at least the figure', () => {
    expect(efficiencyReaches(1, 0)).toBe(false);
    expect(efficiencyReaches(1, 1)).toBe(true);
    expect(efficiencyReaches(2, 10 * USD - 1)).toBe(false);
    expect(efficiencyReaches(2, 10 * USD)).toBe(true);
  });
  it('keep figures: previous level’s coins; level 1 none; top level 80', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((l) => goldKeepCoins(l))).toEqual([0, 0, 0, 20, 40, 60, 80]);
  });
  it('efficiency is revenue minus storage cost', () => {
    expect(efficiency(5 * USD, 7 * USD)).toBe(-2 * USD);
  });
  it('the bonus rounds half-up once', () => {
    expect(goldBonus(1, 10)).toBe(1); // 0.5 → 1
    expect(goldBonus(1, 9)).toBe(0); // 0.45 → 0
  });
});

describe('month-end transitions', () => {
  const cases: Array<{ label: string; level: number; coins: number; eff: number; to: number; reason: GoldTransitionReason }> = [
    { label: 'standard with positive efficiency becomes Gold partner', level: 0, coins: 0, eff: 1, to: 1, reason: 'up' },
    { label: 'standard with zero efficiency stays', level: 0, coins: 50, eff: 0, to: 0, reason: 'stays_standard' },
    { label: 'standard with negative efficiency stays', level: 0, coins: 0, eff: -5 * USD, to: 0, reason: 'stays_standard' },
    { label: 'standard never jumps two levels', level: 0, coins: 100, eff: 5000 * USD, to: 1, reason: 'up' },
    { label: 'gold → poster at 20 coins and 10 USD', level: 1, coins: 20, eff: 10 * USD, to: 2, reason: 'up' },
    { label: 'gold stays with 19 coins and 10 USD', level: 1, coins: 19, eff: 10 * USD, to: 1, reason: 'kept' },
    { label: 'gold stays with 20 coins and 9.999999 USD', level: 1, coins: 20, eff: 10 * USD - 1, to: 1, reason: 'kept' },
    { label: 'gold kept with 0 coins and efficiency 0', level: 1, coins: 0, eff: 0, to: 1, reason: 'kept' },
    { label: 'gold kept with coins and negative efficiency', level: 1, coins: 1, eff: -1, to: 1, reason: 'kept' },
    { label: 'gold lost: negative efficiency and 0 coins', level: 1, coins: 0, eff: -1, to: 0, reason: 'gold_lost' },
    { label: 'poster → master at 40 coins and 50 USD', level: 2, coins: 40, eff: 50 * USD, to: 3, reason: 'up' },
    { label: 'poster kept at 0 coins with efficiency 0', level: 2, coins: 0, eff: 0, to: 2, reason: 'kept' },
    { label: 'poster loses gold at 0 coins and negative efficiency', level: 2, coins: 0, eff: -1, to: 0, reason: 'gold_lost' },
    { label: 'master → manager at 60 coins and 150 USD', level: 3, coins: 60, eff: 150 * USD, to: 4, reason: 'up' },
    { label: 'master kept at 20 coins', level: 3, coins: 20, eff: 0, to: 3, reason: 'kept' },
    { label: 'master drops to poster at 19 coins', level: 3, coins: 19, eff: 100 * USD, to: 2, reason: 'down' },
    { label: 'manager → hero at 80 coins and 400 USD', level: 4, coins: 80, eff: 400 * USD, to: 5, reason: 'up' },
    { label: 'manager kept at 40 coins', level: 4, coins: 40, eff: 0, to: 4, reason: 'kept' },
    { label: 'manager drops one level only at 1 coin', level: 4, coins: 1, eff: 0, to: 3, reason: 'down' },
    { label: 'manager loses gold at 0 coins and negative efficiency', level: 4, coins: 0, eff: -1, to: 0, reason: 'gold_lost' },
    { label: 'manager at 0 coins and efficiency 0 drops one level', level: 4, coins: 0, eff: 0, to: 3, reason: 'down' },
    { label: 'hero → magnate at 100 coins and 1000 USD', level: 5, coins: 100, eff: 1000 * USD, to: 6, reason: 'up' },
    { label: 'hero stays with 100 coins and 999.99 USD', level: 5, coins: 100, eff: 999_990_000, to: 5, reason: 'kept' },
    { label: 'hero kept at 60 coins', level: 5, coins: 60, eff: 0, to: 5, reason: 'kept' },
    { label: 'hero drops to manager at 59 coins', level: 5, coins: 59, eff: 500 * USD, to: 4, reason: 'down' },
    { label: 'magnate kept at 80 coins', level: 6, coins: 80, eff: -1, to: 6, reason: 'kept' },
    { label: 'magnate drops to hero at 79 coins', level: 6, coins: 79, eff: 5000 * USD, to: 5, reason: 'down' },
    { label: 'magnate loses gold at 0 coins and negative efficiency', level: 6, coins: 0, eff: -1, to: 0, reason: 'gold_lost' },
    { label: 'magnate with 150 coins stays at the top', level: 6, coins: 150, eff: 9000 * USD, to: 6, reason: 'kept' },
  ];
  it.each(cases)('$label', ({ level, coins, eff, to, reason }) => {
    expect(goldMonthEndTransition({ level, coins, monthEfficiencyMicro: eff })).toEqual({ level: to, reason });
  });
  it('moves at most one level, except the gold loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: -2e9, max: 2e9 }), (level, coins, eff) => {
        const t = goldMonthEndTransition({ level, coins, monthEfficiencyMicro: eff });
        if (t.reason === 'gold_lost') expect(t.level).toBe(0);
        else expect(Math.abs(t.level - level)).toBeLessThanOrEqual(1);
        expect(t.level).toBeGreaterThanOrEqual(0);
        expect(t.level).toBeLessThanOrEqual(6);
      }),
      { numRuns: 500 },
    );
  });
});

describe('coins at a day’s close', () => {
  const base: CoinDayInput = { downloads: 0, previousDownloads: 0, sales: 0, previousSales: 0, efficiency30dMicro: 0 };
  it.each([
    { label: 'at least the 72-hour daily average earns a coin', input: { downloads: 10, previousDownloads: 30 }, total: 1 },
    { label: 'below the average earns nothing', input: { downloads: 9, previousDownloads: 30 }, total: 0 },
    { label: 'fractional average: 10 vs 31/3', input: { downloads: 10, previousDownloads: 31 }, total: 0 },
    { label: 'zero downloads never earn, even against zero', input: { downloads: 0, previousDownloads: 0 }, total: 0 },
    { label: 'any download beats an empty 72 hours', input: { downloads: 1, previousDownloads: 0 }, total: 1 },
    { label: 'downloads and sales count separately', input: { downloads: 5, previousDownloads: 3, sales: 2, previousSales: 6 }, total: 2 },
    { label: 'negative 30-day efficiency loses one', input: { efficiency30dMicro: -1 }, total: -1 },
    { label: 'zero efficiency loses nothing', input: { efficiency30dMicro: 0 }, total: 0 },
    { label: 'a gain and a loss the same day cancel', input: { downloads: 1, efficiency30dMicro: -1 }, total: 0 },
  ])('$label', ({ input, total }) => {
    expect(coinDelta({ ...base, ...input }).total).toBe(total);
  });
  it('coins never go below 0', () => {
    expect(coinsAfterDay(0, { ...base, efficiency30dMicro: -1 })).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(
          fc.record({
            downloads: fc.nat(50),
            previousDownloads: fc.nat(150),
            sales: fc.nat(5),
            previousSales: fc.nat(15),
            efficiency30dMicro: fc.integer({ min: -1e8, max: 1e8 }),
          }),
          { maxLength: 60 },
        ),
        (start, days) => {
          let coins = start;
          for (const d of days) {
            const next = coinsAfterDay(coins, d);
            expect(next).toBeGreaterThanOrEqual(0);
            expect(Math.abs(next - coins)).toBeLessThanOrEqual(2);
            coins = next;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it('the average is compared without rounding', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(30_000), (count, prev) => {
        expect(dayBeatsAverage(count, prev)).toBe(count > 0 && count >= prev / 3);
      }),
      { numRuns: 300 },
    );
  });
});

describe('next-level hint', () => {
  const now = '2026-03-14T10:00:00Z';
  it.each([
    { label: 'top level', level: 6, coins: 0, eff: 0, hint: { kind: 'max_level', level: 6 } },
    { label: 'standard with efficiency 0 needs 1 micro-USD more', level: 0, coins: 0, eff: 0, hint: { kind: 'raise_efficiency', nextLevel: 1, byMicro: 1 } },
    { label: 'standard with negative efficiency', level: 0, coins: 0, eff: -3 * USD, hint: { kind: 'raise_efficiency', nextLevel: 1, byMicro: 3 * USD + 1 } },
    { label: 'standard with positive efficiency waits', level: 0, coins: 0, eff: 1, hint: { kind: 'wait_month_end', nextLevel: 1, at: new Date('2026-04-01T00:00:00Z') } },
    { label: 'gold with 12 coins needs 8 more', level: 1, coins: 12, eff: 50 * USD, hint: { kind: 'add_coins', nextLevel: 2, coins: 8 } },
    { label: 'both short: coins first', level: 3, coins: 10, eff: 0, hint: { kind: 'add_coins', nextLevel: 4, coins: 50 } },
    { label: 'master with coins needs 25.5 USD more', level: 3, coins: 70, eff: 124_500_000, hint: { kind: 'raise_efficiency', nextLevel: 4, byMicro: 25_500_000 } },
    { label: 'hero with all figures waits', level: 5, coins: 100, eff: 1000 * USD, hint: { kind: 'wait_month_end', nextLevel: 6, at: new Date('2026-04-01T00:00:00Z') } },
  ])('$label', ({ level, coins, eff, hint }) => {
    expect(goldNextLevelHint({ level, coins, monthEfficiencyMicro: eff, now })).toEqual(hint);
  });
  it('following the hint reaches the next level at month end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.nat(150), fc.integer({ min: -2e9, max: 2e9 }), (level, coins, eff) => {
        let c = coins;
        let e = eff;
        for (let i = 0; i < 3; i++) {
          const hint = goldNextLevelHint({ level, coins: c, monthEfficiencyMicro: e, now });
          if (hint.kind === 'add_coins') c += hint.coins;
          else if (hint.kind === 'raise_efficiency') e += hint.byMicro;
        }
        expect(goldNextLevelHint({ level, coins: c, monthEfficiencyMicro: e, now }).kind).toBe('wait_month_end');
        expect(goldMonthEndTransition({ level, coins: c, monthEfficiencyMicro: e })).toEqual({ level: level + 1, reason: 'up' });
      }),
      { numRuns: 300 },
    );
  });
});
