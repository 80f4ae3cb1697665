import { percentOf, type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type CountryGroup, type Plan, type ProductConfig, type RevenueType, type SaleKind } from '../product.ts';

/**
 * Why a download did not count for pay, in the order the decision asks (the first that applies is the reason):
 * - `refused`: the file host's own checks refused it (the event's `refused`);
 * - `repeat`: not the downloader's first download of that file in the UTC day;
 * - `file_unavailable`: the file is unknown, not the partner's, or was deleted at or before the download;
 * - `small_file`: the file is not larger than `countedDownloadMinBytes`;
 * - `pps_plan`: the partner's plan pays no downloads at all (PPS);
 * - `unpaid_group`: the plan pays nothing in the downloader's country group.
 */
export const DOWNLOAD_REASONS = ['refused', 'repeat', 'file_unavailable', 'small_file', 'pps_plan', 'unpaid_group'] as const;
export type DownloadReason = (typeof DOWNLOAD_REASONS)[number];
/** Every download is either counted or not counted for exactly one reason. */
export type DownloadDecision = 'counted' | DownloadReason;

/** What decides whether a download counts: the download, its file as the cabinet knows it, the plan at its time. */
export interface DownloadFacts {
  /** The file host's own checks refused the download. */
  refused: boolean;
  /** The downloader's first (by time, then event id) download of this file in the UTC day. */
  firstOfDay: boolean;
  /** The file (or copy) as known from its earliest upload; null while no upload or copy event has arrived. */
  file: { ownerId: number; sizeBytes: number; deletedAt: string | null } | null;
  /** The partner the download is for (`app_users_id`). */
  userId: number;
  /** The download's time (ISO, UTC). */
  at: string;
  plan: Plan;
  group: CountryGroup;
}

/**
 * Whether a download counts for pay, and if not, why: the one decision the ingest and the recount's reasons follow.
 * A counted download earns `downloadPay(plan, group)`, which is then above zero.
 */
export function downloadDecision(d: DownloadFacts, product: ProductConfig = DEFAULT_PRODUCT): DownloadDecision {
  if (d.refused) return 'refused';
  if (!d.firstOfDay) return 'repeat';
  if (!d.file || d.file.ownerId !== d.userId || (d.file.deletedAt !== null && Date.parse(d.file.deletedAt) <= Date.parse(d.at))) return 'file_unavailable';
  if (!(d.file.sizeBytes > product.countedDownloadMinBytes)) return 'small_file';
  const rates = product.downloadRates[d.plan];
  if (Object.values(rates).every((micro) => micro <= 0)) return 'pps_plan';
  if (!(rates[d.group] > 0)) return 'unpaid_group';
  return 'counted';
}

/** What one counted download earns under a plan in a country group, in micro-USD. */
export function downloadPay(plan: Plan, group: CountryGroup, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  return product.downloadRates[plan][group];
}

/** The share row of a sale: rebills and video sales have their own percentages. */
export function saleKindOf(revenueType: RevenueType, isVideo: boolean): SaleKind {
  if (revenueType === 'rebill') return isVideo ? 'video_rebill' : 'rebill';
  return isVideo ? 'video_sale' : 'sale';
}

/** The partner's share of a sale under a plan, rounded half-up to a micro-dollar. */
export function saleShare(plan: Plan, kind: SaleKind, amount: Micro, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  return percentOf(amount, product.saleShares[plan][kind]);
}

/** The extra share a verified site's partner earns on a sale its visitors made (any plan). */
export function siteReferralBonus(amount: Micro, product: ProductConfig = DEFAULT_PRODUCT): Micro {
  return percentOf(amount, product.siteReferralBonusBp);
}
