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
 * batches, and INGEST_MAX_IN_FLIGHT_BYTES of their bodies (by Content-Length), are admitted at once; a batch that
 * fits neither still goes alone when nothing else is in flight. Up to INGEST_QUEUE_LENGTH more wait, in the order
 * they came, at most INGEST_QUEUE_WAIT_MS for a place, before their bodies are read; beyond that a batch is
 * answered 503 with Retry-After before a byte of its body is read, and its connection is closed rather than
 * drained. So a flood of events waits at the sender instead of in the server's memory and in front of the
 * partners' reads, and a sender that was refused is not overtaken, time after time, by one that has just been
 * answered and sends again at once. Admitted batches of a project are written together while its previous write
 * runs (group commit, process.ts, decision 0180): many small batches in flight cost about what one large one does.
 */
export async function ingestRoutes(app: FastifyInstance) {
  const tokens = hostTokens(app.ctx.config);
  const maxInFlight = app.ctx.config.INGEST_MAX_IN_FLIGHT;
  const maxInFlightBytes = app.ctx.config.INGEST_MAX_IN_FLIGHT_BYTES;
  const transactionEvents = app.ctx.config.INGEST_EMBEDDED_TRANSACTION_EVENTS;
  const groupEvents = app.ctx.config.INGEST_GROUP_MAX_EVENTS;
  const maxQueued = app.ctx.config.INGEST_QUEUE_LENGTH;
  const queueWaitMs = app.ctx.config.INGEST_QUEUE_WAIT_MS;
  let inFlight = 0;
  let inFlightBytes = 0;
  /** The bytes each admitted request holds a place for. */
  const admitted = new WeakMap<FastifyRequest, number>();
  /** Batches waiting for a place, oldest first; `admit` takes its place when one is free. */
  const queue: Array<{ bytes: number; admit: () => void }> = [];
  // Connection: close: a refused sender's body is not read, and draining it to keep the connection would read it.
  const busy = () =>
    new AppError('unavailable', undefined, undefined, undefined, { 'retry-after': String(INGEST_RETRY_AFTER_SECONDS), connection: 'close' });
  const fits = (bytes: number) => inFlight === 0 || (inFlight < maxInFlight && inFlightBytes + bytes <= maxInFlightBytes);
  const take = (bytes: number) => {
    inFlight += 1;
    inFlightBytes += bytes;
  };
  /** Hands free places to the waiting batches, oldest first; one that does not fit keeps the others behind it. */
  const admitWaiting = () => {
    while (queue.length > 0 && fits(queue[0]!.bytes)) {
      const next = queue.shift()!;
      take(next.bytes);
      next.admit();
    }
  };
  const release = async (request: FastifyRequest) => {
    const bytes = admitted.get(request);
    if (bytes === undefined) return;
    admitted.delete(request);
    inFlight -= 1;
    inFlightBytes -= bytes;
    admitWaiting();
  };
  /** Waits for a place in order of arrival; refused when the wait is over or the sender went away. */
  const waitForPlace = (request: FastifyRequest, bytes: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = request.raw.socket;
      const leave = () => {
        clearTimeout(timer);
        socket?.off('close', gone);
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
      };
      const entry = {
        bytes,
        // The place is taken by admitWaiting before this runs.
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
        // A body without a length may be as large as any.
        const length = Number(request.headers['content-length']);
        const bytes = Number.isFinite(length) && length >= 0 ? Math.min(length, INGEST_MAX_BYTES) : INGEST_MAX_BYTES;
        const waitStarted = performance.now();
        try {
          if (queue.length === 0 && fits(bytes)) {
            take(bytes);
          } else if (queue.length < maxQueued) {
            await waitForPlace(request, bytes);
          } else {
            request.log.debug({ inFlight, inFlightBytes, queued: queue.length }, 'ingest busy');
            throw busy();
          }
        } catch (error) {
          ingestBatches.inc({ project, outcome: 'busy' });
          throw error;
        }
        ingestQueueWait.observe((performance.now() - waitStarted) / 1000);
        admitted.set(request, bytes);
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
      const answer = await ingestBatch(app.ctx.database, project, body, { now: app.ctx.clock.now(), transactionEvents, groupEvents }).catch((error: unknown) => {
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
