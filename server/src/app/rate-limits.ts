import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { SharedStore } from '../lib/shared-store.ts';

/**
 * The browser API's rate limit (API_RATE_LIMIT_READS and API_RATE_LIMIT_PER_IP, defaults API_RATE_LIMIT in
 * config.ts): a signed-in partner's reads count per account, everything else per IP address. Calls that check a
 * password or send mail say stricter limits of their own in `config.rateLimit` (plumbing/rate-limits.ts); the
 * operator's sign-in does too. Static files, the single-page app's pages, the API reference and the
 * token-authenticated ingest and operator APIs are not limited: only the partner API's scope takes apiRateLimit.
 */

const isSignedInRead = (request: FastifyRequest) => Boolean(request.user) && (request.method === 'GET' || request.method === 'HEAD');

/**
 * @fastify/rate-limit on the whole app, so that any route may say `config.rateLimit`; a route that says nothing is
 * not limited, unless its scope takes apiRateLimit. Several processes share the counters through Redis (decision
 * 0174); one process keeps them.
 */
export const rateLimits = fp(async (app, opts: { shared: SharedStore | null }) => {
  const { config } = app.ctx;
  const { shared } = opts;
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}limits:` } : {}),
    // While the shared store is away the general limits let calls through; those that guard secrets (sign-in, code
    // checks, mailed links) say skipOnError: false and refuse them (503).
    skipOnError: true,
    // The limit runs after the scope's hooks, the session lookup among them (it is a route hook), so request.user is
    // known here.
    max: (request) => (isSignedInRead(request) ? config.API_RATE_LIMIT_READS : config.API_RATE_LIMIT_PER_IP),
    timeWindow: '1 minute',
    // IPv6 addresses count per /64, as the plugin's own key does.
    keyGenerator: (request) => (isSignedInRead(request) ? `user:${request.user!.id}` : `ip:${normalizeIP(request.ip)}`),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, code: 'rate_limited', message: 'rate limited' }),
  });
});

/**
 * Every route of the scope it is registered in that says no `config.rateLimit` of its own takes the general limit,
 * as a route hook: after the scope's hooks, and only on routes (a 404 is not counted), as @fastify/rate-limit's
 * `global` would. Registered before any route of the scope (and before signedInFirst, so that an anonymous call
 * to a signed-in route is counted before its 401).
 */
export const apiRateLimit = fp(async (app) => {
  const limit = app.rateLimit() as onRequestHookHandler;
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit != null) return;
    route.onRequest = [...[route.onRequest].flat().filter((hook) => hook !== undefined), limit] as typeof route.onRequest;
  });
});
