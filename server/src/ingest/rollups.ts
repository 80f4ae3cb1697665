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
  /** The country, file, source and video rollups' tagged events, the tag fourth in the key (decision 0209; see TAGGED). */
  country_tag: {
    table: 'ingest_daily_country_tag',
    keys: ['user_id', 'project', 'day', 'sub_id', 'country_group'],
    keyTypes: ['bigint', 'text', 'date', 'text', 'text'],
    columns: ['downloads', 'counted_downloads', 'download_earned_micro', 'sales', 'sale_earned_micro', ...REASON_COLUMNS],
  },
  file_tag: {
    table: 'ingest_daily_file_tag',
    keys: ['user_id', 'project', 'day', 'sub_id', 'file_id'],
    keyTypes: ['bigint', 'text', 'date', 'text', 'text'],
    columns: ['downloads', 'counted_downloads', 'video_views', 'sales', 'earned_micro', ...REASON_COLUMNS],
  },
  source_tag: {
    table: 'ingest_daily_source_tag',
    keys: ['user_id', 'project', 'day', 'sub_id', 'domain', 'url'],
    keyTypes: ['bigint', 'text', 'date', 'text', 'text', 'text'],
    columns: ['hits', 'downloads', 'unique_downloads', 'purchases'],
  },
  video_tag: {
    table: 'ingest_daily_video_tag',
    keys: ['user_id', 'project', 'day', 'sub_id', 'player_type'],
    keyTypes: ['bigint', 'text', 'date', 'text', 'text'],
    columns: ['views', 'seconds', 'sales', 'sale_earned_micro'],
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

export type Rollups = Record<RollupName, Rollup>;

export function emptyRollups(): Rollups {
  return Object.fromEntries(ROLLUP_NAMES.map((name) => [name, new Rollup()])) as Rollups;
}

/**
 * The rollups whose tagged events are kept apart too (decision 0209), with the tagged twin's name: every addition of
 * a tagged event to the whole rollup is made to the twin as well (`addTagged`), so "no tag" is the whole less the
 * twin, exactly. Distinct video viewers and files are not kept per tag: the twin has no column for them.
 */
export const TAGGED = { country: 'country_tag', file: 'file_tag', source: 'source_tag', video: 'video_tag' } as const;
export type TaggedRollup = keyof typeof TAGGED;

const TWIN_COLUMNS: Record<TaggedRollup, ReadonlySet<string>> = {
  country: new Set(TABLES.country_tag.columns),
  file: new Set(TABLES.file_tag.columns),
  source: new Set(TABLES.source_tag.columns),
  video: new Set(TABLES.video_tag.columns),
};

/** The twin's key of a whole rollup's key: the tag after (user, project, day). */
export const taggedKey = (key: readonly unknown[], tag: string): unknown[] => [key[0], key[1], key[2], tag, ...key.slice(3)];

/** Whether an addition of a tagged event to `name`'s `column` is made to the tagged twin as well. */
export const mirrored = (name: TaggedRollup, tag: string, column: string) => tag !== '' && TWIN_COLUMNS[name].has(column);

/** Adds to the twin of a whole rollup what an event with `tag` added to it (nothing for an untagged event). */
export function addTagged(r: Rollups, name: TaggedRollup, key: readonly unknown[], tag: string, column: string, value: number) {
  if (mirrored(name, tag, column)) r[TAGGED[name]].add(taggedKey(key, tag), column, value);
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
