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
 * server counts them as duplicates), BENCH_PARTNERS (ingest partners, default 40).
 */
import { readLoad, startCabinet, type ReadResult, type Ready } from './cabinet.ts';
import { makeBatches, postBatch, type Batch } from './traffic.ts';

const SECONDS = Math.min(300, Number(process.env.BENCH_SECONDS ?? 60));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 8);
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 400_000);
const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 40);
const IDLE_SECONDS = Math.min(10, SECONDS);

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
async function ingestFor(ready: Ready, batches: Batch[], seconds: number): Promise<IngestResult> {
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
      const b = batches[next++ % batches.length]!;
      const t0 = performance.now();
      let attempt = performance.now();
      let res = await postBatch(ready.port, b.project, b.body, ready.ingestTokens[b.project]);
      while (res.status === 503 && performance.now() < deadline) {
        busy += 1;
        await new Promise((resolve) => setTimeout(resolve, (res.retryAfterSeconds ?? 1) * 1000));
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

function readLine(r: ReadResult) {
  return `${r.label.padEnd(26)} p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  max ${String(r.max).padStart(6)} ms  ${String(r.rps).padStart(6)} req/s  non-2xx ${r.non2xx}  errors ${r.errors}`;
}

const cabinet = await startCabinet({ BENCH_INGEST_PARTNERS: String(PARTNERS) });
try {
  const { ready } = cabinet;
  console.log(`bench:load on ${ready.kind}: reads at ${CONNECTIONS} connections, ingest ${INGEST_CONCURRENCY} batches of ${BATCH} at once, ${SECONDS} s`);
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsAgo = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
  const base = `http://127.0.0.1:${ready.port}/api`;
  const reads = [`${base}/earnings/stat?app=fd1&date_from=${twoYearsAgo}&date_to=${today}`, `${base}/statistics/detailed/base?app=fd1`];
  for (const url of reads) {
    const res = await fetch(url, { headers: { cookie: ready.cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  }
  const batches = makeBatches(ready.ingestPartners, { events: EVENTS, batch: BATCH });
  const headers = { cookie: ready.cookie };
  const before = await cabinet.memory();

  const hello = await readLoad('fastify hello-world', `http://127.0.0.1:${ready.helloPort}/`, {}, { seconds: 5, connections: CONNECTIONS });
  const idle = await readLoad('reads, idle', reads, headers, { seconds: IDLE_SECONDS, connections: CONNECTIONS });
  const [loaded, ingest] = await Promise.all([
    readLoad('reads, under ingest', reads, headers, { seconds: SECONDS, connections: CONNECTIONS }),
    ingestFor(ready, batches, SECONDS),
  ]);
  const after = await cabinet.memory();

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
  console.log(`server memory: rss ${mb(before.rss)} -> ${mb(after.rss)}, heap used ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}`);
  const failed = [hello, idle, loaded].filter((r) => r.non2xx > 0 || r.errors > 0);
  if (failed.length > 0) {
    console.error(`NOT VALID: answers other than 2xx or errors in ${failed.map((r) => r.label).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await cabinet.stop();
}
