import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLANS_PATHS,
  changePlanBody,
  freeDownloadsBody,
  plansAnswer,
  plansQuery,
  plansWriteAnswer,
  priceVariationsBody,
  simulationAnswer,
} from '@pc/core';
import { loadProduct } from '../../money/product.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { cancelPlanChange, changePlan, plansState, saveFreeDownloads, savePriceVariations, simulation } from './service.ts';

/**
 * The rate plans page of a project (issue #11, decision 0140), for the signed-in partner with the project's programme
 * active (app.requireProgram): GET /rates, POST /rates {plan}, DELETE /rates/next, POST /rates/free-downloads, POST
 * /rates/price-variations, GET /rates/simulation. Bad input answers 422 and changes nothing.
 */
export async function plansRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const tags = ['rates'];

  app.get(
    PLANS_PATHS.rates,
    {
      preHandler: app.requireProgram,
      schema: { tags, summary: 'The plan in force, the plan from the next day, when a change is possible, the history, free-download settings and price variations', querystring: plansQuery, response: { 200: plansAnswer } },
    },
    async (request) => plansState(database.db, currentUser(request).id, request.query.app, clock.now(), await loadProduct(database.db)),
  );

  app.post(
    PLANS_PATHS.rates,
    {
      preHandler: app.requireProgram,
      schema: { tags, summary: 'Chooses the plan applying from the next day (once per 7 days)', querystring: plansQuery, body: changePlanBody, response: { 200: plansWriteAnswer } },
    },
    async (request) => ({
      success: true as const,
      ...(await changePlan(database, currentUser(request).id, request.query.app, request.body.plan, clock.now(), request.lang)),
    }),
  );

  app.delete(
    PLANS_PATHS.next,
    {
      preHandler: app.requireProgram,
      schema: {
        tags,
        summary: 'Takes back the plan change that has not started yet, keeping the plan in force',
        description: 'Refused (422) with nothing scheduled, and in the last minutes before the change starts. The wait between changes then counts from the choice before.',
        querystring: plansQuery,
        response: { 200: plansWriteAnswer },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await cancelPlanChange(database, currentUser(request).id, request.query.app, clock.now(), request.lang)),
    }),
  );

  app.post(
    PLANS_PATHS.freeDownloads,
    {
      preHandler: app.requireProgram,
      schema: { tags, summary: 'Saves the free-download settings (PPS only)', querystring: plansQuery, body: freeDownloadsBody, response: { 200: plansWriteAnswer } },
    },
    async (request) => ({
      success: true as const,
      ...(await saveFreeDownloads(database, currentUser(request).id, request.query.app, request.body, clock.now(), request.lang)),
    }),
  );

  app.post(
    PLANS_PATHS.priceVariations,
    {
      preHandler: app.requireProgram,
      schema: { tags, summary: 'Saves the custom premium price variations picked from the project’s list', querystring: plansQuery, body: priceVariationsBody, response: { 200: plansWriteAnswer } },
    },
    async (request) => ({
      success: true as const,
      ...(await savePriceVariations(database, currentUser(request).id, request.query.app, request.body.selected, clock.now(), request.lang)),
    }),
  );

  app.get(
    PLANS_PATHS.simulation,
    {
      preHandler: app.requireProgram,
      schema: { tags, summary: 'What each plan would have paid for the last 30 days of the partner’s traffic', querystring: plansQuery, response: { 200: simulationAnswer } },
    },
    async (request) => simulation(database, currentUser(request).id, request.query.app, clock.now()),
  );
}
