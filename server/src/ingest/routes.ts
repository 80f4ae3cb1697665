import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INGEST_MAX_BYTES, INGEST_MAX_EVENTS, isProjectId, type ProjectId } from '@pc/core';
import { AppError } from '../lib/errors.ts';
import { bearerToken, tokenMatches } from '../lib/tokens.ts';
import { ingestBatches, ingestEvents, ingestQueueWait } from '../lib/metrics.ts';
import { isDatabaseUnavailable } from '../db/outage.ts';
import { ingestBatch } from './process.ts';


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

/**
 * The project a file host's request is for, once its bearer token is that project's: 404 for no project, 401
 * without a token or with an unknown one, 403 with the other project's token.
 */
export function authenticateHost(request: FastifyRequest, tokens: Record<ProjectId, string>): ProjectId {
  const project = (request.params as { project: string }).project;
  if (!isProjectId(project)) throw new AppError('not_found');
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized');
  if (!tokenMatches(token, tokens[project])) {
    const other = project === 'fd1' ? 'fd2' : 'fd1';
    if (tokenMatches(token, tokens[other])) throw new AppError('forbidden');
    throw new AppError('unauthorized');
  }
  return project;
}

/** The two projects' ingest tokens from the configuration. */
export const hostTokens = (config: { INGEST_TOKEN_FD1: string; INGEST_TOKEN_FD2: string }): Record<ProjectId, string> => ({
  fd1: config.INGEST_TOKEN_FD1,
  fd2: config.INGEST_TOKEN_FD2,
});

/** Seconds a sender waits before resending a batch the server had no room for. */
export const INGEST_RETRY_AFTER_SECONDS = 1;

/**
 * The file hosts' event feed: POST /ingest/v1/{project}/events (docs/ingest.md). At most INGEST_MAX_IN_FLIGHT
 * batches are processed at once. Up to INGEST_QUEUE_LENGTH more wait, in the order they came, at most
 * INGEST_QUEUE_WAIT_MS for a place, before their bodies are read; beyond that a batch is answered 503 with
 * Retry-After. So a flood of events waits at the sender instead of in the server's memory and in front of the
 * partners' reads, and a sender that was refused is not overtaken, time after time, by one that has just been
 * answered and sends again at once.
 */
export async function ingestRoutes(app: FastifyInstance) {
  const tokens = hostTokens(app.ctx.config);
  const maxInFlight = app.ctx.config.INGEST_MAX_IN_FLIGHT;
  const transactionEvents = app.ctx.config.INGEST_EMBEDDED_TRANSACTION_EVENTS;
  const maxQueued = app.ctx.config.INGEST_QUEUE_LENGTH;
  const queueWaitMs = app.ctx.config.INGEST_QUEUE_WAIT_MS;
  let inFlight = 0;
  const admitted = new WeakSet<FastifyRequest>();
  /** Batches waiting for a place, oldest first; `admit` hands one the place of a batch that ended. */
  const queue: Array<{ admit: () => void }> = [];
  const busy = () => new AppError('unavailable', undefined, undefined, undefined, { 'retry-after': String(INGEST_RETRY_AFTER_SECONDS) });
  const release = async (request: FastifyRequest) => {
    if (!admitted.delete(request)) return;
    const next = queue.shift();
    if (next) next.admit();
    else inFlight -= 1;
  };
  /** Waits for a place in order of arrival; refused when the wait is over or the sender went away. */
  const waitForPlace = (request: FastifyRequest) =>
    new Promise<void>((resolve, reject) => {
      const socket = request.raw.socket;
      const leave = () => {
        clearTimeout(timer);
        socket?.off('close', gone);
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
      };
      const entry = {
        admit: () => {
          leave();
          resolve();
        },
      };
      const timer = setTimeout(() => {
        leave();
        reject(busy());
      }, queueWaitMs);
      const gone = () => {
        leave();
        reject(busy());
      };
      socket?.once('close', gone);
      queue.push(entry);
    });

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
        const project = authenticateHost(request, tokens);
        const waitStarted = performance.now();
        try {
          if (inFlight < maxInFlight && queue.length === 0) {
            inFlight += 1;
          } else if (queue.length < maxQueued) {
            // The place is handed over by the batch that ends (release): inFlight stays as it is.
            await waitForPlace(request);
          } else {
            request.log.debug({ inFlight, queued: queue.length }, 'ingest busy');
            throw busy();
          }
        } catch (error) {
          ingestBatches.inc({ project, outcome: 'busy' });
          throw error;
        }
        ingestQueueWait.observe((performance.now() - waitStarted) / 1000);
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
      const answer = await ingestBatch(app.ctx.database, project, body, { now: app.ctx.clock.now(), transactionEvents }).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) ingestBatches.inc({ project, outcome: 'unavailable' });
        throw error;
      });
      ingestBatches.inc({ project, outcome: 'stored' });
      ingestEvents.inc({ project, result: 'accepted' }, answer.accepted);
      ingestEvents.inc({ project, result: 'duplicate' }, answer.duplicates);
      ingestEvents.inc({ project, result: 'rejected' }, answer.rejected);
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    },
  );
}
