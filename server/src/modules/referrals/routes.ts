import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REFERRALS_PATHS, referralsAnswer, referralsQuery } from '@pc/core';
import { loadProduct } from '../../money/product.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { listReferrals } from './service.ts';

/** GET /referrals: the signed-in partner's invited partners and commissions in one activated project (issue #11). */
export async function referralsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;

  app.get(
    REFERRALS_PATHS.list,
    {
      preHandler: app.requireProgram,
      schema: { tags: ['referrals'], summary: 'Invited partners (two levels), the invite link and the commissions earned', querystring: referralsQuery, response: { 200: referralsAnswer } },
    },
    async (request) => {
      const { app: project, page, per_page, sort_key, sort_dir } = request.query;
      const product = await loadProduct(database.db);
      return listReferrals(database, currentUser(request).id, project, { page, per_page, sort_key, sort_dir }, clock.now(), product, config.PUBLIC_URL);
    },
  );
}
