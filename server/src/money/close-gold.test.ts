import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT } from '@pc/core';
import { pairKey, type Pair } from './close-ledger.ts';
import { efficiencyOf, goldDays, monthEnds, storageDays, type Efficiency } from './close-gold.ts';

/**
 * The closes' storage, coin and month-end decisions without a database, with figures worked out from docs/product.md
 * (Storage: 0.016 USD per GiB and month, charged daily; Gold partners: coins and levels; unlimited status).
 */

const A: Pair = { userId: 1, project: 'fd1' };
const B: Pair = { userId: 2, project: 'fd1' };
const GIB = 2 ** 30;

describe('storage of a day', () => {
  it.each([
    { what: '1 GiB on a day of November (30 days)', day: '2026-11-20', bytes: GIB, cost: 533 }, // 16,000 / 30 = 533.3
    { what: '1 GiB on a day of December (31 days)', day: '2026-12-20', bytes: GIB, cost: 516 }, // 16,000 / 31 = 516.1
    { what: '1 GiB on a day of February (28 days)', day: '2026-02-10', bytes: GIB, cost: 571 }, // 16,000 / 28 = 571.4
    { what: '30 GiB in November', day: '2026-11-20', bytes: 30 * GIB, cost: 16_000 }, // exactly 0.016 USD
    { what: 'half a GiB in November', day: '2026-11-20', bytes: GIB / 2, cost: 267 }, // 8,000 / 30 = 266.7
  ])('$what costs $cost micro-USD', ({ day, bytes, cost }) => {
    expect(storageDays(day, [A], [{ user_id: 1, project: 'fd1', bytes }], DEFAULT_PRODUCT)).toEqual([{ user_id: 1, project: 'fd1', bytes, cost_micro: cost }]);
  });
  it('a partner with nothing stored gets a row of 0, in the order of the pairs', () => {
    expect(storageDays('2026-11-20', [B, A], [{ user_id: 1, project: 'fd1', bytes: 30 * GIB }], DEFAULT_PRODUCT)).toEqual([
      { user_id: 2, project: 'fd1', bytes: 0, cost_micro: 0 },
      { user_id: 1, project: 'fd1', bytes: 30 * GIB, cost_micro: 16_000 },
    ]);
  });
});

describe('efficiency: revenue minus storage over a period', () => {
  it('pairs with only revenue or only storage have 0 for the other', () => {
    const e = efficiencyOf([{ user_id: 1, project: 'fd1', amount: 5_000_000 }], [
      { user_id: 1, project: 'fd1', amount: 16_000 },
      { user_id: 2, project: 'fd2', amount: 8_000 },
    ]);
    expect(Object.fromEntries(e)).toEqual({ '1|fd1': { revenue: 5_000_000, storage: 16_000 }, '2|fd2': { revenue: 0, storage: 8_000 } });
  });
});

describe('coins of a day (docs/product.md#gold-partners)', () => {
  const DAY = '2026-11-20';
  /** The pair's counted downloads and coin sales on the day and on the three days before it. */
  const counts = (today: readonly number[], before: ReadonlyArray<readonly number[]>) => [
    { user_id: 1, project: 'fd1', day: DAY, downloads: today[0]!, sales: today[1]! },
    ...before.map(([downloads, sales], i) => ({ user_id: 1, project: 'fd1', day: `2026-11-1${7 + i}`, downloads: downloads!, sales: sales! })),
  ];
  const run = (c: ReturnType<typeof counts>, opts: { efficiency?: Efficiency; previousCoins?: number; level?: number } = {}) =>
    goldDays({
      day: DAY,
      pairs: [A],
      counts: c,
      efficiencies: new Map(opts.efficiency ? [[pairKey(1, 'fd1'), opts.efficiency]] : []),
      previousCoins: opts.previousCoins === undefined ? [] : [{ user_id: 1, project: 'fd1', coins: opts.previousCoins }],
      levels: new Map(opts.level === undefined ? [] : [[pairKey(1, 'fd1'), opts.level]]),
      product: DEFAULT_PRODUCT,
    })[0]!;

  it.each([
    { what: 'downloads at the 72-hour average: +1', today: [10, 0], before: [[10, 0], [10, 0], [10, 0]], delta: 1 },
    { what: 'downloads below it: 0', today: [9, 0], before: [[10, 0], [10, 0], [10, 0]], delta: 0 },
    { what: 'downloads and sales above their averages: +2', today: [12, 2], before: [[10, 1], [10, 1], [10, 1]], delta: 2 },
    { what: 'a first day with downloads (no history): +1', today: [1, 0], before: [], delta: 1 },
    { what: 'no downloads on a quiet history: 0 (a coin needs more than 0)', today: [0, 0], before: [], delta: 0 },
  ] as const)('$what', ({ today, before, delta }) => {
    const got = run(counts(today, before), { previousCoins: 5 });
    expect([got.coins_delta, got.coins]).toEqual([delta, 5 + delta]);
    expect(got.downloads_avg_72h_x3).toBe(before.reduce((s, b) => s + b[0]!, 0));
  });

  it('a negative 30-day efficiency takes a coin: revenue 1 USD, storage 1.5 USD', () => {
    const got = run(counts([10, 0], [[10, 0]]), { efficiency: { revenue: 1_000_000, storage: 1_500_000 }, previousCoins: 5 });
    expect([got.efficiency_30d_micro, got.coins_delta, got.coins]).toEqual([-500_000, 0, 5]);
  });

  it('coins never go below 0', () => {
    const got = run(counts([0, 0], []), { efficiency: { revenue: 0, storage: 1 }, previousCoins: 0 });
    expect([got.coins_delta, got.coins]).toEqual([-1, 0]);
  });

  it('keeps the level in force and starts from no coins without an earlier closed day', () => {
    const got = run(counts([3, 0], []), { level: 4 });
    expect([got.level, got.coins]).toEqual([4, 1]);
  });

  it('coins never go below 0 and move by at most ±2 a day (property)', () => {
    const day = fc.tuple(fc.nat({ max: 1_000 }), fc.nat({ max: 50 }));
    fc.assert(
      fc.property(day, fc.array(day, { maxLength: 3 }), fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.nat({ max: 120 }), (today, before, efficiency, previous) => {
        const got = run(counts(today, before), { efficiency: { revenue: efficiency, storage: 0 }, previousCoins: previous });
        expect(got.coins).toBeGreaterThanOrEqual(0);
        expect(got.coins_delta).toBeGreaterThanOrEqual(-1);
        expect(got.coins_delta).toBeLessThanOrEqual(2);
        expect(got.coins).toBe(Math.max(0, previous + got.coins_delta));
      }),
    );
  });
});

describe('month end: the next gold level and automatic unlimited status', () => {
  const USD = 1_000_000;
  const run = (level: number, coins: number, month: Efficiency, window: Efficiency = month) =>
    monthEnds({
      pairs: [A],
      levels: new Map([[pairKey(1, 'fd1'), level]]),
      coins: [{ user_id: 1, project: 'fd1', coins }],
      month: new Map([[pairKey(1, 'fd1'), month]]),
      window: new Map([[pairKey(1, 'fd1'), window]]),
      product: DEFAULT_PRODUCT,
    })[0]!;

  it.each([
    { what: 'standard with efficiency above 0 becomes Gold partner', level: 0, coins: 0, revenue: 1, storage: 0, next: 1, reason: 'up' },
    { what: 'standard without efficiency stays standard', level: 0, coins: 30, revenue: 0, storage: 0, next: 0, reason: 'stays_standard' },
    { what: 'Gold with 20 coins and 10 USD becomes poster', level: 1, coins: 20, revenue: 10 * USD, storage: 0, next: 2, reason: 'up' },
    { what: 'Gold with 20 coins and 9.99 USD stays Gold', level: 1, coins: 20, revenue: 10 * USD - 10_000, storage: 0, next: 1, reason: 'kept' },
    { what: 'master below poster’s 20 coins drops one level', level: 3, coins: 19, revenue: 100 * USD, storage: 0, next: 2, reason: 'down' },
    { what: 'magnate keeps the top level at 80 coins', level: 6, coins: 80, revenue: 0, storage: 0, next: 6, reason: 'kept' },
    { what: 'magnate drops below 80 coins', level: 6, coins: 79, revenue: 0, storage: 0, next: 5, reason: 'down' },
    { what: 'Gold is lost with a negative month and no coins', level: 4, coins: 0, revenue: 1 * USD, storage: 2 * USD, next: 0, reason: 'gold_lost' },
  ])('$what', ({ level, coins, revenue, storage, next, reason }) => {
    const got = run(level, coins, { revenue, storage });
    expect({ level: got.level, coins: got.coins, efficiency: got.monthEfficiencyMicro, next: got.next }).toEqual({
      level,
      coins,
      efficiency: revenue - storage,
      next: { level: next, reason },
    });
  });

  it.each([
    { what: 'revenue above 1 USD and above storage', revenue: 1 * USD + 1, storage: 0, unlimited: true },
    { what: 'revenue of exactly 1 USD', revenue: 1 * USD, storage: 0, unlimited: false },
    { what: 'revenue below storage', revenue: 3 * USD, storage: 3 * USD + 1, unlimited: false },
  ])('unlimited status over the last 30 days: $what → $unlimited', ({ revenue, storage, unlimited }) => {
    expect(run(1, 10, { revenue: 0, storage: 0 }, { revenue, storage }).unlimited).toBe(unlimited);
  });

  it('a pair without figures is standard with 0 coins and 0 efficiency', () => {
    const got = monthEnds({ pairs: [B], levels: new Map(), coins: [], month: new Map(), window: new Map(), product: DEFAULT_PRODUCT })[0]!;
    expect(got).toEqual({ pair: B, level: 0, coins: 0, monthEfficiencyMicro: 0, next: { level: 0, reason: 'stays_standard' }, unlimited: false });
  });
});
