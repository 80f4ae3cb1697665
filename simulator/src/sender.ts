import type { IngestAnswer, IngestEventInput, ProjectId } from '@pc/core';

export type Send = (project: ProjectId, events: IngestEventInput[]) => Promise<IngestAnswer>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a 503 asks the sender to wait (its Retry-After seconds), or null when it names no time. */
export function retryAfterMs(response: { status: number; headers: { get(name: string): string | null } }): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : null;
}

/**
 * Sends a batch to POST /ingest/v1/{project}/events, retrying network errors and 5xx answers with backoff (a
 * resend is harmless: events are deduplicated by id). A 503 with Retry-After means the server has no room for
 * the batch now: the sender waits as long as it says, and that wait is not a failed attempt (back-pressure,
 * docs/ingest.md). A 4xx answer is a bug in the sender and is thrown.
 */
export function httpSender(baseUrl: string, tokens: Record<ProjectId, string>, opts: { retries?: number; log?: (line: string) => void } = {}): Send {
  const retries = opts.retries ?? 20;
  return async (project, events) => {
    const giveUpAt = Date.now() + 10 * 60_000;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${baseUrl.replace(/\/$/, '')}/ingest/v1/${project}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[project]}`, 'content-type': 'application/json' },
          body: JSON.stringify(events),
          signal: AbortSignal.timeout(120_000),
        });
        if (response.status >= 400 && response.status < 500) throw Object.assign(new Error(`ingest ${response.status}: ${await response.text()}`), { fatal: true });
        const wait = retryAfterMs(response);
        if (wait !== null && Date.now() < giveUpAt) {
          await response.body?.cancel();
          await sleep(wait);
          attempt -= 1;
          continue;
        }
        if (response.status !== 200) throw new Error(`ingest ${response.status}`);
        return (await response.json()) as IngestAnswer;
      } catch (error) {
        if ((error as { fatal?: boolean }).fatal || attempt >= retries) throw error;
        opts.log?.(`retrying a batch of ${events.length} (${(error as Error).message})`);
        await sleep(Math.min(5_000, 100 * 2 ** attempt));
      }
    }
  };
}

/** Collects events and sends them in batches of `size`; `flush` sends the rest. */
export class Batcher {
  private buffers = new Map<ProjectId, IngestEventInput[]>();
  sent = { accepted: 0, duplicates: 0, rejected: 0, batches: 0 };
  readonly rejections: Array<{ id: string | null; reason?: string; message?: string }> = [];
  constructor(
    private readonly send: Send,
    private readonly size = 5_000,
  ) {}
  async add(project: ProjectId, events: IngestEventInput[]) {
    const buffer = this.buffers.get(project) ?? [];
    buffer.push(...events);
    this.buffers.set(project, buffer);
    while (buffer.length >= this.size) await this.sendBatch(project, buffer.splice(0, this.size));
  }
  async flush() {
    for (const [project, buffer] of this.buffers) if (buffer.length) await this.sendBatch(project, buffer.splice(0));
  }
  private async sendBatch(project: ProjectId, events: IngestEventInput[]) {
    const answer = await this.send(project, events);
    this.sent.accepted += answer.accepted;
    this.sent.duplicates += answer.duplicates;
    this.sent.rejected += answer.rejected;
    this.sent.batches++;
    for (const r of answer.results) if (r.status === 'rejected' && this.rejections.length < 20) this.rejections.push(r);
  }
}
