import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { START_PATHS, startAnswer } from '@pc/core';
import { currentUser } from '../session/plugin.ts';
import { startSteps } from './service.ts';

/** GET /api/start: the signed-in partner's get-started steps, derived from their real state (issue #11). */
export async function startRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    START_PATHS.start,
    { preHandler: app.requireUser, schema: { tags: ['start'], summary: 'The get-started steps and how many are done', response: { 200: startAnswer } } },
    async (request) => startSteps(ctx.database, currentUser(request).id),
  );
}
