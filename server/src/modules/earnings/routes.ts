import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EARNINGS_PATHS as P,
  earningsStatAnswer,
  earningsStatQuery,
  earningsTodayAnswer,
  earningsTodayQuery,
  goldStatusAnswer,
  goldStatusQuery,
} from '@pc/core';
import { currentUser } from '../session/plugin.ts';
import { requireProgram } from './access.ts';
import * as earnings from './service.ts';

/** GET calls of the earnings page: the signed-in partner's own figures in one activated project. */
export async function earningsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const tags = ['earnings'];
  const opts = { preHandler: app.requireUser };

  app.get(P.stat, { ...opts, schema: { tags, querystring: earningsStatQuery, response: { 200: earningsStatAnswer } } }, async (request) => {
    const user = currentUser(request);
    await requireProgram(database, user.id, request.query.app);
    return earnings.earningsStat(database, user.id, request.query, clock.now());
  });

  app.get(P.today, { ...opts, schema: { tags, querystring: earningsTodayQuery, response: { 200: earningsTodayAnswer } } }, async (request) => {
    const user = currentUser(request);
    await requireProgram(database, user.id, request.query.app);
    return earnings.earningsToday(database, user.id, request.query.app, clock.now());
  });

  app.get(P.goldStatus, { ...opts, schema: { tags, querystring: goldStatusQuery, response: { 200: goldStatusAnswer } } }, async (request) => {
    const user = currentUser(request);
    await requireProgram(database, user.id, request.query.app);
    return earnings.goldStatus(database, user.id, request.query.app, clock.now());
  });
}
