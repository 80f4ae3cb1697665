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

/** Seconds a sender waits before resending a batch the server had no room for. */
export const INGEST_RETRY_AFTER_SECONDS = 1;

/**
 * The file hosts' event feed: POST /ingest/v1/{project}/events (docs/ingest.md). At most INGEST_MAX_IN_FLIGHT
 * batches are processed at once; one more is answered 503 with Retry-After before its body is read, so a flood
 * of events waits at the sender instead of in the server's memory and in front of the partners' reads.
 */
export async function ingestRoutes(app: FastifyInstance) {
  const tokens: Record<ProjectId, string> = { fd1: app.ctx.config.INGEST_TOKEN_FD1, fd2: app.ctx.config.INGEST_TOKEN_FD2 };
  const maxInFlight = app.ctx.config.INGEST_MAX_IN_FLIGHT;
  const transactionEvents = app.ctx.config.INGEST_EMBEDDED_TRANSACTION_EVENTS;
  let inFlight = 0;
  const admitted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (admitted.delete(request)) inFlight -= 1;
  };

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
        if (!tokenMatches(token, tokens[project])) {
          const other = project === 'fd1' ? 'fd2' : 'fd1';
          if (tokenMatches(token, tokens[other])) throw new AppError('forbidden');
          throw new AppError('unauthorized');
        }
        if (inFlight >= maxInFlight) {
          request.log.debug({ inFlight }, 'ingest busy');
          throw new AppError('unavailable', undefined, undefined, undefined, { 'retry-after': String(INGEST_RETRY_AFTER_SECONDS) });
        }
        inFlight += 1;
        admitted.add(request);
      },
      // Whatever happens to the request (answered, failed, the sender went away), its place is given back once.
      onResponse: release,
      onRequestAbort: release,
    },
    async (request, reply) => {
      const project = request.params.project as ProjectId;
      const body = request.body;
      if (!Array.isArray(body)) throw new AppError('bad_request', { key: 'errors:bad_request' });
      if (body.length > INGEST_MAX_EVENTS) throw new AppError('payload_too_large');
      const answer = await ingestBatch(app.ctx.database, project, body, { now: app.ctx.clock.now(), transactionEvents });
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    },
  );
}
