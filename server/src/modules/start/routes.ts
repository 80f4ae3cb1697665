import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { START_PATHS, startAnswer } from '@pc/core';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { dismissStartBanner, startSteps } from './service.ts';

/**
 * GET /api/start: the signed-in partner's get-started steps, derived from their real state (issue #11), and whether
 * the dashboard shows the get-started banner; POST /api/start/banner/dismiss hides that banner for good (decision 0135).
 */
export async function startRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    START_PATHS.start,
    { preHandler: app.requireUser, schema: { tags: ['start'], summary: 'The get-started steps and how many are done', response: { 200: startAnswer } } },
    async (request) => startSteps(ctx.database, currentUser(request).id),
  );

  app.post(
    START_PATHS.dismissBanner,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['start'],
        summary: 'Hide the get-started banner for good',
        description: 'No body. Idempotent: the first dismissal is kept. Answers the steps as GET /api/start does, the banner now off.',
        response: { 200: startAnswer },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await dismissStartBanner(ctx.database, id, ctx.clock.now());
      return startSteps(ctx.database, id);
    },
  );
}
