/**
 * npm run bench:load: reads and ingest at the same time, for a bounded time.
 *
 *   npm run bench:load                                 # PGlite in memory
 *   DATABASE_URL=postgres://... npm run bench:load     # PostgreSQL: a scratch database is created and dropped
 *
 * The cabinet with a heavy partner's two years of history (bench/cabinet.ts) runs in a child process. First the
 * partner's reads alone (the heaviest call, earnings/stat two years by day, and a 30-day statistics call, in
 * turn) and a hello-world as the ceiling; then the same reads while file hosts send batches of events as fast
 * as the server admits them (a 503 is waited out for its Retry-After, as a file host does). Printed: both sides'
 * throughput, p99 and longest wait, the reads' p99 under ingest against idle (goal: at most 3 times), and the
 * server's memory before and after.
 *
 * Options (environment): BENCH_SECONDS (the loaded phase, default 60, at most 300), BENCH_CONNECTIONS (reads,
 * default 100), BENCH_INGEST_CONCURRENCY (batches sent at once, default 8), BENCH_BATCH (events per batch,
 * default 2000), BENCH_EVENTS (events prepared, default 400000; once all are sent, they are sent again and the
 * server counts them as duplicates), BENCH_PARTNERS (ingest partners, default 40), BENCH_RETRY (`honour`, the
 * default: a 503 is sent again after its Retry-After; `ignore`: at once, a retry storm). Many senders with small
 * batches, as file hosts' web servers send: BENCH_INGEST_CONCURRENCY=32 BENCH_BATCH=1; a storm:
 * BENCH_INGEST_CONCURRENCY=100 BENCH_BATCH=50 BENCH_RETRY=ignore.
 *
 * BENCH_PROCESSES=2 (PostgreSQL and Redis: DATABASE_URL and REDIS_URL): the cabinet runs as two processes on the same
 * database, sharing limits and sessions through Redis as in production (decision 0174); reads and ingest batches are
 * spread over both (half the connections and every other batch each), and the figures are printed for the whole. In
 * either form /metrics of every process is scraped every 5 s during the loaded phase, as Prometheus would, and what it
 * said at the end is printed.
 */
import { randomBytes } from 'node:crypto';
import { readLoad, startCabinet, type Cabinet, type ReadResult, type Ready } from './cabinet.ts';
import { makeBatches, postBatch, type Batch } from './traffic.ts';

const SECONDS = Math.min(300, Number(process.env.BENCH_SECONDS ?? 60));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 8);
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 400_000);
const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 40);
const RETRY = process.env.BENCH_RETRY ?? 'honour';
if (RETRY !== 'honour' && RETRY !== 'ignore') throw new Error('BENCH_RETRY is honour or ignore');
const IDLE_SECONDS = Math.min(10, SECONDS);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
if (PROCESSES !== 1 && PROCESSES !== 2) throw new Error('BENCH_PROCESSES is 1 or 2');
if (PROCESSES === 2 && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) throw new Error('two processes need DATABASE_URL and REDIS_URL');

interface IngestResult {
  accepted: number;
  duplicates: number;
  sent: number;
  seconds: number;
  busy: number;
  p50: number;
  p99: number;
  max: number;
  /** The admitted attempt alone: the time a batch spent in the server, queued behind others included. */
  inServer: { p50: number; p99: number; max: number };
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Sends batches for `seconds`, `INGEST_CONCURRENCY` at once. A batch's latency counts its waits after a 503 (what
 * the file host sees); its time in the server is that of the attempt admitted (what queues in the cabinet).
 */
async function ingestFor(readies: Ready[], batches: Batch[], seconds: number): Promise<IngestResult> {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const inServer: number[] = [];
  let next = 0;
  let accepted = 0;
  let duplicates = 0;
  let sent = 0;
  let busy = 0;
  const started = performance.now();
  async function worker() {
    while (performance.now() < deadline) {
      const n = next++;
      const b = batches[n % batches.length]!;
      // Every other batch to each process, as a load balancer would spread them.
      const ready = readies[n % readies.length]!;
      const t0 = performance.now();
      let attempt = performance.now();
      let res = await postBatch(ready.port, b.project, b.body, ready.ingestTokens[b.project]);
      while (res.status === 503 && performance.now() < deadline) {
        busy += 1;
        // A sender that ignores Retry-After still yields a turn of the event loop, as any client does between requests.
        await new Promise((resolve) => setTimeout(resolve, RETRY === 'ignore' ? 0 : (res.retryAfterSeconds ?? 1) * 1000));
        attempt = performance.now();
        res = await postBatch(ready.port, b.project, b.body, ready.ingestTokens[b.project]);
      }
      if (res.status === 503) break;
      if (res.status !== 200) throw new Error(`ingest ${res.status}: ${res.text.slice(0, 300)}`);
      latencies.push(performance.now() - t0);
      inServer.push(performance.now() - attempt);
      const answer = JSON.parse(res.text) as { accepted: number; duplicates?: number };
      accepted += answer.accepted;
      duplicates += answer.duplicates ?? 0;
      sent += b.count;
    }
  }
  await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  inServer.sort((a, b) => a - b);
  return {
    accepted,
    duplicates,
    sent,
    seconds: (performance.now() - started) / 1000,
    busy,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? 0,
    inServer: { p50: pct(inServer, 50), p99: pct(inServer, 99), max: inServer.at(-1) ?? 0 },
  };
}

/** Reads driven at every process at once, half the connections each; the whole's rate and its worst p99 and max. */
async function readsOn(label: string, readies: Ready[], paths: (ready: Ready) => string[], seconds: number): Promise<ReadResult> {
  const parts = await Promise.all(
    readies.map((ready) => readLoad(label, paths(ready), { cookie: ready.cookie }, { seconds, connections: Math.ceil(CONNECTIONS / readies.length) })),
  );
  return {
    label,
    p50: Math.max(...parts.map((r) => r.p50)),
    p99: Math.max(...parts.map((r) => r.p99)),
    max: Math.max(...parts.map((r) => r.max)),
    rps: parts.reduce((sum, r) => sum + r.rps, 0),
    bytesPerAnswer: Math.round(parts.reduce((sum, r) => sum + r.bytesPerAnswer * r.rps, 0) / Math.max(1, parts.reduce((sum, r) => sum + r.rps, 0))),
    non2xx: parts.reduce((sum, r) => sum + r.non2xx, 0),
    errors: parts.reduce((sum, r) => sum + r.errors, 0),
    requests: parts.reduce((sum, r) => sum + r.requests, 0),
  };
}

/** One scrape of a process's /metrics, as Prometheus reads it: the text, and the value of each series. */
async function scrape(ready: Ready): Promise<Map<string, number>> {
  const res = await fetch(`http://127.0.0.1:${ready.port}/metrics`, { headers: { authorization: `Bearer ${ready.metricsToken}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const series = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** Scrapes every process every 5 s until `stop` resolves; answers the count of scrapes and the last of each. */
async function scrapeWhile(readies: Ready[], stop: Promise<unknown>): Promise<{ scrapes: number; last: Array<Map<string, number>> }> {
  let done = false;
  void stop.finally(() => (done = true));
  let scrapes = 0;
  while (!done) {
    // Each scrape must answer (a failed one throws); the values of the last one, after the phase, are kept.
    await Promise.all(readies.map(scrape));
    scrapes += 1;
    await Promise.race([stop, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  const last = await Promise.all(readies.map(scrape));
  return { scrapes: scrapes + 1, last };
}

/** The sum over processes of the series whose name starts with `prefix` and whose labels contain `labels`. */
function total(last: Array<Map<string, number>>, prefix: string, labels = ''): number {
  let sum = 0;
  for (const series of last)
    for (const [name, value] of series) if (name.startsWith(prefix) && name.includes(labels) && Number.isFinite(value)) sum += value;
  return sum;
}

function readLine(r: ReadResult) {
  return `${r.label.padEnd(26)} p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  max ${String(r.max).padStart(6)} ms  ${String(r.rps).padStart(6)} req/s  non-2xx ${r.non2xx}  errors ${r.errors}`;
}

// Two processes share limits and sessions in Redis under a prefix of this run's own.
const shared: Record<string, string> = PROCESSES === 2 ? { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `bench-${randomBytes(3).toString('hex')}:` } : {};
const cabinets: Cabinet[] = [await startCabinet({ BENCH_INGEST_PARTNERS: String(PARTNERS), ...shared })];
try {
  if (PROCESSES === 2) cabinets.push(await startCabinet({ ...shared, BENCH_JOIN: JSON.stringify(cabinets[0]!.ready) }));
  const readies = cabinets.map((c) => c.ready);
  const ready = readies[0]!;
  console.log(
    `bench:load on ${ready.kind}, ${PROCESSES} process${PROCESSES === 2 ? 'es' : ''}: reads at ${CONNECTIONS} connections, ingest ${INGEST_CONCURRENCY} batches of ${BATCH} at once${RETRY === 'ignore' ? ', resending a 503 at once' : ''}, ${SECONDS} s`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsAgo = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
  const readsOf = (r: Ready) => {
    const base = `http://127.0.0.1:${r.port}/api`;
    return [`${base}/earnings/stat?app=fd1&date_from=${twoYearsAgo}&date_to=${today}`, `${base}/statistics/detailed/base?app=fd1`];
  };
  for (const r of readies)
    for (const url of readsOf(r)) {
      const res = await fetch(url, { headers: { cookie: r.cookie } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    }
  const batches = makeBatches(ready.ingestPartners, { events: EVENTS, batch: BATCH });
  const before = await Promise.all(cabinets.map((c) => c.memory()));

  const hello = await readLoad('fastify hello-world', `http://127.0.0.1:${ready.helloPort}/`, {}, { seconds: 5, connections: CONNECTIONS });
  const idle = await readsOn('reads, idle', readies, readsOf, IDLE_SECONDS);
  const loadedPhase = Promise.all([readsOn('reads, under ingest', readies, readsOf, SECONDS), ingestFor(readies, batches, SECONDS)]);
  const [[loaded, ingest], metrics] = await Promise.all([loadedPhase, scrapeWhile(readies, loadedPhase)]);
  const after = await Promise.all(cabinets.map((c) => c.memory()));

  console.log(`\n${readLine(hello)}\n${readLine(idle)}\n${readLine(loaded)}`);
  console.log(`reads' p99 under ingest / idle: ${(loaded.p99 / Math.max(1, idle.p99)).toFixed(1)} (goal: at most 3)`);
  console.log(
    `ingest: ${ingest.accepted.toLocaleString('en')} new events (+${ingest.duplicates.toLocaleString('en')} duplicates) in ${ingest.seconds.toFixed(1)} s = ` +
      `${Math.round(ingest.accepted / ingest.seconds).toLocaleString('en')} events/s; batch p50 ${ingest.p50.toFixed(0)} ms, p99 ${ingest.p99.toFixed(0)} ms, ` +
      `longest ${ingest.max.toFixed(0)} ms (503 waits included); answered 503 ${ingest.busy} times`,
  );
  console.log(
    `ingest batches in the server (the admitted attempt): p50 ${ingest.inServer.p50.toFixed(0)} ms, p99 ${ingest.inServer.p99.toFixed(0)} ms, longest ${ingest.inServer.max.toFixed(0)} ms`,
  );
  console.log(
    `/metrics scraped ${metrics.scrapes} times from each of ${readies.length} process${readies.length === 2 ? 'es' : ''} (${metrics.last.reduce((n, m) => n + m.size, 0)} series at the end): ` +
      `requests ${total(metrics.last, 'pc_http_request_duration_seconds_count').toLocaleString('en')}, ` +
      `ingest events accepted ${total(metrics.last, 'pc_ingest_events_total', 'result="accepted"').toLocaleString('en')} ` +
      `(the bench counted ${ingest.accepted.toLocaleString('en')}), batches ${total(metrics.last, 'pc_ingest_batches_total').toLocaleString('en')}`,
  );
  for (const [i, [b, a]] of before.map((m, k) => [m, after[k]!] as const).entries())
    console.log(`server ${i + 1} memory: rss ${mb(b.rss)} -> ${mb(a.rss)}, heap used ${mb(b.heapUsed)} -> ${mb(a.heapUsed)}`);
  const failed = [hello, idle, loaded].filter((r) => r.non2xx > 0 || r.errors > 0);
  if (failed.length > 0) {
    console.error(`NOT VALID: answers other than 2xx or errors in ${failed.map((r) => r.label).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  // The joined process first: the first one drops the scratch database when it stops.
  for (const c of cabinets.reverse()) await c.stop();
}
