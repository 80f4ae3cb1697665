import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { activateProgramAnswer, activateProgramBody, DEFAULT_PRODUCT } from '@pc/core';
import { partnerPlans, partnerPrograms } from '../../db/schema/index.ts';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../session/plugin.ts';

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
      const user = currentUser(request);
      const project = request.body.pid;
      const now = ctx.clock.now();
      const created = await ctx.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(partnerPrograms)
          .values({ userId: user.id, project, activatedAt: now })
          .onConflictDoNothing()
          .returning({ appUserId: partnerPrograms.appUserId });
        if (!row) return null;
        // The default plan applies from the moment of activation.
        await tx.insert(partnerPlans).values({ userId: user.id, project, plan: DEFAULT_PRODUCT.defaultPlan, effectiveFrom: now, chosenAt: now });
        return row;
      });
      if (created) return { success: true, message: t(request.lang, 'errors:success.program_activated'), user_id: created.appUserId };
      const [existing] = await ctx.database.db
        .select({ appUserId: partnerPrograms.appUserId })
        .from(partnerPrograms)
        .where(and(eq(partnerPrograms.userId, user.id), eq(partnerPrograms.project, project)))
        .limit(1);
      return { success: false, message: t(request.lang, 'errors:program_already_active'), user_id: existing!.appUserId };
    },
  );
}
