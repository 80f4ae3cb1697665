import { downloadDecision, downloadPay, saleKindOf, saleShare, siteReferralBonus, type CountryGroup, type DownloadDecision, type Plan, type ProductConfig } from '@pc/core';
import { dayOf, decisionColumn, mirrored, TAGGED, taggedKey, type Rollups, type TaggedRollup } from './rollups.ts';
import type { FileState, FirstState, SaleState } from './state.ts';

/**
 * Contributions: what a first download or a sale adds to the rollups, as a function of the current state — the
 * registers' answers (the file's size, kind and video flag, the site's owner), the plan in force and the product
 * settings at the event's time. Pure: no database; the fold takes the old contribution away and adds the new one.
 */

/** Rollup differences: (table, key, column, value). */
export type Contribution = Array<[keyof Rollups, unknown[], string, number]>;

export function firstContribution(
  f: FirstState,
  file: FileState | undefined,
  plan: Plan,
  product: ProductConfig,
): { c: Contribution; counted: number; earned: number; copy: boolean; reason: DownloadDecision } {
  const known = !!file?.known;
  const reason = downloadDecision(
    {
      refused: false, // a refused download never becomes a first (fold.ts): it is counted apart, once
      firstOfDay: true,
      file: known ? { ownerId: file!.user_id, sizeBytes: file!.size_bytes ?? 0, deletedAt: file!.deleted_at } : null,
      userId: f.user_id,
      at: f.at,
      plan,
      group: f.country_group as CountryGroup,
    },
    product,
  );
  const counted = reason === 'counted' ? 1 : 0;
  const earned = counted ? downloadPay(plan, f.country_group as CountryGroup, product) : 0;
  const copy = known && file!.kind === 'copy';
  return { c: firstFigures(f, { counted, earned, copy, reason }), counted, earned, copy, reason };
}

/**
 * What a first download adds: one unique download; at its day, country group and file it turns one of the
 * `repeat` downloads every download adds (fold.ts) into its own decision (counted, or its reason), and its earnings.
 */
function firstFigures(f: FirstState, a: { counted: number; earned: number; copy: boolean; reason: DownloadDecision }): Contribution {
  const d = [f.user_id, f.project, f.day];
  const decided = decisionColumn(a.reason);
  const c: Contribution = [
    ['daily', d, 'unique_downloads', 1],
    ['source', [...d, f.referrer_domain, f.referrer_url], 'unique_downloads', 1],
    ['daily', d, 'counted_downloads', a.counted],
    ['daily', d, a.copy ? 'copy_download_earned_micro' : 'download_earned_micro', a.earned],
    ['daily', d, 'earned_micro', a.earned],
    ['country', [...d, f.country_group], 'counted_downloads', a.counted],
    ['country', [...d, f.country_group], 'download_earned_micro', a.earned],
    ['file', [...d, f.file_id], 'counted_downloads', a.counted],
    ['file', [...d, f.file_id], 'earned_micro', a.earned],
    ['tag', [...d, f.sub_id ?? ''], 'counted_downloads', a.counted],
    ['tag', [...d, f.sub_id ?? ''], 'earned_micro', a.earned],
  ];
  const rows: Array<[keyof Rollups, unknown[]]> = [['daily', d], ['country', [...d, f.country_group]], ['file', [...d, f.file_id]]];
  for (const [table, key] of rows) {
    c.push([table, key, decisionColumn('repeat'), -1]);
    if (a.reason !== 'counted') c.push([table, key, decided, 1]);
  }
  return withTwins(c, f.sub_id ?? '');
}

/**
 * A contribution with its tagged twins (decision 0209): what a tagged first download or sale adds to the file, source
 * and video rollups, added to their tagged twins as well.
 */
function withTwins(c: Contribution, tag: string): Contribution {
  if (tag === '') return c;
  const twins: Contribution = [];
  for (const [table, key, column, value] of c) {
    if (table in TAGGED && mirrored(table as TaggedRollup, tag, column)) twins.push([TAGGED[table as TaggedRollup], taggedKey(key, tag), column, value]);
  }
  return c.concat(twins);
}

export function appliedFirstContribution(f: FirstState): Contribution {
  return firstFigures(f, { counted: f.applied_counted, earned: f.applied_earned_micro, copy: f.applied_copy, reason: f.applied_reason });
}

const BUCKET_COLUMN = { sale: 'sale_earned_micro', copy: 'copy_sale_earned_micro', video: 'video_sale_earned_micro' } as const;

/** The sale's contribution from its applied_* figures (what the rollups hold for it now). */
export function saleContribution(s: SaleState): Contribution {
  if (!s.known || s.at === null) return [];
  const d = [s.user_id, s.project, dayOf(s.at)];
  const c: Contribution = [
    ['daily', d, 'sales', s.applied_sales],
    ['daily', d, 'sales_amount_micro', s.applied_amount_micro],
    ['daily', d, BUCKET_COLUMN[s.applied_bucket], s.applied_share_micro],
    ['daily', d, 'video_sales', s.applied_bucket === 'video' ? s.applied_sales : 0],
    ['daily', d, 'coin_sales', s.applied_coin_sales],
    ['daily', d, 'refunds', s.applied_refunds],
    ['daily', d, 'earned_micro', s.applied_share_micro],
    ['country', [...d, s.country_group], 'sales', s.applied_sales],
    ['country', [...d, s.country_group], 'sale_earned_micro', s.applied_share_micro],
    ['source', s.referrer_domain ? [...d, s.referrer_domain, s.referrer_url] : [...d, s.site_domain ?? '', ''], 'purchases', s.applied_sales],
    ['tag', [...d, s.sub_id ?? ''], s.revenue_type === 'rebill' ? 'rebills' : 'sales', s.applied_sales],
    ['tag', [...d, s.sub_id ?? ''], 'refunds', s.applied_refunds],
    ['tag', [...d, s.sub_id ?? ''], 'earned_micro', s.applied_share_micro],
  ];
  if (s.applied_bucket === 'video') {
    // Video sales per player type; `all` has every video sale, also those without a player type.
    for (const player of s.player_type ? [s.player_type, 'all'] : ['all']) {
      c.push(['video', [...d, player], 'sales', s.applied_sales], ['video', [...d, player], 'sale_earned_micro', s.applied_share_micro]);
    }
  }
  if (s.file_id) {
    c.push(['file', [...d, s.file_id], 'sales', s.applied_sales], ['file', [...d, s.file_id], 'earned_micro', s.applied_share_micro]);
  }
  if (s.site_user_id !== null) {
    const sd = [s.site_user_id, s.project, dayOf(s.at)];
    c.push(
      ['daily', sd, 'site_sales', s.applied_site_micro > 0 ? s.applied_sales : 0],
      ['daily', sd, 'site_earned_micro', s.applied_site_micro],
      ['daily', sd, 'earned_micro', s.applied_site_micro],
      // The site bonus is the site owner's, not from a link of theirs: "no tag" (decision 0206).
      ['tag', [...sd, ''], 'earned_micro', s.applied_site_micro],
    );
  }
  return withTwins(c, s.sub_id ?? '');
}

/** Recomputes a sale's applied_* figures from its state, its file, and the plan and settings at the sale's time. */
export function applySaleFigures(s: SaleState, file: FileState | undefined, plan: Plan, product: ProductConfig) {
  const counts = s.known && (s.status === 'ok' || s.status === 'hold');
  const isVideo = !!file?.known && file.is_video;
  const isCopy = s.revenue_type === 'file_copy' || (!!file?.known && file.kind === 'copy');
  const amount = s.amount_micro ?? 0;
  s.applied_sales = counts ? 1 : 0;
  s.applied_amount_micro = counts ? amount : 0;
  s.applied_share_micro = counts ? saleShare(plan, saleKindOf(s.revenue_type ?? 'direct', isVideo), amount, product) : 0;
  s.applied_site_micro = counts && s.revenue_type === 'site_referral' && s.site_user_id !== null ? siteReferralBonus(amount, product) : 0;
  s.applied_bucket = isCopy ? 'copy' : isVideo ? 'video' : 'sale';
  s.applied_coin_sales = counts && !s.fraud ? 1 : 0;
  s.applied_refunds = s.known && s.status === 'refund' ? 1 : 0;
}

export function applyContribution(r: Rollups, c: Contribution, sign: 1 | -1) {
  for (const [table, key, column, value] of c) r[table].add(key, column, sign * value);
}
