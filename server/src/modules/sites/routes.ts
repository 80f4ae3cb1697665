import type { FastifyInstance } from 'fastify';

/** The site referrals calls (issue #11): GET/POST /api/sites?app=, POST /api/sites/{id}/verify, DELETE /api/sites/{id}. */
export async function sitesRoutes(parent: FastifyInstance) {
  void parent;
}
