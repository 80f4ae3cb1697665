/**
 * The closed value lists of the read calls (periods, groupings, sort keys, filters), without zod: the web app
 * imports these at run time, and the contracts build their schemas from them.
 */
import { PLAYER_TYPES } from '../product.ts';

export const PERIODS = ['today', 'yesterday', '7d', '30d', 'week', 'month', 'last_month', 'year'] as const;

export const DETAIL_GROUPINGS = ['day', 'week', 'month'] as const;

export const SOURCE_SORT_KEYS = ['domain', 'hits', 'downloads', 'unique_downloads', 'purchases'] as const;

export const SOURCE_URL_SORT_KEYS = ['url', 'hits', 'downloads', 'unique_downloads', 'purchases'] as const;

export const SOURCE_KINDS = ['site_referral', 'promo_link', 'unknown'] as const;

export const SALE_SORT_KEYS = ['date', 'file_sales', 'site_sales', 'amount'] as const;

export const FILE_HINTS = ['plus', 'up', 'down', 'minus'] as const;

export const FILE_SORT_KEYS = [
  'name',
  'size',
  'created_at',
  'downloads_today',
  'downloads_total',
  'video_views_today',
  'video_views_total',
  'earned_today',
  'earned_total',
  'sales_today',
  'sales_total',
] as const;

export const DETAILED_SORT_KEYS = ['date', 'downloads', 'sum', 'sales', 'total'] as const;
/**
 * The detailed table's sort keys under a sub-ID tag (decision 0206): the tag rollup keeps no download earnings apart
 * (no `sum`); `sales` sorts by the number of sales, `total` by the tag's earnings.
 */
export const DETAILED_TAG_SORT_KEYS = ['date', 'downloads', 'sales', 'total'] as const satisfies ReadonlyArray<(typeof DETAILED_SORT_KEYS)[number]>;

export const PLAYER_FILTERS = ['all', ...PLAYER_TYPES] as const;

export const EARNINGS_GROUPINGS = ['days', 'weeks', 'months'] as const;

export const DASHBOARD_PERIODS = ['7d', '30d', 'week', 'month'] as const;

/** The payout history's sort keys (GET /payouts). */
export const PAYOUT_SORT_KEYS = ['created_date', 'amount', 'status'] as const;

/** The referrals list's sort keys (GET /referrals): registration date, level, and the commission today, this week, in total. */
export const REFERRAL_SORT_KEYS = ['registration_date', 'level', 'today', 'week', 'total'] as const;
