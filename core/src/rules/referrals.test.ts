import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referralBase, referralCommission, referralRateBp, referralSchedule } from './referrals.ts';
import { dayKey } from './time.ts';

describe('referral periods at their boundaries', () => {
  it.each([
    // registered 2026-01-15: 12% to 2026-04-14, 6% from 2026-04-15 to 2026-10-14, 3% from 2026-10-15.
    { label: 'day before registration', day: '2026-01-14', bp: 0 },
    { label: 'registration day', day: '2026-01-15', bp: 1_200 },
    { label: 'last day of month 3', day: '2026-04-14', bp: 1_200 },
    { label: 'first day of month 4', day: '2026-04-15', bp: 600 },
    { label: 'last day of month 9', day: '2026-10-14', bp: 600 },
    { label: 'first day of month 10', day: '2026-10-15', bp: 300 },
    { label: 'years later', day: '2030-01-01', bp: 300 },
  ])('$label ($day): $bp bp', ({ day, bp }) => {
    expect(referralRateBp('2026-01-15T17:30:00Z', day)).toBe(bp);
  });
  it('registration on the 31st clamps to month ends', () => {
    expect(referralSchedule('2025-11-30')).toEqual([
      { rateBp: 1_200, from: '2025-11-30', until: '2026-02-28' },
      { rateBp: 600, from: '2026-02-28', until: '2026-08-30' },
      { rateBp: 300, from: '2026-08-30', until: null },
    ]);
    expect(referralRateBp('2026-01-31', '2026-04-29')).toBe(1_200);
    expect(referralRateBp('2026-01-31', '2026-04-30')).toBe(600);
  });
  it('the rate never rises over time', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 1, max: 400 }),
        (reg, a, b) => {
          const d1 = dayKey(new Date(reg.getTime() + a * 86_400_000));
          const d2 = dayKey(new Date(reg.getTime() + (a + b) * 86_400_000));
          expect(referralRateBp(reg, d2)).toBeLessThanOrEqual(referralRateBp(reg, d1));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('referral commission', () => {
  it('base excludes gold bonus and referral income: files + sites only', () => {
    expect(referralBase({ files: 10_000_000, sites: 2_500_000 })).toBe(12_500_000);
  });
  it.each([
    { level: 1 as const, day: '2026-02-01', base: 12_500_000, out: 1_500_000 },
    { level: 1 as const, day: '2026-05-01', base: 12_500_000, out: 750_000 },
    { level: 1 as const, day: '2027-05-01', base: 12_500_000, out: 375_000 },
    { level: 2 as const, day: '2026-02-01', base: 12_500_000, out: 125_000 },
    { level: 2 as const, day: '2036-02-01', base: 12_500_000, out: 125_000 },
    { level: 1 as const, day: '2026-02-01', base: 4, out: 0 },
    { level: 1 as const, day: '2026-02-01', base: 5, out: 1 },
    { level: 1 as const, day: '2026-02-01', base: -12_500_000, out: -1_500_000 },
  ])('level $level on $day of $base → $out', ({ level, day, base, out }) => {
    expect(referralCommission({ level, registeredAt: '2026-01-15', day, baseMicro: base })).toBe(out);
  });
  it('a reversed day takes its commission back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom(1 as const, 2 as const), (base, level) => {
        const c = (b: number) => referralCommission({ level, registeredAt: '2026-01-01', day: '2026-02-01', baseMicro: b });
        expect(c(base) + c(-base)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
