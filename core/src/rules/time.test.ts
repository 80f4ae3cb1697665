import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysToDay,
  addMonths,
  addMonthsToDay,
  addMonthsToMonth,
  dayEnd,
  dayKey,
  dayRange,
  daysBetween,
  daysInMonth,
  daysInMonthOf,
  dayStart,
  isDayKey,
  monthEnd,
  monthKey,
  monthLastDay,
  monthStart,
  nextMonthStart,
  nextUtcMidnight,
} from './time.ts';

const dayArb = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map(dayKey);

describe('UTC time helpers', () => {
  it.each([
    [2026, 1, 31], [2026, 2, 28], [2024, 2, 29], [2100, 2, 28], [2000, 2, 29], [2026, 4, 30], [2026, 12, 31],
  ])('%i-%i has %i days', (y, m, n) => expect(daysInMonth(y, m)).toBe(n));

  it('day keys are UTC days', () => {
    expect(dayKey(new Date('2026-03-01T23:59:59.999-05:00'))).toBe('2026-03-02');
    expect(dayKey('2026-03-01T00:00:00Z')).toBe('2026-03-01');
    expect(dayStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(dayEnd('2026-02-28').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(isDayKey('2026-02-29')).toBe(false);
    expect(isDayKey('2024-02-29')).toBe(true);
    expect(() => dayStart('2026-13-01')).toThrow(RangeError);
  });

  it('months', () => {
    expect(monthKey('2026-02-14')).toBe('2026-02');
    expect(monthKey(new Date('2026-02-28T23:00:00Z'))).toBe('2026-02');
    expect(monthLastDay('2024-02')).toBe('2024-02-29');
    expect(monthStart('2026-12').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(monthEnd('2026-12').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
    expect(addMonthsToMonth('2026-11', 14)).toBe('2028-01');
    expect(nextMonthStart('2026-01-31T23:59:59Z').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(nextMonthStart('2026-02-01T00:00:00Z').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-01-15', 3, '2026-04-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-08-31', 1, '2026-09-30'],
    ['2026-11-30', 3, '2027-02-28'],
  ])('%s + %i months = %s (clamped to the month end)', (day, n, out) => expect(addMonthsToDay(day, n)).toBe(out));

  it('addMonths keeps the time of day', () => {
    expect(addMonths('2026-01-31T10:30:00Z', 1).toISOString()).toBe('2026-02-28T10:30:00.000Z');
  });

  it('next UTC midnight is strictly after', () => {
    expect(nextUtcMidnight('2026-05-05T00:00:00Z').toISOString()).toBe('2026-05-06T00:00:00.000Z');
    expect(nextUtcMidnight('2026-05-05T23:59:59.999Z').toISOString()).toBe('2026-05-06T00:00:00.000Z');
  });

  it('addDaysToDay and daysBetween are inverse; ranges are inclusive', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -2000, max: 2000 }), (day, n) => {
        const later = addDaysToDay(day, n);
        expect(daysBetween(day, later)).toBe(n);
        expect(addDaysToDay(later, -n)).toBe(day);
      }),
      { numRuns: 300 },
    );
    expect(dayRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(dayRange('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('month arithmetic never leaves the target month and never exceeds the day', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -60, max: 60 }), (day, n) => {
        const out = addMonthsToDay(day, n);
        expect(monthKey(out)).toBe(addMonthsToMonth(monthKey(day), n));
        expect(Number(out.slice(8))).toBe(Math.min(Number(day.slice(8)), daysInMonthOf(out)));
      }),
      { numRuns: 300 },
    );
  });
});
