import { z } from 'zod';
import {
  COUNTRY_GROUPS,
  GOLD_LEVEL_IDS,
  PAYOUT_SYSTEMS,
  PLANS,
  SALE_KINDS,
  type ProductConfig,
} from '../product.ts';
import { PROJECTS, type ProjectId } from '../projects.ts';

/**
 * GET /api/product/settings: the product settings a partner's screens show (the numbers of docs/product.md as the operator
 * has set them). Screens read rates, shares, minimums, fees, holds, levels and terms from here, never a literal.
 * Money is integer micro-USD; shares and bonuses are basis points (1% = 100).
 */
const micro = z.number().int();
const bp = z.number().int().describe('basis points, 1% = 100');

export const productSettingsAnswer = z.object({
  gold: z.object({
    levels: z.array(
      z.object({
        level: z.number().int(),
        name: z.enum(GOLD_LEVEL_IDS),
        bonus_bp: bp,
        /** Coins needed to reach the level; null for level 0. */
        coins_to_reach: z.number().int().nullable(),
        /** Last month's efficiency needed to reach the level, micro-USD; null for level 0. */
        efficiency_to_reach: micro.nullable(),
        /** true: efficiency must be above the figure; false: at least the figure. */
        efficiency_strict: z.boolean(),
      }),
    ),
    /** The top level is kept while coins stay at or above this. */
    top_level_keep_coins: z.number().int(),
    /** A day earns a coin when its downloads (sales) reach the daily average of this many previous days. */
    coin_average_days: z.number().int(),
    /** A coin is lost when efficiency over this many days is below 0. */
    coin_efficiency_days: z.number().int(),
  }),
  storage: z.object({
    price_per_gb_month: micro,
    normal_term_days: z.number().int(),
    premium_term_days: z.number().int(),
    unlimited_min_revenue: micro,
    unlimited_window_days: z.number().int(),
    trial_month_options: z.array(z.number().int()),
    trial_max_months_per_year: z.number().int(),
    unused_file_periods_days: z.array(z.number().int()),
  }),
  file_hints: z.object({
    new_days: z.number().int(),
    popular_downloads_over: z.number().int(),
    selling_purchases_min: z.number().int(),
    falling_window_days: z.number().int(),
    unused_days: z.number().int(),
  }),
  plans: z.object({
    default_plan: z.enum(PLANS),
    change_every_days: z.number().int(),
    counted_download_min_bytes: z.number().int(),
    /** micro-USD per counted download, per plan and country group. */
    download_rates: z.record(z.enum(PLANS), z.record(z.enum(COUNTRY_GROUPS), micro)),
    sale_shares: z.record(z.enum(PLANS), z.record(z.enum(SALE_KINDS), bp)),
    max_custom_price_variations: z.number().int(),
  }),
  sales: z.object({ hold_days: z.number().int(), site_referral_bonus_bp: bp }),
  referrals: z.object({
    first_level_bp: z.array(bp),
    first_level_months: z.array(z.number().int()),
    second_level_bp: bp,
  }),
  payouts: z.object({
    systems: z.record(z.enum(PAYOUT_SYSTEMS), z.object({ fee_bp: bp, fee_fixed: micro, minimum: micro })),
    wallet_hold_days: z.number().int(),
    processing_days: z.number().int(),
  }),
  security: z.object({
    code_freeze_days: z.number().int(),
    failed_login_limit: z.number().int(),
    /** A security code's length, in characters (Unicode code points). */
    code_min_length: z.number().int(),
    code_max_length: z.number().int(),
  }),
  statistics_history_days: z.number().int(),
  video: z.object({
    /** A viewer without premium watches a preview of at least this many seconds... */
    preview_min_seconds: z.number().int(),
    /** ...and at most this many. */
    preview_max_seconds: z.number().int(),
    /** Each project's public site, the host of its video player (for the embed code). */
    player_hosts: z.record(z.enum(PROJECTS), z.string()),
  }),
});
export type ProductSettingsAnswer = z.infer<typeof productSettingsAnswer>;

export { PRODUCT_PATHS } from './paths.ts';

const mapValues = <K extends string, V, R>(record: Record<K, V>, f: (v: V) => R) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v as V)])) as Record<K, R>;

/**
 * The partner-visible view of the product settings, in the wire's names; `playerHosts` are the projects' public
 * sites (server configuration), where their video players live.
 */
export function productSettingsView(p: ProductConfig, playerHosts: Record<ProjectId, string>): ProductSettingsAnswer {
  return {
    gold: {
      levels: p.goldLevels.map((l) => ({
        level: l.level,
        name: l.id,
        bonus_bp: l.bonusBp,
        coins_to_reach: l.coinsToReach,
        efficiency_to_reach: l.efficiencyToReachMicro,
        efficiency_strict: l.efficiencyStrict,
      })),
      top_level_keep_coins: p.goldTopLevelKeepCoins,
      coin_average_days: p.coinAverageDays,
      coin_efficiency_days: p.coinEfficiencyDays,
    },
    storage: {
      price_per_gb_month: p.storageMicroPerGbMonth,
      normal_term_days: p.normalTermDays,
      premium_term_days: p.premiumTermDays,
      unlimited_min_revenue: p.unlimitedMinRevenueMicro,
      unlimited_window_days: p.unlimitedWindowDays,
      trial_month_options: [...p.unlimitedTrialMonthOptions],
      trial_max_months_per_year: p.unlimitedTrialMaxMonthsPerYear,
      unused_file_periods_days: [...p.unusedFilePeriodsDays],
    },
    file_hints: {
      new_days: p.fileHints.newDays,
      popular_downloads_over: p.fileHints.popularDownloadsOver,
      selling_purchases_min: p.fileHints.sellingPurchasesMin,
      falling_window_days: p.fileHints.fallingWindowDays,
      unused_days: p.fileHints.unusedDays,
    },
    plans: {
      default_plan: p.defaultPlan,
      change_every_days: p.planChangeEveryDays,
      counted_download_min_bytes: p.countedDownloadMinBytes,
      download_rates: p.downloadRates,
      sale_shares: p.saleShares,
      max_custom_price_variations: p.maxCustomPriceVariations,
    },
    sales: { hold_days: p.saleHoldDays, site_referral_bonus_bp: p.siteReferralBonusBp },
    referrals: {
      first_level_bp: [...p.referral.firstLevelBp],
      first_level_months: [...p.referral.firstLevelMonths],
      second_level_bp: p.referral.secondLevelBp,
    },
    payouts: {
      systems: mapValues(p.payoutSystems, (s) => ({
        fee_bp: s.feeBp,
        fee_fixed: s.feeFixedMicro,
        minimum: s.minimumMicro,
      })),
      wallet_hold_days: p.walletHoldDays,
      processing_days: p.payoutProcessingDays,
    },
    security: {
      code_freeze_days: p.securityCodeFreezeDays,
      failed_login_limit: p.failedLoginLimit,
      code_min_length: p.securityCodeMinLength,
      code_max_length: p.securityCodeMaxLength,
    },
    statistics_history_days: p.statisticsHistoryDays,
    video: {
      preview_min_seconds: p.videoPreviewMinSeconds,
      preview_max_seconds: p.videoPreviewMaxSeconds,
      player_hosts: { ...playerHosts },
    },
  };
}
