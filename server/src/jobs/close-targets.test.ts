import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDay, dayRange } from '@pc/core';
import { dueDays, monthEndingOn, rangeSteps, revisitStarts, revisitSteps, type CloseStep } from './close-targets.ts';

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

describe('the re-run after late events', () => {
  // 1 invited 2, 2 invited 3; 4 was invited by no one.
  const uplines = new Map([
    [2, { r1: 1, r2: null }],
    [3, { r1: 2, r2: 1 }],
    [4, { r1: null, r2: null }],
  ]);

  it.each([
    { what: 'a partner without referrers: from the day touched', dirty: [{ user_id: 4, project: 'fd1', day: '2026-11-05' }], starts: [{ userId: 4, project: 'fd1', day: '2026-11-05' }] },
    {
      what: 'the two referrers from the same day, in the same project',
      dirty: [{ user_id: 3, project: 'fd2', day: '2026-11-05' }],
      starts: [
        { userId: 1, project: 'fd2', day: '2026-11-05' },
        { userId: 2, project: 'fd2', day: '2026-11-05' },
        { userId: 3, project: 'fd2', day: '2026-11-05' },
      ],
    },
    {
      what: 'the earliest day per partner and project',
      dirty: [
        { user_id: 2, project: 'fd1', day: '2026-11-09' },
        { user_id: 2, project: 'fd1', day: '2026-10-30' },
        { user_id: 1, project: 'fd1', day: '2026-11-20' },
        { user_id: 2, project: 'fd2', day: '2026-11-20' },
      ],
      starts: [
        { userId: 1, project: 'fd1', day: '2026-10-30' },
        { userId: 1, project: 'fd2', day: '2026-11-20' },
        { userId: 2, project: 'fd1', day: '2026-10-30' },
        { userId: 2, project: 'fd2', day: '2026-11-20' },
      ],
    },
    { what: 'nothing late: nothing', dirty: [], starts: [] },
  ])('starts: $what', ({ dirty, starts }) => {
    expect(revisitStarts(dirty, uplines)).toEqual(starts);
  });

  it('runs every closed day from the earliest start, each pair from its own start, each closed month after its last day', () => {
    const a = { userId: 1, project: 'fd1' };
    const b = { userId: 2, project: 'fd1' };
    const steps = revisitSteps(
      [
        { ...a, day: '2026-10-30' },
        { ...b, day: '2026-11-01' },
      ],
      ['2026-11-02', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01'],
      new Set(['2026-09', '2026-10']),
    );
    expect(steps).toEqual([
      { kind: 'day', day: '2026-10-30', pairs: [a] },
      { kind: 'day', day: '2026-10-31', pairs: [a] },
      { kind: 'month', month: '2026-10', pairs: [a] },
      { kind: 'day', day: '2026-11-01', pairs: [a, b] },
      { kind: 'day', day: '2026-11-02', pairs: [a, b] },
    ]);
  });

  it('a month not closed yet is left to its own close', () => {
    const a = { userId: 1, project: 'fd1' };
    expect(revisitSteps([{ ...a, day: '2026-11-30' }], ['2026-11-30'], new Set())).toEqual([{ kind: 'day', day: '2026-11-30', pairs: [a] }]);
  });

  it('every closed day from the earliest start once, in order, each pair from its start on, months right after their last day (property)', () => {
    const day = fc.integer({ min: 0, max: 90 }).map((n) => addDaysToDay('2026-09-20', n));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ userId: fc.integer({ min: 1, max: 4 }), project: fc.constantFrom('fd1', 'fd2'), day }), { selector: (s) => `${s.userId}|${s.project}`, maxLength: 6 }),
        fc.uniqueArray(day, { maxLength: 60 }),
        (starts, closed) => {
          const months = new Set(closed.map((d) => monthEndingOn(d)).filter((m): m is string => m !== null));
          const steps = revisitSteps(starts, closed, months);
          if (!starts.length) {
            expect(steps).toEqual([]);
            return;
          }
          const first = starts.map((s) => s.day).sort()[0]!;
          const days = steps.filter((s) => s.kind === 'day').map((s) => (s as { day: string }).day);
          expect(days).toEqual(closed.filter((d) => d >= first).sort());
          steps.forEach((s, i) => {
            const at = s.kind === 'day' ? s.day : (steps[i - 1] as { day: string }).day;
            if (s.kind === 'month') expect(monthEndingOn(at)).toBe(s.month);
            expect(s.pairs).toEqual(starts.filter((p) => p.day <= at).map(({ userId, project }) => ({ userId, project })));
          });
        },
      ),
    );
  });
});
