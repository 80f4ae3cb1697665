import { sql } from 'drizzle-orm';
import {
  DEFAULT_PRODUCT,
  INGEST_MAX_AGE_DAYS,
  productInForce,
  countryGroupOf,
  downloadPay,
  ingestEvent,
  isCountedDownload,
  saleKindOf,
  saleShare,
  siteReferralBonus,
  type IngestAnswer,
  type IngestEvent,
  type IngestResult,
  type Plan,
  type PlayerType,
  type ProductConfig,
  type ProjectId,
  type RevenueType,
  type SaleStatus,
} from '@pc/core';
import type { Database } from '../db/client.ts';
import { rows, type Row } from '../db/sql.ts';
import { loadProductVersions } from '../money/product.ts';
import { enqueuePostbacks, salePostback } from '../lib/postbacks.ts';

/**
 * One batch of file-host events: validate, dedup, store and fold into the current state and the rollups, all in
 * one transaction. The state (files, sales, first downloads) is read under a per-project lock, recomputed here
 * and written back; the rollups receive exact differences. Decision 0020 explains why the result does not depend
 * on arrival order.
 */

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** Holds a project's ingest until the transaction ends (batches, and a settings change that must not race one). */
export async function lockIngest(tx: Pick<Tx, 'execute'>, project: ProjectId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302001, ${project === 'fd1' ? 1 : 2})`);
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);

/** Event version for last-writer-wins: event time, then event id (plain code-unit order, as SQL `collate "C"`). */
function newer(at: string, id: string, thanAt: string | null, thanId: string | null): boolean {
  if (thanAt === null || thanId === null) return true;
  if (at !== thanAt) return at > thanAt;
  return id > thanId;
}

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

/** The registrable-ish host of a referrer URL, lower case without `www.`; '' when absent or not a URL. */
export function referrerParts(referrer: string | null | undefined): { domain: string; url: string } {
  if (!referrer) return { domain: '', url: '' };
  try {
    const u = new URL(referrer);
    const domain = u.hostname.toLowerCase().replace(/^www\./, '');
    if (!domain) return { domain: '', url: '' };
    const url = `${domain}${u.pathname}`.slice(0, 500);
    return { domain, url };
  } catch {
    return { domain: '', url: '' };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Rollup deltas, accumulated per key and flushed in key order.

type Counters = Record<string, number>;
class Rollup {
  readonly map = new Map<string, { key: unknown[]; c: Counters }>();
  add(key: unknown[], column: string, value: number) {
    if (value === 0) return;
    const k = key.join('\u0001');
    let entry = this.map.get(k);
    if (!entry) this.map.set(k, (entry = { key, c: {} }));
    entry.c[column] = (entry.c[column] ?? 0) + value;
  }
}

interface Rollups {
  daily: Rollup;
  country: Rollup;
  file: Rollup;
  source: Rollup;
  video: Rollup;
}

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
    ],
  },
  country: {
    table: 'ingest_daily_country',
    keys: ['user_id', 'project', 'day', 'country_group'],
    keyTypes: ['bigint', 'text', 'date', 'text'],
    columns: ['downloads', 'counted_downloads', 'download_earned_micro', 'sales', 'sale_earned_micro'],
  },
  file: {
    table: 'ingest_daily_file',
    keys: ['user_id', 'project', 'day', 'file_id'],
    keyTypes: ['bigint', 'text', 'date', 'text'],
    columns: ['downloads', 'counted_downloads', 'video_views', 'sales', 'earned_micro'],
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
} as const;

function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    return x < y ? -1 : 1;
  }
  return 0;
}

async function flushRollup(tx: Tx, name: keyof typeof TABLES, rollup: Rollup) {
  if (rollup.map.size === 0) return;
  const spec = TABLES[name];
  const entries = [...rollup.map.values()].sort((a, b) => compareKeys(a.key, b.key));
  const data = entries.map(({ key, c }) => {
    const row: Row = {};
    spec.keys.forEach((k, i) => (row[k] = key[i]));
    for (const col of spec.columns) row[col] = c[col] ?? 0;
    return row;
  });
  const recordType = [
    ...spec.keys.map((k, i) => `${k} ${spec.keyTypes[i]}`),
    ...spec.columns.map((c) => `${c} bigint`),
  ].join(', ');
  const cols = [...spec.keys, ...spec.columns].join(', ');
  const updates = spec.columns.map((c) => `${c} = t.${c} + excluded.${c}`);
  if (name === 'daily') updates.push('updated_at = now()');
  await tx.execute(
    sql`insert into ${sql.raw(spec.table)} as t (${sql.raw(cols)})
        select ${sql.raw(cols)} from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(${sql.raw(recordType)})
        order by ${sql.raw(spec.keys.join(', '))}
        on conflict (${sql.raw(spec.keys.join(', '))}) do update set ${sql.raw(updates.join(', '))}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// State rows.

interface FileState {
  project: string;
  file_id: string;
  user_id: number;
  kind: 'file' | 'copy';
  known: boolean;
  uploaded_at: string | null;
  upload_event_id: string | null;
  size_bytes: number | null;
  is_video: boolean;
  copy_of_file_id: string | null;
  copy_account_id: string | null;
  name: string;
  name_at: string | null;
  name_event_id: string | null;
  folder: string | null;
  folder_at: string | null;
  folder_event_id: string | null;
  deleted_at: string | null;
}

interface SaleState {
  project: string;
  sale_id: string;
  user_id: number;
  known: boolean;
  at: string | null;
  sale_event_id: string | null;
  amount_micro: number | null;
  revenue_type: RevenueType | null;
  file_id: string | null;
  site_domain: string | null;
  site_user_id: number | null;
  buyer_email: string | null;
  payment_system: string | null;
  tariff: string | null;
  country: string | null;
  country_group: string | null;
  status: SaleStatus;
  status_at: string | null;
  status_event_id: string | null;
  fraud: boolean;
  fraud_at: string | null;
  fraud_event_id: string | null;
  applied_sales: number;
  applied_amount_micro: number;
  applied_share_micro: number;
  applied_site_micro: number;
  applied_bucket: 'sale' | 'copy' | 'video';
  applied_coin_sales: number;
  applied_refunds: number;
  player_type: PlayerType | null;
  referrer_domain: string;
  referrer_url: string;
}

interface FirstState {
  project: string;
  file_id: string;
  downloader_id: string;
  day: string;
  user_id: number;
  event_id: string;
  at: string;
  country_group: string;
  referrer_domain: string;
  referrer_url: string;
  applied_counted: number;
  applied_earned_micro: number;
  applied_copy: boolean;
}

const FILE_COLS: Array<[keyof FileState, string]> = [
  ['project', 'text'],
  ['file_id', 'text'],
  ['user_id', 'bigint'],
  ['kind', 'text'],
  ['known', 'boolean'],
  ['uploaded_at', 'timestamptz'],
  ['upload_event_id', 'text'],
  ['size_bytes', 'bigint'],
  ['is_video', 'boolean'],
  ['copy_of_file_id', 'text'],
  ['copy_account_id', 'text'],
  ['name', 'text'],
  ['name_at', 'timestamptz'],
  ['name_event_id', 'text'],
  ['folder', 'text'],
  ['folder_at', 'timestamptz'],
  ['folder_event_id', 'text'],
  ['deleted_at', 'timestamptz'],
];
const SALE_COLS: Array<[keyof SaleState, string]> = [
  ['project', 'text'],
  ['sale_id', 'text'],
  ['user_id', 'bigint'],
  ['known', 'boolean'],
  ['at', 'timestamptz'],
  ['sale_event_id', 'text'],
  ['amount_micro', 'bigint'],
  ['revenue_type', 'text'],
  ['file_id', 'text'],
  ['site_domain', 'text'],
  ['site_user_id', 'bigint'],
  ['buyer_email', 'text'],
  ['payment_system', 'text'],
  ['tariff', 'text'],
  ['country', 'text'],
  ['country_group', 'text'],
  ['status', 'text'],
  ['status_at', 'timestamptz'],
  ['status_event_id', 'text'],
  ['fraud', 'boolean'],
  ['fraud_at', 'timestamptz'],
  ['fraud_event_id', 'text'],
  ['applied_sales', 'integer'],
  ['applied_amount_micro', 'bigint'],
  ['applied_share_micro', 'bigint'],
  ['applied_site_micro', 'bigint'],
  ['applied_bucket', 'text'],
  ['applied_coin_sales', 'integer'],
  ['applied_refunds', 'integer'],
  ['player_type', 'text'],
  ['referrer_domain', 'text'],
  ['referrer_url', 'text'],
];
const FIRST_COLS: Array<[keyof FirstState, string]> = [
  ['project', 'text'],
  ['file_id', 'text'],
  ['downloader_id', 'text'],
  ['day', 'date'],
  ['user_id', 'bigint'],
  ['event_id', 'text'],
  ['at', 'timestamptz'],
  ['country_group', 'text'],
  ['referrer_domain', 'text'],
  ['referrer_url', 'text'],
  ['applied_counted', 'integer'],
  ['applied_earned_micro', 'bigint'],
  ['applied_copy', 'boolean'],
];

async function upsertState<T extends object>(
  tx: Tx,
  table: string,
  cols: Array<[keyof T, string]>,
  keys: string[],
  items: T[],
) {
  if (items.length === 0) return;
  const names = cols.map(([c]) => String(c));
  const recordType = cols.map(([c, t]) => `${String(c)} ${t}`).join(', ');
  const updates = names.filter((c) => !keys.includes(c)).map((c) => `${c} = excluded.${c}`);
  const data = items.map((item) => {
    const row: Row = {};
    for (const c of names) row[c] = (item as Row)[c];
    return row;
  });
  await tx.execute(
    sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
        select ${sql.raw(names.join(', '))} from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(${sql.raw(recordType)})
        order by ${sql.raw(keys.join(', '))}
        on conflict (${sql.raw(keys.join(', '))}) do update set ${sql.raw(updates.join(', '))}`,
  );
}

/** The columns of a state table; dates as text (drivers differ in how they parse DATE). */
function selectList<T>(cols: Array<[keyof T, string]>, prefix = '') {
  return sql.raw(
    cols
      .map(([c, t]) => {
        const col = `${prefix}${String(c)}`;
        if (t === 'date') return `${col}::text as ${String(c)}`;
        if (t === 'timestamptz') return `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${String(c)}`;
        return col;
      })
      .join(', '),
  );
}

function normalizeState<T>(row: Row, cols: Array<[keyof T, string]>): T {
  const out: Row = {};
  for (const [c, t] of cols) {
    const v = row[c as string];
    if (t === 'timestamptz') out[c as string] = toIso(v);
    else if (t === 'bigint' || t === 'integer') out[c as string] = v === null || v === undefined ? null : Number(v);
    else if (t === 'date') out[c as string] = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
    else out[c as string] = v;
  }
  return out as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Contributions: what a first download or a sale adds to the rollups, as a function of the current state.

type Contribution = Array<[keyof Rollups, unknown[], string, number]>;

function firstContribution(
  f: FirstState,
  file: FileState | undefined,
  plan: Plan,
  product: ProductConfig,
): { c: Contribution; counted: number; earned: number; copy: boolean } {
  const known = !!file?.known;
  const counted = known && isCountedDownload(file!.size_bytes ?? 0, true, product) ? 1 : 0;
  const earned = counted ? downloadPay(plan, f.country_group as never, product) : 0;
  const copy = known && file!.kind === 'copy';
  const d = [f.user_id, f.project, f.day];
  const c: Contribution = [
    ['daily', d, 'unique_downloads', 1],
    ['source', [...d, f.referrer_domain, f.referrer_url], 'unique_downloads', 1],
    ['daily', d, 'counted_downloads', counted],
    ['daily', d, copy ? 'copy_download_earned_micro' : 'download_earned_micro', earned],
    ['daily', d, 'earned_micro', earned],
    ['country', [...d, f.country_group], 'counted_downloads', counted],
    ['country', [...d, f.country_group], 'download_earned_micro', earned],
    ['file', [...d, f.file_id], 'counted_downloads', counted],
    ['file', [...d, f.file_id], 'earned_micro', earned],
  ];
  return { c, counted, earned, copy };
}

function appliedFirstContribution(f: FirstState): Contribution {
  const d = [f.user_id, f.project, f.day];
  return [
    ['daily', d, 'unique_downloads', 1],
    ['source', [...d, f.referrer_domain, f.referrer_url], 'unique_downloads', 1],
    ['daily', d, 'counted_downloads', f.applied_counted],
    ['daily', d, f.applied_copy ? 'copy_download_earned_micro' : 'download_earned_micro', f.applied_earned_micro],
    ['daily', d, 'earned_micro', f.applied_earned_micro],
    ['country', [...d, f.country_group], 'counted_downloads', f.applied_counted],
    ['country', [...d, f.country_group], 'download_earned_micro', f.applied_earned_micro],
    ['file', [...d, f.file_id], 'counted_downloads', f.applied_counted],
    ['file', [...d, f.file_id], 'earned_micro', f.applied_earned_micro],
  ];
}

const BUCKET_COLUMN = { sale: 'sale_earned_micro', copy: 'copy_sale_earned_micro', video: 'video_sale_earned_micro' } as const;

/** The sale's contribution from its applied_* figures (what the rollups hold for it now). */
function saleContribution(s: SaleState): Contribution {
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
    );
  }
  return c;
}

/** Recomputes a sale's applied_* figures from its state, its file, and the plan and settings at the sale's time. */
function applySaleFigures(s: SaleState, file: FileState | undefined, plan: Plan, product: ProductConfig) {
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

function applyContribution(r: Rollups, c: Contribution, sign: 1 | -1) {
  for (const [table, key, column, value] of c) r[table].add(key, column, sign * value);
}

// ---------------------------------------------------------------------------------------------------------------

interface Partner {
  userId: number;
  active: boolean;
}

export interface IngestOptions {
  now: Date;
}

/** Partition months already ensured by this process. */
const ensuredMonths = new WeakMap<Database, Set<string>>();

async function ensurePartitions(database: Database, months: string[]) {
  let set = ensuredMonths.get(database);
  if (!set) ensuredMonths.set(database, (set = new Set()));
  for (const month of months) {
    if (set.has(month)) continue;
    for (let attempt = 0; ; attempt++) {
      try {
        await database.query(sql`select ingest_ensure_partition(${`${month}-01T00:00:00Z`}::timestamptz)`);
        break;
      } catch (error) {
        // Two instances creating the same partition at once: the loser retries and finds it there.
        if (attempt >= 2) throw error;
      }
    }
    set.add(month);
  }
}

function zodMessage(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export async function ingestBatch(database: Database, project: ProjectId, input: unknown[], opts: IngestOptions): Promise<IngestAnswer> {
  const now = opts.now.getTime();
  const results: IngestResult[] = new Array(input.length);
  const valid: Array<{ index: number; event: IngestEvent; at: string }> = [];
  const seen = new Set<string>();

  profMark = performance.now();
  // 1. Validate each event on its own.
  for (let index = 0; index < input.length; index++) {
    const raw = input[index];
    const rawId = typeof raw === 'object' && raw !== null && typeof (raw as Row).id === 'string' ? ((raw as Row).id as string) : null;
    const parsed = ingestEvent.safeParse(raw);
    if (!parsed.success) {
      const type = typeof raw === 'object' && raw !== null ? (raw as Row).type : undefined;
      const unknownType = typeof type === 'string' && !ingestEvent.options.some((o) => o.shape.type.value === type);
      results[index] = {
        index,
        id: rawId,
        status: 'rejected',
        reason: unknownType ? 'unknown_type' : 'invalid_event',
        message: unknownType ? `unknown event type ${JSON.stringify(type)}` : zodMessage(parsed.error),
      };
      continue;
    }
    const event = parsed.data;
    const t = Date.parse(event.at);
    if (t > now + DEFAULT_PRODUCT.futureSkewMs) {
      results[index] = { index, id: event.id, status: 'rejected', reason: 'in_future', message: 'event time is more than 5 minutes ahead' };
      continue;
    }
    if (t < now - INGEST_MAX_AGE_DAYS * DAY_MS) {
      results[index] = { index, id: event.id, status: 'rejected', reason: 'too_old', message: `event time is more than ${INGEST_MAX_AGE_DAYS} days back` };
      continue;
    }
    if (seen.has(event.id)) {
      results[index] = { index, id: event.id, status: 'duplicate' };
      continue;
    }
    seen.add(event.id);
    valid.push({ index, event, at: new Date(t).toISOString() });
  }

  mark('validate');
  if (valid.length > 0) {
    const months = [...new Set(valid.map((v) => v.at.slice(0, 7)))];
    await ensurePartitions(database, months);
    await database.db.transaction(async (tx) => {
      await processValid(tx, project, valid, results, opts.now);
      mark('before commit');
    });
    mark('commit');
  }

  let accepted = 0;
  let duplicates = 0;
  let rejected = 0;
  for (const r of results) {
    if (r.status === 'accepted') accepted++;
    else if (r.status === 'duplicate') duplicates++;
    else rejected++;
  }
  return { accepted, duplicates, rejected, results };
}

const PROFILE = process.env.INGEST_PROFILE === '1';
const prof = new Map<string, number>();
let profMark = 0;
function mark(label: string) {
  if (!PROFILE) return;
  const now = performance.now();
  prof.set(label, (prof.get(label) ?? 0) + now - profMark);
  profMark = now;
}
export function ingestProfile() {
  return Object.fromEntries([...prof].map(([k, v]) => [k, Math.round(v)]));
}

async function processValid(
  tx: Tx,
  project: ProjectId,
  valid: Array<{ index: number; event: IngestEvent; at: string }>,
  results: IngestResult[],
  now: Date,
) {
  // Batches of one project run one at a time; the state read below cannot change under us.
  await lockIngest(tx, project);
  // Prices follow the settings in force at each event's time (decision 0062), as plans do.
  const versions = await loadProductVersions(tx);
  const productAt = (at: string) => productInForce(versions, at);

  mark('before 2');
  // 2. Partners.
  const appIds = [...new Set(valid.map((v) => v.event.app_users_id))];
  const partnerRows = await rows<{ app_user_id: number; user_id: number; is_active: boolean }>(
    tx,
    sql`select p.app_user_id, p.user_id, u.is_active
        from partner_programs p join users u on u.id = p.user_id
        where p.project = ${project} and p.app_user_id in (select (jsonb_array_elements_text(${JSON.stringify(appIds)}::jsonb))::bigint)`,
  );
  const partners = new Map<number, Partner>(partnerRows.map((r) => [Number(r.app_user_id), { userId: Number(r.user_id), active: r.is_active }]));
  const candidates: Array<{ index: number; event: IngestEvent; at: string; userId: number }> = [];
  for (const v of valid) {
    const partner = partners.get(v.event.app_users_id);
    if (!partner) {
      results[v.index] = { index: v.index, id: v.event.id, status: 'rejected', reason: 'unknown_partner', message: `no partner ${v.event.app_users_id} in ${project}` };
    } else if (!partner.active) {
      results[v.index] = { index: v.index, id: v.event.id, status: 'rejected', reason: 'partner_inactive', message: `partner ${v.event.app_users_id} is not active` };
    } else {
      candidates.push({ ...v, userId: partner.userId });
    }
  }
  if (candidates.length === 0) return;

  mark('before 3');
  // 3. Dedup against every earlier batch and store the new events as normalized, in one statement: only ids that
  // enter ingest_event_keys reach the raw table.
  // The payload keeps the event's own fields; id, type and time are columns.
  const rawData = candidates.map((c) => {
    const { id, type, at: _at, ...payload } = c.event;
    return { event_id: id, type, at: c.at, user_id: c.userId, payload };
  });
  const inserted = await rows<{ event_id: string }>(
    tx,
    sql`with x as materialized (
          select * from jsonb_to_recordset(${JSON.stringify(rawData)}::jsonb)
            as x(event_id text, type text, at timestamptz, user_id bigint, payload jsonb)),
        k as (
          insert into ingest_event_keys (project, event_id, at)
          select ${project}, event_id, at from x
          on conflict do nothing returning event_id)
        insert into ingest_events (project, event_id, type, at, user_id, payload)
        select ${project}, x.event_id, x.type, x.at, x.user_id, x.payload from x join k on k.event_id = x.event_id
        returning event_id`,
  );
  const fresh = new Set(inserted.map((r) => r.event_id));
  const events: typeof candidates = [];
  for (const c of candidates) {
    if (fresh.has(c.event.id)) {
      results[c.index] = { index: c.index, id: c.event.id, status: 'accepted' };
      events.push(c);
    } else {
      results[c.index] = { index: c.index, id: c.event.id, status: 'duplicate' };
    }
  }
  if (events.length === 0) return;

  // Events of a batch are folded in (time, id) order; the result does not depend on it, but it keeps work small.
  events.sort((a, b) => (a.at !== b.at ? (a.at < b.at ? -1 : 1) : a.event.id < b.event.id ? -1 : 1));

  mark('before 5');
  // 5. Load the state the batch touches.
  const fileIds = new Set<string>();
  const saleIds = new Set<string>();
  const firstKeys: Array<{ file_id: string; downloader_id: string; day: string }> = [];
  const userIds = new Set<number>();
  const siteDomains = new Set<string>();
  for (const { event, at, userId } of events) {
    userIds.add(userId);
    if ('file_id' in event && event.file_id) fileIds.add(event.file_id);
    if (event.type === 'sale' || event.type === 'sale_status') saleIds.add(event.sale_id);
    if (event.type === 'download') firstKeys.push({ file_id: event.file_id, downloader_id: event.downloader_id, day: dayOf(at) });
    if (event.type === 'sale' && event.revenue_type === 'site_referral' && event.site_domain) siteDomains.add(event.site_domain.toLowerCase());
  }

  const files = new Map<string, FileState>();
  if (fileIds.size) {
    for (const r of await rows(tx, sql`select ${selectList(FILE_COLS)} from ingest_files where project = ${project} and file_id in (select jsonb_array_elements_text(${JSON.stringify([...fileIds])}::jsonb))`)) {
      const f = normalizeState<FileState>(r, FILE_COLS);
      files.set(f.file_id, f);
    }
  }
  const sales = new Map<string, SaleState>();
  if (saleIds.size) {
    for (const r of await rows(tx, sql`select ${selectList(SALE_COLS)} from ingest_sales where project = ${project} and sale_id in (select jsonb_array_elements_text(${JSON.stringify([...saleIds])}::jsonb))`)) {
      const s = normalizeState<SaleState>(r, SALE_COLS);
      sales.set(s.sale_id, s);
    }
  }
  const firstKey = (f: { file_id: string; downloader_id: string; day: string }) => `${f.file_id}\u0000${f.downloader_id}\u0000${f.day}`;
  const firsts = new Map<string, FirstState>();
  if (firstKeys.length) {
    for (const r of await rows(
      tx,
      sql`select ${selectList(FIRST_COLS, 'f.')} from ingest_download_firsts f
          join (select distinct * from jsonb_to_recordset(${JSON.stringify(firstKeys)}::jsonb) as x(file_id text, downloader_id text, day date)) k
            on f.file_id = k.file_id and f.downloader_id = k.downloader_id and f.day = k.day
          where f.project = ${project}`,
    )) {
      const f = normalizeState<FirstState>(r, FIRST_COLS);
      firsts.set(firstKey(f), f);
    }
  }
  const sites = new Map<string, number>();
  if (siteDomains.size) {
    for (const r of await rows<{ domain: string; user_id: number }>(
      tx,
      sql`select lower(domain) as domain, min(user_id) as user_id from partner_sites
          where project = ${project} and status = 'active' and lower(domain) in (select jsonb_array_elements_text(${JSON.stringify([...siteDomains])}::jsonb))
          group by lower(domain)`,
    )) {
      sites.set(r.domain, Number(r.user_id));
    }
  }

  const r: Rollups = { daily: new Rollup(), country: new Rollup(), file: new Rollup(), source: new Rollup(), video: new Rollup() };
  const changedFiles = new Set<string>();
  const newlyKnownFiles = new Set<string>();
  const touchedSales = new Set<string>();
  const touchedFirsts = new Map<string, Contribution>(); // key -> contribution before this batch
  const uniques: Array<{ user_id: number; day: string; kind: string; dim: string; value: string; player: string }> = [];

  const fileOf = (fileId: string, userId: number): FileState => {
    let f = files.get(fileId);
    if (!f) {
      f = {
        project,
        file_id: fileId,
        user_id: userId,
        kind: 'file',
        known: false,
        uploaded_at: null,
        upload_event_id: null,
        size_bytes: null,
        is_video: false,
        copy_of_file_id: null,
        copy_account_id: null,
        name: '',
        name_at: null,
        name_event_id: null,
        folder: null,
        folder_at: null,
        folder_event_id: null,
        deleted_at: null,
      };
      files.set(fileId, f);
    }
    changedFiles.add(fileId);
    return f;
  };
  const saleOf = (saleId: string, userId: number): SaleState => {
    let s = sales.get(saleId);
    if (!s) {
      s = {
        project,
        sale_id: saleId,
        user_id: userId,
        known: false,
        at: null,
        sale_event_id: null,
        amount_micro: null,
        revenue_type: null,
        file_id: null,
        site_domain: null,
        site_user_id: null,
        buyer_email: null,
        payment_system: null,
        tariff: null,
        country: null,
        country_group: null,
        status: 'ok',
        status_at: null,
        status_event_id: null,
        fraud: false,
        fraud_at: null,
        fraud_event_id: null,
        applied_sales: 0,
        applied_amount_micro: 0,
        applied_share_micro: 0,
        applied_site_micro: 0,
        applied_bucket: 'sale',
        applied_coin_sales: 0,
        applied_refunds: 0,
        player_type: null,
        referrer_domain: '',
        referrer_url: '',
      };
      sales.set(saleId, s);
    }
    if (!touchedSales.has(saleId)) {
      touchedSales.add(saleId);
      applyContribution(r, saleContribution(s), -1);
    }
    return s;
  };
  const setName = (f: FileState, name: string, at: string, id: string) => {
    if (newer(at, id, f.name_at, f.name_event_id)) Object.assign(f, { name, name_at: at, name_event_id: id });
  };
  const setFolder = (f: FileState, folder: string | null, at: string, id: string) => {
    if (newer(at, id, f.folder_at, f.folder_event_id)) Object.assign(f, { folder, folder_at: at, folder_event_id: id });
  };

  mark('before 6');
  // 6. Fold the events into the state and the rollups.
  for (const { event, at, userId } of events) {
    const d = [userId, project, dayOf(at)];
    switch (event.type) {
      case 'file_uploaded':
      case 'file_copied': {
        const f = fileOf(event.file_id, userId);
        // The earliest upload (or copy) event by (time, id) defines the file, whatever arrives first.
        if (!f.known || newer(f.uploaded_at!, f.upload_event_id ?? '', at, event.id)) {
          if (f.known) r.daily.add([f.user_id, project, dayOf(f.uploaded_at!)], f.kind === 'copy' ? 'copies' : 'files_uploaded', -1);
          Object.assign(f, {
            known: true,
            user_id: userId,
            uploaded_at: at,
            upload_event_id: event.id,
            size_bytes: event.size_bytes,
            is_video: event.is_video,
            kind: event.type === 'file_copied' ? 'copy' : 'file',
            copy_of_file_id: event.type === 'file_copied' ? event.original_file_id : null,
            copy_account_id: event.type === 'file_copied' ? event.copy_account_id : null,
          });
          r.daily.add(d, event.type === 'file_copied' ? 'copies' : 'files_uploaded', 1);
          newlyKnownFiles.add(event.file_id);
        }
        setName(f, event.name, at, event.id);
        if (event.type === 'file_uploaded') setFolder(f, event.folder ?? null, at, event.id);
        break;
      }
      case 'file_renamed':
        setName(fileOf(event.file_id, userId), event.name, at, event.id);
        break;
      case 'file_moved':
        setFolder(fileOf(event.file_id, userId), event.folder ?? null, at, event.id);
        break;
      case 'file_deleted': {
        const f = fileOf(event.file_id, userId);
        if (f.deleted_at === null || at < f.deleted_at) f.deleted_at = at;
        break;
      }
      case 'page_hit': {
        const ref = referrerParts(event.referrer);
        r.daily.add(d, 'hits', 1);
        r.source.add([...d, ref.domain, ref.url], 'hits', 1);
        break;
      }
      case 'download': {
        const ref = referrerParts(event.referrer);
        const group = countryGroupOf(event.country ?? null, productAt(at).countryGroups);
        r.daily.add(d, 'downloads', 1);
        if (event.completed) r.daily.add(d, 'downloads_completed', 1);
        r.country.add([...d, group], 'downloads', 1);
        r.file.add([...d, event.file_id], 'downloads', 1);
        r.source.add([...d, ref.domain, ref.url], 'downloads', 1);
        const key = { file_id: event.file_id, downloader_id: event.downloader_id, day: dayOf(at) };
        const k = firstKey(key);
        const existing = firsts.get(k);
        if (!existing || newer(existing.at, existing.event_id, at, event.id)) {
          // This download is earlier than the current first (or the first at all): it takes its place.
          if (!touchedFirsts.has(k)) touchedFirsts.set(k, existing ? appliedFirstContribution(existing) : []);
          firsts.set(k, {
            project,
            ...key,
            user_id: userId,
            event_id: event.id,
            at,
            country_group: group,
            referrer_domain: ref.domain,
            referrer_url: ref.url,
            applied_counted: 0,
            applied_earned_micro: 0,
            applied_copy: false,
          });
        }
        break;
      }
      case 'sale': {
        const s = saleOf(event.sale_id, userId);
        if (!s.known || newer(s.at!, s.sale_event_id ?? '', at, event.id)) {
          const domain = event.site_domain?.toLowerCase() ?? null;
          const ref = referrerParts(event.referrer);
          Object.assign(s, {
            known: true,
            user_id: userId,
            at,
            sale_event_id: event.id,
            amount_micro: event.amount_micro,
            revenue_type: event.revenue_type,
            file_id: event.file_id ?? null,
            site_domain: domain,
            site_user_id: event.revenue_type === 'site_referral' && domain ? (sites.get(domain) ?? null) : null,
            buyer_email: event.buyer_email,
            payment_system: event.payment_system,
            tariff: event.tariff,
            country: event.country ?? null,
            country_group: countryGroupOf(event.country ?? null, productAt(at).countryGroups),
            player_type: event.player_type ?? null,
            referrer_domain: ref.domain,
            referrer_url: ref.url,
          });
        }
        if (newer(at, event.id, s.status_at, s.status_event_id)) Object.assign(s, { status: event.status, status_at: at, status_event_id: event.id });
        break;
      }
      case 'sale_status': {
        const s = saleOf(event.sale_id, userId);
        if (newer(at, event.id, s.status_at, s.status_event_id)) Object.assign(s, { status: event.status, status_at: at, status_event_id: event.id });
        if (event.fraud !== undefined && newer(at, event.id, s.fraud_at, s.fraud_event_id)) {
          Object.assign(s, { fraud: event.fraud, fraud_at: at, fraud_event_id: event.id });
        }
        break;
      }
      case 'video_view': {
        r.daily.add(d, 'video_views', 1);
        r.file.add([...d, event.file_id], 'video_views', 1);
        for (const player of [event.player_type, 'all']) {
          r.video.add([...d, player], 'views', 1);
          r.video.add([...d, player], 'seconds', event.seconds);
          uniques.push({ user_id: userId, day: dayOf(at), kind: 'viewer', dim: player, value: event.viewer_id, player });
          uniques.push({ user_id: userId, day: dayOf(at), kind: 'video_file', dim: player, value: event.file_id, player });
        }
        break;
      }
    }
  }

  mark('before 7');
  // 7. Files that became known: their earlier first downloads and sales are recomputed with size and kind.
  if (newlyKnownFiles.size) {
    const list = JSON.stringify([...newlyKnownFiles]);
    for (const row of await rows(tx, sql`select ${selectList(FIRST_COLS)} from ingest_download_firsts where project = ${project} and file_id in (select jsonb_array_elements_text(${list}::jsonb))`)) {
      const f = normalizeState<FirstState>(row, FIRST_COLS);
      const k = firstKey(f);
      if (!firsts.has(k)) firsts.set(k, f);
      if (!touchedFirsts.has(k)) touchedFirsts.set(k, appliedFirstContribution(firsts.get(k)!));
    }
    for (const row of await rows(tx, sql`select ${selectList(SALE_COLS)} from ingest_sales where project = ${project} and file_id in (select jsonb_array_elements_text(${list}::jsonb))`)) {
      const s = normalizeState<SaleState>(row, SALE_COLS);
      if (!sales.has(s.sale_id)) sales.set(s.sale_id, s);
      saleOf(s.sale_id, s.user_id);
    }
  }

  // A sale touched only by a status change still needs its file (video or copy decides its share and bucket).
  const missingFiles = [...new Set([...touchedSales].map((id) => sales.get(id)!.file_id).filter((f): f is string => !!f && !files.has(f)))];
  if (missingFiles.length) {
    for (const row of await rows(tx, sql`select ${selectList(FILE_COLS)} from ingest_files where project = ${project} and file_id in (select jsonb_array_elements_text(${JSON.stringify(missingFiles)}::jsonb))`)) {
      const f = normalizeState<FileState>(row, FILE_COLS);
      files.set(f.file_id, f);
    }
  }

  // Plans in force at each event's time need the plan history of every partner involved.
  for (const s of touchedSales) userIds.add(sales.get(s)!.user_id);
  for (const k of touchedFirsts.keys()) userIds.add(firsts.get(k)!.user_id);
  const plans = new Map<number, Array<{ from: string; plan: Plan }>>();
  for (const row of await rows<{ user_id: number; plan: Plan; effective_from: unknown }>(
    tx,
    sql`select user_id, plan, effective_from from partner_plans
        where project = ${project} and user_id in (select (jsonb_array_elements_text(${JSON.stringify([...userIds])}::jsonb))::bigint)`,
  )) {
    const list = plans.get(Number(row.user_id)) ?? [];
    list.push({ from: toIso(row.effective_from)!, plan: row.plan });
    plans.set(Number(row.user_id), list);
  }
  const planAt = (userId: number, at: string): Plan => {
    let best: { from: string; plan: Plan } | null = null;
    for (const p of plans.get(userId) ?? []) if (p.from <= at && (!best || p.from > best.from)) best = p;
    return best?.plan ?? DEFAULT_PRODUCT.defaultPlan;
  };

  mark('before 8');
  // 8. Differences of the first downloads and the sales.
  const changedFirsts: FirstState[] = [];
  for (const [k, before] of touchedFirsts) {
    const f = firsts.get(k)!;
    applyContribution(r, before, -1);
    const next = firstContribution(f, files.get(f.file_id), planAt(f.user_id, f.at), productAt(f.at));
    f.applied_counted = next.counted;
    f.applied_earned_micro = next.earned;
    f.applied_copy = next.copy;
    applyContribution(r, next.c, 1);
    changedFirsts.push(f);
  }
  const changedSales: SaleState[] = [];
  for (const id of touchedSales) {
    const s = sales.get(id)!;
    applySaleFigures(
      s,
      s.file_id ? files.get(s.file_id) : undefined,
      s.at ? planAt(s.user_id, s.at) : DEFAULT_PRODUCT.defaultPlan,
      s.at ? productAt(s.at) : DEFAULT_PRODUCT,
    );
    applyContribution(r, saleContribution(s), 1);
    changedSales.push(s);
  }

  mark('before 9');
  // 9. Distinct video viewers and files.
  if (uniques.length) {
    const data = [...new Map(uniques.map((u) => [JSON.stringify([u.user_id, u.day, u.kind, u.dim, u.value]), u])).values()].sort((a, b) =>
      compareKeys([a.user_id, a.day, a.kind, a.dim, a.value], [b.user_id, b.day, b.kind, b.dim, b.value]),
    );
    const fresh = await rows<{ user_id: number; day: unknown; kind: string; dim: string }>(
      tx,
      sql`insert into ingest_day_uniques (project, user_id, day, kind, dim, value)
          select ${project}, user_id, day, kind, dim, value
          from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(user_id bigint, day date, kind text, dim text, value text)
          order by user_id, day, kind collate "C", dim collate "C", value collate "C"
          on conflict do nothing returning user_id, day::text as day, kind, dim`,
    );
    for (const u of fresh) {
      const day = u.day instanceof Date ? u.day.toISOString().slice(0, 10) : String(u.day).slice(0, 10);
      r.video.add([Number(u.user_id), project, day, u.dim], u.kind === 'viewer' ? 'unique_viewers' : 'video_files', 1);
    }
  }

  mark('before 10');
  // 10. Write the state back and the rollup differences, each in key order.
  await upsertState(tx, 'ingest_files', FILE_COLS, ['project', 'file_id'], [...changedFiles].sort().map((id) => files.get(id)!));
  await upsertState(tx, 'ingest_sales', SALE_COLS, ['project', 'sale_id'], changedSales.sort((a, b) => (a.sale_id < b.sale_id ? -1 : 1)));
  mark('files+sales upsert');
  await upsertState(
    tx,
    'ingest_download_firsts',
    FIRST_COLS,
    ['project', 'file_id', 'downloader_id', 'day'],
    changedFirsts.sort((a, b) => compareKeys([a.file_id, a.downloader_id, a.day], [b.file_id, b.downloader_id, b.day])),
  );
  mark('state upserts');
  for (const name of Object.keys(TABLES) as Array<keyof typeof TABLES>) {
    await flushRollup(tx, name, r[name]);
    mark(`rollup ${name}`);
  }

  mark('before 11');
  // 11. Every partner day whose figures moved is dirty for the day close.
  const dirty = new Map<string, { user_id: number; day: string }>();
  for (const name of Object.keys(TABLES) as Array<keyof typeof TABLES>) {
    for (const { key } of r[name].map.values()) {
      dirty.set(`${key[0]}|${key[2]}`, { user_id: key[0] as number, day: key[2] as string });
    }
  }
  if (dirty.size) {
    const data = [...dirty.values()].sort((a, b) => compareKeys([a.user_id, a.day], [b.user_id, b.day]));
    await tx.execute(
      sql`insert into dirty_days (user_id, project, day)
          select user_id, ${project}, day from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(user_id bigint, day date)
          order by user_id, day
          on conflict (user_id, project, day) do update set marked_at = now()`,
    );
  }
  mark('11');

  // 12. Postbacks of the sale events to partners with a URL for this project, in this transaction (decision 0123).
  const salePostbacks = events.flatMap(({ event, at, userId }) =>
    event.type === 'sale' || event.type === 'sale_status'
      ? [salePostback(userId, project, event, at, sales.get(event.sale_id)?.applied_share_micro ?? 0)]
      : [],
  );
  if (salePostbacks.length) await enqueuePostbacks(tx, project, salePostbacks, now);
  mark('12');
}
