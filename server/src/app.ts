import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { redactError, redactUrl } from './lib/redact.ts';
import { existsSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { z } from 'zod';
import { pickLang, type LangCode } from '@pc/core';
import type { Config } from './config.ts';
import { AnswerCache } from './plumbing/read-cache.ts';
import type { AppContext } from './context.ts';
import { AppError, type LocalizedText } from './lib/errors.ts';
import { t } from './lib/i18n.ts';
import { issuesToFieldErrors } from './lib/validation.ts';
import { isCrossSite } from './lib/cross-site.ts';
import { answerSerializer } from './lib/answers.ts';
import { ping } from './db/client.ts';
import { httpRequestDuration, registry, watchDatabase } from './lib/metrics.ts';
import { bearerToken, tokenMatches } from './lib/tokens.ts';
import { isSharedStoreUnavailable, openSharedStore, SessionEpoch } from './lib/shared-store.ts';
import { shareSessionEpoch } from './plumbing/session/service.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/outage.ts';
import { noteCabinetRequest } from './db/turns.ts';
import { sessionPlugin } from './plumbing/session/plugin.ts';
import { readRouting } from './db/read-routing.ts';
import { seedProductSettings } from './money/product.ts';
import { securityGuardPlugin } from './plumbing/session/security-guard.ts';
import { registerModules } from './modules/index.ts';
import { deliveryPlugin } from './delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Set when the process is shutting down: readiness answers 503 from then on. */
    draining: boolean;
    /** `METHOD /path` of every call that needs a signed-in partner (answered 401 before its input is read). */
    signedInRoutes: string[];
  }
  interface FastifyRequest {
    /** The language of this request's answers: X-Localization, else the user's lang, else Accept-Language. */
    lang: LangCode;
  }
  interface FastifyContextConfig {
    /**
     * A state-changing /api/ call that acts on a signed token it carries, never on the session cookie, so it may
     * come from any site (the cross-site check guards the cookie).
     */
    crossSiteAllowed?: boolean;
  }
}

/** An X-Request-Id taken from the caller: short, and nothing a log line could be forged with. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/** How long the readiness probe waits for the database's answer. */
const READY_PROBE_MS = 2_000;
const WEB_DIST = join(import.meta.dirname, '../../web/dist');
const API_BODY_LIMIT = 64 * 1024;

/**
 * The browser API's rate limit (API_RATE_LIMIT_READS and API_RATE_LIMIT_PER_IP, defaults API_RATE_LIMIT): a signed-in
 * partner's reads count per account, everything else per IP address. The sign-in, registration and recovery calls
 * have stricter limits of their own (auth/routes.ts). Static files, the single-page app's pages, the API reference
 * and the token-authenticated ingest and operator APIs are not limited.
 */
export { API_RATE_LIMIT } from './config.ts';

/** The headers helmet sets for these options, computed once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Only the browser API is rate-limited; /api/docs is the API reference (a static page and its files). */
const isRateLimited = (url: string) => url.startsWith('/api/') && !/^\/api\/docs(\/|\?|$)/.test(url);
// request.user is undefined on routes registered before the session plugin (the API reference).
const isSignedInRead = (request: FastifyRequest) => Boolean(request.user) && (request.method === 'GET' || request.method === 'HEAD');

/**
 * Requests whose line is logged at debug, not info: the file hosts' ingest stream (a batch every few seconds),
 * static files and health probes.
 */
const QUIET_REQUEST = /^\/(ingest\/|assets\/|healthz$|readyz$|favicon\.)/;

/** One log line per request, written when it is answered (Fastify's default is two: incoming and completed). */
class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    // A 503 is a refusal the caller retries (ingest is full, the database is away and was logged once): not an error.
    const level = status === 503 ? 'warn' : error || status >= 500 ? 'error' : QUIET_REQUEST.test(request.url) ? 'debug' : 'info';
    const ms = Math.round(reply.elapsedTime);
    reply.log[level]({ req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) }, `${request.method} ${redactUrl(request.url)} ${status} ${ms} ms`);
  }
}

export function localize(lang: LangCode, text: LocalizedText): string {
  const params = { ...text.params };
  if (typeof params.field === 'string') params.field = t(lang, `fields:${params.field}`, { defaultValue: params.field });
  return t(lang, text.key, params);
}

/** The language of a request's answers from its headers (the session hook then prefers the user's own). */
function headerLang(request: FastifyRequest): LangCode {
  const header = request.headers['x-localization'];
  return pickLang(typeof header === 'string' ? header : undefined, request.headers['accept-language']);
}

/**
 * Answers that must never be stored by a browser or a shared cache: every API answer (signed-in data, one-time
 * captcha challenges, the dev mailbox's links). The API reference (/api/docs) is public and keeps its own
 * headers; static files and the app's pages are not affected (decision 0080).
 */
const NO_STORE = /^\/(api|ingest|operator\/v1|dev|webmaster\/v1)(\/|\?|$)/;
const isNoStore = (url: string) => NO_STORE.test(url) && !/^\/api\/docs(\/|\?|$)/.test(url);

/**
 * A signed-in partner's call answers 401 to a request without a live session before its body is read or its input
 * validated: a route guarded by requireUser (or a guard that starts with it) in its preHandler gets the same check
 * as an onRequest hook, which runs before parsing and validation. So an anonymous caller learns nothing of what a
 * call expects. The routes it guards are listed in `app.signedInRoutes` (a test probes every one of them).
 */
function signedInFirst(app: FastifyInstance) {
  const guards = new Set<unknown>([app.requireUser, app.requireProgram, app.requireSecurityCode, app.requireSecurityPassword]);
  app.decorate('signedInRoutes', [] as string[]);
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler].flat().filter(Boolean);
    if (!preHandlers.some((hook) => guards.has(hook))) return;
    route.onRequest = [...[route.onRequest].flat().filter((hook) => hook !== undefined), app.requireUser] as typeof route.onRequest;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.signedInRoutes.push(`${method} ${route.url}`);
  });
}

/** The answer to a call made while the database (or the shared store) is away: 503, localized, with Retry-After. */
const databaseUnavailable = () =>
  new AppError('unavailable', undefined, undefined, undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = request.lang ?? 'en';
  const body: Record<string, unknown> = { code: error.code, message: localize(lang, error.text), ...error.extra };
  if (error.fields) {
    body.errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, texts]) => [field, texts.map((text) => localize(lang, text))]),
    );
  }
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors the router answers before any hook runs: a path that is not valid percent-encoding (`/api/x/%ZZ`) or
 * a path parameter over the router's length limit. Same shape and language as every other error.
 */
function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = headerLang(request);
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(request, reply, new AppError('bad_request', { key: 'errors:bad_url' }));
  request.log.error({ err: error }, 'router error');
  return sendError(request, reply, new AppError('internal'));
}

/**
 * A request Node's HTTP parser refused (malformed request line or headers, headers too large, a timeout):
 * there is no request to read a language from, so the answer is English, in the product's shape.
 */
function clientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'bad_request'] : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'payload_too_large'] : [400, 'bad_request'];
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code, message: t('en', `errors:${code}`) });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes a function of the hop (proxy-addr counts the socket's
 * peer as hop 0, then X-Forwarded-For from the right): Fastify itself trusts nothing for a bare number.
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting;
}

/** JSON lines (production, LOG_FORMAT=json) or one readable line per record (pino-pretty, development). */
async function loggerOptions(config: AppContext['config'], destination?: NodeJS.WritableStream) {
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

export interface BuildOptions {
  /** false: no logger at all (tests, benchmarks). */
  logger?: boolean;
  /** Where log lines go (default: standard output). */
  logDestination?: NodeJS.WritableStream;
  /** The built web app to serve (default web/dist); tests point it at a folder of their own. */
  webDist?: string;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const webDist = opts.webDist ?? WEB_DIST;
  const app = Fastify({
    logger: opts.logger === false ? false : await loggerOptions(ctx.config, opts.logDestination),
    logController: new RequestLog(),
    bodyLimit: API_BODY_LIMIT,
    // false, a hop count or the proxies' addresses: never "every hop" (config.ts, decision 0080).
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    // Each request's id is on every log line of it and in its answer's X-Request-Id: the caller's own id when it
    // sends a well-formed one (a proxy's, to follow a request across services), otherwise a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors: (error, request, reply) => frameworkError(error, request as FastifyRequest, reply as FastifyReply),
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written as built; tests hold each against its contract (lib/answers.ts).
  app.setSerializerCompiler(answerSerializer(ctx.config.NODE_ENV === 'test'));
  app.decorate('ctx', ctx);
  app.decorate('draining', false);
  app.decorate('answerCache', ctx.config.READ_CACHE_MB > 0 ? new AnswerCache(Math.round(ctx.config.READ_CACHE_MB * 1024 * 1024)) : null);
  await seedProductSettings(ctx.database.db);
  app.decorateRequest('lang', 'en');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.lang = headerLang(request);
    // On the embedded database, ingest stores smaller transactions while partners are reading (db/turns.ts).
    if (request.url.startsWith('/api/')) noteCabinetRequest(ctx.database);
  });
  // Added before any route, so it covers every answer: the routes', the error handler's and the 404s.
  app.addHook('onSend', async (request, reply) => {
    if (isNoStore(request.url)) reply.header('cache-control', 'no-store');
    // Shutting down: each answer closes its connection, so a client that keeps one alive with back-to-back requests
    // (a file host's sender) cannot hold the server open; its next request finds the server gone or another process.
    if (app.draining) reply.header('connection', 'close');
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's template, not the path: one series per route, whatever ids the paths carry.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  watchDatabase(ctx.database, ctx.readDatabase);

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = issuesToFieldErrors(error.validation as never);
      return sendError(request, reply, new AppError('validation_failed', undefined, fields));
    }
    const e = error as { statusCode?: number; code?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(request, reply, new AppError('payload_too_large'));
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(request, reply, new AppError('unsupported_media_type'));
    if (e.statusCode === 429) return sendError(request, reply, new AppError('rate_limited'));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return sendError(request, reply, new AppError('bad_request'));
    if (isSharedStoreUnavailable(error)) return sendError(request, reply, databaseUnavailable());
    // The database is away (a restart, a failover): nothing was done; the caller is asked to come back (decision 0170).
    if (isDatabaseUnavailable(error)) {
      ctx.database.outage.report(request.log, error, `${request.method} ${request.routeOptions.url ?? 'request'}`);
      return sendError(request, reply, databaseUnavailable());
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal'));
  });

  // Helmet's headers do not depend on the request: made once (@fastify/helmet builds them anew for every request,
  // a tenth of a kept answer's time) and set on every answer, the error handler's and the 404s included.
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The captcha widget solves its proof of work in a worker made from a blob.
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ctx.config.PROJECT_URL_FD1, ctx.config.PROJECT_URL_FD2],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.PUBLIC_URL.startsWith('https:'),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  await app.register(cookie, { secret: ctx.config.SESSION_SECRET });
  await app.register(formbody, { bodyLimit: API_BODY_LIMIT });
  // Several processes share their limits and sessions' epoch through Redis (decision 0174); one process keeps them.
  const shared = ctx.config.REDIS_URL ? openSharedStore(ctx.config.REDIS_URL, ctx.config.REDIS_KEY_PREFIX, app.log) : null;
  if (shared) {
    shareSessionEpoch(ctx.database.db, new SessionEpoch(shared));
    app.addHook('onClose', () => shared.close());
  }
  await app.register(rateLimit, {
    global: true,
    ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}limits:` } : {}),
    // While the shared store is away the general limits let calls through; those that guard secrets (sign-in, code
    // checks, mailed links) say skipOnError: false and refuse them (503).
    skipOnError: true,
    // The limit runs after the session hook (route hooks follow the app's), so request.user is known here.
    max: (request) => (isSignedInRead(request) ? ctx.config.API_RATE_LIMIT_READS : ctx.config.API_RATE_LIMIT_PER_IP),
    timeWindow: '1 minute',
    // IPv6 addresses count per /64, as the plugin's own key does.
    keyGenerator: (request) => (isSignedInRead(request) ? `user:${request.user!.id}` : `ip:${normalizeIP(request.ip)}`),
    // Server-to-server traffic (the file hosts' ingest stream, the operator API) is token-authenticated and
    // bounded by batch size; static files and the app's pages are never limited (API_RATE_LIMIT).
    allowList: (request) => !isRateLimited(request.url),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, code: 'rate_limited', message: 'rate limited' }),
  });
  // The internal API reference is a development aid: not served in production, and linked from nowhere in the
  // product. Partners have the webmaster API's own document and page (/webmaster/docs, decision 0122).
  if (ctx.config.NODE_ENV !== 'production') {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Partner Cabinet API', version: '1.0.0', description: 'The partner cabinet, ingest and operator APIs.' },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.crossSiteAllowed) return;
    if (isCrossSite(request, ctx.config.PUBLIC_URL)) throw new AppError('cross_site_request');
  });

  // The web app's files, and the compression of the answers of every route added after it (delivery.ts).
  const hasWeb = existsSync(join(webDist, 'index.html'));
  await app.register(deliveryPlugin, { webDist: hasWeb ? webDist : null });

  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  // Prometheus' scrape, behind METRICS_TOKEN (or on METRICS_PORT, main.ts). Decision 0173.
  const metricsToken = ctx.config.METRICS_TOKEN;
  if (metricsToken) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const presented = bearerToken(request);
      if (!presented || !tokenMatches(presented, metricsToken)) throw new AppError('unauthorized');
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    });
  }

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    // Shutting down (SIGTERM): not ready, so the balancer stops sending while what is in flight finishes.
    if (app.draining) return reply.code(503).send({ status: 'shutting down' });
    // A probe is answered within READY_PROBE_MS even when connecting hangs (a network partition, not a refusal).
    const deadline = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout exceeded when trying to connect')), READY_PROBE_MS).unref());
    const ok = await Promise.race([ping(ctx.database), deadline]).catch((error: unknown) => {
      ctx.database.outage.report(request.log, error, 'readiness probe');
      return false;
    });
    if (ok) ctx.database.outage.recovered(request.log);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unavailable' });
  });

  await app.register(sessionPlugin);
  await app.register(readRouting);
  await app.register(securityGuardPlugin);
  signedInFirst(app);
  await registerModules(app);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = /^\/(api|ingest|operator\/v1|webmaster\/v1)(\/|\?|$)/.test(request.url);
    // A missing build file (an older deployment's chunk) is a 404, not the app's page under a script's name.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && request.method === 'GET') {
      // The operator console's pages (/operator and below, but its API /operator/v1) are its own bundle's shell, never
      // the partner app's (decision 0161). Compressed, no-cache and with its ETag, as every HTML shell of the build
      // (delivery.ts).
      const shell = /^\/operator(\/|\?|$)/.test(request.url) ? 'operator.html' : 'index.html';
      if (hasWeb) return reply.type('text/html; charset=utf-8').sendFile(shell);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          ctx.config.NODE_ENV === 'production'
            ? '<!doctype html><title>Partner Cabinet</title><h1>Partner Cabinet API server</h1>'
            : '<!doctype html><title>Partner Cabinet</title><h1>Partner Cabinet API server</h1><p>The API is at <a href="/api/docs">/api/docs</a>.</p>',
        );
    }
    return sendError(request, reply, new AppError('not_found'));
  });

  return app;
}
