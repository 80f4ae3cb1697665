import { sql, type SQL } from 'drizzle-orm';
import { dayKey, type ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import { isUniqueViolation, rows, type Row, type Tx } from '../db/sql.ts';
import { partnerGenerationsInsert } from '../plumbing/read-cache.ts';
import { compareKeys, ROLLUP_NAMES, TABLES, type Rollup, type RollupName, type Rollups } from './rollups.ts';
import { FILE_COLS, FIRST_COLS, SALE_COLS, type DayUnique, type FileState, type FirstState, type SaleState } from './state.ts';
import type { PartnerEvent } from './validate.ts';

/**
 * Ingest's writes: the events' dedup keys and raw rows, the state rows the fold changed, the distinct video
 * viewers and files, the rollup differences and the dirty days. Set-based statements over one JSON parameter, each
 * in key order, so that concurrent batches lock rows in one order.
 */

type Q = Pick<Tx, 'execute'>;

/** Partition months already ensured by this process. */
const ensuredMonths = new WeakMap<Database, Set<string>>();

/** Creates the raw events' monthly partitions the batch needs (outside its transaction). */
export async function ensurePartitions(database: Database, months: string[]) {
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

/**
 * Dedup against every earlier batch and store the new events as normalized: only events not yet in ingest_event_keys
 * reach either table. A key is the event's id with its time (both tables are partitioned by the month of the time,
 * migration 0795): a resent event carries its own time, so its month's partition is the one searched. Answers the
 * ids stored now.
 *
 * The batch holds its project's ingest lock (lockIngest) and every write of these tables runs under it, so the ids
 * stored before are all the duplicates there can be. Most batches hold none: they are stored first by plain
 * inserts, whose unique index refuses a stored id, with no `on conflict` (its speculative insertion costs a third
 * WAL record and a second index descent per key). When a stored id is refused, the attempt is rolled back to its
 * savepoint and the batch goes the careful way: look the ids up, insert the others.
 */
export async function storeEvents(tx: Q, project: ProjectId, candidates: PartnerEvent[]): Promise<Set<string>> {
  // The payload keeps the event's own fields; id, type and time are columns.
  const rawData = candidates.map((c) => {
    const { id, type, at: _at, ...payload } = c.event;
    return { event_id: id, type, at: c.at, user_id: c.userId, payload };
  });
  const json = JSON.stringify(rawData);
  const batch = sql`x as materialized (
      select * from jsonb_to_recordset(${json}::jsonb) as x(event_id text, type text, at timestamptz, user_id bigint, payload jsonb))`;
  await tx.execute(sql`savepoint ingest_store_events`);
  try {
    await tx.execute(
      sql`with ${batch},
          k as (insert into ingest_event_keys (project, event_id, at) select ${project}, event_id, at from x)
          insert into ingest_events (project, event_id, type, at, user_id, payload)
          select ${project}, x.event_id, x.type, x.at, x.user_id, x.payload from x`,
    );
    await tx.execute(sql`release savepoint ingest_store_events`);
    return new Set(candidates.map((c) => c.event.id));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await tx.execute(sql`rollback to savepoint ingest_store_events`);
  }
  const inserted = await rows<{ event_id: string }>(
    tx,
    sql`with ${batch},
        seen as materialized (
          select k.event_id from x join ingest_event_keys k on k.project = ${project} and k.event_id = x.event_id and k.at = x.at),
        n as materialized (select x.* from x where not exists (select from seen where seen.event_id = x.event_id)),
        k as (insert into ingest_event_keys (project, event_id, at) select ${project}, event_id, at from n)
        insert into ingest_events (project, event_id, type, at, user_id, payload)
        select ${project}, n.event_id, n.type, n.at, n.user_id, n.payload from n
        returning event_id`,
  );
  return new Set(inserted.map((r) => r.event_id));
}

/** An upsert of state rows in key order (null without rows). */
function upsertState<T extends object>(table: string, cols: Array<[keyof T, string]>, keys: string[], items: T[]): SQL | null {
  if (items.length === 0) return null;
  const names = cols.map(([c]) => String(c));
  const recordType = cols.map(([c, t]) => `${String(c)} ${t}`).join(', ');
  const updates = names.filter((c) => !keys.includes(c)).map((c) => `${c} = excluded.${c}`);
  const data = items.map((item) => {
    const row: Row = {};
    for (const c of names) row[c] = (item as Row)[c];
    return row;
  });
  return sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
        select ${sql.raw(names.join(', '))} from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(${sql.raw(recordType)})
        order by ${sql.raw(keys.join(', '))}
        on conflict (${sql.raw(keys.join(', '))}) do update set ${sql.raw(updates.join(', '))}`;
}

/** What a fold changed, to be written back. */
export interface FoldChanges {
  files: FileState[];
  sales: SaleState[];
  firsts: FirstState[];
  rollups: Rollups;
  /** The partners whose figures moved: their generations are raised (bumpPartnerGenerations). */
  partners: Iterable<number>;
}

/**
 * Writes back what a fold changed in one statement, each part a data-modifying CTE: the files, sales and first
 * downloads (each in key order), the rollup differences, the dirty days and, last, the partners' generations. A
 * small batch so pays one round trip for its writes instead of one per table.
 *
 * The generations insert reads every other part's RETURNING before it runs, so it runs last, as
 * bumpPartnerGenerations asks: the statement's other rows are all its project's (the project's lock orders them),
 * and the generation rows, the only ones another project's batch also writes, are locked in id order after them.
 */
export async function writeChanges(tx: Q, project: ProjectId, changes: FoldChanges) {
  const parts = [
    upsertState('ingest_files', FILE_COLS, ['project', 'file_id'], changes.files),
    upsertState('ingest_sales', SALE_COLS, ['project', 'sale_id'], [...changes.sales].sort((a, b) => (a.sale_id < b.sale_id ? -1 : 1))),
    upsertState(
      'ingest_download_firsts',
      FIRST_COLS,
      ['project', 'file_id', 'downloader_id', 'day'],
      [...changes.firsts].sort((a, b) => compareKeys([a.file_id, a.downloader_id, a.day], [b.file_id, b.downloader_id, b.day])),
    ),
    ...ROLLUP_NAMES.filter((name) => changes.rollups[name].map.size > 0).map((name) => upsertOf(name, changes.rollups[name])),
    dirtyDaysInsert(project, changes.rollups, changes.files),
  ].filter((part): part is SQL => part !== null);
  const names = parts.map((_, i) => sql.raw(`w${i}`));
  const ctes = parts.map((part, i) => sql`${names[i]} as (${part} returning 1)`);
  const afterTheOthers = names.length ? sql.join(names.map((n) => sql`(select count(*) from ${n})`), sql` + `) : sql`0`;
  const generations = partnerGenerationsInsert(changes.partners, sql`${afterTheOthers} >= 0`);
  if (generations) ctes.push(sql`g as (${generations} returning 1)`);
  if (ctes.length === 0) return;
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select ${generations ? sql`(select count(*) from g)` : afterTheOthers}`);
}

/** Stores the distinct video viewers and files; answers those new to their day. */
export async function storeDayUniques(
  tx: Q,
  project: ProjectId,
  uniques: DayUnique[],
): Promise<Array<{ user_id: number; day: string; kind: string; dim: string }>> {
  if (!uniques.length) return [];
  const data = [...new Map(uniques.map((u) => [`${u.user_id}\u0000${u.day}\u0000${u.kind}\u0000${u.dim}\u0000${u.value}`, u])).values()].sort((a, b) =>
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
  return fresh.map((u) => ({
    user_id: Number(u.user_id),
    day: u.day instanceof Date ? u.day.toISOString().slice(0, 10) : String(u.day).slice(0, 10),
    kind: u.kind,
    dim: u.dim,
  }));
}

/** One rollup's differences as an insert that adds them to the table's rows, in key order. */
function upsertOf(name: RollupName, rollup: Rollup) {
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
  return sql`insert into ${sql.raw(spec.table)} as t (${sql.raw(cols)})
        select ${sql.raw(cols)} from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(${sql.raw(recordType)})
        order by ${sql.raw(spec.keys.join(', '))}
        on conflict (${sql.raw(spec.keys.join(', '))}) do update set ${sql.raw(updates.join(', '))}`;
}

/**
 * Every partner day whose figures moved is dirty for the day close, and the deletion day of every changed own file
 * that is deleted: its storage stops counting from that day, which no rollup shows (decision 0094). Null when none.
 */
function dirtyDaysInsert(project: ProjectId, r: Rollups, files: FileState[]): SQL | null {
  const dirty = new Map<string, { user_id: number; day: string }>();
  for (const name of ROLLUP_NAMES) {
    for (const { key } of r[name].map.values()) {
      dirty.set(`${key[0]}|${key[2]}`, { user_id: key[0] as number, day: key[2] as string });
    }
  }
  for (const f of files) {
    if (!f.known || f.kind !== 'file' || !f.deleted_at) continue;
    const day = dayKey(new Date(f.deleted_at));
    dirty.set(`${f.user_id}|${day}`, { user_id: f.user_id, day });
  }
  if (!dirty.size) return null;
  const data = [...dirty.values()].sort((a, b) => compareKeys([a.user_id, a.day], [b.user_id, b.day]));
  return sql`insert into dirty_days (user_id, project, day)
          select user_id, ${project}, day from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(user_id bigint, day date)
          order by user_id, day
          on conflict (user_id, project, day) do update set marked_at = now()`;
}
