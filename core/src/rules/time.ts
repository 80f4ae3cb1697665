/**
 * UTC calendar helpers. Every day and month boundary of the product is a UTC calendar unit
 * (docs/product.md#conventions). Days are carried as `DayKey` strings 'YYYY-MM-DD', months as `MonthKey` 'YYYY-MM',
 * moments as `Date` (or ISO 8601 strings where a function says `Instant`).
 */

/** A UTC calendar day, 'YYYY-MM-DD'. */
export type DayKey = string;
/** A UTC calendar month, 'YYYY-MM'. */
export type MonthKey = string;
/** A moment: a Date or an ISO 8601 string. */
export type Instant = Date | string;

export const MS_PER_DAY = 86_400_000;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** The Date of an Instant; throws on an invalid date. */
export function toDate(at: Instant): Date {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid moment: ${String(at)}`);
  return date;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Whether a string is a valid day key (a real calendar date). */
export function isDayKey(value: string): boolean {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(m[1]), month);
}

function parseDay(day: DayKey): [number, number, number] {
  const m = DAY_RE.exec(day);
  if (!m || !isDayKey(day)) throw new RangeError(`not a day key: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The UTC day a moment falls in. */
export function dayKey(at: Instant): DayKey {
  const d = toDate(at);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 00:00 UTC of a day. */
export function dayStart(day: DayKey): Date {
  const [y, m, d] = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d));
}

/** 00:00 UTC of the day after a day: the end (exclusive) of the day. */
export function dayEnd(day: DayKey): Date {
  return new Date(dayStart(day).getTime() + MS_PER_DAY);
}

/** The day n days after (n < 0: before) a day. */
export function addDaysToDay(day: DayKey, n: number): DayKey {
  return dayKey(new Date(dayStart(day).getTime() + n * MS_PER_DAY));
}

/** Whole days from day a to day b (b − a; negative when b is earlier). */
export function daysBetween(a: DayKey, b: DayKey): number {
  return Math.round((dayStart(b).getTime() - dayStart(a).getTime()) / MS_PER_DAY);
}

/** Every day from `from` to `to`, both included (empty when to < from). */
export function dayRange(from: DayKey, to: DayKey): DayKey[] {
  const out: DayKey[] = [];
  for (let d = from; d <= to; d = addDaysToDay(d, 1)) out.push(d);
  return out;
}

/** The next 00:00 UTC strictly after a moment (a moment at midnight gives the following midnight). */
export function nextUtcMidnight(at: Instant): Date {
  return dayEnd(dayKey(at));
}

/** Days in a month (month 1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days in the month a day falls in. */
export function daysInMonthOf(day: DayKey): number {
  const [y, m] = parseDay(day);
  return daysInMonth(y, m);
}

/** The month a day or moment falls in, 'YYYY-MM'. */
export function monthKey(at: Instant | DayKey): MonthKey {
  if (typeof at === 'string' && DAY_RE.test(at)) return at.slice(0, 7);
  return dayKey(at).slice(0, 7);
}

function parseMonth(month: MonthKey): [number, number] {
  const m = MONTH_RE.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`not a month key: ${month}`);
  return [Number(m[1]), Number(m[2])];
}

/** The first day of a month. */
export function monthFirstDay(month: MonthKey): DayKey {
  parseMonth(month);
  return `${month}-01`;
}

/** The last day of a month. */
export function monthLastDay(month: MonthKey): DayKey {
  const [y, m] = parseMonth(month);
  return `${month}-${pad(daysInMonth(y, m))}`;
}

/** 00:00 UTC on the 1st of a month. */
export function monthStart(month: MonthKey): Date {
  return dayStart(monthFirstDay(month));
}

/** 00:00 UTC on the 1st of the following month: the end (exclusive) of a month. */
export function monthEnd(month: MonthKey): Date {
  return monthStart(addMonthsToMonth(month, 1));
}

/** The month n months after (n < 0: before) a month. */
export function addMonthsToMonth(month: MonthKey, n: number): MonthKey {
  const [y, m] = parseMonth(month);
  const index = y * 12 + (m - 1) + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/**
 * The same day n calendar months later (n < 0: earlier). A day that does not exist in the target month is
 * clamped to its last day (Jan 31 + 1 month = Feb 28 or 29).
 */
export function addMonthsToDay(day: DayKey, n: number): DayKey {
  const [, , d] = parseDay(day);
  const month = addMonthsToMonth(day.slice(0, 7), n);
  const [ty, tm] = parseMonth(month);
  return `${month}-${pad(Math.min(d, daysInMonth(ty, tm)))}`;
}

/** A moment n calendar months later, same UTC time of day, with the day clamped like `addMonthsToDay`. */
export function addMonths(at: Instant, n: number): Date {
  const d = toDate(at);
  const timeOfDay = d.getTime() - dayStart(dayKey(d)).getTime();
  return new Date(dayStart(addMonthsToDay(dayKey(d), n)).getTime() + timeOfDay);
}

/** A moment plus a whole number of days (24 h each; UTC has no daylight saving). */
export function addDaysToInstant(at: Instant, n: number): Date {
  return new Date(toDate(at).getTime() + n * MS_PER_DAY);
}

/** The 1st of the month after the one a moment falls in, 00:00 UTC. */
export function nextMonthStart(at: Instant): Date {
  return monthEnd(monthKey(at));
}
