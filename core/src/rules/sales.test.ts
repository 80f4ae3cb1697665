import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, SALE_STATUSES, type SaleKind, type SaleStatus } from '../product.ts';
import {
  filesAndSitesEarnings,
  isSaleOnHold,
  saleAvailableAt,
  saleCountsForCoins,
  saleDayAvailableAt,
  saleHeldUntil,
  saleEarnings,
  saleReversal,
  saleStatusChangeDelta,
  type DayDownloads,
  type DaySale,
} from './sales.ts';

const kindArb = fc.constantFrom<SaleKind>('sale', 'rebill', 'video_sale', 'video_rebill');
const saleArb: fc.Arbitrary<DaySale> = fc.record({
  plan: fc.constantFrom(...PLANS),
  kind: kindArb,
  amount: fc.integer({ min: 0, max: 1_000_000_000 }),
  viaVerifiedSite: fc.boolean(),
  status: fc.constantFrom(...SALE_STATUSES),
});
const downloadsArb: fc.Arbitrary<DayDownloads> = fc.record({
  plan: fc.constantFrom(...PLANS),
  byGroup: fc.dictionary(fc.constantFrom(...COUNTRY_GROUPS), fc.integer({ min: 0, max: 100_000 })),
});
const dayArb = fc.record({ downloads: fc.array(downloadsArb, { maxLength: 4 }), sales: fc.array(saleArb, { maxLength: 8 }) });

describe('sale earnings and reversal', () => {
  it('a Mixed sale of 9.99 USD via a verified site: 60% share + 10% bonus', () => {
    expect(saleEarnings({ plan: 'mixed', kind: 'sale', amount: 9_990_000, viaVerifiedSite: true })).toEqual({
      share: 5_994_000,
      siteBonus: 999_000,
      total: 6_993_000,
    });
  });
  it('a PPD sale earns only the site bonus', () => {
    expect(saleEarnings({ plan: 'ppd', kind: 'sale', amount: 10_000_000, viaVerifiedSite: true }).total).toBe(1_000_000);
  });
  it('refund after sale nets to zero, share and site bonus alike', () => {
    fc.assert(
      fc.property(saleArb, (s) => {
        const earned = saleEarnings(s);
        const reversal = saleReversal(earned);
        expect(earned.share + reversal.share).toBe(0);
        expect(earned.siteBonus + reversal.siteBonus).toBe(0);
        expect(earned.total + reversal.total).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
  it.each<[SaleStatus | null, SaleStatus, number]>([
    [null, 'hold', 1], [null, 'ok', 1], [null, 'void', 0], [null, 'refund', 0],
    ['hold', 'ok', 0], ['ok', 'refund', -1], ['hold', 'void', -1], ['refund', 'ok', 1], ['void', 'refund', 0],
  ])('status %s → %s adds %i × earned', (from, to, sign) => {
    const earned = { share: 600, siteBonus: 100, total: 700 };
    expect(saleStatusChangeDelta(from, to, earned).total).toBe(sign * 700);
  });
  it('any status history sums to what the final status carries', () => {
    fc.assert(
      fc.property(saleArb, fc.array(fc.constantFrom(...SALE_STATUSES), { minLength: 1, maxLength: 6 }), (s, history) => {
        const earned = saleEarnings(s);
        let total = 0;
        let prev: SaleStatus | null = null;
        for (const status of history) {
          total += saleStatusChangeDelta(prev, status, earned).total;
          prev = status;
        }
        const last = history[history.length - 1]!;
        expect(total).toBe(last === 'ok' || last === 'hold' ? earned.total : 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sale hold', () => {
  it('earnings are available exactly 14 days after the sale', () => {
    expect(saleAvailableAt('2026-03-01T12:00:00Z').toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(isSaleOnHold('2026-03-01T12:00:00Z', '2026-03-15T11:59:59.999Z')).toBe(true);
    expect(isSaleOnHold('2026-03-01T12:00:00Z', '2026-03-15T12:00:00Z')).toBe(false);
  });
  it('a sale day is available once its last sale has had 14 days', () => {
    expect(saleDayAvailableAt('2026-03-01').toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(saleDayAvailableAt('2026-03-01').getTime()).toBeGreaterThanOrEqual(saleAvailableAt('2026-03-01T23:59:59.999Z').getTime());
  });
});

describe('sales toward coins', () => {
  it.each<[SaleStatus, boolean, boolean]>([
    ['ok', false, true], ['hold', false, true], ['refund', false, false], ['void', false, false],
    ['ok', true, false], ['hold', true, false],
  ])('status %s, fraud %s → counts %s', (status, fraud, counts) => {
    expect(saleCountsForCoins({ status, fraud })).toBe(counts);
  });
});

describe('files and sites earnings', () => {
  it('prices downloads by plan and group', () => {
    expect(filesAndSitesEarnings({ downloads: [{ plan: 'mixed', byGroup: { A: 1000, G: 2 } }], sales: [] }).total).toBe(8_751_000);
  });
  it('earnings are additive over days', () => {
    fc.assert(
      fc.property(fc.array(dayArb, { minLength: 1, maxLength: 5 }), (days) => {
        const perDay = days.map((d) => filesAndSitesEarnings(d).total).reduce((a, b) => a + b, 0);
        const all = filesAndSitesEarnings({ downloads: days.flatMap((d) => d.downloads), sales: days.flatMap((d) => d.sales) });
        expect(all.total).toBe(perDay);
        expect(all.total).toBe(all.downloads + all.sales + all.siteBonus);
      }),
      { numRuns: 200 },
    );
  });
});

describe('saleHeldUntil', () => {
  const sale = { at: '2026-03-01T18:30:00Z', earned: 5_000_000, status: 'ok' as const };
  it.each([
    { label: 'held until 00:00 after its day and the hold', now: '2026-03-10T00:00:00Z', over: {}, until: '2026-03-16T00:00:00.000Z' },
    { label: 'the last instant of the hold still holds it', now: '2026-03-15T23:59:59.999Z', over: {}, until: '2026-03-16T00:00:00.000Z' },
    { label: 'released at its day’s release', now: '2026-03-16T00:00:00Z', over: {}, until: null },
    { label: 'a sale the host still holds is held the same', now: '2026-03-10T00:00:00Z', over: { status: 'hold' as const }, until: '2026-03-16T00:00:00.000Z' },
    { label: 'a refunded sale has nothing to release', now: '2026-03-10T00:00:00Z', over: { status: 'refund' as const }, until: null },
    { label: 'a voided sale neither', now: '2026-03-10T00:00:00Z', over: { status: 'void' as const }, until: null },
    { label: 'a sale that paid this partner nothing', now: '2026-03-10T00:00:00Z', over: { earned: 0 }, until: null },
  ])('$label', ({ now, over, until }) => {
    expect(saleHeldUntil({ ...sale, ...over }, now)?.toISOString() ?? null).toBe(until);
  });

  it('follows the hold of the settings and agrees with the day release the balance uses', () => {
    const product = { ...DEFAULT_PRODUCT, saleHoldDays: 3 };
    expect(saleHeldUntil(sale, '2026-03-02T00:00:00Z', product)).toEqual(saleDayAvailableAt('2026-03-01', product));
    expect(saleHeldUntil(sale, '2026-03-05T00:00:00Z', product)).toBeNull();
  });
});

