import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoPayoutDue, isoWeekdayUtc, type AutoPayoutChoice } from './auto-payouts.ts';
import { addDaysToDay, dayKey, daysInMonthOf } from './time.ts';

const USD = 1_000_000;
const threshold: AutoPayoutChoice = { mode: 'threshold', thresholdMicro: 50 * USD };
const friday: AutoPayoutChoice = { mode: 'weekly', weekday: 5 };
const fifteenth: AutoPayoutChoice = { mode: 'monthly', monthDay: 15 };

describe('autoPayoutDue', () => {
  // 2026-11-20 is a Friday.
  it.each([
    ['threshold reached exactly', threshold, '2026-11-20T10:00:00Z', 50 * USD, null, true],
    ['threshold one micro short', threshold, '2026-11-20T10:00:00Z', 50 * USD - 1, null, false],
    ['threshold above, tried yesterday', threshold, '2026-11-20T00:00:00Z', 80 * USD, '2026-11-19', true],
    ['threshold above, tried today already', threshold, '2026-11-20T23:59:59.999Z', 80 * USD, '2026-11-20', false],
    ['weekly on its day', friday, '2026-11-20T00:00:00Z', 0, null, true],
    ['weekly the day before', friday, '2026-11-19T23:59:59.999Z', 100 * USD, null, false],
    ['weekly the day after', friday, '2026-11-21T00:00:00Z', 100 * USD, null, false],
    ['weekly on its day, tried that day', friday, '2026-11-20T18:00:00Z', 100 * USD, '2026-11-20', false],
    ['weekly a week later', friday, '2026-11-27T01:00:00Z', 100 * USD, '2026-11-20', true],
    ['monthly on its day', fifteenth, '2026-12-15T06:00:00Z', 0, '2026-11-15', true],
    ['monthly another day', fifteenth, '2026-12-14T06:00:00Z', 0, null, false],
    ['monthly on its day, tried that day', fifteenth, '2026-12-15T23:00:00Z', 0, '2026-12-15', false],
    ['sunday is 7', { mode: 'weekly', weekday: 7 } as AutoPayoutChoice, '2026-11-22T12:00:00Z', 0, null, true],
  ] as const)('%s', (_name, choice, now, availableMicro, lastAttemptDay, due) => {
    expect(autoPayoutDue(choice, { now, availableMicro, lastAttemptDay })).toBe(due);
  });

  it('ISO weekdays in UTC', () => {
    expect(isoWeekdayUtc('2026-11-23T00:00:00Z')).toBe(1);
    expect(isoWeekdayUtc('2026-11-22T23:59:59Z')).toBe(7);
  });
});

const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });
const choice: fc.Arbitrary<AutoPayoutChoice> = fc.oneof(
  fc.integer({ min: 1, max: 10_000 * USD }).map((thresholdMicro) => ({ mode: 'threshold' as const, thresholdMicro })),
  fc.integer({ min: 1, max: 7 }).map((weekday) => ({ mode: 'weekly' as const, weekday })),
  fc.integer({ min: 1, max: 28 }).map((monthDay) => ({ mode: 'monthly' as const, monthDay })),
);

describe('autoPayoutDue, properties', () => {
  it('never due on a day already tried (or a later one)', () => {
    fc.assert(
      fc.property(choice, instant, fc.nat(), fc.nat({ max: 30 }), (c, now, available, ahead) => {
        expect(autoPayoutDue(c, { now, availableMicro: available, lastAttemptDay: addDaysToDay(dayKey(now), ahead) })).toBe(false);
      }),
    );
  });

  it('the last attempt on an earlier day does not change the answer', () => {
    fc.assert(
      fc.property(choice, instant, fc.nat(), fc.integer({ min: 1, max: 400 }), (c, now, available, back) => {
        const fresh = autoPayoutDue(c, { now, availableMicro: available, lastAttemptDay: null });
        expect(autoPayoutDue(c, { now, availableMicro: available, lastAttemptDay: addDaysToDay(dayKey(now), -back) })).toBe(fresh);
      }),
    );
  });

  it('threshold: due exactly when available reaches it, monotone in what is available', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 * USD }), instant, fc.integer({ min: -USD, max: 20_000 * USD }), fc.nat(), (t, now, available, more) => {
        const c = { mode: 'threshold' as const, thresholdMicro: t };
        const due = autoPayoutDue(c, { now, availableMicro: available, lastAttemptDay: null });
        expect(due).toBe(available >= t);
        if (due) expect(autoPayoutDue(c, { now, availableMicro: available + more, lastAttemptDay: null })).toBe(true);
      }),
    );
  });

  it('weekly and monthly: due on exactly one day of seven, and on one day of each month, whatever is available', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 28 }), instant, fc.nat(), (weekday, monthDay, start, available) => {
        const first = dayKey(start);
        const days = Array.from({ length: 7 }, (_, i) => addDaysToDay(first, i));
        const weekly = days.filter((d) => autoPayoutDue({ mode: 'weekly', weekday }, { now: `${d}T12:00:00Z`, availableMicro: available, lastAttemptDay: null }));
        expect(weekly).toHaveLength(1);
        const month = first.slice(0, 7);
        const monthDays = Array.from({ length: daysInMonthOf(first) }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
        const monthly = monthDays.filter((d) => autoPayoutDue({ mode: 'monthly', monthDay }, { now: `${d}T00:00:00Z`, availableMicro: available, lastAttemptDay: null }));
        expect(monthly).toEqual([`${month}-${String(monthDay).padStart(2, '0')}`]);
      }),
    );
  });
});
