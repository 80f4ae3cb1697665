import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * What the process exposes at /metrics in Prometheus' text format (decision 0173). One registry per process:
 * the figures of a process are what that process did, and Prometheus adds up the processes. Metric names follow
 * Prometheus' conventions (`_total` counters, `_seconds` durations, base units).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'pc_' });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new Histogram({
  name: 'pc_http_request_duration_seconds',
  help: 'Time to answer a request, by route (its template) and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const ingestEvents = new Counter({
  name: 'pc_ingest_events_total',
  help: 'Events received through the ingest API, by project and result (accepted, duplicate, rejected)',
  labelNames: ['project', 'result'] as const,
  registers: [registry],
});

export const ingestBatches = new Counter({
  name: 'pc_ingest_batches_total',
  help: 'Ingest batches by project and outcome: stored, or refused with 503 (busy: no room; unavailable: database away)',
  labelNames: ['project', 'outcome'] as const,
  registers: [registry],
});

export const ingestQueueWait = new Histogram({
  name: 'pc_ingest_queue_wait_seconds',
  help: 'How long an admitted ingest batch waited for a place before its body was read',
  buckets: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'pc_job_runs_total',
  help: 'Runs of scheduled jobs by job and outcome (ok, failed, skipped: the database was away)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'pc_job_duration_seconds',
  help: 'Duration of scheduled job runs',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export const mails = new Counter({
  name: 'pc_mails_total',
  help: 'SMTP delivery attempts by outcome: sent, failed (tried again later), abandoned (given up)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const postbackDeliveries = new Counter({
  name: 'pc_postback_deliveries_total',
  help: 'Postback delivery attempts by outcome: delivered, failed (tried again later), given_up',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** The database this process reads its gauges from (pool use, payout requests, replica lag): set by the app at start. */
let gaugeDatabase: Database | null = null;
let gaugeReplica: Database | null = null;
export function watchDatabase(database: Database, replica?: Database): void {
  gaugeDatabase = database;
  gaugeReplica = replica ?? null;
}

new Gauge({
  name: 'pc_db_replica_lag_seconds',
  help: 'How far the read replica is behind: seconds since the last transaction it replayed (0 while it has replayed all it received)',
  registers: [registry],
  async collect() {
    if (!gaugeReplica) return;
    const [row] = await gaugeReplica
      .query<{ lag: number | null }>(
        sql`select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                   else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::float8 as lag`,
      )
      .catch(() => []);
    if (row?.lag !== undefined && row.lag !== null) this.set(row.lag);
  },
});

new Gauge({
  name: 'pc_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total, idle, waiting (calls waiting for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pool = gaugeDatabase?.pool;
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

new Gauge({
  name: 'pc_payout_requests',
  help: 'Payout requests by status, and their sum in micro-USD (read from the database at each scrape)',
  labelNames: ['status', 'measure'] as const,
  registers: [registry],
  async collect() {
    if (!gaugeDatabase) return;
    this.reset();
    const rows = await gaugeDatabase
      .query<{ status: string; n: number; amount: number }>(
        sql`select status, count(*)::int as n, coalesce(sum(amount_micro), 0)::bigint as amount from payout_requests group by status`,
      )
      .catch(() => []); // the database is away: the scrape still answers with what the process knows
    for (const r of rows) {
      this.set({ status: r.status, measure: 'count' }, r.n);
      this.set({ status: r.status, measure: 'amount_micro' }, Number(r.amount));
    }
  },
});

/** Times `fn` as a run of `job`, counting its outcome; rethrows its error. */
export async function timedJob<T>(job: string, fn: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ job });
  try {
    const result = await fn();
    jobRuns.inc({ job, outcome: 'ok' });
    return result;
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failed' });
    throw error;
  } finally {
    end();
  }
}
