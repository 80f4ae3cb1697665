import type { FastifyInstance } from 'fastify';

/** The rate plans calls (issue #11): GET/POST /api/rates?app=. */
export async function plansRoutes(parent: FastifyInstance) {
  void parent;
}
