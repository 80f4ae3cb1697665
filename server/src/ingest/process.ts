import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, productInForce, countryGroupOf, type IngestAnswer, type IngestResult, type ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import { rows, type Row } from '../db/sql.ts';
import { loadProductVersions } from '../money/product.ts';
import { enqueuePostbacks, salePostback } from '../lib/postbacks.ts';
import { appliedFirstContribution, applyContribution, applySaleFigures, firstContribution, saleContribution, type Contribution } from './contributions.ts';
import { compareKeys, dayOf, emptyRollups, ROLLUP_NAMES, TABLES, type Rollup, type RollupName, type Rollups } from './rollups.ts';
import {
  FILE_COLS,
  FIRST_COLS,
  SALE_COLS,
  firstKey,
  readFiles,
  readFirstsOfFiles,
  readPartners,
  readPlans,
  readRegisters,
  readSales,
  stateKeys,
  unknownFile,
  unknownSale,
  type DayUnique,
  type FileState,
  type FirstState,
  type SaleState,
} from './state.ts';
import { checkPartners, validateEvents, type PartnerEvent, type ValidEvent } from './validate.ts';

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

/** Event version for last-writer-wins: event time, then event id (plain code-unit order, as SQL `collate "C"`). */
function newer(at: string, id: string, thanAt: string | null, thanId: string | null): boolean {
  if (thanAt === null || thanId === null) return true;
  if (at !== thanAt) return at > thanAt;
  return id > thanId;
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

async function flushRollup(tx: Tx, name: RollupName, rollup: Rollup) {
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

// ---------------------------------------------------------------------------------------------------------------

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

export async function ingestBatch(database: Database, project: ProjectId, input: unknown[], opts: IngestOptions): Promise<IngestAnswer> {
  const now = opts.now.getTime();
  const results: IngestResult[] = new Array(input.length);

  profMark = performance.now();
  // 1. Validate each event on its own.
  const valid = validateEvents(input, now, results);

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
  valid: ValidEvent[],
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
  const candidates = checkPartners(project, valid, await readPartners(tx, project, appIds), results);
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
  const events: PartnerEvent[] = [];
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
  const keys = stateKeys(events);
  const { files, sales, firsts, sites } = await readRegisters(tx, project, keys);
  const userIds = keys.userIds;

  const r: Rollups = emptyRollups();
  const changedFiles = new Set<string>();
  const newlyKnownFiles = new Set<string>();
  const touchedSales = new Set<string>();
  const touchedFirsts = new Map<string, Contribution>(); // key -> contribution before this batch
  const uniques: DayUnique[] = [];

  const fileOf = (fileId: string, userId: number): FileState => {
    let f = files.get(fileId);
    if (!f) {
      f = unknownFile(project, fileId, userId);
      files.set(fileId, f);
    }
    changedFiles.add(fileId);
    return f;
  };
  const saleOf = (saleId: string, userId: number): SaleState => {
    let s = sales.get(saleId);
    if (!s) {
      s = unknownSale(project, saleId, userId);
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
    const known = [...newlyKnownFiles];
    for (const f of await readFirstsOfFiles(tx, project, known)) {
      const k = firstKey(f);
      if (!firsts.has(k)) firsts.set(k, f);
      if (!touchedFirsts.has(k)) touchedFirsts.set(k, appliedFirstContribution(firsts.get(k)!));
    }
    for (const s of await readSales(tx, project, 'file_id', known)) {
      if (!sales.has(s.sale_id)) sales.set(s.sale_id, s);
      saleOf(s.sale_id, s.user_id);
    }
  }

  // A sale touched only by a status change still needs its file (video or copy decides its share and bucket).
  const missingFiles = [...new Set([...touchedSales].map((id) => sales.get(id)!.file_id).filter((f): f is string => !!f && !files.has(f)))];
  for (const f of await readFiles(tx, project, missingFiles)) files.set(f.file_id, f);

  // Plans in force at each event's time need the plan history of every partner involved.
  for (const s of touchedSales) userIds.add(sales.get(s)!.user_id);
  for (const k of touchedFirsts.keys()) userIds.add(firsts.get(k)!.user_id);
  const planAt = await readPlans(tx, project, userIds);

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
  for (const name of ROLLUP_NAMES) {
    await flushRollup(tx, name, r[name]);
    mark(`rollup ${name}`);
  }

  mark('before 11');
  // 11. Every partner day whose figures moved is dirty for the day close.
  const dirty = new Map<string, { user_id: number; day: string }>();
  for (const name of ROLLUP_NAMES) {
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
