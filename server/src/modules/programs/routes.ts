import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activateProgramAnswer, activateProgramBody } from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { activateProgram } from './service.ts';

export async function programRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/activate-program',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['programs'],
        summary: "Activate the affiliate programme of a project; answers the partner's id there",
        body: activateProgramBody,
        response: { 200: activateProgramAnswer },
      },
    },
    async (request) => {
      const { created, appUserId } = await activateProgram(ctx.database.db, currentUser(request).id, request.body.pid, ctx.clock.now());
      const message = t(request.lang, created ? 'errors:success.program_activated' : 'errors:program_already_active');
      return { success: created, message, user_id: appUserId };
    },
  );
}
