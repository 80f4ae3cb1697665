/**
 * The rollup tables ingest adds to, and a batch's differences to them: accumulated per key by the fold, written in
 * key order by the store. No database here.
 */

import { DOWNLOAD_REASONS, type DownloadDecision } from '@pc/core';

/** The UTC day of an event time: the day of every rollup key. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * The downloads that did not count, one column per reason of core's `downloadDecision` (decision 0200), beside
 * `counted_downloads` in the daily, country and file rollups: counted + every reason = downloads, in every row.
 */
export const REASON_COLUMNS = DOWNLOAD_REASONS.map((r) => `uncounted_${r}` as const);

/** The rollup column a download's decision adds to. */
export const decisionColumn = (d: DownloadDecision) => (d === 'counted' ? 'counted_downloads' : (`uncounted_${d}` as const));

/** The rollup tables: their keys and the figures the ingest adds up (the recount compares every one of them). */
export const TABLES = {
  daily: {
    table: 'ingest_daily',
    keys: ['user_id', 'project', 'day'],
    keyTypes: ['bigint', 'text', 'date'],
    columns: [
      'hits',
      'downloads',
      'downloads_completed',
      'unique_downloads',
      'counted_downloads',
      'download_earned_micro',
      'copy_download_earned_micro',
      'sales',
      'sales_amount_micro',
      'sale_earned_micro',
      'copy_sale_earned_micro',
      'video_sales',
      'video_sale_earned_micro',
      'coin_sales',
      'refunds',
      'site_sales',
      'site_earned_micro',
      'earned_micro',
      'copies',
      'files_uploaded',
      'video_views',
      ...REASON_COLUMNS,
    ],
  },
  country: {
    table: 'ingest_daily_country',
    keys: ['user_id', 'project', 'day', 'country_group'],
    keyTypes: ['bigint', 'text', 'date', 'text'],
    columns: ['downloads', 'counted_downloads', 'download_earned_micro', 'sales', 'sale_earned_micro', ...REASON_COLUMNS],
  },
  file: {
    table: 'ingest_daily_file',
    keys: ['user_id', 'project', 'day', 'file_id'],
    keyTypes: ['bigint', 'text', 'date', 'text'],
    columns: ['downloads', 'counted_downloads', 'video_views', 'sales', 'earned_micro', ...REASON_COLUMNS],
  },
  source: {
    table: 'ingest_daily_source',
    keys: ['user_id', 'project', 'day', 'domain', 'url'],
    keyTypes: ['bigint', 'text', 'date', 'text', 'text'],
    columns: ['hits', 'downloads', 'unique_downloads', 'purchases'],
  },
  video: {
    table: 'ingest_daily_video',
    keys: ['user_id', 'project', 'day', 'player_type'],
    keyTypes: ['bigint', 'text', 'date', 'text'],
    columns: ['views', 'unique_viewers', 'video_files', 'seconds', 'sales', 'sale_earned_micro'],
  },
  /** Per sub-ID tag ('' = no tag, decision 0206): sales without rebills, rebills apart; earnings include the site bonus. */
  tag: {
    table: 'ingest_daily_tag',
    keys: ['user_id', 'project', 'day', 'sub_id'],
    keyTypes: ['bigint', 'text', 'date', 'text'],
    columns: ['hits', 'downloads', 'counted_downloads', 'sales', 'rebills', 'refunds', 'video_views', 'earned_micro'],
  },
} as const;

export type RollupName = keyof typeof TABLES;

/** The rollup names in the order the store writes them. */
export const ROLLUP_NAMES = Object.keys(TABLES) as RollupName[];

// ---------------------------------------------------------------------------------------------------------------
// Rollup deltas, accumulated per key and flushed in key order.

type Counters = Record<string, number>;
export class Rollup {
  readonly map = new Map<string, { key: unknown[]; c: Counters }>();
  add(key: unknown[], column: string, value: number) {
    this.addAt(key.join('\u0001'), key, column, value);
  }
  /** add() with the key's text (`key.join('\u0001')`) made once by a caller that adds to one key several times. */
  addAt(k: string, key: unknown[], column: string, value: number) {
    if (value === 0) return;
    let entry = this.map.get(k);
    if (!entry) this.map.set(k, (entry = { key, c: {} }));
    entry.c[column] = (entry.c[column] ?? 0) + value;
  }
}

export interface Rollups {
  daily: Rollup;
  country: Rollup;
  file: Rollup;
  source: Rollup;
  video: Rollup;
  tag: Rollup;
}

export function emptyRollups(): Rollups {
  return { daily: new Rollup(), country: new Rollup(), file: new Rollup(), source: new Rollup(), video: new Rollup(), tag: new Rollup() };
}

export function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    return x < y ? -1 : 1;
  }
  return 0;
}
