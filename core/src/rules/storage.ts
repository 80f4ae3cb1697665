import { divRoundHalfUp, type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';
import {
  addDaysToInstant,
  addMonths,
  daysInMonthOf,
  MS_PER_DAY,
  nextMonthStart,
  toDate,
  type DayKey,
  type Instant,
} from './time.ts';

/** 1 GB = 2^30 bytes. */
export const BYTES_PER_GB = 1n << 30n;

function toBig(bytes: number | bigint): bigint {
  if (typeof bytes === 'bigint') return bytes;
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`not a byte count: ${bytes}`);
  return BigInt(bytes);
}

/**
 * The storage cost of `bytes` for one UTC day: size_GB × 0.016 USD / days_in_month, computed exactly in bytes
 * and rounded half-up once to a micro-dollar.
 */
export function storageDailyCost(bytes: number | bigint, day: DayKey, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  const numerator = toBig(bytes) * BigInt(product.storageMicroPerGbMonth);
  return Number(divRoundHalfUp(numerator, BYTES_PER_GB * BigInt(daysInMonthOf(day))));
}

/** The monthly storage cost of `bytes` (size_GB × 0.016 USD), rounded half-up once. */
export function storageMonthlyCost(bytes: number | bigint, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  return Number(divRoundHalfUp(toBig(bytes) * BigInt(product.storageMicroPerGbMonth), BYTES_PER_GB));
}

/** Bytes as GB for display (not money): bytes / 2^30. */
export function bytesToGb(bytes: number | bigint): number {
  return Number(toBig(bytes)) / Number(BYTES_PER_GB);
}

/**
 * How long a file is kept without downloads, in days; null = unlimited. Files with at least one sale get the
 * premium term (90), others the normal term (30); with unlimited status both are unlimited.
 */
export function storageTermDays(
  input: { hasSale: boolean; unlimited: boolean },
  product: ProductConfig = DEFAULT_PRODUCT,
): number | null {
  if (input.unlimited) return null;
  return input.hasSale ? product.premiumTermDays : product.normalTermDays;
}

/** The storage-period figures the storage page shows: both terms (null = unlimited) and `next_update`. */
export function storagePeriod(
  input: { unlimited: boolean; now: Instant },
  product: ProductConfig = DEFAULT_PRODUCT,
): { normalTermDays: number | null; premiumTermDays: number | null; nextUpdate: Date } {
  return {
    normalTermDays: input.unlimited ? null : product.normalTermDays,
    premiumTermDays: input.unlimited ? null : product.premiumTermDays,
    nextUpdate: nextMonthStart(input.now),
  };
}

/**
 * When a file becomes due for deletion: its last download (or upload, when never downloaded) plus its term;
 * null when the term is unlimited.
 */
export function fileExpiresAt(
  input: { uploadedAt: Instant; lastDownloadAt: Instant | null; hasSale: boolean; unlimited: boolean },
  product: ProductConfig = DEFAULT_PRODUCT,
): Date | null {
  const term = storageTermDays(input, product);
  if (term === null) return null;
  return addDaysToInstant(input.lastDownloadAt ?? input.uploadedAt, term);
}

/**
 * Whether unlimited status is granted automatically: revenue over the last 30 days above 1 USD and above the
 * storage cost of the same 30 days.
 */
export function qualifiesForUnlimited(
  input: { revenue30dMicro: Micro; storageCost30dMicro: Micro },
  product: ProductConfig = DEFAULT_PRODUCT,
): boolean {
  return input.revenue30dMicro > product.unlimitedMinRevenueMicro && input.revenue30dMicro > input.storageCost30dMicro;
}

/** One period of unlimited status in the history: automatic or a trial of `months` months. */
export interface UnlimitedPeriod {
  kind: 'auto' | 'trial';
  start: Instant;
  end: Instant;
  /** Length in months (trials: 1 or 2). */
  months: number;
}

export type TrialRequestCheck =
  | { allowed: true; start: Date; end: Date; months: number }
  | { allowed: false; reason: 'invalid_length' }
  | { allowed: false; reason: 'already_unlimited' }
  | { allowed: false; reason: 'limit_reached'; allowedAt: Date };

/** Whether a moment falls in a period [start, end). */
export function periodCovers(period: { start: Instant; end: Instant }, at: Instant): boolean {
  const t = toDate(at).getTime();
  return toDate(period.start).getTime() <= t && t < toDate(period.end).getTime();
}

/**
 * Whether a trial of `months` (1 or 2) may start now, given the history of unlimited periods.
 * - Refused while a period (automatic or trial) covers `now`.
 * - At most 2 trial months in any rolling 12 months: the trials that started within the 12 months before `now`
 *   plus the new one may not exceed 2. Trials can only start at request time, so the windows ending at `now`
 *   are the only ones a new trial can overfill. When refused, `allowedAt` is the first moment enough older
 *   trials have left the window.
 * - The trial runs from `now` for `months` calendar months.
 */
export function checkTrialRequest(
  input: { months: number; history: readonly UnlimitedPeriod[]; now: Instant },
  product: ProductConfig = DEFAULT_PRODUCT,
): TrialRequestCheck {
  const { months, history } = input;
  const now = toDate(input.now);
  if (!product.unlimitedTrialMonthOptions.includes(months)) return { allowed: false, reason: 'invalid_length' };
  if (history.some((p) => periodCovers(p, now))) return { allowed: false, reason: 'already_unlimited' };
  const windowStart = addMonths(now, -product.unlimitedTrialWindowMonths).getTime();
  const recent = history
    .filter((p) => p.kind === 'trial' && toDate(p.start).getTime() > windowStart && toDate(p.start).getTime() <= now.getTime())
    .sort((a, b) => toDate(a.start).getTime() - toDate(b.start).getTime());
  let used = recent.reduce((sum, p) => sum + p.months, 0);
  const max = product.unlimitedTrialMaxMonthsPerYear;
  if (used + months <= max) return { allowed: true, start: now, end: addMonths(now, months), months };
  let allowedAt = now;
  for (const p of recent) {
    used -= p.months;
    allowedAt = addMonths(p.start, product.unlimitedTrialWindowMonths);
    if (used + months <= max) break;
  }
  if (used + months > max) return { allowed: false, reason: 'invalid_length' };
  return { allowed: false, reason: 'limit_reached', allowedAt };
}

/** Whole days since a file was last downloaded (or uploaded, when never downloaded). */
export function daysWithoutDownload(input: { uploadedAt: Instant; lastDownloadAt: Instant | null }, now: Instant): number {
  const since = toDate(input.lastDownloadAt ?? input.uploadedAt).getTime();
  return Math.max(0, Math.floor((toDate(now).getTime() - since) / MS_PER_DAY));
}

/**
 * The unused-file periods (30, 60, 90, 180, 365 days) a file falls in. They are cumulative: a file with no
 * download for 100 days is in the 30, 60 and 90 lists. A file never downloaded counts from its upload.
 */
export function unusedPeriodsOf(
  input: { uploadedAt: Instant; lastDownloadAt: Instant | null },
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): number[] {
  const days = daysWithoutDownload(input, now);
  return product.unusedFilePeriodsDays.filter((p) => days >= p);
}

/** The longest unused period a file falls in, or null when it was downloaded within the shortest one. */
export function unusedPeriodOf(
  input: { uploadedAt: Instant; lastDownloadAt: Instant | null },
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): number | null {
  const periods = unusedPeriodsOf(input, now, product);
  return periods.length ? periods[periods.length - 1]! : null;
}

/** One row of the unused-files table. */
export interface UnusedPeriodSummary {
  days: number;
  count: number;
  bytes: bigint;
  /** Monthly storage cost of these files, micro-USD (rounded once over the total size). */
  monthlyCostMicro: Micro;
}

/** The unused-files table: for each period, how many files, their total size and monthly cost. */
export function summarizeUnusedFiles(
  files: Iterable<{ uploadedAt: Instant; lastDownloadAt: Instant | null; sizeBytes: number | bigint }>,
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): UnusedPeriodSummary[] {
  const rows = product.unusedFilePeriodsDays.map((days) => ({ days, count: 0, bytes: 0n }));
  for (const file of files) {
    const days = daysWithoutDownload(file, now);
    for (const row of rows) {
      if (days >= row.days) {
        row.count += 1;
        row.bytes += toBig(file.sizeBytes);
      }
    }
  }
  return rows.map((r) => ({ ...r, monthlyCostMicro: storageMonthlyCost(r.bytes, product) }));
}
