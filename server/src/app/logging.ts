import { LogController, type FastifyReply, type FastifyRequest, type RawRequestDefaultExpression } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { AppContext } from '../context.ts';
import { redactError, redactUrl } from '../lib/redact.ts';

/** An X-Request-Id taken from the caller: short, and nothing a log line could be forged with. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * Each request's id is on every log line of it and in its answer's X-Request-Id: the caller's own id when it sends a
 * well-formed one (a proxy's, to follow a request across services), otherwise a new one (Fastify's genReqId).
 */
export function requestId(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer says its request's id (X-Request-Id). */
export const requestIdHeader = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});

/**
 * Requests whose line is logged at debug, not info: the file hosts' ingest stream (a batch every few seconds),
 * static files and health probes. By path, since the static files' misses and the probes' 404s count too.
 */
const QUIET_REQUEST = /^\/(ingest\/|assets\/|healthz$|readyz$|favicon\.)/;

/** One log line per request, written when it is answered (Fastify's default is two: incoming and completed). */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    // A 503 is a refusal the caller retries (ingest is full, the database is away and was logged once): not an error.
    const level = status === 503 ? 'warn' : error || status >= 500 ? 'error' : QUIET_REQUEST.test(request.url) ? 'debug' : 'info';
    const ms = Math.round(reply.elapsedTime);
    reply.log[level]({ req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) }, `${request.method} ${redactUrl(request.url)} ${status} ${ms} ms`);
  }
}

/** JSON lines (production, LOG_FORMAT=json) or one readable line per record (pino-pretty, development). */
export async function loggerOptions(config: AppContext['config'], destination?: NodeJS.WritableStream) {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    // Link tokens in paths and queries, and a failed query's parameters, never reach a line (lib/redact.ts).
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => pino.stdSerializers.err(redactError(error) as Error),
    },
  };
  if (config.LOG_FORMAT === 'json') return destination ? { ...options, stream: destination } : options;
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    // Synchronous, so that the lines keep their order with the start banner (console.log).
    sync: true,
    destination: destination ?? 1,
    translateTime: 'SYS:HH:MM:ss',
    // The request line's message already says method, URL, status and time.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
  return { ...options, stream };
}
