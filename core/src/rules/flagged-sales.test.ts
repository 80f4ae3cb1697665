import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flaggedPartnersQuery, flaggedSalesQuery } from '../contracts/console-flagged.ts';
import type { SaleStatus } from '../product.ts';
import { compareFlaggedPartners, flaggedSaleLostMicro, flaggedShareBp, isFlaggedFor, saleFlagKind, type FlaggedPartnerFigures } from './flagged-sales.ts';

const STATUSES: SaleStatus[] = ['ok', 'hold', 'void', 'refund'];

describe('flagged sales', () => {
  it.each<[SaleStatus, boolean, ReturnType<typeof saleFlagKind>, boolean, boolean, boolean]>([
    // status, fraud, kind, flagged for both, for fraud, for refund
    ['ok', false, null, false, false, false],
    ['hold', false, null, false, false, false],
    ['void', false, null, false, false, false],
    ['refund', false, 'refund', true, false, true],
    ['ok', true, 'fraud', true, true, false],
    ['hold', true, 'fraud', true, true, false],
    ['void', true, 'fraud', true, true, false],
    ['refund', true, 'both', true, true, true],
  ])('a %s sale, fraud %s, is %s', (status, fraud, kind, both, forFraud, forRefund) => {
    const sale = { status, fraud };
    expect(saleFlagKind(sale)).toBe(kind);
    expect(isFlaggedFor(sale, 'both')).toBe(both);
    expect(isFlaggedFor(sale, 'fraud')).toBe(forFraud);
    expect(isFlaggedFor(sale, 'refund')).toBe(forRefund);
  });

  it.each<[number, number, number]>([
    [0, 0, 0],
    [0, 10, 0],
    [1, 3, 3_333],
    [2, 3, 6_666],
    [1, 20, 500],
    [499, 10_000, 499],
    [1, 10_001, 0],
    [7, 7, 10_000],
    [9, 7, 10_000],
    [3, 0, 0],
  ])('%i flagged of %i sales is %i bp', (flagged, sales, bp) => expect(flaggedShareBp(flagged, sales)).toBe(bp));

  it.each<[SaleStatus, boolean, number]>([
    ['refund', false, 2_500_000],
    ['refund', true, 2_500_000],
    ['void', true, 2_500_000],
    ['ok', true, 0],
    ['hold', true, 0],
  ])('a flagged %s sale (fraud %s) loses %i', (status, fraud, lost) => expect(flaggedSaleLostMicro({ status, fraud }, 2_500_000)).toBe(lost));

  it('the share stays within 0..10,000, rounds down, and grows with the flagged sales', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, sales) => {
        const flagged = Math.min(a, sales);
        const bp = flaggedShareBp(flagged, sales);
        expect(bp).toBeGreaterThanOrEqual(0);
        expect(bp).toBeLessThanOrEqual(10_000);
        // Rounded down: bp/10,000 ≤ flagged/sales < (bp+1)/10,000, in integers.
        expect(bp * sales).toBeLessThanOrEqual(flagged * 10_000);
        expect((bp + 1) * sales).toBeGreaterThan(flagged * 10_000);
        if (flagged < sales) expect(flaggedShareBp(flagged + 1, sales)).toBeGreaterThanOrEqual(bp);
      }),
    );
  });

  it('a sale is flagged for either kind exactly when it is flagged for fraud or for refund, and loses money only when it no longer earns', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), fc.boolean(), fc.integer({ min: 0, max: 1e9 }), (status, fraud, share) => {
        const sale = { status, fraud };
        expect(isFlaggedFor(sale, 'both')).toBe(isFlaggedFor(sale, 'fraud') || isFlaggedFor(sale, 'refund'));
        expect(saleFlagKind(sale) !== null).toBe(isFlaggedFor(sale, 'both'));
        const lost = flaggedSaleLostMicro(sale, share);
        expect(lost === 0 || lost === share).toBe(true);
        if (status === 'ok' || status === 'hold') expect(lost).toBe(0);
      }),
    );
  });

  it('orders partners as a total order: share, then amount, then id', () => {
    const partner = fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      sales: fc.integer({ min: 1, max: 50 }),
      flagged: fc.integer({ min: 0, max: 50 }),
      flaggedAmountMicro: fc.integer({ min: 0, max: 1e9 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(partner, { selector: (p) => p.id, maxLength: 30 }), fc.constantFrom<'share' | 'amount'>('share', 'amount'), (list, sort) => {
        const rows: FlaggedPartnerFigures[] = list.map((p) => ({ ...p, flagged: Math.min(p.flagged, p.sales) }));
        const sorted = [...rows].sort((a, b) => compareFlaggedPartners(a, b, sort));
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          const key = (p: FlaggedPartnerFigures) => (sort === 'share' ? flaggedShareBp(p.flagged, p.sales) : p.flaggedAmountMicro);
          expect(key(a)).toBeGreaterThanOrEqual(key(b));
          expect(compareFlaggedPartners(a, b, sort)).toBeLessThan(0);
        }
      }),
    );
  });

  it.each<[string, Record<string, string>, boolean]>([
    ['no period (the default)', {}, true],
    ['one day', { date_from: '2026-11-20', date_to: '2026-11-20' }, true],
    ['366 days', { date_from: '2025-11-20', date_to: '2026-11-20' }, true],
    ['367 days', { date_from: '2025-11-19', date_to: '2026-11-20' }, false],
    ['ends out of order', { date_from: '2026-11-21', date_to: '2026-11-20' }, false],
    ['one end only', { date_from: '2026-11-01' }, false],
    ['not a day', { date_from: '2026-11-31', date_to: '2026-12-01' }, false],
    ['an unknown kind', { kind: 'chargeback' }, false],
  ])('the period filter: %s', (_name, query, ok) => {
    expect(flaggedPartnersQuery.safeParse(query).success).toBe(ok);
    expect(flaggedSalesQuery.safeParse(query).success).toBe(ok);
  });
});
