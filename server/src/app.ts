import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { answerSerializer } from './lib/answers.ts';
import { openSharedStore, SessionEpoch } from './lib/shared-store.ts';
import { readRouting } from './db/read-routing.ts';
import { seedProductSettings } from './money/product.ts';
import { AnswerCache } from './plumbing/read-cache.ts';
import { shareSessionEpoch } from './plumbing/session/service.ts';
import { sessionPlugin } from './plumbing/session/plugin.ts';
import { securityGuardPlugin } from './plumbing/session/security-guard.ts';
import { serviceModules } from './modules/index.ts';
import { apiDocs } from './app/api-docs.ts';
import { apiScope } from './app/api-scope.ts';
import { clientError, errorAnswers, frameworkError } from './app/errors.ts';
import { healthRoutes, operations } from './app/health.ts';
import { language } from './app/language.ts';
import { loggerOptions, requestId, requestIdHeader, RequestLog } from './app/logging.ts';
import { serviceNoStore } from './app/no-store.ts';
import { rateLimits } from './app/rate-limits.ts';
import { securityHeaders } from './app/security-headers.ts';
import { pageFallback, WEB_DIST, webFiles } from './app/web.ts';

/**
 * The server, composed of Fastify plugins, one concern each (server/src/app/): what every request gets, then the
 * routes, then the single-page app's fallback. docs/architecture.md ("A partner request") tells the same story.
 */

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export { localize } from './app/errors.ts';
/** The browser API's rate limit (app/rate-limits.ts). */
export { API_RATE_LIMIT } from './config.ts';

const API_BODY_LIMIT = 64 * 1024;

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes a function of the hop (proxy-addr counts the socket's
 * peer as hop 0, then X-Forwarded-For from the right): Fastify itself trusts nothing for a bare number.
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting;
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
    // One line per request, when it is answered (app/logging.ts).
    logController: new RequestLog(),
    bodyLimit: API_BODY_LIMIT,
    // false, a hop count or the proxies' addresses: never "every hop" (config.ts, decision 0080).
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: requestId,
    frameworkErrors: (error, request, reply) => frameworkError(error, request as FastifyRequest, reply as FastifyReply),
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written as built; tests hold each against its contract (lib/answers.ts).
  app.setSerializerCompiler(answerSerializer(ctx.config.NODE_ENV === 'test'));
  app.decorate('ctx', ctx);
  app.decorate('answerCache', ctx.config.READ_CACHE_MB > 0 ? new AnswerCache(Math.round(ctx.config.READ_CACHE_MB * 1024 * 1024)) : null);
  app.decorate('signedInRoutes', [] as string[]);
  await seedProductSettings(ctx.database.db);

  // What every request gets, in this order, whichever route answers it (404s and errors included).
  await app.register(requestIdHeader);
  await app.register(language);
  await app.register(serviceNoStore);
  await app.register(operations);
  await app.register(errorAnswers);
  await app.register(securityHeaders);
  await app.register(cookie, { secret: ctx.config.SESSION_SECRET });
  await app.register(formbody, { bodyLimit: API_BODY_LIMIT });
  // Several processes share their limits and sessions' epoch through Redis (decision 0174); one process keeps them.
  const shared = ctx.config.REDIS_URL ? openSharedStore(ctx.config.REDIS_URL, ctx.config.REDIS_KEY_PREFIX, app.log) : null;
  if (shared) {
    shareSessionEpoch(ctx.database.db, new SessionEpoch(shared));
    app.addHook('onClose', () => shared.close());
  }
  await app.register(rateLimits, { shared });
  await app.register(apiDocs);
  // The web app's files, and the compression of every route's answers registered after it.
  await app.register(webFiles, { webDist });
  await app.register(healthRoutes);

  // The session's decorators (requireUser, signIn, ...), where figure reads go, the security guards.
  await app.register(sessionPlugin);
  await app.register(readRouting);
  await app.register(securityGuardPlugin);

  // The routes: the partner API in its scope (session, cross-site check, no-store, limits), then the others.
  await app.register(apiScope, { prefix: '/api' });
  await serviceModules(app);

  // Any other GET is a page of the single-page app.
  await app.register(pageFallback, { webDist });
  return app;
}
