/**
 * The numbers of PRODUCT.md, in one place. Rules take them as an argument (pure functions); the server seeds
 * them into its settings where an operator may change them, and these are the defaults.
 */
export const COUNTRY_GROUPS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'R', 'U'] as const;
export type CountryGroup = (typeof COUNTRY_GROUPS)[number];

export const PLANS = ['pps', 'mixed', 'ppd'] as const;
export type Plan = (typeof PLANS)[number];

export const REVENUE_TYPES = ['direct', 'rebill', 'file_copy', 'promo_link', 'site_referral'] as const;
export type RevenueType = (typeof REVENUE_TYPES)[number];

export const SALE_STATUSES = ['ok', 'hold', 'void', 'refund'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const PLAYER_TYPES = ['embed', 'on_site', 'full', 'demo'] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];

/** Which share row of the sale-share table a sale falls in. */
export type SaleKind = 'sale' | 'rebill' | 'video_sale' | 'video_rebill';

export const DEFAULT_PRODUCT = {
  countryGroups: {
    A: 'US CA GB AU NZ DE AT CH NL BE LU DK SE NO FI IE IS FR JP SG',
    B: 'IT ES PT IL KR HK TW AE SA QA KW CZ SI EE GR CY MT',
    C: 'PL SK HU LT LV HR RO BG CL UY AR MX BR TR MY ZA',
    D: 'KZ BY MD GE AM AZ RS BA ME MK AL CO PE EC TH CN',
    E: 'IN ID PH VN EG MA TN DZ JO LB IQ UZ KG',
    F: 'PK BD NG KE GH LK NP VE BO PY',
    R: 'RU',
    U: 'UA',
  } as Record<Exclude<CountryGroup, 'G'>, string>,
  /** micro-USD per counted download (USD per 1000 downloads × 1000). */
  downloadRates: {
    ppd: { A: 25_000, B: 17_000, C: 11_000, D: 6_000, E: 0, F: 0, G: 0, R: 9_000, U: 5_000 },
    mixed: { A: 8_750, B: 6_000, C: 4_500, D: 3_000, E: 2_000, F: 1_250, G: 500, R: 3_500, U: 2_000 },
    pps: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, R: 0, U: 0 },
  } as Record<Plan, Record<CountryGroup, number>>,
  /** Basis points (1% = 100) of the sale amount. */
  saleShares: {
    pps: { sale: 8_500, rebill: 5_000, video_sale: 6_000, video_rebill: 4_000 },
    mixed: { sale: 6_000, rebill: 3_000, video_sale: 4_000, video_rebill: 3_000 },
    ppd: { sale: 0, rebill: 0, video_sale: 0, video_rebill: 0 },
  } as Record<Plan, Record<SaleKind, number>>,
  /** A counted download needs a file larger than this (Mixed, PPD). */
  countedDownloadMinBytes: 10 * 1024 * 1024,
  defaultPlan: 'mixed' as Plan,
  planChangeEveryDays: 7,
  saleHoldDays: 14,
  siteReferralBonusBp: 1_000,
  referral: { firstLevelBp: [1_200, 600, 300], firstLevelMonths: [3, 6], secondLevelBp: 100 },
  storageMicroPerGbMonth: 16_000,
  normalTermDays: 30,
  premiumTermDays: 90,
  unlimitedMinRevenueMicro: 1_000_000,
  unlimitedTrialMaxMonthsPerYear: 2,
  unusedFilePeriodsDays: [30, 60, 90, 180, 365],
  walletHoldDays: 3,
  securityCodeFreezeDays: 15,
  failedLoginLimit: 10,
  maxCustomPriceVariations: 3,
  futureSkewMs: 5 * 60 * 1000,
  statisticsHistoryDays: 731,
};
export type ProductConfig = typeof DEFAULT_PRODUCT;
