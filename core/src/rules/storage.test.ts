import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_GB,
  checkTrialRequest,
  daysWithoutDownload,
  fileExpiresAt,
  qualifiesForUnlimited,
  storageDailyCost,
  storageMonthlyCost,
  storagePeriod,
  storageTermDays,
  summarizeUnusedFiles,
  unusedPeriodOf,
  unusedPeriodsOf,
  type UnlimitedPeriod,
} from './storage.ts';
import { dayRange, monthFirstDay, monthLastDay } from './time.ts';

const GB = Number(BYTES_PER_GB);

describe('storage cost', () => {
  it.each([
    { label: '1 GB, 30-day month', bytes: GB, day: '2026-04-10', micro: 533 }, // 16000/30 = 533.33
    { label: '1 GB, 31-day month', bytes: GB, day: '2026-03-10', micro: 516 }, // 516.13
    { label: '1 GB, 28-day month', bytes: GB, day: '2026-02-10', micro: 571 }, // 571.43
    { label: '1 GB, 29-day month', bytes: GB, day: '2024-02-10', micro: 552 }, // 551.72
    { label: '3 GB, 30-day month', bytes: 3 * GB, day: '2026-04-10', micro: 1600 },
    { label: '1000 GB, 31-day month', bytes: 1000 * GB, day: '2026-01-10', micro: 516_129 },
    { label: 'nothing stored', bytes: 0, day: '2026-01-10', micro: 0 },
    { label: 'half a micro-dollar rounds up', bytes: 2_013_265, day: '2026-04-10', micro: 1 }, // 0.99999...→1
  ])('$label: $micro micro-USD a day', ({ bytes, day, micro }) => {
    expect(storageDailyCost(bytes, day)).toBe(micro);
  });
  it('the monthly price is 0.016 USD per GB', () => {
    expect(storageMonthlyCost(GB)).toBe(16_000);
    expect(storageMonthlyCost(10n * BYTES_PER_GB)).toBe(160_000);
    expect(storageMonthlyCost(GB / 2)).toBe(8_000);
  });
  it('works past 2^53 bytes', () => {
    expect(storageDailyCost(1n << 60n, '2026-04-01')).toBe(Math.round((2 ** 30 * 16_000) / 30));
  });
  it('a month of daily costs sums to the monthly price within rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 52 }), fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), (bytes, year, month) => {
        const m = `${year}-${String(month).padStart(2, '0')}`;
        const days = dayRange(monthFirstDay(m), monthLastDay(m));
        const sum = days.reduce((acc, d) => acc + storageDailyCost(bytes, d), 0);
        // Each day rounds by at most half a micro-dollar; the monthly figure by at most half as well.
        const exactTimesGb = BigInt(bytes) * 16_000n;
        const diff = BigInt(sum) * BYTES_PER_GB - exactTimesGb;
        const bound = (BigInt(days.length) * BYTES_PER_GB) / 2n;
        expect(diff <= bound && diff >= -bound).toBe(true);
        expect(Math.abs(sum - storageMonthlyCost(bytes))).toBeLessThanOrEqual(Math.ceil(days.length / 2) + 1);
      }),
      { numRuns: 200 },
    );
  });
  it('daily cost rounding never loses more than half a micro-dollar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 52 }), fc.constantFrom('2026-02-01', '2024-02-01', '2026-04-01', '2026-05-01'), (bytes, day) => {
        const n = BigInt(day === '2026-02-01' ? 28 : day === '2024-02-01' ? 29 : day === '2026-04-01' ? 30 : 31);
        const diff = BigInt(storageDailyCost(bytes, day)) * BYTES_PER_GB * n - BigInt(bytes) * 16_000n;
        expect(2n * (diff < 0n ? -diff : diff) <= BYTES_PER_GB * n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it('rejects a negative or fractional size', () => {
    expect(() => storageDailyCost(-1, '2026-01-01')).toThrow(RangeError);
    expect(() => storageDailyCost(1.5, '2026-01-01')).toThrow(RangeError);
  });
});

describe('storage period', () => {
  it.each([
    { hasSale: false, unlimited: false, term: 30 },
    { hasSale: true, unlimited: false, term: 90 },
    { hasSale: false, unlimited: true, term: null },
    { hasSale: true, unlimited: true, term: null },
  ])('sale $hasSale, unlimited $unlimited → $term days', ({ hasSale, unlimited, term }) => {
    expect(storageTermDays({ hasSale, unlimited })).toBe(term);
  });
  it('next_update is the 1st of next month', () => {
    expect(storagePeriod({ unlimited: false, now: '2026-12-31T23:59:59Z' })).toEqual({
      normalTermDays: 30,
      premiumTermDays: 90,
      nextUpdate: new Date('2027-01-01T00:00:00Z'),
    });
    expect(storagePeriod({ unlimited: true, now: '2026-02-01T00:00:00Z' }).normalTermDays).toBeNull();
  });
  it('a file expires its term after the last download, or after upload', () => {
    expect(fileExpiresAt({ uploadedAt: '2026-01-01T00:00:00Z', lastDownloadAt: null, hasSale: false, unlimited: false })?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(fileExpiresAt({ uploadedAt: '2026-01-01T00:00:00Z', lastDownloadAt: '2026-02-01T00:00:00Z', hasSale: true, unlimited: false })?.toISOString()).toBe('2026-05-02T00:00:00.000Z');
    expect(fileExpiresAt({ uploadedAt: '2026-01-01T00:00:00Z', lastDownloadAt: null, hasSale: true, unlimited: true })).toBeNull();
  });
});

describe('unlimited status', () => {
  it.each([
    { label: 'above 1 USD and above cost', revenue: 1_000_001, cost: 500_000, ok: true },
    { label: 'exactly 1 USD is not above', revenue: 1_000_000, cost: 0, ok: false },
    { label: 'revenue equal to cost is not above', revenue: 5_000_000, cost: 5_000_000, ok: false },
    { label: 'revenue below cost', revenue: 5_000_000, cost: 6_000_000, ok: false },
  ])('$label', ({ revenue, cost, ok }) => {
    expect(qualifiesForUnlimited({ revenue30dMicro: revenue, storageCost30dMicro: cost })).toBe(ok);
  });

  const trial = (start: string, end: string, months: number): UnlimitedPeriod => ({ kind: 'trial', start, end, months });
  const now = '2026-06-15T12:00:00Z';
  it.each([
    { label: 'first trial of 1 month', months: 1, history: [], out: { allowed: true, start: new Date(now), end: new Date('2026-07-15T12:00:00Z'), months: 1 } },
    { label: 'first trial of 2 months', months: 2, history: [], out: { allowed: true, start: new Date(now), end: new Date('2026-08-15T12:00:00Z'), months: 2 } },
    { label: '3 months is not offered', months: 3, history: [], out: { allowed: false, reason: 'invalid_length' } },
    { label: '0 months is not offered', months: 0, history: [], out: { allowed: false, reason: 'invalid_length' } },
    {
      label: 'a second month after one used in the window',
      months: 1,
      history: [trial('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 1)],
      out: { allowed: true, start: new Date(now), end: new Date('2026-07-15T12:00:00Z'), months: 1 },
    },
    {
      label: 'two more months after one used',
      months: 2,
      history: [trial('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 1)],
      out: { allowed: false, reason: 'limit_reached', allowedAt: new Date('2027-01-01T00:00:00Z') },
    },
    {
      label: 'two used in the window',
      months: 1,
      history: [trial('2025-09-01T00:00:00Z', '2025-10-01T00:00:00Z', 1), trial('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', 1)],
      out: { allowed: false, reason: 'limit_reached', allowedAt: new Date('2026-09-01T00:00:00Z') },
    },
    {
      label: 'a trial that started 12 months ago has left the window',
      months: 2,
      history: [trial('2025-06-15T12:00:00Z', '2025-08-15T12:00:00Z', 2)],
      out: { allowed: true, start: new Date(now), end: new Date('2026-08-15T12:00:00Z'), months: 2 },
    },
    {
      label: 'not while a period runs',
      months: 1,
      history: [{ kind: 'auto', start: '2026-06-01T00:00:00Z', end: '2026-07-01T00:00:00Z', months: 1 } as UnlimitedPeriod],
      out: { allowed: false, reason: 'already_unlimited' },
    },
  ])('$label', ({ months, history, out }) => {
    expect(checkTrialRequest({ months, history, now })).toEqual(out);
  });
  it('never more than 2 trial months in any rolling 12 months', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 1500 }), fc.constantFrom(1, 2)), { maxLength: 30 }), (requests) => {
        const history: UnlimitedPeriod[] = [];
        const base = Date.parse('2026-01-01T00:00:00Z');
        let day = 0;
        for (const [gap, months] of requests) {
          day += gap;
          const check = checkTrialRequest({ months, history, now: new Date(base + day * 86_400_000) });
          if (check.allowed) history.push({ kind: 'trial', start: check.start, end: check.end, months });
        }
        for (const p of history) {
          const from = new Date(p.start as Date);
          const to = new Date(from);
          to.setUTCFullYear(to.getUTCFullYear() + 1);
          const used = history
            .filter((q) => (q.start as Date).getTime() >= from.getTime() && (q.start as Date).getTime() < to.getTime())
            .reduce((s, q) => s + q.months, 0);
          expect(used).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('unused files', () => {
  const now = '2026-06-30T00:00:00Z';
  it.each([
    { label: 'downloaded yesterday', last: '2026-06-29T00:00:00Z', periods: [], longest: null },
    { label: '29 days', last: '2026-06-01T00:00:01Z', periods: [], longest: null },
    { label: '30 days', last: '2026-05-31T00:00:00Z', periods: [30], longest: 30 },
    { label: '60 days', last: '2026-05-01T00:00:00Z', periods: [30, 60], longest: 60 },
    { label: '100 days', last: '2026-03-22T00:00:00Z', periods: [30, 60, 90], longest: 90 },
    { label: '180 days', last: '2026-01-01T00:00:00Z', periods: [30, 60, 90, 180], longest: 180 },
    { label: '365 days', last: '2025-06-30T00:00:00Z', periods: [30, 60, 90, 180, 365], longest: 365 },
  ])('$label without a download → $longest', ({ last, periods, longest }) => {
    const file = { uploadedAt: '2020-01-01T00:00:00Z', lastDownloadAt: last };
    expect(unusedPeriodsOf(file, now)).toEqual(periods);
    expect(unusedPeriodOf(file, now)).toBe(longest);
  });
  it('a file never downloaded counts from its upload', () => {
    expect(daysWithoutDownload({ uploadedAt: '2026-06-20T00:00:00Z', lastDownloadAt: null }, now)).toBe(10);
    expect(unusedPeriodOf({ uploadedAt: '2026-04-15T00:00:00Z', lastDownloadAt: null }, now)).toBe(60);
  });
  it('summarizes count, size and monthly cost per period', () => {
    const files = [
      { uploadedAt: '2020-01-01T00:00:00Z', lastDownloadAt: '2026-05-15T00:00:00Z', sizeBytes: GB },
      { uploadedAt: '2020-01-01T00:00:00Z', lastDownloadAt: '2025-01-01T00:00:00Z', sizeBytes: 2 * GB },
      { uploadedAt: '2026-06-29T00:00:00Z', lastDownloadAt: null, sizeBytes: 5 * GB },
    ];
    expect(summarizeUnusedFiles(files, now)).toEqual([
      { days: 30, count: 2, bytes: 3n * BYTES_PER_GB, monthlyCostMicro: 48_000 },
      { days: 60, count: 1, bytes: 2n * BYTES_PER_GB, monthlyCostMicro: 32_000 },
      { days: 90, count: 1, bytes: 2n * BYTES_PER_GB, monthlyCostMicro: 32_000 },
      { days: 180, count: 1, bytes: 2n * BYTES_PER_GB, monthlyCostMicro: 32_000 },
      { days: 365, count: 1, bytes: 2n * BYTES_PER_GB, monthlyCostMicro: 32_000 },
    ]);
  });
});
