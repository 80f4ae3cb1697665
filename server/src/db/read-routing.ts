import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './client.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's figure reads go: the replica, or the primary (decision 0175). */
    figures: Database;
  }
}

/** The cookie that sends a partner's figure reads to the primary for a while after a write of theirs. */
export const FRESH_COOKIE = 'pc_fresh';

/**
 * Partners' figure reads (statistics, earnings, dashboard: routes that read `request.figures`) go to the streaming
 * replica when there is one (DATABASE_READ_URL), which takes their load off the primary. A replica lags the primary
 * by a moment, so a partner who has just acted reads their own writes: any write call of a signed-in partner sets
 * a short-lived cookie (READ_YOUR_WRITES_SECONDS) under which their reads go to the primary, whichever process
 * answers them. Everything else, writes above all, uses the primary.
 */
export const readRouting = fp(async (app: FastifyInstance) => {
  const { database, readDatabase, config } = app.ctx;
  app.decorateRequest('figures', null as unknown as Database);
  const secure = config.PUBLIC_URL.startsWith('https:');
  const freshMs = config.READ_YOUR_WRITES_SECONDS * 1000;
  const isFresh = (request: FastifyRequest) => {
    const until = Number(request.cookies[FRESH_COOKIE]);
    return Number.isFinite(until) && until > Date.now();
  };
  app.addHook('onRequest', async (request) => {
    request.figures = readDatabase && request.method === 'GET' && !isFresh(request) ? readDatabase : database;
  });
  if (!readDatabase || freshMs === 0) return;
  app.addHook('onSend', async (request, reply) => {
    // request.user is set only in the partner API's scope (its session lookup, app/api-scope.ts).
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') {
      reply.setCookie(FRESH_COOKIE, String(Date.now() + freshMs), { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: config.READ_YOUR_WRITES_SECONDS });
    }
  });
});
