/**
 * npm run bench:ingest [-- --events 300000 --batch 5000 --concurrency 4 --partners 40]
 *
 * Sustained ingest through HTTP (validation, dedup, state, rollups, dirty days, one transaction per batch) on
 * PGlite, and on PostgreSQL when DATABASE_URL is set; beside it, a raw COPY of the same rows into a bare table in
 * the same database, as the ceiling. Prints events/s, p50/p99 batch latency and the ratio to COPY.
 */
import { parseArgs } from 'node:util';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ProjectId } from '@pc/core';
import { configSchema } from '../server/src/config.ts';
import { wrapPglite, wrapPool, type Database } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createMailer } from '../server/src/mail/mailer.ts';
import { buildApp } from '../server/src/app.ts';
import { systemClock } from '../server/src/context.ts';
import { ingestSettingsFromEnv, makeBatches, postBatch, seedIngestPartners, type Batch } from './traffic.ts';
import { ingestProfile } from '../server/src/ingest/process.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '4' },
    partners: { type: 'string', default: '40' },
    only: { type: 'string' },
  },
});
const TARGET = Number(values.events);
const BATCH = Number(values.batch);
const CONCURRENCY = Number(values.concurrency);
const PARTNERS = Number(values.partners);
const config = configSchema.parse({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ...ingestSettingsFromEnv(),
});

const token = (project: ProjectId) => (project === 'fd1' ? config.INGEST_TOKEN_FD1 : config.INGEST_TOKEN_FD2);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function runHttp(database: Database, batches: Batch[]) {
  const ctx = { config, database, clock: systemClock, mailer: createMailer({ database, from: config.MAIL_FROM }) };
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const latencies: number[] = [];
  let next = 0;
  let accepted = 0;
  let busy = 0;
  const started = performance.now();
  async function worker() {
    while (next < batches.length) {
      const b = batches[next++]!;
      const t0 = performance.now();
      let res = await postBatch(port, b.project, b.body, token(b.project));
      // More in flight than the server admits (INGEST_MAX_IN_FLIGHT): it answers 503, and the batch goes again.
      while (res.status === 503) {
        busy += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        res = await postBatch(port, b.project, b.body, token(b.project));
      }
      latencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`ingest ${res.status}: ${res.text.slice(0, 300)}`);
      accepted += (JSON.parse(res.text) as { accepted: number }).accepted;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  latencies.sort((a, b) => a - b);
  return { accepted, seconds, rate: accepted / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), busy };
}

function copyRows(batches: Batch[]): string {
  // The same rows the ingest stores in its raw table, as COPY text (tab-separated, escaped).
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  const lines: string[] = [];
  for (const b of batches) {
    for (const e of b.events) lines.push([b.project, e.id, e.type, e.at, String(e.app_users_id), esc(JSON.stringify(e))].join('\t'));
  }
  return `${lines.join('\n')}\n`;
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

function report(name: string, http: Awaited<ReturnType<typeof runHttp>>, copy: { seconds: number; rate: number }) {
  console.log(`\n${name}`);
  console.log(`  ingest over HTTP: ${http.accepted} events in ${http.seconds.toFixed(2)} s = ${Math.round(http.rate).toLocaleString('en')} events/s`);
  console.log(`  batch latency (${BATCH} events, ${CONCURRENCY} in flight): p50 ${http.p50.toFixed(0)} ms, p99 ${http.p99.toFixed(0)} ms`);
  if (http.busy) console.log(`  answered 503 (back-pressure, sent again): ${http.busy} times; the server admits ${config.INGEST_MAX_IN_FLIGHT} at once`);
  console.log(`  raw COPY of the same rows into a bare table: ${Math.round(copy.rate).toLocaleString('en')} rows/s (${copy.seconds.toFixed(2)} s)`);
  console.log(`  ingest / COPY: ${(http.rate / copy.rate).toFixed(2)}`);
  if (process.env.INGEST_PROFILE === '1') console.log('  ms per step (summed over batches):', ingestProfile());
}

console.log(`bench:ingest: ${TARGET} events, batches of ${BATCH}, ${CONCURRENCY} in flight, ${PARTNERS} partners`);

if (values.only !== 'pg') {
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await migrate(database);
  const partners = await seedIngestPartners(database, PARTNERS);
  const batches = makeBatches(partners, { events: TARGET, batch: BATCH });
  const http = await runHttp(database, batches);
  const copy = await runCopyPglite(client, copyRows(batches), http.accepted);
  report('PGlite (in memory)', http, copy);
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
    const copy = await runCopyPg(pool, copyRows(batches), http.accepted);
    report('PostgreSQL', http, copy);
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
} else if (values.only !== 'pglite') {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to a server where this user may create databases)');
}
