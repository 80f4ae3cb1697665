import { sql } from 'drizzle-orm';
import { type DownloadDecision, type IngestEvent, type Plan, type ProductConfig, type ProductVersion, type PlayerType, type ProjectId, type RevenueType, type SaleStatus } from '@pc/core';
import { rows, type Row, type Tx } from '../db/sql.ts';
import { PRODUCT_VERSIONS_JSON, productVersionsOf } from '../money/product.ts';
import { dayOf } from './rollups.ts';

/**
 * The state that makes folding order-independent (decision 0020), as the fold knows it: files and copies, sales,
 * the first download per (file, downloader, day), and what it asks of the rest of the cabinet (partners, their
 * plans, active sites). Read here under the per-project lock; the store writes the changed rows back.
 */

type Q = Pick<Tx, 'execute'>;

// ---------------------------------------------------------------------------------------------------------------
// State rows.

export interface FileState {
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

export interface SaleState {
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
  /** The sub-ID tag it was sold with ('' = none, decision 0206). */
  sub_id: string;
}

export interface FirstState {
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
  /** The decision the rollups hold for it: `counted`, or why not (core's `downloadDecision`). */
  applied_reason: DownloadDecision;
  /** The tag of the download that is the first: its counted download and earnings count under it (decision 0206). */
  sub_id: string;
}

/** A distinct video viewer or video file of a partner's day and player type (`ingest_day_uniques`). */
export interface DayUnique {
  user_id: number;
  day: string;
  kind: string;
  dim: string;
  value: string;
  player: string;
}

export const FILE_COLS: Array<[keyof FileState, string]> = [
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
export const SALE_COLS: Array<[keyof SaleState, string]> = [
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
  ['sub_id', 'text'],
];
export const FIRST_COLS: Array<[keyof FirstState, string]> = [
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
  ['applied_reason', 'text'],
  ['sub_id', 'text'],
];

/** A file nobody has sent an upload or copy of yet (a rename, a download or a sale came first). */
export function unknownFile(project: ProjectId, fileId: string, userId: number): FileState {
  return {
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
}

/** A sale whose `sale` event has not arrived yet (a status change came first). */
export function unknownSale(project: ProjectId, saleId: string, userId: number): SaleState {
  return {
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
    sub_id: '',
  };
}

export const firstKey = (f: { file_id: string; downloader_id: string; day: string }) => `${f.file_id}\u0000${f.downloader_id}\u0000${f.day}`;

// ---------------------------------------------------------------------------------------------------------------
// Reading the state.

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
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

export interface Partner {
  userId: number;
  active: boolean;
}

/** The partners of a batch by their id in the project (`app_users_id`). */
export async function readPartners(tx: Q, project: ProjectId, appIds: number[]): Promise<Map<number, Partner>> {
  const [row] = await rows<{ partners: Row[] }>(tx, sql`select ${partnersJson(project, appIds)} as partners`);
  return partnersOf(row!.partners);
}

/**
 * Takes the project's ingest lock (lockIngest) and reads the batch's partners, in one round trip. The partners'
 * read may see the database as it was before the lock was granted (a statement's snapshot is taken when it starts):
 * ingest writes no partner, so what the previous holder of the lock committed is not among them.
 */
export async function lockAndReadPartners(tx: Q, project: ProjectId, appIds: number[]): Promise<Map<number, Partner>> {
  const [row] = await rows<{ partners: Row[] }>(
    tx,
    sql`select l.locked, ${partnersJson(project, appIds)} as partners
        from (select true as locked from pg_advisory_xact_lock(${INGEST_LOCK_SPACE}, ${ingestLockKey(project)})) l`,
  );
  return partnersOf(row!.partners);
}

function partnersJson(project: ProjectId, appIds: number[]) {
  return sql`(select coalesce(jsonb_agg(t), '[]'::jsonb) from (
      select p.app_user_id, p.user_id, u.is_active
      from partner_programs p join users u on u.id = p.user_id
      where p.project = ${project} and p.app_user_id in (select (jsonb_array_elements_text(${JSON.stringify(appIds)}::jsonb))::bigint)) t)`;
}

function partnersOf(list: Row[]): Map<number, Partner> {
  return new Map<number, Partner>(list.map((r) => [Number(r.app_user_id), { userId: Number(r.user_id), active: r.is_active as boolean }]));
}

/** The advisory lock that orders a project's ingest (lockIngest): its key space, and the project's key in it. */
export const INGEST_LOCK_SPACE = 7302001;
export const ingestLockKey = (project: ProjectId) => (project === 'fd1' ? 1 : 2);

/** What the state read of a batch asks for: the files, sales, first downloads, partners and site domains it names. */
export interface StateKeys {
  fileIds: Set<string>;
  saleIds: Set<string>;
  firstKeys: Array<{ file_id: string; downloader_id: string; day: string }>;
  userIds: Set<number>;
  siteDomains: Set<string>;
}

export function stateKeys(events: ReadonlyArray<{ event: IngestEvent; at: string; userId: number }>): StateKeys {
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
  return { fileIds, saleIds, firstKeys, userIds, siteDomains };
}

/** The state a batch starts from, by key; the fold changes it in place. */
export interface Registers {
  files: Map<string, FileState>;
  sales: Map<string, SaleState>;
  firsts: Map<string, FirstState>;
  /** Active sites' domains (lower case) to their owner's user id. */
  sites: Map<string, number>;
}

/** What a batch's fold starts from: its registers, the product settings' versions and the plan rows of its partners. */
export interface BatchState {
  registers: Registers;
  versions: ProductVersion[];
  /** The plan rows of `planUsers`, the partners whose plans were read. */
  plans: PlanRow[];
  planUsers: Set<number>;
}

/**
 * The state a batch starts from, in one statement: each part is a JSON array of rows, so a small batch pays one round
 * trip for all it reads (files, sales, first downloads, sites, the settings' versions and the plans of its partners)
 * instead of one each. Read after the project's lock is taken, in a statement of its own: a statement's snapshot is
 * taken when it starts, and it must see what the previous holder of the lock committed.
 */
export async function readBatchState(tx: Q, project: ProjectId, keys: StateKeys): Promise<BatchState> {
  const none = sql`'[]'::jsonb`;
  const firstsPart = keys.firstKeys.length
    ? sql`(select coalesce(jsonb_agg(t), '[]'::jsonb) from (
          select ${selectList(FIRST_COLS, 'f.')} from ingest_download_firsts f
          join (select distinct * from jsonb_to_recordset(${JSON.stringify(keys.firstKeys)}::jsonb) as x(file_id text, downloader_id text, day date)) k
            on f.file_id = k.file_id and f.downloader_id = k.downloader_id and f.day = k.day
          where f.project = ${project}) t)`
    : none;
  const sitesPart = keys.siteDomains.size
    ? sql`(select coalesce(jsonb_agg(t), '[]'::jsonb) from (
          select lower(domain) as domain, min(user_id) as user_id from partner_sites
          where project = ${project} and status = 'active' and lower(domain) in (select jsonb_array_elements_text(${JSON.stringify([...keys.siteDomains])}::jsonb))
          group by lower(domain)) t)`
    : none;
  const planUsers = new Set(keys.userIds);
  const [row] = await rows<{ files: Row[]; sales: Row[]; firsts: Row[]; sites: Array<{ domain: string; user_id: number }>; versions: Array<{ from: string; value: Record<string, unknown> }>; plans: Row[] }>(
    tx,
    sql`select ${jsonIn(project, 'ingest_files', FILE_COLS, 'file_id', [...keys.fileIds])} as files,
        ${jsonIn(project, 'ingest_sales', SALE_COLS, 'sale_id', [...keys.saleIds])} as sales,
        ${firstsPart} as firsts,
        ${sitesPart} as sites,
        ${PRODUCT_VERSIONS_JSON} as versions,
        ${plansJson(project, planUsers)} as plans`,
  );
  const files = new Map<string, FileState>();
  for (const r of row!.files) {
    const f = normalizeState<FileState>(r, FILE_COLS);
    files.set(f.file_id, f);
  }
  const sales = new Map<string, SaleState>();
  for (const r of row!.sales) {
    const s = normalizeState<SaleState>(r, SALE_COLS);
    sales.set(s.sale_id, s);
  }
  const firsts = new Map<string, FirstState>();
  for (const r of row!.firsts) {
    const f = normalizeState<FirstState>(r, FIRST_COLS);
    firsts.set(firstKey(f), f);
  }
  const sites = new Map<string, number>(row!.sites.map((r) => [r.domain, Number(r.user_id)]));
  return {
    registers: { files, sales, firsts, sites },
    versions: productVersionsOf(row!.versions),
    plans: row!.plans.map(planRowOf),
    planUsers,
  };
}

/** The rows of a state table whose column `by` is one of `ids`, as one JSON array (empty without ids). */
function jsonIn<T>(project: ProjectId, table: string, cols: Array<[keyof T, string]>, by: string, ids: string[]) {
  if (!ids.length) return sql`'[]'::jsonb`;
  return sql`(select coalesce(jsonb_agg(t), '[]'::jsonb) from (
      select ${selectList(cols)} from ${sql.raw(table)} where project = ${project} and ${sql.raw(by)} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))) t)`;
}

/** The rows of a state table whose column `by` is one of `ids` (none without ids). */
async function readIn<T>(tx: Q, project: ProjectId, table: string, cols: Array<[keyof T, string]>, by: string, ids: string[]): Promise<T[]> {
  if (!ids.length) return [];
  const list = await rows(
    tx,
    sql`select ${selectList(cols)} from ${sql.raw(table)} where project = ${project} and ${sql.raw(by)} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return list.map((r) => normalizeState<T>(r, cols));
}

export function readFiles(tx: Q, project: ProjectId, fileIds: string[]): Promise<FileState[]> {
  return readIn<FileState>(tx, project, 'ingest_files', FILE_COLS, 'file_id', fileIds);
}

/** Sales by their own id, or the sales of some files. */
export function readSales(tx: Q, project: ProjectId, by: 'sale_id' | 'file_id', ids: string[]): Promise<SaleState[]> {
  return readIn<SaleState>(tx, project, 'ingest_sales', SALE_COLS, by, ids);
}

/** Every first download of some files. */
export function readFirstsOfFiles(tx: Q, project: ProjectId, fileIds: string[]): Promise<FirstState[]> {
  return readIn<FirstState>(tx, project, 'ingest_download_firsts', FIRST_COLS, 'file_id', fileIds);
}

/**
 * The plan in force for a partner at a time: the latest `partner_plans` row effective by then, else the default plan
 * of the settings in force then (the plan activation gives).
 */
export type PlanAt = (userId: number, at: string) => Plan;

/** A partner's plan from some moment on (`partner_plans`). */
export interface PlanRow {
  user_id: number;
  plan: Plan;
  effective_from: string;
}

/** The plan rows of some partners as one JSON array (`effective_from` as an ISO instant). */
function plansJson(project: ProjectId, userIds: Set<number>) {
  if (!userIds.size) return sql`'[]'::jsonb`;
  return sql`(select coalesce(jsonb_agg(t), '[]'::jsonb) from (
      select user_id, plan, to_char(effective_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as effective_from from partner_plans
      where project = ${project} and user_id in (select (jsonb_array_elements_text(${JSON.stringify([...userIds])}::jsonb))::bigint)) t)`;
}

function planRowOf(r: Row): PlanRow {
  return { user_id: Number(r.user_id), plan: r.plan as Plan, effective_from: toIso(r.effective_from)! };
}

/** The plan rows of some partners. */
export async function readPlanRows(tx: Q, project: ProjectId, userIds: Set<number>): Promise<PlanRow[]> {
  if (!userIds.size) return [];
  const [row] = await rows<{ plans: Row[] }>(tx, sql`select ${plansJson(project, userIds)} as plans`);
  return row!.plans.map(planRowOf);
}

/** The plan in force for each partner of `planRows` at a time; a partner without rows has the default plan. */
export function planAtOf(planRows: PlanRow[], productAt: (at: string) => ProductConfig): PlanAt {
  const plans = new Map<number, Array<{ from: string; plan: Plan }>>();
  for (const row of planRows) {
    const list = plans.get(row.user_id) ?? [];
    list.push({ from: row.effective_from, plan: row.plan });
    plans.set(row.user_id, list);
  }
  return (userId: number, at: string): Plan => {
    let best: { from: string; plan: Plan } | null = null;
    for (const p of plans.get(userId) ?? []) if (p.from <= at && (!best || p.from > best.from)) best = p;
    return best?.plan ?? productAt(at).defaultPlan;
  };
}

/** Plans in force at each event's time need the plan history of every partner involved. */
export async function readPlans(tx: Q, project: ProjectId, userIds: Set<number>, productAt: (at: string) => ProductConfig): Promise<PlanAt> {
  return planAtOf(await readPlanRows(tx, project, userIds), productAt);
}
