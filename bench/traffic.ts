/**
 * Ingest traffic for the benchmarks: partners with both programmes, their simulated events cut into batches
 * (serialized up front), and a POST to the ingest API that tells its status. Used by bench:ingest and bench:load.
 */
import { request, type Agent } from 'node:http';
import { sql } from 'drizzle-orm';
import type { IngestEventInput, ProjectId } from '@pc/core';
import type { Database } from '../server/src/db/client.ts';
import { partnerEvents } from '../simulator/src/generate.ts';

const DAY = 86_400_000;

/** The ingest settings a benchmark's server takes from its environment (the server's defaults unless given). */
export function ingestSettingsFromEnv() {
  return {
    INGEST_MAX_IN_FLIGHT: process.env.INGEST_MAX_IN_FLIGHT,
    INGEST_MAX_IN_FLIGHT_BYTES: process.env.INGEST_MAX_IN_FLIGHT_BYTES,
    INGEST_GROUP_MAX_EVENTS: process.env.INGEST_GROUP_MAX_EVENTS,
    INGEST_EMBEDDED_TRANSACTION_EVENTS: process.env.INGEST_EMBEDDED_TRANSACTION_EVENTS,
    INGEST_QUEUE_LENGTH: process.env.INGEST_QUEUE_LENGTH,
    INGEST_QUEUE_WAIT_MS: process.env.INGEST_QUEUE_WAIT_MS,
  };
}

export interface Batch {
  project: ProjectId;
  body: string;
  count: number;
  events: IngestEventInput[];
}

/** `count` partners (bench<i>@x.test) with both programmes; their app user ids per project. */
export async function seedIngestPartners(database: Database, count: number): Promise<Array<Record<ProjectId, number>>> {
  const out: Array<Record<ProjectId, number>> = [];
  for (let i = 0; i < count; i++) {
    const [u] = await database.query<{ id: number }>(sql`insert into users (email, password_hash) values (${`bench${i}@x.test`}, 'x') returning id`);
    const rows = await database.query<{ project: ProjectId; app_user_id: number }>(
      sql`insert into partner_programs (user_id, project) values (${u!.id}, 'fd1'), (${u!.id}, 'fd2') returning project, app_user_id`,
    );
    out.push(Object.fromEntries(rows.map((r) => [r.project, Number(r.app_user_id)])) as Record<ProjectId, number>);
  }
  return out;
}

/** Simulated traffic of every partner over the last weeks, cut into batches per project, serialized up front. */
export function makeBatches(partners: Array<Record<ProjectId, number>>, opts: { events: number; batch: number }): Batch[] {
  const TARGET = opts.events;
  const BATCH = opts.batch;
  const PARTNERS = partners.length;
  const now = Date.now();
  const today = Math.floor(now / DAY) * DAY;
  const perDay = Math.max(10, Math.round(TARGET / PARTNERS / 2 / 30 / 2.2));
  const byProject: Record<ProjectId, IngestEventInput[]> = { fd1: [], fd2: [] };
  for (const project of ['fd1', 'fd2'] as const) {
    partners.forEach((app, i) => {
      const plan = { key: `b${i}`, project, appUserId: app[project], seed: 11, dailyDownloads: perDay, growth: 0.3 };
      for (const day of partnerEvents(plan, today - 29 * DAY, today + DAY, now - 60_000)) byProject[project].push(...day);
    });
  }
  const all: Batch[] = [];
  for (const project of ['fd1', 'fd2'] as const) {
    const list = byProject[project].slice(0, Math.ceil(TARGET / 2));
    // Arrival order is roughly by time, partners interleaved (as a file host's queue would send them).
    list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    for (let i = 0; i < list.length; i += BATCH) {
      const events = list.slice(i, i + BATCH);
      all.push({ project, body: JSON.stringify(events), count: events.length, events });
    }
  }
  // fd1 and fd2 batches alternate.
  const fd1 = all.filter((b) => b.project === 'fd1');
  const fd2 = all.filter((b) => b.project === 'fd2');
  const mixed = [];
  for (let i = 0; i < Math.max(fd1.length, fd2.length); i++) {
    if (fd1[i]) mixed.push(fd1[i]!);
    if (fd2[i]) mixed.push(fd2[i]!);
  }
  return mixed;
}

/** One batch to the ingest API; `token` is the project's ingest token. Without an `agent`, on a connection of its own. */
export function postBatch(port: number, project: ProjectId, body: string, token: string, agent?: Agent): Promise<{ status: number; text: string; retryAfterSeconds: number | null }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/ingest/v1/${project}/events`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        agent: agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const retryAfter = Number(res.headers['retry-after']);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
