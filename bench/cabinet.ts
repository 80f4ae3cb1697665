/**
 * The cabinet a load benchmark drives: a child process (so the load generator does not share its event loop)
 * that builds a heavy partner's two years of history with set-based SQL (generate_series): 10,000 files and 500
 * copies, at least 10 million downloads, 100,000 sales, sources, videos, countries, ledger, storage and gold rows,
 * next to 100 light partners; then serves the cabinet beside a Fastify hello-world. PGlite in memory, or a scratch
 * PostgreSQL database (created and dropped) when DATABASE_URL is set. With BENCH_INGEST_PARTNERS=n it also
 * makes n partners with both programmes for ingest traffic. Used by bench:stats and bench:load.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { ProjectId } from '@pc/core';
import { configSchema } from '../server/src/config.ts';
import { wrapPglite, wrapPool, type Database } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { buildApp } from '../server/src/app.ts';
import { createMailer } from '../server/src/mail/mailer.ts';
import { systemClock } from '../server/src/context.ts';
import { createSession } from '../server/src/plumbing/session/service.ts';
import { ingestSettingsFromEnv, seedIngestPartners } from './traffic.ts';

const FILES = 10_000;
const COPIES = 500;
const SALES = 100_000;
const DAYS = 731;

export interface Ready {
  /** Partners made for ingest traffic (BENCH_INGEST_PARTNERS): their app user ids per project. */
  ingestPartners: Array<Record<ProjectId, number>>;
  ingestTokens: Record<ProjectId, string>;
  port: number;
  helloPort: number;
  cookie: string;
  kind: string;
  seedSeconds: number;
  counts: Record<string, number>;
  /** The scratch PostgreSQL database this process serves (null on PGlite): a second process can join it. */
  databaseUrl: string | null;
  /** The bearer token of this process's /metrics. */
  metricsToken: string;
}

/** The token of the benchmark's /metrics (its server is on 127.0.0.1 only and lives for the run). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-not-a-secret';

// ------------------------------------------------------------------------------------------------------------
// Child: build the data, serve the cabinet and a hello-world.

async function scratchPostgres(url: string): Promise<{ database: Database; drop: () => Promise<void>; url: string }> {
  const name = `pc_bench_stats_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 12 });
  const database = wrapPool(pool);
  return {
    database,
    url: target.toString(),
    drop: async () => {
      if (process.env.BENCH_KEEP) return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}

async function seed(database: Database, today: string): Promise<{ userId: number; counts: Record<string, number> }> {
  const [user] = await database.query<{ id: number }>(
    sql`insert into users (email, password_hash, confirmed_at) values ('heavy@bench.test', 'x', now()) returning id`,
  );
  const uid = Number(user!.id);
  await database.query(sql`insert into partner_programs (user_id, project) values (${uid}, 'fd1'), (${uid}, 'fd2')`);
  const start = sql`(${today}::date - ${DAYS - 1}::int)`;
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await database.query(query);
    console.log(`  seeded ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };

  await step(
    'files',
    sql`insert into ingest_files (project, file_id, user_id, kind, known, uploaded_at, size_bytes, is_video, name, folder, copy_of_file_id)
      select 'fd1', 'f' || g, ${uid}, case when g > ${FILES} then 'copy' else 'file' end, true,
             (${start} + (g * 7919) % ${DAYS - 30})::timestamp at time zone 'UTC' + (g % 86400) * interval '1 second',
             10485761 + (g::bigint * 104729) % 2000000000, g % 10 = 0, 'file-' || lpad(g::text, 5, '0') || '.zip',
             case when g % 3 = 0 then null else 'folder-' || (g % 20) end,
             case when g > ${FILES} then 'x' || g end
      from generate_series(1, ${FILES + COPIES}) g`,
  );
  // Each file has a row every 10th day from its upload on; downloads 1..55 per row (about 28 on average).
  await step(
    'daily file rows',
    sql`insert into ingest_daily_file (user_id, project, day, file_id, downloads, counted_downloads, video_views, sales, earned_micro)
      select ${uid}, 'fd1', ${start} + k, 'f' || g, d, d, case when g % 10 = 0 then d / 2 else 0 end,
             case when (g + k) % 37 = 0 then 1 else 0 end,
             d * 8750 + case when (g + k) % 37 = 0 then 6000000 else 0 end
      from generate_series(1, ${FILES + COPIES}) g
      cross join lateral generate_series((g * 7919) % ${DAYS - 30}, ${DAYS - 1}) k
      cross join lateral (select 1 + (g * 31 + k) % 55 as d) x
      where (k + g) % 10 = 0`,
  );
  await step(
    'daily rows',
    sql`insert into ingest_daily (user_id, project, day, hits, downloads, downloads_completed, unique_downloads, counted_downloads,
                                download_earned_micro, sales, sales_amount_micro, sale_earned_micro, earned_micro, video_views, copies)
      select user_id, project, day, sum(downloads) * 2, sum(downloads), sum(downloads), sum(downloads), sum(downloads),
             sum(downloads) * 8750, sum(sales), sum(sales) * 10000000, sum(sales) * 6000000, sum(earned_micro), sum(video_views), 0
      from ingest_daily_file where user_id = ${uid} group by 1, 2, 3`,
  );
  await step(
    'country rows',
    sql`insert into ingest_daily_country (user_id, project, day, country_group, downloads, counted_downloads, download_earned_micro, sales, sale_earned_micro)
      select d.user_id, d.project, d.day, g.grp, d.downloads * g.w / 100, d.downloads * g.w / 100, d.downloads * g.w / 100 * 8750,
             d.sales * g.w / 100, d.sales * g.w / 100 * 6000000
      from ingest_daily d
      cross join (values ('A', 30), ('B', 15), ('C', 15), ('D', 10), ('E', 10), ('F', 5), ('G', 5), ('R', 7), ('U', 3)) g(grp, w)
      where d.user_id = ${uid}`,
  );
  await step(
    'source rows',
    sql`insert into ingest_daily_source (user_id, project, day, domain, url, hits, downloads, unique_downloads, purchases)
      select ${uid}, 'fd1', ${start} + k, 'site' || ((j * 7 + k) % 200) || '.example',
             'https://site' || ((j * 7 + k) % 200) || '.example/page' || (j % 5), 20 + (j * k) % 50, 10 + (j + k) % 30,
             8 + (j + k) % 20, (j + k) % 3
      from generate_series(0, ${DAYS - 1}) k cross join generate_series(1, 150) j`,
  );
  await step(
    'video rows',
    sql`insert into ingest_daily_video (user_id, project, day, player_type, views, unique_viewers, video_files, seconds)
      select ${uid}, 'fd1', ${start} + k, p, 100 + k % 50, 60 + k % 30, 40 + k % 10, 6000
      from generate_series(0, ${DAYS - 1}) k cross join unnest(array['all', 'embed', 'on_site', 'full', 'demo']) p`,
  );
  await step(
    'sales',
    sql`insert into ingest_sales (project, sale_id, user_id, known, at, amount_micro, revenue_type, file_id, buyer_email, payment_system,
                                tariff, country, country_group, status, applied_sales, applied_amount_micro, applied_share_micro)
      select 'fd1', 'S' || g, ${uid}, true,
             ${start}::timestamp at time zone 'UTC' + (g::bigint * ${DAYS - 1} * 86400 / ${SALES}) * interval '1 second',
             10000000, (array['direct', 'rebill', 'file_copy', 'promo_link', 'site_referral'])[1 + g % 5], 'f' || (1 + g % ${FILES}),
             'buyer' || g || '@mail.example', 'card', '30 days', 'US', 'A',
             case when g % 50 = 0 then 'refund' else 'ok' end, 1, 10000000, case when g % 50 = 0 then 0 else 6000000 end
      from generate_series(1, ${SALES}) g`,
  );
  await step(
    'ledger, storage, gold',
    sql`with days as (select (${start} + k) as day, k from generate_series(0, ${DAYS - 2}) k),
      l as (
        insert into ledger_entries (user_id, project, day, source, bucket, kind, amount_micro, available_at, idempotency_key)
        select ${uid}, 'fd1', day, s, 'other', case when s = 'additional' then 'additional' else 'earning' end, 1000 + k,
               day::timestamp at time zone 'UTC', s || ':' || day
        from days cross join unnest(array['gold_bonus', 'referrals', 'additional', 'files']) s
        returning 1
      ),
      st as (
        insert into storage_days (user_id, project, day, bytes, cost_micro)
        select ${uid}, 'fd1', day, 10000000000 + k::bigint * 10000000, 5000 + k from days returning 1
      ),
      gd as (
        insert into gold_days (user_id, project, day, level, downloads, downloads_avg_72h_x3, sales, sales_avg_72h_x3,
                               efficiency_30d_micro, coins_delta, coins)
        select ${uid}, 'fd1', day, 2, 1000, 3000, 10, 30, 1000000, 1, least(k, 100) from days returning 1
      ),
      c as (
        insert into closed_partner_days (user_id, project, day, closed_at)
        select ${uid}, 'fd1', day, day::timestamp at time zone 'UTC' + interval '1 day' from days returning 1
      )
      select (select count(*) from l) + (select count(*) from st) + (select count(*) from gd) + (select count(*) from c) as n`,
  );
  await database.query(sql`insert into gold_state (user_id, project, level, coins) values (${uid}, 'fd1', 2, 35)`);
  await database.query(sql`
    insert into unlimited_periods (user_id, project, kind, starts_on, ends_on, months)
    values (${uid}, 'fd1', 'trial', ${today}::date - 400, ${today}::date - 370, 1), (${uid}, 'fd1', 'auto', ${today}::date - 10, ${today}::date + 20, 1)`);
  // 100 light partners sharing the tables (ids with no account: the rollups do not reference accounts).
  await step(
    'light partners',
    sql`with f as (
        insert into ingest_daily_file (user_id, project, day, file_id, downloads, counted_downloads, video_views, sales, earned_micro)
        select 1000000 + p, 'fd1', ${start} + k, 'p' || p || 'f' || g, 3, 3, 0, 0, 26250
        from generate_series(1, 100) p cross join generate_series(1, 20) g cross join generate_series(0, ${DAYS - 1}) k
        where (k + g + p) % 10 = 0
        returning 1
      )
      insert into ingest_daily (user_id, project, day, downloads, download_earned_micro, earned_micro)
      select 1000000 + p, 'fd1', ${start} + k, 60, 525000, 525000
      from generate_series(1, 100) p cross join generate_series(0, ${DAYS - 1}) k`,
  );
  const [counts] = await database.query<Record<string, unknown>>(sql`
    select (select count(*) from ingest_files where user_id = ${uid} and kind = 'file') as files,
           (select count(*) from ingest_files where user_id = ${uid} and kind = 'copy') as copies,
           (select sum(downloads) from ingest_daily where user_id = ${uid}) as downloads,
           (select count(*) from ingest_daily_file) as daily_file_rows,
           (select count(*) from ingest_daily_source where user_id = ${uid}) as source_rows,
           (select count(*) from ingest_sales where user_id = ${uid}) as sales`);
  return { userId: uid, counts: Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)])) };
}

/**
 * The child's side: seed, serve, report Ready, answer "memory" with its memory use, stop on "stop". With
 * BENCH_JOIN (the Ready of a first process, as JSON) it is a second process of the same cabinet instead: it serves
 * the first one's database as it stands (no seeding, nothing dropped), sharing limits and sessions through REDIS_URL
 * as two production processes do (decision 0174).
 */
export async function serve() {
  const url = process.env.DATABASE_URL;
  const joined = process.env.BENCH_JOIN ? (JSON.parse(process.env.BENCH_JOIN) as Ready) : null;
  const t0 = performance.now();
  let database: Database;
  let databaseUrl: string | null = null;
  let drop = async () => {};
  if (joined?.databaseUrl) {
    databaseUrl = joined.databaseUrl;
    database = wrapPool(new pg.Pool({ connectionString: databaseUrl, max: 12 }));
  } else if (url) ({ database, drop, url: databaseUrl } = await scratchPostgres(url));
  else database = wrapPglite(await PGlite.create());
  let userId: number;
  let counts: Record<string, number> = {};
  if (joined) {
    const [heavy] = await database.query<{ id: number }>(sql`select id from users where email = 'heavy@bench.test'`);
    userId = Number(heavy!.id);
  } else {
    await migrate(database);
    const today = new Date().toISOString().slice(0, 10);
    console.log(`Seeding a heavy partner (${database.kind}) ...`);
    ({ userId, counts } = await seed(database, today));
    if (database.kind === 'pg') await database.exec('vacuum analyze');
    else await database.exec('analyze');
  }
  const seedSeconds = (performance.now() - t0) / 1000;

  // One partner at 100 connections is far beyond the browser API's per-account limit (600 reads a minute): the
  // benchmark's server allows a load test's rate, so that every measured answer is a real one (the parent fails
  // on any non-2xx). The production defaults stay as they are.
  const config = configSchema.parse({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    API_RATE_LIMIT_READS: '10000000',
    API_RATE_LIMIT_PER_IP: '10000000',
    // READ_CACHE_MB=0 measures every read computed afresh (decision 0093).
    READ_CACHE_MB: process.env.READ_CACHE_MB,
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX,
    ...ingestSettingsFromEnv(),
  });
  const ctx = { config, database, clock: systemClock, mailer: createMailer({ database, smtpUrl: undefined, from: config.MAIL_FROM }) };
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSession(database.db, userId, new Date(), { ip: '127.0.0.1', userAgent: 'bench' });
  const ingestPartners = joined ? joined.ingestPartners : await seedIngestPartners(database, Number(process.env.BENCH_INGEST_PARTNERS ?? 0));
  const ready: Ready = {
    port: (app.server.address() as { port: number }).port,
    helloPort: (hello.server.address() as { port: number }).port,
    cookie: `pc_session=${token}`,
    kind: database.kind,
    seedSeconds,
    counts,
    ingestPartners,
    ingestTokens: { fd1: config.INGEST_TOKEN_FD1, fd2: config.INGEST_TOKEN_FD2 },
    databaseUrl,
    metricsToken: BENCH_METRICS_TOKEN,
  };
  process.send!(ready);
  process.on('message', async (m) => {
    if (m === 'memory') {
      process.send!({ memory: process.memoryUsage() });
      return;
    }
    if (m !== 'stop') return;
    await app.close();
    await hello.close();
    await database.close();
    await drop();
    process.exit(0);
  });
}

// ------------------------------------------------------------------------------------------------------------
// Parent: start and stop the child, drive a call with autocannon.

export interface Cabinet {
  ready: Ready;
  /** The child's process id (its CPU time: cpuMillis). */
  pid: number;
  /** The child's memory use now (rss and heap, bytes). */
  memory(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

/** Forks the child, waits until it serves. */
export async function startCabinet(env: Record<string, string> = {}): Promise<Cabinet> {
  const child: ChildProcess = fork(import.meta.filename, ['serve'], {
    // BENCH_CPU_PROF=<dir>: the server's CPU profile is written there when it stops (open it in Chrome's DevTools).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    ready,
    pid: child.pid!,
    memory: () =>
      new Promise((resolve) => {
        const onMessage = (m: unknown) => {
          if (typeof m === 'object' && m !== null && 'memory' in m) {
            child.off('message', onMessage);
            resolve((m as { memory: NodeJS.MemoryUsage }).memory);
          }
        };
        child.on('message', onMessage);
        child.send('memory');
      }),
    async stop() {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export interface ReadResult {
  label: string;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  /** Bytes of an answer, headers included, on average. */
  bytesPerAnswer: number;
  non2xx: number;
  errors: number;
  /** Answers received in all. */
  requests: number;
}

/** Clock ticks a second of /proc's CPU times (Linux's USER_HZ, 100 on every architecture it runs on here). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user and system, milliseconds) spent so far by the processes given, or by every process whose name is
 * `name` (the PostgreSQL server's processes: `postgres`), from /proc (Linux; 0 elsewhere). Unlike requests a second,
 * a call's CPU time per answer hardly moves when other work shares the machine.
 */
export function cpuMillis(of: { pids?: number[]; name?: string }): number {
  if (!existsSync('/proc/self/stat')) return 0;
  const pids = of.pids ?? readdirSync('/proc').filter((d) => /^\d+$/.test(d) && readOr(`/proc/${d}/comm`).trim() === of.name).map(Number);
  let ticks = 0;
  for (const pid of pids) {
    // The fields after the command's closing parenthesis: state is the 3rd field of stat, utime the 14th, stime the 15th.
    const fields = readOr(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

const readOr = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // the process has exited
  }
};

/** Drives one call (or several paths in turn) at `connections` for `seconds`. */
export async function readLoad(
  label: string,
  urls: string | string[],
  headers: Record<string, string>,
  opts: { seconds: number; connections: number },
): Promise<ReadResult> {
  const list = Array.isArray(urls) ? urls : [urls];
  const first = new URL(list[0]!);
  let n = 0;
  const result = await autocannon({
    url: first.origin,
    connections: opts.connections,
    duration: opts.seconds,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          n = (n + 1) % list.length;
          const target = new URL(list[n]!);
          return { ...req, path: `${target.pathname}${target.search}` };
        },
      },
    ],
  });
  return {
    label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: Math.round(result.requests.average),
    bytesPerAnswer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

if (process.argv[1] === import.meta.filename && process.argv[2] === 'serve') await serve();
