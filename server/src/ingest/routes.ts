import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { INGEST_MAX_BYTES, INGEST_MAX_EVENTS, isProjectId, type ProjectId } from '@pc/core';
import { AppError } from '../lib/errors.ts';
import { ingestBatch } from './process.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of a presented token with the expected one (hashing equalizes the lengths). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Lines of NDJSON; a line that is not JSON stays in place as an invalid event, so its neighbours still count. */
export function parseNdjson(body: string): unknown[] {
  const out: unknown[] = [];
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    try {
      out.push(JSON.parse(trimmed));
    } catch {
      out.push({ invalid_json: trimmed.slice(0, 200) });
    }
  }
  return out;
}

/** The file hosts' event feed: POST /ingest/v1/{project}/events (docs/ingest.md). */
export async function ingestRoutes(app: FastifyInstance) {
  const tokens: Record<ProjectId, string> = { fd1: app.ctx.config.INGEST_TOKEN_FD1, fd2: app.ctx.config.INGEST_TOKEN_FD2 };

  app.addContentTypeParser('application/x-ndjson', { parseAs: 'string', bodyLimit: INGEST_MAX_BYTES }, (_request, body, done) => {
    done(null, parseNdjson(body as string));
  });

  app.post<{ Params: { project: string } }>(
    '/ingest/v1/:project/events',
    {
      bodyLimit: INGEST_MAX_BYTES,
      schema: { hide: true },
      // Authentication runs before the body is read: an unauthenticated sender cannot make the server parse 10 MB.
      onRequest: async (request) => {
        const project = (request.params as { project: string }).project;
        if (!isProjectId(project)) throw new AppError('not_found');
        const token = bearer(request);
        if (!token) throw new AppError('unauthorized');
        if (tokenMatches(token, tokens[project])) return;
        const other = project === 'fd1' ? 'fd2' : 'fd1';
        if (tokenMatches(token, tokens[other])) throw new AppError('forbidden');
        throw new AppError('unauthorized');
      },
    },
    async (request, reply) => {
      const project = request.params.project as ProjectId;
      const body = request.body;
      if (!Array.isArray(body)) throw new AppError('bad_request', { key: 'errors:bad_request' });
      if (body.length > INGEST_MAX_EVENTS) throw new AppError('payload_too_large');
      const answer = await ingestBatch(app.ctx.database, project, body, { now: app.ctx.clock.now() });
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    },
  );
}
