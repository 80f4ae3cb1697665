/**
 * The file hosts' senders of `bench:ingest --senders`, in a worker thread of their own: a file host's servers are
 * machines of their own, and senders sharing the server's event loop would take turns with it that no real sender
 * takes. Each sender sends its next batch as soon as the previous one is answered, over a connection it keeps
 * alive as an HTTP client does (`keepAlive: false` opens one per request), and after a 503 sends it again as
 * `retry` says.
 */
import { Agent } from 'node:http';
import { isMainThread, parentPort, workerData, Worker } from 'node:worker_threads';
import type { ProjectId } from '@pc/core';
import { postBatch, type Batch } from './traffic.ts';

export type RetryMode = 'fixed' | 'honour' | 'ignore';

export interface SendersRun {
  port: number;
  senders: number;
  batches: Array<Pick<Batch, 'project' | 'body'>>;
  tokens: Record<ProjectId, string>;
  retry: RetryMode;
  keepAlive: boolean;
}

export interface SendersResult {
  accepted: number;
  seconds: number;
  /** First send to answer, resends included, in ms, sorted. */
  latencies: number[];
  busy: number;
}

/** Sends every batch with `senders` senders at a time; answers the events accepted, the time, latencies and 503s. */
export async function sendAll(run: SendersRun): Promise<SendersResult> {
  const latencies: number[] = [];
  let next = 0;
  let accepted = 0;
  let busy = 0;
  const started = performance.now();
  async function sender() {
    const agent = run.keepAlive ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
    try {
      while (next < run.batches.length) {
        const b = run.batches[next++]!;
        const t0 = performance.now();
        let res = await postBatch(run.port, b.project, b.body, run.tokens[b.project], agent);
        while (res.status === 503) {
          busy += 1;
          const wait = run.retry === 'ignore' ? 0 : run.retry === 'honour' ? (res.retryAfterSeconds ?? 1) * 1000 : 50;
          if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
          res = await postBatch(run.port, b.project, b.body, run.tokens[b.project], agent);
        }
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`ingest ${res.status}: ${res.text.slice(0, 300)}`);
        accepted += (JSON.parse(res.text) as { accepted: number }).accepted;
      }
    } finally {
      agent?.destroy();
    }
  }
  await Promise.all(Array.from({ length: run.senders }, sender));
  latencies.sort((a, b) => a - b);
  return { accepted, seconds: (performance.now() - started) / 1000, latencies, busy };
}

/** `sendAll` in a worker thread, so the senders do not share the server's event loop. */
export function sendAllApart(run: SendersRun): Promise<SendersResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: run });
    worker.once('message', (result: SendersResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

if (!isMainThread && parentPort && (workerData as SendersRun | undefined)?.batches) {
  parentPort.postMessage(await sendAll(workerData as SendersRun));
}
