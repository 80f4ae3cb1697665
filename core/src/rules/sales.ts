import { type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type CountryGroup, type Plan, type ProductConfig, type SaleKind, type SaleStatus } from '../product.ts';
import { downloadPay, saleShare, siteReferralBonus } from './rates.ts';
import { addDaysToDay, addDaysToInstant, dayStart, dayKey, toDate, type DayKey, type Instant } from './time.ts';

/** What one sale earned its partner(s): the plan share and, when a verified site referred the buyer, the site bonus. */
export interface SaleEarnings {
  /** The file owner's share under their plan, micro-USD. */
  share: Micro;
  /** The verified site's 10% bonus, micro-USD (0 without a site). */
  siteBonus: Micro;
  /** share + siteBonus. */
  total: Micro;
}

/**
 * What a sale earns: the share of its amount under the plan in force at the sale's time, plus the site-referral
 * bonus when a verified site referred the buyer. Each part is rounded once, half-up.
 */
export function saleEarnings(
  input: { plan: Plan; kind: SaleKind; amount: Micro; viaVerifiedSite: boolean },
  product: ProductConfig = DEFAULT_PRODUCT,
): SaleEarnings {
  const share = saleShare(input.plan, input.kind, input.amount, product);
  const siteBonus = input.viaVerifiedSite ? siteReferralBonus(input.amount, product) : 0;
  return { share, siteBonus, total: share + siteBonus };
}

/** The exact opposite of what a sale earned: what a `void` or `refund` writes. Sale + reversal nets to zero. */
export function saleReversal(earned: SaleEarnings): SaleEarnings {
  return { share: -earned.share || 0, siteBonus: -earned.siteBonus || 0, total: -earned.total || 0 };
}

/** Whether a sale status carries its earnings (`ok`, `hold`) or has reversed them (`void`, `refund`). */
export function saleStatusEarns(status: SaleStatus): boolean {
  return status === 'ok' || status === 'hold';
}

/**
 * What a status change adds to the partner's earnings: −earned when an earning sale becomes void/refund,
 * +earned when a reversed sale is reinstated, 0 otherwise. Summing the deltas of any status history gives
 * exactly what the final status carries.
 */
export function saleStatusChangeDelta(from: SaleStatus | null, to: SaleStatus, earned: SaleEarnings): SaleEarnings {
  const before = from !== null && saleStatusEarns(from);
  const after = saleStatusEarns(to);
  if (before === after) return { share: 0, siteBonus: 0, total: 0 };
  return after ? { ...earned } : saleReversal(earned);
}

/**
 * When a sale's earnings leave the 14-day hold (the refund window): exactly `saleHoldDays` after the sale.
 */
export function saleAvailableAt(soldAt: Instant, product: ProductConfig = DEFAULT_PRODUCT): Date {
  return addDaysToInstant(toDate(soldAt), product.saleHoldDays);
}

/**
 * When the earnings of a whole sale day (as the ledger keeps them) leave the hold: 00:00 UTC after the day
 * `saleHoldDays` after the sale day, so that every sale of that day has had its full 14 days
 * (a sale at 23:59 on the 1st is available on the 16th at 00:00).
 */
export function saleDayAvailableAt(saleDay: DayKey, product: ProductConfig = DEFAULT_PRODUCT): Date {
  return dayStart(addDaysToDay(saleDay, product.saleHoldDays + 1));
}

/**
 * Until when a sale's earnings are on hold, as the balance holds them (the release of its day, saleDayAvailableAt):
 * null when the sale paid the partner nothing (refunded, voided, or no share of theirs) or its day's hold has passed.
 */
export function saleHeldUntil(
  sale: { at: Instant; earned: Micro; status: SaleStatus },
  now: Instant,
  product: ProductConfig = DEFAULT_PRODUCT,
): Date | null {
  if (sale.earned <= 0 || sale.status === 'refund' || sale.status === 'void') return null;
  const until = saleDayAvailableAt(dayKey(sale.at), product);
  return toDate(now).getTime() < until.getTime() ? until : null;
}

/** Whether sale earnings are still on hold at a moment. */
export function isSaleOnHold(soldAt: Instant, now: Instant, product: ProductConfig = DEFAULT_PRODUCT): boolean {
  return toDate(now).getTime() < saleAvailableAt(soldAt, product).getTime();
}

/**
 * Whether a sale counts toward gold coins. Refunded and fraud-marked sales never do (docs/product.md#sales); a
 * `void` sale is a cancelled one and does not either (docs/decisions/0030-gold-rules.md).
 */
export function saleCountsForCoins(sale: { status: SaleStatus; fraud: boolean }): boolean {
  return !sale.fraud && saleStatusEarns(sale.status);
}

/** One sale as the day's earnings see it. */
export interface DaySale {
  plan: Plan;
  kind: SaleKind;
  amount: Micro;
  viaVerifiedSite: boolean;
  status: SaleStatus;
}

/** Counted downloads of a day under one plan, by country group. */
export interface DayDownloads {
  plan: Plan;
  byGroup: Partial<Record<CountryGroup, number>>;
}

/**
 * A partner's files + sites earnings over a set of counted downloads and sales (micro-USD). Each download and
 * each sale is priced on its own, so the earnings of several days are the sum of each day's earnings.
 */
export function filesAndSitesEarnings(
  input: { downloads: DayDownloads[]; sales: DaySale[] },
  product: ProductConfig = DEFAULT_PRODUCT,
): { downloads: Micro; sales: Micro; siteBonus: Micro; total: Micro } {
  let downloads = 0;
  for (const d of input.downloads) {
    for (const [group, count] of Object.entries(d.byGroup)) {
      downloads += (count ?? 0) * downloadPay(d.plan, group as CountryGroup, product);
    }
  }
  let sales = 0;
  let siteBonus = 0;
  for (const s of input.sales) {
    if (!saleStatusEarns(s.status)) continue;
    const e = saleEarnings(s, product);
    sales += e.share;
    siteBonus += e.siteBonus;
  }
  return { downloads, sales, siteBonus, total: downloads + sales + siteBonus };
}

/** The UTC day of a sale, for the ledger's per-day keys. */
export function saleDay(soldAt: Instant): DayKey {
  return dayKey(soldAt);
}
