import type { FastifyInstance } from 'fastify';

/**
 * Every feature module is registered here, and only here: features do not import each other.
 * Partner-facing modules live under /api; the file hosts' ingest and the operator API under their own prefixes.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(
    async (api) => {
      // feature modules: one line each
    },
    { prefix: '/api' },
  );
}
