import { sql } from 'drizzle-orm';
import { INGEST_MAX_EVENTS, productInForce, type IngestAnswer, type IngestResult, type ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import type { Tx } from '../db/sql.ts';
import { cabinetReading, inWriteTurn } from '../db/turns.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { enqueuePostbacks, salePostback } from '../lib/postbacks.ts';
import { BatchFold } from './fold.ts';
import { ROLLUP_NAMES } from './rollups.ts';
import { ingestLockKey, INGEST_LOCK_SPACE, lockAndReadPartners, planAtOf, readBatchState, readFiles, readFirstsOfFiles, readPlanRows, readSales, stateKeys } from './state.ts';
import { ensurePartitions, storeDayUniques, storeEvents, writeChanges } from './store.ts';
import { checkPartners, validateEvents, type PartnerEvent, type ValidEvent } from './validate.ts';

/**
 * One batch of file-host events: validate, dedup, store and fold into the current state and the rollups, all in
 * one transaction. The state (files, sales, first downloads) is read under a per-project lock, recomputed here
 * and written back; the rollups receive exact differences. Decision 0020 explains why the result does not depend
 * on arrival order.
 *
 * The steps live by job beside this file: validate.ts (each event's checks), state.ts (the state and its reads),
 * contributions.ts (what a first download or a sale adds to the rollups: pure pricing), fold.ts (the batch folded
 * into the state and the rollup differences), store.ts (the writes); rollups.ts names the rollup tables. This file
 * only runs them in order.
 */

/** Holds a project's ingest until the transaction ends (batches, and a settings change that must not race one). */
export async function lockIngest(tx: Pick<Tx, 'execute'>, project: ProjectId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_SPACE}, ${ingestLockKey(project)})`);
}

export interface IngestOptions {
  now: Date;
  /**
   * While partners are reading from the embedded database, at most this many of the batch's events per
   * transaction (db/turns.ts, decision 0096); otherwise, and on PostgreSQL, one transaction for the batch.
   * Exactly-once and the result do not depend on it: events are deduplicated by id, and any split of a stream
   * gives the same figures (decision 0020).
   */
  transactionEvents?: number;
  /**
   * At most this many events in one grouped write (decision 0180): batches of a project that wait while its
   * previous write runs are written together up to it. A batch larger than it is written alone. Default
   * INGEST_MAX_EVENTS.
   */
  groupEvents?: number;
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
    // Once partners are seen reading, the rest of the batch goes in small transactions.
    let size = valid.length;
    for (let from = 0; from < valid.length; ) {
      if (opts.transactionEvents && cabinetReading(database)) size = Math.min(size, opts.transactionEvents);
      const part = valid.slice(from, from + size);
      from += part.length;
      await writeGrouped(database, project, { valid: part, results, now: opts.now }, opts);
      mark('commit');
    }
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

// ---------------------------------------------------------------------------------------------------------------
// Group commit (decision 0180).
//
// A project's writes run one at a time anyway (its lock, lockIngest), and most of a small batch's cost is the
// transaction, the lock and the dozen statements, not its events. So the batches of a project that come while its
// write runs wait in this process and are then written together: one transaction, one fold, one answer per batch
// after the commit. Any split of a stream gives the same figures (decision 0020), and so does any grouping; ids
// repeated across the group count once, the first in arrival order. Other processes still take turns through the
// lock in the database.

/** Part of one request's batch waiting to be written; `results` is that request's own answer array. */
interface Pending {
  valid: ValidEvent[];
  results: IngestResult[];
  now: Date;
}

interface Waiting extends Pending {
  done: () => void;
  failed: (error: unknown) => void;
}

interface ProjectWriter {
  queue: Waiting[];
  writing: boolean;
  groupEvents: number;
  transactionEvents?: number;
}

const writers = new WeakMap<Database, Map<ProjectId, ProjectWriter>>();

/**
 * Writes committed by this process and the batches (parts) they held, more batches than writes being grouping;
 * and the batches written again alone after their group failed.
 */
const grouping = { writes: 0, batches: 0, retriedAlone: 0 };
export const ingestGrouping = () => ({ ...grouping });

/** Resolves once `part`'s events are committed (its results are then filled in), alone or with others'. */
function writeGrouped(database: Database, project: ProjectId, part: Pending, opts: IngestOptions): Promise<void> {
  let byProject = writers.get(database);
  if (!byProject) writers.set(database, (byProject = new Map()));
  let writer = byProject.get(project);
  if (!writer) byProject.set(project, (writer = { queue: [], writing: false, groupEvents: INGEST_MAX_EVENTS }));
  writer.groupEvents = opts.groupEvents ?? INGEST_MAX_EVENTS;
  writer.transactionEvents = opts.transactionEvents;
  const w = writer;
  return new Promise<void>((done, failed) => {
    w.queue.push({ ...part, done, failed });
    if (!w.writing) void drain(database, project, w);
  });
}

/** Writes the project's waiting batches, as many as the cap allows at a time, until none wait. */
async function drain(database: Database, project: ProjectId, writer: ProjectWriter) {
  writer.writing = true;
  try {
    while (writer.queue.length > 0) {
      // The group is taken when its turn comes, not before: on the embedded database the turn waits for the
      // requests that arrived meanwhile to be taken in (db/turns.ts), and they belong in this write.
      await inWriteTurn(database, () => writeGroup(database, project, takeGroup(database, writer)));
    }
  } finally {
    writer.writing = false;
  }
}

/** The oldest waiting batches, as many as fit under the cap (the first one whatever its size). */
function takeGroup(database: Database, writer: ProjectWriter): Waiting[] {
  // On the embedded database with partners reading, a group is no larger than one small transaction.
  const cap = writer.transactionEvents && cabinetReading(database) ? Math.min(writer.groupEvents, writer.transactionEvents) : writer.groupEvents;
  const group = [writer.queue.shift()!];
  let events = group[0]!.valid.length;
  while (writer.queue.length > 0 && events + writer.queue[0]!.valid.length <= cap) {
    const next = writer.queue.shift()!;
    events += next.valid.length;
    group.push(next);
  }
  return group;
}

/**
 * One transaction for the group. When it fails for a reason of its own (not the database going away), each
 * batch is written again alone: one sender's bad batch must not fail the others', and each gets the answer it
 * would have had alone. A database outage fails them all at once; trying each again would only wait longer.
 */
async function writeGroup(database: Database, project: ProjectId, group: Waiting[]) {
  try {
    await commitGroup(database, project, group);
  } catch (error) {
    if (group.length === 1 || isDatabaseUnavailable(error)) {
      for (const member of group) member.failed(error);
      return;
    }
    for (const member of group) {
      grouping.retriedAlone += 1;
      try {
        await commitGroup(database, project, [member]);
      } catch (alone) {
        member.failed(alone);
        continue;
      }
      member.done();
    }
    return;
  }
  for (const member of group) member.done();
}

/** Writes the group's events in one transaction; each request's results are filled in after the commit. */
async function commitGroup(database: Database, project: ProjectId, group: Waiting[]) {
  // The group's events are renumbered into one array; `from` says whose each one is.
  const valid: ValidEvent[] = [];
  const from: Array<{ member: Waiting; index: number }> = [];
  let now = group[0]!.now;
  for (const member of group) {
    if (member.now > now) now = member.now;
    for (const v of member.valid) {
      from.push({ member, index: v.index });
      valid.push({ ...v, index: valid.length });
    }
  }
  const results: IngestResult[] = new Array(valid.length);
  // Its turn on the embedded database is taken by drain, around the group and any retry of its batches alone.
  await database.db.transaction(async (tx) => {
    await processValid(tx, project, valid, results, now);
    mark('transaction body');
  });
  grouping.writes += 1;
  grouping.batches += group.length;
  // Committed: only now does any request see its results (a failed write leaves them untouched).
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    if (!r) continue;
    const { member, index } = from[i]!;
    member.results[index] = { ...r, index };
  }
}

const PROFILE = process.env.INGEST_PROFILE === '1';
const prof = new Map<string, number>();
let profMark = 0;
/** Adds the time since the previous mark to `label`, the step that just ended. */
function mark(label: string) {
  if (!PROFILE) return;
  const now = performance.now();
  prof.set(label, (prof.get(label) ?? 0) + now - profMark);
  profMark = now;
}
export function ingestProfile() {
  return Object.fromEntries([...prof].map(([k, v]) => [k, Math.round(v)]));
}

/**
 * A grouped write's events with an id repeated across its batches: the first (in arrival order) goes on, the
 * others are duplicates, as if the batches had come one by one. After the partner check, so that an event
 * rejected there does not hide a later one with its id. A single batch has none (validateEvents).
 */
function onceEach(candidates: PartnerEvent[], results: IngestResult[]): PartnerEvent[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    if (!seen.has(c.event.id)) return seen.add(c.event.id);
    results[c.index] = { index: c.index, id: c.event.id, status: 'duplicate' };
    return false;
  });
}

async function processValid(tx: Tx, project: ProjectId, valid: ValidEvent[], results: IngestResult[], now: Date) {
  // 2. Partners, with the project's lock: batches of one project run one at a time, so the state read below
  // cannot change under us.
  const appIds = [...new Set(valid.map((v) => v.event.app_users_id))];
  const candidates = onceEach(checkPartners(project, valid, await lockAndReadPartners(tx, project, appIds), results), results);
  if (candidates.length === 0) return;

  mark('lock, partners read');
  // 3. Dedup against every earlier batch and store the new events.
  const fresh = await storeEvents(tx, project, candidates);
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

  mark('dedup + raw insert');
  // 4. Load the state the batch touches, the settings in force and the plans of its partners, in one statement.
  // Prices follow the settings in force at each event's time (decision 0062), as plans do.
  const keys = stateKeys(events);
  const start = await readBatchState(tx, project, keys);
  const productAt = (at: string) => productInForce(start.versions, at);
  const fold = new BatchFold(project, start.registers, productAt);

  mark('state read');
  // 5. Fold the events into the state and the rollups.
  fold.foldEvents(events);

  mark('fold');
  // 6. Files that became known: their earlier first downloads and sales are recomputed with size and kind.
  if (fold.newlyKnownFiles.size) {
    const known = [...fold.newlyKnownFiles];
    fold.addOfKnownFiles(await readFirstsOfFiles(tx, project, known), await readSales(tx, project, 'file_id', known));
  }
  // A sale touched only by a status change still needs its file (video or copy decides its share and bucket).
  const missingFiles = fold.missingFiles();
  if (missingFiles.length) fold.addFiles(await readFiles(tx, project, missingFiles));
  // Plans in force at each event's time need the plan history of every partner involved: those of the events were
  // read with the state; the owners of sales and first downloads of other partners are read now.
  const priced = fold.pricedPartners(keys.userIds);
  const otherPartners = new Set([...priced].filter((id) => !start.planUsers.has(id)));
  const planAt = planAtOf([...start.plans, ...(await readPlanRows(tx, project, otherPartners))], productAt);

  mark('known files, plans read');
  // 7. Differences of the first downloads and the sales.
  const { changedFirsts, changedSales } = fold.price(planAt);

  mark('price');
  // 8. Distinct video viewers and files.
  if (fold.uniques.length) fold.countUniques(await storeDayUniques(tx, project, fold.uniques));

  mark('video uniques');
  // 9. Postbacks of the sale events to partners with a URL for this project, in this transaction (decision 0123).
  const salePostbacks = events.flatMap(({ event, at, userId }) =>
    event.type === 'sale' || event.type === 'sale_status'
      ? [salePostback(userId, project, event, at, fold.state.sales.get(event.sale_id)?.applied_share_micro ?? 0, fold.state.sales.get(event.sale_id)?.sub_id)]
      : [],
  );
  if (salePostbacks.length) await enqueuePostbacks(tx, project, salePostbacks, now);

  mark('postbacks');
  // 10. Write back, in one statement: the state and the rollup differences, each in key order; every partner day
  // whose figures moved, dirty for the day close; last, the partners whose figures moved (events, rollups, sales and
  // their referring sites), so that answers kept for them are not served again from the commit on (decision 0093).
  const rollupPartners = ROLLUP_NAMES.flatMap((name) => [...fold.r[name].map.values()].map(({ key }) => Number(key[0])));
  await writeChanges(tx, project, {
    files: fold.changedFileStates(),
    sales: changedSales,
    firsts: changedFirsts,
    rollups: fold.r,
    partners: [...keys.userIds, ...rollupPartners, ...changedSales.flatMap((s) => [s.user_id, s.site_user_id ?? s.user_id])],
  });
  mark('writes');
}
