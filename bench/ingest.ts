/**
 * npm run bench:ingest [-- --events 300000 --batch 5000 --concurrency 4 --partners 40 --floor]
 * npm run bench:ingest -- --senders 32 --batch 1 --events 4000 [--retry honour|ignore] [--connections kept|new] [--only pg|pglite]
 *
 * Sustained ingest through HTTP (validation, dedup, state, rollups, dirty days, one transaction per batch) on
 * PGlite, and on PostgreSQL when DATABASE_URL is set; beside it, a raw COPY of the same rows into a bare table in
 * the same database, as the ceiling. Prints events/s, p50/p99 batch latency, the ratio to COPY and the rows the
 * run left per event. With --floor, also the floor: the same batches through validation and dedup + raw store
 * alone, the least any ingest that answers per event can do (decision 0098).
 *
 * With --senders N ("many senders"): N file-host senders, each sending its next batch of --batch events as soon
 * as the previous one is answered, as many small hosts do, from a thread of their own (bench/senders.ts) over
 * connections they keep alive (`--connections new`: one per request). A 503 is sent again after its Retry-After
 * (`--retry honour`, the default) or at once (`--retry ignore`: a retry storm). Prints events/s, the batch latency
 * from first send to its answer (resends included) and the 503s; no COPY or storage figures. With --floor, the
 * same senders also against two ceilings: HTTP alone (a bare server that validates and answers, writing nothing) and
 * the floor (dedup + raw store only, each batch in its own transaction).
 */
import { parseArgs } from 'node:util';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { IngestResult, ProjectId } from '@pc/core';
import { configSchema } from '../server/src/config.ts';
import { wrapPglite, wrapPool, type Database } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createMailer } from '../server/src/mail/mailer.ts';
import { buildApp } from '../server/src/app.ts';
import { systemClock } from '../server/src/context.ts';
import { ingestSettingsFromEnv, makeBatches, seedIngestPartners, type Batch } from './traffic.ts';
import { sendAll, sendAllApart, type RetryMode } from './senders.ts';
import { ingestGrouping, ingestProfile, lockIngest } from '../server/src/ingest/process.ts';
import { checkPartners, validateEvents } from '../server/src/ingest/validate.ts';
import { readPartners } from '../server/src/ingest/state.ts';
import { ensurePartitions, storeEvents } from '../server/src/ingest/store.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '4' },
    partners: { type: 'string', default: '40' },
    only: { type: 'string' },
    floor: { type: 'boolean', default: false },
    senders: { type: 'string' },
    retry: { type: 'string' },
    connections: { type: 'string' },
  },
});
const TARGET = Number(values.events);
const BATCH = Number(values.batch);
const CONCURRENCY = Number(values.concurrency);
const PARTNERS = Number(values.partners);
const SENDERS = values.senders === undefined ? null : Number(values.senders);
/** After a 503: the fixed 50 ms of the sustained run, the server's Retry-After, or nothing (a retry storm). */
const RETRY = (values.retry ?? (SENDERS ? 'honour' : 'fixed')) as RetryMode;
if (!['fixed', 'honour', 'ignore'].includes(RETRY)) throw new Error(`--retry ${RETRY}: honour, ignore or fixed`);
/** Many senders keep their connections alive, as HTTP clients do; `--connections new` opens one per request. */
const CONNECTIONS = values.connections ?? 'kept';
if (!['kept', 'new'].includes(CONNECTIONS)) throw new Error(`--connections ${CONNECTIONS}: kept or new`);
const config = configSchema.parse({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ...ingestSettingsFromEnv(),
});

const token = (project: ProjectId) => (project === 'fd1' ? config.INGEST_TOKEN_FD1 : config.INGEST_TOKEN_FD2);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * Sends the batches to a server on `port`, CONCURRENCY at a time (or SENDERS senders, in a thread of their own), each
 * again after a 503 (more in flight than the server admits: INGEST_MAX_IN_FLIGHT and its queue) as RETRY says;
 * answers the events accepted, the time and the latencies (first send to answer).
 */
async function sendBatches(port: number, batches: Batch[]) {
  const tokens = { fd1: token('fd1'), fd2: token('fd2') };
  const { accepted, seconds, latencies, busy } = SENDERS
    ? await sendAllApart({ port, senders: SENDERS, batches: batches.map(({ project, body }) => ({ project, body })), tokens, retry: RETRY, keepAlive: CONNECTIONS === 'kept' })
    : await sendAll({ port, senders: CONCURRENCY, batches, tokens, retry: RETRY, keepAlive: false });
  return { accepted, seconds, rate: accepted / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), busy };
}

async function runHttp(database: Database, batches: Batch[]) {
  const ctx = { config, database, clock: systemClock, mailer: createMailer({ database, from: config.MAIL_FROM }) };
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await sendBatches((app.server.address() as { port: number }).port, batches);
  } finally {
    await app.close();
  }
}

/** COPY text of some columns per row (tab-separated, escaped). */
const copyText = (lines: string[][]) => `${lines.map((cols) => cols.join('\t')).join('\n')}\n`;
const escapeCopy = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/**
 * The floor (`--floor`): the least any ingest with this contract does for a batch, and nothing more. The same
 * HTTP client, body parse, event validation, partner check and dedup + raw store in one transaction under the
 * project's lock, but no state, rollups, dirty days or postbacks. What the full ingest reaches cannot exceed it.
 *
 * `copy` (PostgreSQL): the keys and raw rows go by two real COPYs on the transaction's own connection instead of
 * the ingest's insert over a JSON parameter. It does not survive a resend (a stored id fails the whole COPY), so it
 * is an upper bound for the store, not a way to run it.
 */
async function runFloor(database: Database, batches: Batch[], copy?: pg.Pool) {
  await database.query(sql`truncate ingest_event_keys, ingest_events`);
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.post<{ Params: { project: ProjectId } }>('/ingest/v1/:project/events', async (request) => {
    const project = request.params.project;
    const input = request.body as unknown[];
    const results: IngestResult[] = new Array(input.length);
    const valid = validateEvents(input, Date.now(), results);
    await ensurePartitions(database, [...new Set(valid.map((v) => v.at.slice(0, 7)))]);
    const appIds = [...new Set(valid.map((v) => v.event.app_users_id))];
    let accepted = 0;
    if (copy) {
      const client = await copy.connect();
      try {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock(7302001, $1)', [project === 'fd1' ? 1 : 2]);
        const found = await client.query<{ app_user_id: string; user_id: string; is_active: boolean }>(
          'select p.app_user_id, p.user_id, u.is_active from partner_programs p join users u on u.id = p.user_id where p.project = $1 and p.app_user_id = any ($2::bigint[])',
          [project, appIds],
        );
        const partners = new Map(found.rows.map((r) => [Number(r.app_user_id), { userId: Number(r.user_id), active: r.is_active }]));
        const candidates = checkPartners(project, valid, partners, results);
        const keys = candidates.map((c) => [project, c.event.id, c.at]);
        const raw = candidates.map((c) => {
          const { id, type, at: _at, ...payload } = c.event;
          return [project, id, type, c.at, String(c.userId), escapeCopy(JSON.stringify(payload))];
        });
        await pipeline(Readable.from([copyText(keys)]), client.query(copyFrom('copy ingest_event_keys (project, event_id, at) from stdin')));
        await pipeline(Readable.from([copyText(raw)]), client.query(copyFrom('copy ingest_events (project, event_id, type, at, user_id, payload) from stdin')));
        await client.query('commit');
        accepted = candidates.length;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
      return { accepted };
    }
    await database.db.transaction(async (tx) => {
      await lockIngest(tx, project);
      const candidates = checkPartners(project, valid, await readPartners(tx, project, appIds), results);
      const fresh = await storeEvents(tx, project, candidates);
      for (const c of candidates) {
        results[c.index] = { index: c.index, id: c.event.id, status: fresh.has(c.event.id) ? 'accepted' : 'duplicate' };
        if (fresh.has(c.event.id)) accepted++;
      }
    });
    return { accepted, results };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await sendBatches((app.server.address() as { port: number }).port, batches);
  } finally {
    await app.close();
  }
}

/**
 * The HTTP ceiling (`--senders N --floor`): a bare Fastify server that parses and validates each batch and answers
 * it, writing nothing. No ingest of these batches over HTTP on this machine can pass it, whatever it writes.
 */
async function runHttpAlone(batches: Batch[]) {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.post('/ingest/v1/:project/events', async (request) => {
    const input = request.body as unknown[];
    const results: IngestResult[] = new Array(input.length);
    for (const v of validateEvents(input, Date.now(), results)) results[v.index] = { index: v.index, id: v.event.id, status: 'accepted' };
    return { accepted: results.filter((r) => r.status === 'accepted').length, results };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await sendBatches((app.server.address() as { port: number }).port, batches);
  } finally {
    await app.close();
  }
}

function copyRows(batches: Batch[]): string {
  // The same rows the ingest stores in its raw table.
  return copyText(batches.flatMap((b) => b.events.map((e) => [b.project, e.id, e.type, e.at, String(e.app_users_id), escapeCopy(JSON.stringify(e))])));
}

const BARE = 'create table bench_raw (project text, event_id text, type text, at timestamptz, user_id bigint, payload jsonb)';

async function runCopyPglite(client: PGlite, text: string, count: number) {
  await client.exec(BARE);
  const started = performance.now();
  await client.query("copy bench_raw from '/dev/blob'", [], { blob: new Blob([text]) });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, rate: count / seconds };
}

async function runCopyPg(pool: pg.Pool, text: string, count: number) {
  const client = await pool.connect();
  try {
    await client.query(BARE);
    const started = performance.now();
    await pipeline(Readable.from([text]), client.query(copyFrom('copy bench_raw from stdin')));
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rate: count / seconds };
  } finally {
    client.release();
  }
}

/** The tables an event can add rows to: what a batch writes beyond the raw row a COPY writes. */
const STORED = [
  'ingest_events',
  'ingest_event_keys',
  'ingest_download_firsts',
  'ingest_day_uniques',
  'ingest_files',
  'ingest_sales',
  'ingest_daily',
  'ingest_daily_country',
  'ingest_daily_file',
  'ingest_daily_source',
  'ingest_daily_video',
  'stats_file_totals',
  'stats_source_months',
  'dirty_days',
] as const;

/** Rows each table holds after the ingest run (before the floor run empties the raw tables). */
async function storedRows(database: Database) {
  const counts = await database.query<Record<string, number>>(
    sql.raw(`select ${STORED.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`),
  );
  return counts[0]!;
}

/**
 * Bytes on disk after the ingest run, tables with their indexes and TOAST: the raw events and their dedup keys (every
 * monthly partition of each), which grow with every event, and the rollups and state, which grow with partners, files
 * and days. The capacity table of docs/ingest.md is made from these.
 */
async function storedBytes(database: Database) {
  const [row] = await database.query<{ raw: number; rollups: number }>(
    sql.raw(`select
      (select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) from pg_inherits i
        where i.inhparent in ('ingest_events'::regclass, 'ingest_event_keys'::regclass)) as raw,
      ${STORED.filter((t) => t !== 'ingest_events' && t !== 'ingest_event_keys')
        .map((t) => `pg_total_relation_size('${t}')`)
        .join(' + ')} as rollups`),
  );
  return { raw: Number(row!.raw), rollups: Number(row!.rollups) };
}

type Floor = Awaited<ReturnType<typeof runFloor>> | null;

function report(
  name: string,
  http: Awaited<ReturnType<typeof runHttp>>,
  copy: { seconds: number; rate: number },
  stored: Record<string, number>,
  bytes: { raw: number; rollups: number },
  floor: Floor,
  copyFloor: Floor = null,
) {
  console.log(`\n${name}`);
  console.log(`  ingest over HTTP: ${http.accepted} events in ${http.seconds.toFixed(2)} s = ${Math.round(http.rate).toLocaleString('en')} events/s`);
  console.log(`  batch latency (${BATCH} events, ${CONCURRENCY} in flight): p50 ${http.p50.toFixed(0)} ms, p99 ${http.p99.toFixed(0)} ms`);
  if (http.busy) console.log(`  answered 503 (back-pressure, sent again): ${http.busy} times; the server admits ${config.INGEST_MAX_IN_FLIGHT} at once`);
  console.log(`  raw COPY of the same rows into a bare table: ${Math.round(copy.rate).toLocaleString('en')} rows/s (${copy.seconds.toFixed(2)} s)`);
  console.log(`  ingest / COPY: ${(http.rate / copy.rate).toFixed(2)}`);
  const total = Object.values(stored).reduce((a, b) => a + b, 0);
  console.log(`  rows held after the run: ${(total / http.accepted).toFixed(2)} per event (${STORED.map((t) => `${t} ${stored[t]}`).join(', ')})`);
  const per = (n: number) => Math.round(n / http.accepted);
  console.log(
    `  bytes stored per event (tables and indexes): raw events and dedup keys ${per(bytes.raw)}, rollups and state ${per(bytes.rollups)}, total ${per(bytes.raw + bytes.rollups)}`,
  );
  if (floor) {
    console.log(`  floor (validation, dedup + raw store only): ${floor.accepted} events in ${floor.seconds.toFixed(2)} s = ${Math.round(floor.rate).toLocaleString('en')} events/s`);
    console.log(`  floor / COPY: ${(floor.rate / copy.rate).toFixed(2)}; ingest / floor: ${(http.rate / floor.rate).toFixed(2)}`);
  }
  if (copyFloor) {
    console.log(`  floor with the keys and raw rows by COPY: ${Math.round(copyFloor.rate).toLocaleString('en')} events/s, ${(copyFloor.rate / copy.rate).toFixed(2)} of COPY`);
  }
  if (process.env.INGEST_PROFILE === '1') console.log('  ms per step (summed over batches):', ingestProfile());
}

/** Many senders: the HTTP run and its 503s, and with --floor the ceilings beside it. */
function reportSenders(name: string, http: Awaited<ReturnType<typeof runHttp>>, ceilings?: { httpAlone: Floor; floor: Floor }) {
  console.log(`\n${name}`);
  console.log(`  ${SENDERS} senders × ${BATCH}-event batches, ${CONNECTIONS === 'kept' ? 'connections kept alive' : 'a connection per request'}, 503 → ${RETRY === 'honour' ? 'wait Retry-After' : RETRY === 'ignore' ? 'resend at once' : 'resend after 50 ms'}`);
  console.log(`  ${http.accepted} events in ${http.seconds.toFixed(2)} s = ${Math.round(http.rate).toLocaleString('en')} events/s`);
  console.log(`  batch latency (first send to answer): p50 ${http.p50.toFixed(0)} ms, p99 ${http.p99.toFixed(0)} ms`);
  console.log(`  503 answers: ${http.busy}`);
  const grouping = ingestGrouping();
  if (grouping.writes) console.log(`  writes: ${grouping.writes}, ${(grouping.batches / grouping.writes).toFixed(1)} batches each on average`);
  if (process.env.INGEST_PROFILE === '1') console.log('  ms per step (summed over writes):', ingestProfile());
  if (ceilings?.httpAlone) {
    const { httpAlone } = ceilings;
    console.log(`  HTTP alone (parse, validate, answer; nothing written): ${Math.round(httpAlone.rate).toLocaleString('en')} events/s, p99 ${httpAlone.p99.toFixed(0)} ms; ingest / HTTP alone: ${(http.rate / httpAlone.rate).toFixed(2)}`);
  }
  if (ceilings?.floor) {
    const { floor } = ceilings;
    console.log(`  floor (dedup + raw store only, a transaction per batch): ${Math.round(floor.rate).toLocaleString('en')} events/s, p99 ${floor.p99.toFixed(0)} ms`);
  }
}

console.log(
  SENDERS
    ? `bench:ingest many senders: ${TARGET} events, ${SENDERS} senders, batches of ${BATCH}, ${PARTNERS} partners`
    : `bench:ingest: ${TARGET} events, batches of ${BATCH}, ${CONCURRENCY} in flight, ${PARTNERS} partners`,
);

if (values.only !== 'pg') {
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await migrate(database);
  const partners = await seedIngestPartners(database, PARTNERS);
  const batches = makeBatches(partners, { events: TARGET, batch: BATCH });
  const http = await runHttp(database, batches);
  if (SENDERS) {
    const ceilings = values.floor ? { httpAlone: await runHttpAlone(batches), floor: await runFloor(database, batches) } : undefined;
    reportSenders('PGlite (in memory)', http, ceilings);
  } else {
    const stored = await storedRows(database);
    const bytes = await storedBytes(database);
    const floor = values.floor ? await runFloor(database, batches) : null;
    const copy = await runCopyPglite(client, copyRows(batches), http.accepted);
    report('PGlite (in memory)', http, copy, stored, bytes, floor);
  }
  await client.close();
}

if (process.env.DATABASE_URL && values.only !== 'pglite') {
  const adminUrl = process.env.DATABASE_URL;
  const name = `pc_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  try {
    const database = wrapPool(pool);
    await migrate(database);
    const partners = await seedIngestPartners(database, PARTNERS);
    const batches = makeBatches(partners, { events: TARGET, batch: BATCH });
    const http = await runHttp(database, batches);
    if (SENDERS) {
      const ceilings = values.floor ? { httpAlone: await runHttpAlone(batches), floor: await runFloor(database, batches) } : undefined;
      reportSenders('PostgreSQL', http, ceilings);
    } else {
      const stored = await storedRows(database);
      const bytes = await storedBytes(database);
      const floor = values.floor ? await runFloor(database, batches) : null;
      const copyFloor = values.floor ? await runFloor(database, batches, pool) : null;
      const copy = await runCopyPg(pool, copyRows(batches), http.accepted);
      report('PostgreSQL', http, copy, stored, bytes, floor, copyFloor);
    }
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
} else if (values.only !== 'pglite') {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to a server where this user may create databases)');
}
