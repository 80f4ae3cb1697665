import { percentOf, type Micro } from '../money.ts';
import { DEFAULT_PRODUCT, type CountryGroup, type Plan, type ProductConfig, type RevenueType, type SaleKind } from '../product.ts';

/** Whether a download counts for pay (Mixed, PPD): a file over 10 MB, the downloader's first of the UTC day. */
export function isCountedDownload(
  fileSizeBytes: number,
  firstOfDayForDownloader: boolean,
  product: ProductConfig = DEFAULT_PRODUCT,
): boolean {
  return fileSizeBytes > product.countedDownloadMinBytes && firstOfDayForDownloader;
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
