import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonthsToMonth, monthFirstDay, monthKey, monthLastDay } from '@pc/core';
import { coverParts, monthCover, type MonthCover } from './month-cover.ts';

describe('monthCover', () => {
  it.each<[string, string, string, string, MonthCover]>([
    // Whole months only.
    ['two whole months', '2026-10-01', '2026-11-30', '2026-12-07', { months: { from: '2026-10-01', to: '2026-11-01' }, add: [], subtract: [] }],
    // One day: its own row, never a month less 29 days.
    ['today', '2026-12-07', '2026-12-07', '2026-12-07', { months: null, add: [{ from: '2026-12-07', to: '2026-12-07' }], subtract: [] }],
    // Thirty days to today: November less its first week, December less the days to come (none hold rows yet).
    [
      'thirty days',
      '2026-11-08',
      '2026-12-07',
      '2026-12-07',
      {
        months: { from: '2026-11-01', to: '2026-12-01' },
        add: [],
        subtract: [
          { from: '2026-11-01', to: '2026-11-07' },
          { from: '2026-12-08', to: '2026-12-31' },
        ],
      },
    ],
    // The same thirty days seen a year later: December's days to come now hold rows, so its seven days are read.
    [
      'thirty days, long past',
      '2026-11-08',
      '2026-12-07',
      '2027-12-07',
      { months: { from: '2026-11-01', to: '2026-11-01' }, add: [{ from: '2026-12-01', to: '2026-12-07' }], subtract: [{ from: '2026-11-01', to: '2026-11-07' }] },
    ],
    // A middle slice of a past month: fewer days inside than outside.
    ['mid-month', '2026-10-10', '2026-10-20', '2026-12-07', { months: null, add: [{ from: '2026-10-10', to: '2026-10-20' }], subtract: [] }],
    // February of a leap year, less one day.
    ['leap February', '2028-02-02', '2028-02-29', '2028-03-10', { months: { from: '2028-02-01', to: '2028-02-01' }, add: [], subtract: [{ from: '2028-02-01', to: '2028-02-01' }] }],
    // Across a year's end.
    [
      'new year',
      '2026-12-30',
      '2027-01-31',
      '2027-02-01',
      { months: { from: '2027-01-01', to: '2027-01-01' }, add: [{ from: '2026-12-30', to: '2026-12-31' }], subtract: [] },
    ],
  ])('%s', (_label, from, to, today, expected) => {
    expect(monthCover({ from, to }, today)).toEqual(expected);
  });

  const dayArb = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2025-11-15', n));

  it('counts every day of the range once and no other day, whatever the range and today', () => {
    fc.assert(
      fc.property(dayArb, dayArb, dayArb, (a, b, today) => {
        const [from, to] = [a, b].sort() as [string, string];
        const cover = monthCover({ from, to }, today);
        // Each day of the months around the range: how many times the cover counts it.
        const counted = new Map<string, number>();
        const count = (r: { from: string; to: string }, n: number) => {
          for (let d = r.from; d <= r.to; d = addDays(d, 1)) counted.set(d, (counted.get(d) ?? 0) + n);
        };
        if (cover.months) {
          for (let m = monthKey(cover.months.from); monthFirstDay(m) <= cover.months.to; m = addMonthsToMonth(m, 1)) {
            count({ from: monthFirstDay(m), to: monthLastDay(m) }, 1);
          }
        }
        cover.add.forEach((r) => count(r, 1));
        cover.subtract.forEach((r) => count(r, -1));
        for (const [day, n] of counted) expect([day, n]).toEqual([day, day >= from && day <= to ? 1 : 0]);
        for (let d = from; d <= to; d = addDays(d, 1)) expect(counted.get(d)).toBe(1);
        // Never heavier than reading the range day by day: a month row weighs two days, days to come none.
        const days = (r: { from: string; to: string }, upTo = r.to) => Math.max(0, (Date.parse(r.to < upTo ? r.to : upTo) - Date.parse(r.from)) / 86_400_000 + 1);
        const months = cover.months ? [...counted.keys()].filter((d) => d.endsWith('-01') && d >= cover.months!.from && d <= cover.months!.to).length : 0;
        const weight = 2 * months + cover.add.reduce((n, r) => n + days(r), 0) + cover.subtract.reduce((n, r) => n + days(r, today), 0);
        expect(weight).toBeLessThanOrEqual(days({ from, to }));
      }),
      { numRuns: 500 },
    );
  });
});

describe('coverParts', () => {
  const read = {
    months: (m: { from: string; to: string }) => `months ${m.from}..${m.to}`,
    days: (r: { from: string; to: string }, sign: '' | '-') => `${sign}days ${r.from}..${r.to}`,
  };

  it('reads the whole months, then the days added, then the days taken off', () => {
    expect(coverParts({ from: '2026-10-25', to: '2026-12-07' }, '2026-12-07', read)).toEqual([
      'months 2026-11-01..2026-12-01',
      'days 2026-10-25..2026-10-31',
      '-days 2026-12-08..2026-12-31',
    ]);
  });

  it('reads a range that ends before it starts as its own (empty) days', () => {
    expect(coverParts({ from: '2026-12-08', to: '2026-12-07' }, '2026-12-07', read)).toEqual(['days 2026-12-08..2026-12-07']);
  });
});
