import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IngestAnswer, ProjectId } from '@pc/core';
import type { Database } from '../db/client.ts';
import { testConfig } from '../test/harness.ts';

/** A partner with an active programme in both projects, made directly in the database (tests only). */
export async function insertPartner(database: Database, email: string, opts: { active?: boolean } = {}) {
  const [user] = await database.query<{ id: number }>(
    sql`insert into users (email, password_hash, is_active, confirmed_at) values (${email}, 'x', ${opts.active ?? true}, now()) returning id`,
  );
  const programs = await database.query<{ project: ProjectId; app_user_id: number }>(
    sql`insert into partner_programs (user_id, project) values (${user!.id}, 'fd1'), (${user!.id}, 'fd2') returning project, app_user_id`,
  );
  const app = Object.fromEntries(programs.map((p) => [p.project, Number(p.app_user_id)])) as Record<ProjectId, number>;
  return { userId: Number(user!.id), app };
}

export function tokenOf(project: ProjectId): string {
  const config = testConfig();
  return project === 'fd1' ? config.INGEST_TOKEN_FD1 : config.INGEST_TOKEN_FD2;
}

export async function send(app: FastifyInstance, project: ProjectId, events: unknown[], token = tokenOf(project)) {
  const response = await app.inject({
    method: 'POST',
    url: `/ingest/v1/${project}/events`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(events),
  });
  return { status: response.statusCode, body: response.json() as IngestAnswer & { code?: string } };
}

/**
 * Sends a batch as a file host should: a 503 (no room for the batch now, back-pressure) is sent again after a
 * moment, until it is answered. Tests that send many batches at once use it.
 */
export async function sendWhenAdmitted(app: FastifyInstance, project: ProjectId, events: unknown[], token = tokenOf(project)) {
  for (;;) {
    const answer = await send(app, project, events, token);
    if (answer.status !== 503) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A stream of events cut into batches of the sizes given, in turn (property tests: any split of a stream). */
export function splitIntoBatches<T>(stream: readonly T[], sizes: readonly number[]): T[][] {
  const batches: T[][] = [];
  for (let pos = 0, s = 0; pos < stream.length; s++) {
    const size = sizes[s % sizes.length]!;
    batches.push(stream.slice(pos, pos + size));
    pos += size;
  }
  return batches;
}
