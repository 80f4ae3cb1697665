import type { ProjectId } from './projects.ts';

/**
 * The numbers of the product (docs/product.md), in one place. Rules take them as an argument (pure functions); the server seeds
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

export const SALE_KINDS = ['sale', 'rebill', 'video_sale', 'video_rebill'] as const satisfies readonly SaleKind[];

export const PAYOUT_SYSTEMS = ['webmoney', 'paypal', 'card', 'bank_tr', 'usdt_trc20', 'capitalist'] as const;
export type PayoutSystem = (typeof PAYOUT_SYSTEMS)[number];

/** Stable ids of the gold levels 0..6 (display names come from the locale files). */
export const GOLD_LEVEL_IDS = ['standard', 'gold', 'poster', 'master', 'manager', 'hero', 'magnate'] as const;
export type GoldLevelId = (typeof GOLD_LEVEL_IDS)[number];

/** One row of the gold level table. */
export interface GoldLevelRow {
  level: number;
  id: GoldLevelId;
  /** Bonus on files + sites earnings, basis points. */
  bonusBp: number;
  /** Coins needed to reach the level (null for level 0). */
  coinsToReach: number | null;
  /** Last calendar month's efficiency needed to reach the level, micro-USD (null for level 0). */
  efficiencyToReachMicro: number | null;
  /** true: efficiency must be strictly above the figure (level 1: "> 0"); false: at least the figure. */
  efficiencyStrict: boolean;
}

/**
 * One custom premium price variation a project offers: premium access for `days` days at `priceMicro`. A partner
 * on any plan may pick a few of their project's list for the buyers of their files (decision 0140).
 */
export interface PriceVariation {
  id: string;
  days: number;
  priceMicro: number;
}

/** Fee and minimum of one payout system: fee = feeBp of the amount + feeFixedMicro. */
export interface PayoutSystemRule {
  feeBp: number;
  feeFixedMicro: number;
  minimumMicro: number;
}

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
  /**
   * Verified sites are checked again (decision 0152): `days` after their ownership was last proven; after a failed
   * check again `retryHours` later; after `failuresToLapse` failed checks in a row the site is no longer verified.
   */
  siteRecheck: { days: 7, retryHours: 24, failuresToLapse: 3 },
  referral: { firstLevelBp: [1_200, 600, 300], firstLevelMonths: [3, 6], secondLevelBp: 100 },
  storageMicroPerGbMonth: 16_000,
  normalTermDays: 30,
  premiumTermDays: 90,
  unlimitedMinRevenueMicro: 1_000_000,
  unlimitedTrialMaxMonthsPerYear: 2,
  unusedFilePeriodsDays: [30, 60, 90, 180, 365],
  walletHoldDays: 3,
  /** Payout processing takes about this many days (shown to the partner). */
  payoutProcessingDays: 7,
  /**
   * A payout to a card in roubles or hryvnias is quoted at the bank's last rate only if that rate is set for a day at
   * most this many days before the request (decision 0150): banks publish every working day, an older rate means the
   * feed has stopped.
   */
  payoutRateMaxAgeDays: 7,
  /**
   * A payout request above this amount (micro-USD) is completed only after a second member of staff approved it,
   * and the one who completes it is not the approver (decision 0162).
   */
  payoutFourEyesMicro: 1_000_000_000,
  securityCodeFreezeDays: 15,
  /**
   * After a change that whoever holds the password could make to take the money (an e-mail change, a password reset,
   * the security code or the second factor turned off, a wallet added), new payout requests wait this many hours
   * (decision 0177), so the partner has time to see the notice and stop it.
   */
  payoutCoolingOffHours: 48,
  failedLoginLimit: 10,
  maxCustomPriceVariations: 3,
  /** Each project's custom premium price variations (operator-editable; the partner picks at most the maximum above). */
  premiumPriceVariations: {
    fd1: [
      { id: 'fd1-2d', days: 2, priceMicro: 2_990_000 },
      { id: 'fd1-7d', days: 7, priceMicro: 5_990_000 },
      { id: 'fd1-30d', days: 30, priceMicro: 12_990_000 },
      { id: 'fd1-90d', days: 90, priceMicro: 29_990_000 },
      { id: 'fd1-180d', days: 180, priceMicro: 49_990_000 },
      { id: 'fd1-365d', days: 365, priceMicro: 79_990_000 },
    ],
    fd2: [
      { id: 'fd2-3d', days: 3, priceMicro: 3_490_000 },
      { id: 'fd2-7d', days: 7, priceMicro: 6_490_000 },
      { id: 'fd2-30d', days: 30, priceMicro: 14_990_000 },
      { id: 'fd2-90d', days: 90, priceMicro: 34_990_000 },
      { id: 'fd2-365d', days: 365, priceMicro: 89_990_000 },
    ],
  } as Record<ProjectId, PriceVariation[]>,
  futureSkewMs: 5 * 60 * 1000,
  statisticsHistoryDays: 731,
  /** The gold level table (docs/product.md#gold-partners), index = level. */
  goldLevels: [
    { level: 0, id: 'standard', bonusBp: 0, coinsToReach: null, efficiencyToReachMicro: null, efficiencyStrict: false },
    { level: 1, id: 'gold', bonusBp: 500, coinsToReach: 0, efficiencyToReachMicro: 0, efficiencyStrict: true },
    { level: 2, id: 'poster', bonusBp: 1_000, coinsToReach: 20, efficiencyToReachMicro: 10_000_000, efficiencyStrict: false },
    { level: 3, id: 'master', bonusBp: 1_500, coinsToReach: 40, efficiencyToReachMicro: 50_000_000, efficiencyStrict: false },
    { level: 4, id: 'manager', bonusBp: 1_800, coinsToReach: 60, efficiencyToReachMicro: 150_000_000, efficiencyStrict: false },
    { level: 5, id: 'hero', bonusBp: 2_100, coinsToReach: 80, efficiencyToReachMicro: 400_000_000, efficiencyStrict: false },
    { level: 6, id: 'magnate', bonusBp: 2_500, coinsToReach: 100, efficiencyToReachMicro: 1_000_000_000, efficiencyStrict: false },
  ] as GoldLevelRow[],
  /** The top level is kept while coins stay at or above this. */
  goldTopLevelKeepCoins: 80,
  /** A day's downloads (sales) earn a coin when at least the daily average of this many previous days (72 h). */
  coinAverageDays: 3,
  /** A coin is lost when efficiency over this many days (ending with the closed day) is below 0. */
  coinEfficiencyDays: 30,
  /** Unlimited storage is granted when revenue over this many days is above the minimum and the storage cost. */
  unlimitedWindowDays: 30,
  /** Trial lengths a partner may request, in months. */
  unlimitedTrialMonthOptions: [1, 2],
  /** The rolling window the trial-month limit applies to, in months. */
  unlimitedTrialWindowMonths: 12,
  fileHints: {
    /** plus: uploaded less than this many days ago. */
    newDays: 10,
    /** up: more than this many downloads... */
    popularDownloadsOver: 100,
    /** ...or at least this many purchases. */
    sellingPurchasesMin: 1,
    /** down: the last N days' downloads below the N days before. */
    fallingWindowDays: 7,
    /** minus: no download in this many days. */
    unusedDays: 30,
  },
  /** Payout systems: fee (basis points + fixed micro-USD) and minimum requested amount. */
  payoutSystems: {
    webmoney: { feeBp: 80, feeFixedMicro: 0, minimumMicro: 10_000_000 },
    paypal: { feeBp: 300, feeFixedMicro: 0, minimumMicro: 20_000_000 },
    card: { feeBp: 300, feeFixedMicro: 1_000_000, minimumMicro: 40_000_000 },
    bank_tr: { feeBp: 200, feeFixedMicro: 0, minimumMicro: 40_000_000 },
    usdt_trc20: { feeBp: 0, feeFixedMicro: 1_000_000, minimumMicro: 20_000_000 },
    capitalist: { feeBp: 100, feeFixedMicro: 0, minimumMicro: 10_000_000 },
  } as Record<PayoutSystem, PayoutSystemRule>,
  /** Systems a new wallet may be added for (an operator may close one; existing wallets of it stay). */
  openPayoutSystems: [...PAYOUT_SYSTEMS] as PayoutSystem[],
  /** Live (not removed) wallets a partner may have at once, confirmed or not. */
  maxLiveWallets: 10,
  cardCurrencies: ['USD', 'EUR', 'RUB', 'UAH', 'KZT'],
  bankTrCurrencies: ['TRY', 'USD', 'EUR'],
  /** Banks a bank_tr wallet may name (operator-editable). */
  turkishBanks: [
    'Akbank',
    'Aktif Yatırım Bankası',
    'Albaraka Türk',
    'Alternatifbank',
    'Anadolubank',
    'Burgan Bank',
    'DenizBank',
    'Emlak Katılım',
    'Fibabanka',
    'HSBC Türkiye',
    'ICBC Turkey',
    'ING Türkiye',
    'Kuveyt Türk',
    'Odeabank',
    'QNB Türkiye',
    'Şekerbank',
    'Türk Ekonomi Bankası (TEB)',
    'Türkiye Finans',
    'Türkiye Garanti Bankası',
    'Türkiye Halk Bankası',
    'Türkiye İş Bankası',
    'Türkiye Vakıflar Bankası',
    'T.C. Ziraat Bankası',
    'Vakıf Katılım',
    'Yapı ve Kredi Bankası',
    'Ziraat Katılım',
    'Enpara.com',
  ],
  securityCodeMinLength: 4,
  securityCodeMaxLength: 32,
  /** A viewer without premium watches a preview of this many seconds at least... */
  videoPreviewMinSeconds: 60,
  /** ...and at most (the player chooses within the range). */
  videoPreviewMaxSeconds: 180,
};
export type ProductConfig = typeof DEFAULT_PRODUCT;
