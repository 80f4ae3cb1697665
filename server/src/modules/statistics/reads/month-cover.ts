import { addDaysToDay, addMonthsToMonth, daysBetween, monthFirstDay, monthKey, monthLastDay, type DayRange } from '@pc/core';

/**
 * How a range's sums are read from a table of months and a table of days (decision 0223): the months named are read
 * whole, the `add` days are added and the `subtract` days taken off. Sum over `months` + `add` − `subtract` is the
 * range's sum exactly: a month cut by the range is read either as its days inside the range or as its whole row less
 * its days outside, whichever reads fewer rows.
 */
export interface MonthCover {
  /** First and last month (their first days) read whole, or null. The months between them are all read whole. */
  months: { from: string; to: string } | null;
  add: DayRange[];
  subtract: DayRange[];
}

/**
 * A month's row weighs about as much as two days' rows: a month has more distinct keys than a day, far fewer than
 * thirty days of rows. The choice changes what is read, never what is answered.
 */
const MONTH_ROW_COST_IN_DAYS = 2;

/** Days from `from` to `to`, both counted; 0 when `to` is before `from`. */
const daysIn = (from: string, to: string) => Math.max(0, daysBetween(from, to) + 1);

/**
 * The cover of `range` (from ≤ to). Days after `today` are taken to hold no rows when weighing the two ways to read a
 * cut month (so this month is read whole, less the days still to come), but they are still taken off: the answer does
 * not depend on that guess.
 */
export function monthCover(range: DayRange, today: string): MonthCover {
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  const whole: string[] = [];
  for (let key = monthKey(range.from); monthFirstDay(key) <= range.to; key = addMonthsToMonth(key, 1)) {
    const month = monthFirstDay(key);
    const end = monthLastDay(key);
    const from = range.from > month ? range.from : month;
    const to = range.to < end ? range.to : end;
    if (from === month && to === end) {
      whole.push(month);
      continue;
    }
    const outside: DayRange[] = [];
    if (from > month) outside.push({ from: month, to: addDaysToDay(from, -1) });
    if (to < end) outside.push({ from: addDaysToDay(to, 1), to: end });
    const outsideWithRows = outside.reduce((n, r) => n + daysIn(r.from, r.to < today ? r.to : today), 0);
    if (MONTH_ROW_COST_IN_DAYS + outsideWithRows < daysIn(from, to)) {
      whole.push(month);
      subtract.push(...outside);
    } else {
      add.push({ from, to });
    }
  }
  return { months: whole.length === 0 ? null : { from: whole[0]!, to: whole[whole.length - 1]! }, add, subtract };
}

/**
 * The parts a range's sum is read from, in its cover's order: the whole months (`months`, first and last month), the
 * days added, the days taken off (`days`, with the sign their figures take). A range that ends before it starts
 * covers nothing, and is read as its own (empty) range of days.
 */
export function coverParts<T>(
  range: DayRange,
  today: string,
  read: { months: (months: { from: string; to: string }) => T; days: (days: DayRange, sign: '' | '-') => T },
): T[] {
  const cover = monthCover(range, today);
  const parts = [
    ...(cover.months ? [read.months(cover.months)] : []),
    ...cover.add.map((r) => read.days(r, '')),
    ...cover.subtract.map((r) => read.days(r, '-')),
  ];
  return parts.length > 0 ? parts : [read.days(range, '')];
}
