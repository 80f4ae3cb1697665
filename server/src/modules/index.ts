import type { FastifyInstance } from 'fastify';
import { ingestRoutes } from '../ingest/routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { earningsRoutes } from './earnings/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';

/**
 * Every feature module is registered here, and only here: features do not import each other.
 * Partner-facing modules live under /api; the file hosts' ingest and the operator API under their own prefixes.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(
    async (api) => {
      // feature modules: one line each
      await api.register(statisticsRoutes);
      await api.register(earningsRoutes);
      await api.register(dashboardRoutes);
    },
    { prefix: '/api' },
  );
  // The file hosts' event feed, authenticated by its own bearer tokens.
  await app.register(ingestRoutes);
}
