import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ping } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { httpRequestDuration, registry, watchDatabase } from '../lib/metrics.ts';
import { bearerToken, tokenMatches } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process is shutting down: readiness answers 503 from then on. */
    draining: boolean;
  }
}

/** How long the readiness probe waits for the database's answer. */
const READY_PROBE_MS = 2_000;

/**
 * What watches the process from outside: the request-duration histogram and the database gauges behind /metrics
 * (Prometheus, decision 0173), and the draining flag that shutdown sets (main.ts).
 */
export const operations = fp(async (app) => {
  const { database, readDatabase } = app.ctx;
  app.decorate('draining', false);
  // Shutting down: each answer closes its connection, so a client that keeps one alive with back-to-back requests
  // (a file host's sender) cannot hold the server open; its next request finds the server gone or another process.
  app.addHook('onSend', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's template, not the path: one series per route, whatever ids the paths carry.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  watchDatabase(database, readDatabase);
});

/** Liveness (/healthz), readiness (/readyz: the database answers, and not draining) and Prometheus' scrape (/metrics). */
export async function healthRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  // Prometheus' scrape, behind METRICS_TOKEN (or on METRICS_PORT, main.ts). Decision 0173.
  const metricsToken = config.METRICS_TOKEN;
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
    const ok = await Promise.race([ping(database), deadline]).catch((error: unknown) => {
      database.outage.report(request.log, error, 'readiness probe');
      return false;
    });
    if (ok) database.outage.recovered(request.log);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unavailable' });
  });
}
