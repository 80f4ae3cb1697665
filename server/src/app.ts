import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { pickLang, type LangCode } from '@pc/core';
import type { AppContext } from './context.ts';
import { AppError, type LocalizedText } from './lib/errors.ts';
import { t } from './lib/i18n.ts';
import { issuesToFieldErrors } from './lib/validation.ts';
import { ping } from './db/client.ts';
import { sessionPlugin } from './modules/session/plugin.ts';
import { registerModules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The language of this request's answers: X-Localization, else the user's lang, else Accept-Language. */
    lang: LangCode;
  }
}

const WEB_DIST = join(import.meta.dirname, '../../web/dist');
const API_BODY_LIMIT = 64 * 1024;

export function localize(lang: LangCode, text: LocalizedText): string {
  const params = { ...text.params };
  if (typeof params.field === 'string') params.field = t(lang, `fields:${params.field}`, { defaultValue: params.field });
  return t(lang, text.key, params);
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = request.lang ?? 'en';
  const body: Record<string, unknown> = { code: error.code, message: localize(lang, error.text), ...error.extra };
  if (error.fields) {
    body.errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, texts]) => [field, texts.map((text) => localize(lang, text))]),
    );
  }
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/** Refuses state-changing requests that a browser sent from another site (the session cookie rides along). */
function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const host = request.headers.host;
  const allowed = new Set([new URL(publicUrl).origin, `http://${host}`, `https://${host}`]);
  return !allowed.has(origin);
}

export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: API_BODY_LIMIT,
    trustProxy: ctx.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('lang', 'en');

  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-localization'];
    request.lang = pickLang(typeof header === 'string' ? header : undefined, request.headers['accept-language']);
  });

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
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal'));
  });

  await app.register(helmet, {
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
  await app.register(cookie, { secret: ctx.config.SESSION_SECRET });
  await app.register(formbody, { bodyLimit: API_BODY_LIMIT });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    // Server-to-server traffic (the file hosts' ingest stream, the operator API) is token-authenticated and
    // bounded by batch size; the per-IP limit is for browsers.
    allowList: (request) => /^\/(ingest|operator)\/|^\/(healthz|readyz)$/.test(request.url),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, code: 'rate_limited', message: 'rate limited' }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Partner Cabinet API', version: '1.0.0', description: 'The partner cabinet, ingest and operator APIs.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (!request.url.startsWith('/api/')) return;
    if (isCrossSite(request, ctx.config.PUBLIC_URL)) throw new AppError('cross_site_request');
  });

  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await ping(ctx.database).catch(() => false);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unavailable' });
  });

  await app.register(sessionPlugin);
  await registerModules(app);

  const hasWeb = existsSync(join(WEB_DIST, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = /^\/(api|ingest|operator)(\/|$)/.test(request.url);
    if (!isApi && request.method === 'GET') {
      if (hasWeb) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Partner Cabinet</title><h1>Partner Cabinet API server</h1><p>The API is at <a href="/api/docs">/api/docs</a>.</p>');
    }
    return sendError(request, reply, new AppError('not_found'));
  });

  return app;
}
