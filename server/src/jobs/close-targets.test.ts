import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDay, dayRange } from '@pc/core';
import { dueDays, monthEndingOn, rangeSteps, type CloseStep } from './close-targets.ts';

/** Which days and months the closes run, and in which order, without a database. */

const day = (d: string): CloseStep => ({ kind: 'day', day: d });
const month = (m: string): CloseStep => ({ kind: 'month', month: m });
const monthIfDue = (m: string): CloseStep => ({ kind: 'month-if-due', month: m });

describe('the steps of a range of days', () => {
  it.each([
    { what: 'days inside a month', from: '2026-11-18', to: '2026-11-20', steps: [day('2026-11-18'), day('2026-11-19'), day('2026-11-20')] },
    {
      what: 'across a month end: the month right after its last day, then a due check before the 1st',
      from: '2026-10-30',
      to: '2026-11-02',
      steps: [day('2026-10-30'), day('2026-10-31'), month('2026-10'), monthIfDue('2026-10'), day('2026-11-01'), day('2026-11-02')],
    },
    { what: 'starting on a 1st: the month before only if due', from: '2026-12-01', to: '2026-12-01', steps: [monthIfDue('2026-11'), day('2026-12-01')] },
    { what: 'the last day of February in a common year', from: '2027-02-28', to: '2027-02-28', steps: [day('2027-02-28'), month('2027-02')] },
    { what: 'February 28 of a leap year is not a month end', from: '2028-02-28', to: '2028-02-29', steps: [day('2028-02-28'), day('2028-02-29'), month('2028-02')] },
    { what: 'across a year end', from: '2026-12-31', to: '2027-01-01', steps: [day('2026-12-31'), month('2026-12'), monthIfDue('2026-12'), day('2027-01-01')] },
    { what: 'an empty range', from: '2026-11-21', to: '2026-11-20', steps: [] },
  ])('$what', ({ from, to, steps }) => {
    expect(rangeSteps(from, to)).toEqual(steps);
  });

  it('every day once and in order; each month closed right after its last day and checked before the next 1st (property)', () => {
    const start = fc.integer({ min: 0, max: 800 }).map((n) => addDaysToDay('2025-12-15', n));
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: 70 }), (from, length) => {
        const to = addDaysToDay(from, length);
        const steps = rangeSteps(from, to);
        expect(steps.filter((s) => s.kind === 'day').map((s) => (s as { day: string }).day)).toEqual(dayRange(from, to));
        steps.forEach((s, i) => {
          if (s.kind === 'month') {
            const before = steps[i - 1] as { kind: string; day: string };
            expect(before.kind).toBe('day');
            expect(monthEndingOn(before.day)).toBe(s.month);
          }
          if (s.kind === 'month-if-due') {
            const after = steps[i + 1] as { kind: string; day: string };
            expect(after.kind).toBe('day');
            expect(after.day.endsWith('-01')).toBe(true);
            expect(monthEndingOn(addDaysToDay(after.day, -1))).toBe(s.month);
          }
        });
      }),
    );
  });
});

describe('month ends', () => {
  it.each([
    { d: '2026-11-30', month: '2026-11' },
    { d: '2026-11-29', month: null },
    { d: '2026-12-31', month: '2026-12' },
    { d: '2027-02-28', month: '2027-02' },
    { d: '2028-02-28', month: null },
    { d: '2028-02-29', month: '2028-02' },
  ])('$d ends $month', ({ d, month: m }) => {
    expect(monthEndingOn(d)).toBe(m);
  });
});

describe('the days due at a moment', () => {
  const NOW = new Date('2026-11-21T01:00:00Z'); // yesterday: 2026-11-20
  it.each([
    { what: 'after a close, from the next day to yesterday', last: '2026-11-17', first: null, range: { from: '2026-11-18', to: '2026-11-20' } },
    { what: 'up to date: nothing (from after to)', last: '2026-11-20', first: null, range: { from: '2026-11-21', to: '2026-11-20' } },
    { what: 'before any close, from the first day with rollups', last: null, first: '2026-10-01', range: { from: '2026-10-01', to: '2026-11-20' } },
    { what: 'before any close, rollups only from today: yesterday', last: null, first: '2026-11-21', range: { from: '2026-11-20', to: '2026-11-20' } },
    { what: 'before any close and without rollups: yesterday', last: null, first: null, range: { from: '2026-11-20', to: '2026-11-20' } },
    { what: 'the first rollup is ignored once a day is closed', last: '2026-11-19', first: '2026-01-01', range: { from: '2026-11-20', to: '2026-11-20' } },
  ])('$what', ({ last, first, range }) => {
    expect(dueDays(NOW, last, first)).toEqual(range);
  });
  it('yesterday is the UTC day before, also just after midnight', () => {
    expect(dueDays(new Date('2026-12-01T00:00:00Z'), null, null).to).toBe('2026-11-30');
    expect(dueDays(new Date('2026-11-30T23:59:59Z'), null, null).to).toBe('2026-11-29');
  });
});
