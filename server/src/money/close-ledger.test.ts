import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT } from '@pc/core';
import type { NewEntry } from './ledger.ts';
import { CLOSE_SOURCES, addTarget, dayTargets, ledgerWrites, pairKey, type HeldSum, type Pair, type RollupRow, type Targets, type Upline } from './close-ledger.ts';

/**
 * The day close's ledger without a database: what a day's rollups call for (docs/product.md: each earning as its own
 * source, the gold bonus on files + sites earnings, referral commissions of 12 / 6 / 3 % and 1 %), and the entries
 * that bring what the ledger holds to it. Figures are worked out here from the percentages of docs/product.md.
 */

const DAY = '2026-11-20';
const P = 11;

function rollup(over: Partial<RollupRow> = {}): RollupRow {
  return {
    user_id: P,
    project: 'fd1',
    download_earned_micro: 0,
    copy_download_earned_micro: 0,
    sale_earned_micro: 0,
    copy_sale_earned_micro: 0,
    video_sale_earned_micro: 0,
    site_earned_micro: 0,
    ...over,
  };
}

/** The targets without their zero keys, as `user|project|source|bucket` → micro-USD. */
function nonZero(targets: Targets): Record<string, number> {
  return Object.fromEntries([...targets].filter(([, v]) => v !== 0));
}

describe('day targets: each earning column is its own source and bucket', () => {
  it.each([
    { column: 'download_earned_micro', key: 'files|downloads' },
    { column: 'copy_download_earned_micro', key: 'file_copies|downloads' },
    { column: 'sale_earned_micro', key: 'files|sales' },
    { column: 'copy_sale_earned_micro', key: 'file_copies|sales' },
    { column: 'video_sale_earned_micro', key: 'video|sales' },
    { column: 'site_earned_micro', key: 'sites|sales' },
  ] as const)('$column is booked as $key', ({ column, key }) => {
    const { targets, commissions } = dayTargets(DAY, [rollup({ [column]: 1_234_567 })], new Map(), new Map(), DEFAULT_PRODUCT);
    expect(nonZero(targets)).toEqual({ [`${P}|fd1|${key}`]: 1_234_567 });
    expect(commissions).toEqual([]);
  });
});

describe('day targets: the gold bonus on files + sites earnings (docs/product.md#gold-partners)', () => {
  // Downloads 1 USD (own 0.6 + copies 0.4); sales 3 USD (own 1 + copies 0.5 + video 0.5 + sites 1).
  const row = rollup({
    download_earned_micro: 600_000,
    copy_download_earned_micro: 400_000,
    sale_earned_micro: 1_000_000,
    copy_sale_earned_micro: 500_000,
    video_sale_earned_micro: 500_000,
    site_earned_micro: 1_000_000,
  });
  it.each([
    { level: 0, percent: 0 },
    { level: 1, percent: 5 },
    { level: 2, percent: 10 },
    { level: 3, percent: 15 },
    { level: 4, percent: 18 },
    { level: 5, percent: 21 },
    { level: 6, percent: 25 },
  ])('level $level pays $percent % of each bucket', ({ level, percent }) => {
    const { targets } = dayTargets(DAY, [row], new Map([[pairKey(P, 'fd1'), level]]), new Map(), DEFAULT_PRODUCT);
    expect(targets.get(`${P}|fd1|gold_bonus|downloads`)).toBe(1_000_000 * percent / 100);
    expect(targets.get(`${P}|fd1|gold_bonus|sales`)).toBe(3_000_000 * percent / 100);
  });
  it('the level of another project does not count', () => {
    const { targets } = dayTargets(DAY, [row], new Map([[pairKey(P, 'fd2'), 6]]), new Map(), DEFAULT_PRODUCT);
    expect(targets.get(`${P}|fd1|gold_bonus|downloads`)).toBe(0);
  });
});

describe('day targets: referral commissions (docs/product.md#referrals)', () => {
  const row = rollup({ download_earned_micro: 2_000_000, sale_earned_micro: 5_000_000, site_earned_micro: 1_000_000 });
  it.each([
    { registered: '2026-10-01', what: 'in the first 3 months', bp: 1_200 },
    { registered: '2026-05-01', what: 'in the 6 months after', bp: 600 },
    { registered: '2025-01-01', what: 'after 9 months', bp: 300 },
  ])('level 1 $what: $bp bp of downloads and sales (sites included); level 2: 1 %', ({ registered, bp }) => {
    const up: Upline = { id: P, created_day: registered, r1: 21, r2: 31 };
    const { targets, commissions } = dayTargets(DAY, [row], new Map(), new Map([[P, up]]), DEFAULT_PRODUCT);
    const downloads = 2_000_000;
    const sales = 6_000_000;
    expect(commissions).toEqual([
      { referrerId: 21, referralId: P, project: 'fd1', bucket: 'downloads', level: 1, base: downloads, rateBp: bp, amount: (downloads * bp) / 10_000 },
      { referrerId: 31, referralId: P, project: 'fd1', bucket: 'downloads', level: 2, base: downloads, rateBp: 100, amount: downloads / 100 },
      { referrerId: 21, referralId: P, project: 'fd1', bucket: 'sales', level: 1, base: sales, rateBp: bp, amount: (sales * bp) / 10_000 },
      { referrerId: 31, referralId: P, project: 'fd1', bucket: 'sales', level: 2, base: sales, rateBp: 100, amount: sales / 100 },
    ]);
    // The referrers' income is added from the stored commissions, not here.
    expect([...targets.keys()].some((k) => k.includes('|referrals|'))).toBe(false);
  });
  it('a partner nobody invited earns nobody a commission', () => {
    expect(dayTargets(DAY, [row], new Map(), new Map([[P, { id: P, created_day: '2026-10-01', r1: null, r2: null }]]), DEFAULT_PRODUCT).commissions).toEqual([]);
  });
  it('a day without earnings still records a commission of 0 at the rate in force', () => {
    const { commissions } = dayTargets(DAY, [rollup()], new Map(), new Map([[P, { id: P, created_day: '2026-10-01', r1: 21, r2: null }]]), DEFAULT_PRODUCT);
    expect(commissions.map((c) => [c.bucket, c.rateBp, c.amount])).toEqual([
      ['downloads', 0, 0],
      ['sales', 0, 0],
    ]);
  });
});

describe('ledger reconciliation: the entries that bring the ledger to the targets', () => {
  const scope = new Map<string, Pair>([[pairKey(P, 'fd1'), { userId: P, project: 'fd1' }]]);
  const held = (source: string, bucket: string, amount: number, n = 1, user = P): HeldSum => ({ user_id: user, project: 'fd1', source, bucket, amount, n });
  const targetsOf = (entries: Record<string, number>): Targets => new Map(Object.entries(entries));
  // docs/product.md#sales: sale earnings are held 14 days after the day; downloads are available at the day's end.
  const DAY_END = new Date('2026-11-21T00:00:00Z');
  const SALES_AVAILABLE = new Date('2026-12-05T00:00:00Z');

  const cases: Array<{ what: string; targets: Record<string, number>; held: HeldSum[]; expected: Array<Partial<NewEntry>> }> = [
    {
      what: 'a first close books each target as an earning',
      targets: { [`${P}|fd1|files|downloads`]: 875_000, [`${P}|fd1|files|sales`]: 6_000_000 },
      held: [],
      expected: [
        { source: 'files', bucket: 'downloads', kind: 'earning', amountMicro: 875_000, availableAt: DAY_END, idempotencyKey: `close:fd1:${DAY}:files:downloads:0` },
        { source: 'files', bucket: 'sales', kind: 'earning', amountMicro: 6_000_000, availableAt: SALES_AVAILABLE, idempotencyKey: `close:fd1:${DAY}:files:sales:0` },
      ],
    },
    {
      what: 'a second close of the same figures writes nothing',
      targets: { [`${P}|fd1|files|downloads`]: 875_000 },
      held: [held('files', 'downloads', 875_000)],
      expected: [],
    },
    {
      what: 'a late event adds a correction of the difference, with the next key',
      targets: { [`${P}|fd1|files|downloads`]: 900_000 },
      held: [held('files', 'downloads', 875_000, 1)],
      expected: [{ source: 'files', bucket: 'downloads', kind: 'correction', amountMicro: 25_000, availableAt: DAY_END, idempotencyKey: `close:fd1:${DAY}:files:downloads:1` }],
    },
    {
      what: 'a refund that takes a source back to 0 is a negative correction',
      targets: {},
      held: [held('video', 'sales', 3_996_000, 2)],
      expected: [{ source: 'video', bucket: 'sales', kind: 'correction', amountMicro: -3_996_000, availableAt: SALES_AVAILABLE, idempotencyKey: `close:fd1:${DAY}:video:sales:2` }],
    },
    {
      what: 'a partner outside the scope keeps what it holds',
      targets: {},
      held: [held('files', 'downloads', 500_000, 1, 99)],
      expected: [],
    },
    {
      what: 'referral income is managed only for the referrers of the scope',
      targets: {},
      held: [held('referrals', 'sales', 120_000, 1, 21), held('referrals', 'sales', 60_000, 1, 22)],
      expected: [{ userId: 21, source: 'referrals', bucket: 'sales', kind: 'correction', amountMicro: -120_000, availableAt: SALES_AVAILABLE, idempotencyKey: `close:fd1:${DAY}:referrals:sales:1` }],
    },
  ];
  it.each(cases)('$what', ({ targets, held: heldSums, expected }) => {
    const writes = ledgerWrites({ day: DAY, targets: targetsOf(targets), held: heldSums, scopePairs: scope, referrers: [21], product: DEFAULT_PRODUCT });
    expect(writes).toEqual(expected.map((e) => ({ userId: P, project: 'fd1', day: DAY, ...e })));
  });

  it('addTarget sums into one key per partner, project, source and bucket', () => {
    const targets: Targets = new Map();
    addTarget(targets, 21, 'fd1', 'referrals', 'sales', 100);
    addTarget(targets, 21, 'fd1', 'referrals', 'sales', 23);
    expect(nonZero(targets)).toEqual({ '21|fd1|referrals|sales': 123 });
  });

  const amount = fc.integer({ min: -5_000_000, max: 50_000_000 });
  const keyArb = fc.record({
    user: fc.constantFrom(P, 12, 21),
    project: fc.constantFrom('fd1', 'fd2'),
    source: fc.constantFrom(...CLOSE_SOURCES),
    bucket: fc.constantFrom('downloads', 'sales'),
  });
  it('after its entries are booked, a close of the same figures writes nothing, and every managed key holds its target (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(keyArb, amount), { maxLength: 12 }),
        fc.array(fc.tuple(keyArb, amount, fc.integer({ min: 1, max: 3 })), { maxLength: 12 }),
        (targetList, heldList) => {
          const scopePairs = new Map<string, Pair>([
            [pairKey(P, 'fd1'), { userId: P, project: 'fd1' }],
            [pairKey(12, 'fd2'), { userId: 12, project: 'fd2' }],
          ]);
          const targets: Targets = new Map();
          for (const [k, v] of targetList) addTarget(targets, k.user, k.project, k.source, k.bucket, v);
          const ledger = new Map<string, HeldSum>();
          for (const [k, v, n] of heldList) {
            const key = `${k.user}|${k.project}|${k.source}|${k.bucket}`;
            ledger.set(key, { user_id: k.user, project: k.project, source: k.source, bucket: k.bucket, amount: v, n });
          }
          const opts = { day: DAY, targets, scopePairs, referrers: [21], product: DEFAULT_PRODUCT };
          const writes = ledgerWrites({ ...opts, held: [...ledger.values()] });
          for (const w of writes) {
            expect(w.amountMicro).not.toBe(0);
            const key = `${w.userId}|${w.project}|${w.source}|${w.bucket}`;
            const h = ledger.get(key);
            expect(w.kind).toBe(h ? 'correction' : 'earning');
            ledger.set(key, { user_id: w.userId, project: w.project!, source: w.source, bucket: w.bucket, amount: (h?.amount ?? 0) + w.amountMicro, n: (h?.n ?? 0) + 1 });
          }
          expect(ledgerWrites({ ...opts, held: [...ledger.values()] })).toEqual([]);
          for (const [key, target] of targets) expect(ledger.get(key)?.amount ?? 0).toBe(target);
          expect(new Set(writes.map((w) => `${w.userId}:${w.idempotencyKey}`)).size).toBe(writes.length);
        },
      ),
    );
  });
});
