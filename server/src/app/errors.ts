import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LangCode } from '@pc/core';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/outage.ts';
import { AppError, type LocalizedText } from '../lib/errors.ts';
import { t } from '../lib/i18n.ts';
import { isSharedStoreUnavailable } from '../lib/shared-store.ts';
import { issuesToFieldErrors } from '../lib/validation.ts';
import { headerLang } from './language.ts';

/**
 * Every error answer has one shape, `{ code, message, errors?, ...extra }`, in the request's language (decision
 * 0080): the routes' AppErrors, failed validation, the framework's and the HTTP parser's refusals, the 404s.
 */

export function localize(lang: LangCode, text: LocalizedText): string {
  const params = { ...text.params };
  if (typeof params.field === 'string') params.field = t(lang, `fields:${params.field}`, { defaultValue: params.field });
  return t(lang, text.key, params);
}

/** The answer to a call made while the database (or the shared store) is away: 503, localized, with Retry-After. */
const databaseUnavailable = () =>
  new AppError('unavailable', undefined, undefined, undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
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

/** An API's answer to a path it has no route for. */
export const notFound = async (request: FastifyRequest, reply: FastifyReply) => sendError(request, reply, new AppError('not_found'));

/**
 * Errors the router answers before any hook runs (Fastify's frameworkErrors): a path that is not valid
 * percent-encoding (`/api/x/%ZZ`) or a path parameter over the router's length limit. Same shape and language as
 * every other error.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = headerLang(request);
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(request, reply, new AppError('bad_request', { key: 'errors:bad_url' }));
  request.log.error({ err: error }, 'router error');
  return sendError(request, reply, new AppError('internal'));
}

/**
 * A request Node's HTTP parser refused (malformed request line or headers, headers too large, a timeout; Fastify's
 * clientErrorHandler): there is no request to read a language from, so the answer is English, in the product's shape.
 */
export function clientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex) {
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

/** The app's error handler: every error a route or hook throws becomes an answer of that shape. */
export const errorAnswers = fp(async (app) => {
  const { database } = app.ctx;
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
      database.outage.report(request.log, error, `${request.method} ${request.routeOptions.url ?? 'request'}`);
      return sendError(request, reply, databaseUnavailable());
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal'));
  });
});
