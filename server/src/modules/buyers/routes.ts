import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BUYERS_PATHS, buyersAnswer, buyersQuery, cohortsAnswer, cohortsQuery } from '@pc/core';
import { currentUser } from '../../plumbing/session/plugin.ts';
import * as service from './service.ts';

/**
 * GET /buyers and /buyers/cohorts: the signed-in partner's premium buyers in one activated project, and their
 * cohorts by the month of the first purchase (decision 0201). 401 comes before validation (preValidation), 403
 * for a programme not activated after it (requireProgram reads the validated `app`).
 */
export async function buyersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.ctx;
  const tags = ['buyers'];
  const guards = { preValidation: app.requireUser, preHandler: app.requireProgram };

  app.get(
    BUYERS_PATHS.buyers,
    { ...guards, schema: { tags, summary: 'Premium buyers of the partner’s sales (last 24 months)', querystring: buyersQuery, response: { 200: buyersAnswer } } },
    async (request) => service.buyers(request.figures, currentUser(request).id, request.query.app, clock.now()),
  );

  app.get(
    BUYERS_PATHS.cohorts,
    { ...guards, schema: { tags, summary: 'Buyers by the month of their first purchase: rebills and earnings per buyer by month', querystring: cohortsQuery, response: { 200: cohortsAnswer } } },
    async (request) => service.cohorts(request.figures, currentUser(request).id, request.query.app, clock.now()),
  );
}
