import { percentOf, type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';
import { addMonthsToDay, dayKey, isDayKey, type DayKey, type Instant } from './time.ts';

/**
 * The earnings a referral commission is taken from: the invited partner's files and sites earnings, before
 * their gold bonus, and never their own referral income (so commissions do not compound up the chain).
 */
export function referralBase(earnings: { files: Micro; sites: Micro }): Micro {
  return earnings.files + earnings.sites;
}

/** One period of the first-level schedule: the rate applies to days in [from, until); `until` null = for ever. */
export interface ReferralPeriod {
  rateBp: number;
  from: DayKey;
  until: DayKey | null;
}

/**
 * The first-level commission schedule of a partner registered at `registeredAt`: 12% for the first 3 calendar
 * months, 6% for the next 6, 3% after. Months are UTC calendar months counted from the registration day
 * (registered 2026-01-15: 12% on days up to 2026-04-14, 6% from 2026-04-15, 3% from 2026-10-15); a day that
 * does not exist in the target month is clamped to the month's last day (Jan 31 + 3 months = Apr 30).
 */
export function referralSchedule(registeredAt: Instant | DayKey, product: ProductConfig = DEFAULT_PRODUCT): ReferralPeriod[] {
  const start = typeof registeredAt === 'string' && isDayKey(registeredAt) ? registeredAt : dayKey(registeredAt);
  const { firstLevelBp, firstLevelMonths } = product.referral;
  const periods: ReferralPeriod[] = [];
  let from = start;
  let months = 0;
  for (let i = 0; i < firstLevelBp.length; i++) {
    const length = firstLevelMonths[i];
    if (length === undefined) {
      periods.push({ rateBp: firstLevelBp[i]!, from, until: null });
      break;
    }
    months += length;
    const until = addMonthsToDay(start, months);
    periods.push({ rateBp: firstLevelBp[i]!, from, until });
    from = until;
  }
  return periods;
}

/**
 * The first-level commission rate (basis points) for the invited partner's earnings of `day`; 0 for a day
 * before their registration.
 */
export function referralRateBp(registeredAt: Instant | DayKey, day: DayKey, product: ProductConfig = DEFAULT_PRODUCT): number {
  const periods = referralSchedule(registeredAt, product);
  if (periods.length === 0 || day < periods[0]!.from) return 0;
  for (const p of periods) if (p.until === null || day < p.until) return p.rateBp;
  return 0;
}

/**
 * The commission a referrer earns on one day of an invited partner's earnings, micro-USD, rounded half-up once.
 * Level 1: the dated rate of `referralRateBp`; level 2 (the inviter's inviter): `secondLevelBp` (1%) for as
 * long as the chain exists. A negative base (a day of reversals) gives a negative commission, so reversed
 * earnings take their commission back.
 */
export function referralCommission(
  input: { level: 1 | 2; registeredAt: Instant | DayKey; day: DayKey; baseMicro: Micro },
  product: ProductConfig = DEFAULT_PRODUCT,
): Micro {
  const rate = input.level === 1 ? referralRateBp(input.registeredAt, input.day, product) : product.referral.secondLevelBp;
  return percentOf(input.baseMicro, rate) || 0;
}
