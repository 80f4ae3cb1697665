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
import { keptAnswers } from '../../plumbing/read-cache.ts';
import { currentUser, keepSessionLookups } from '../../plumbing/session/plugin.ts';
import * as earnings from './service.ts';

/** GET calls of the earnings page: the signed-in partner's own figures in one activated project (app.requireProgram). */
export async function earningsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Figure reads: their session lookups may be kept for a few seconds (decision 0093).
  keepSessionLookups(app);
  const { clock } = app.ctx;
  const tags = ['earnings'];
  // The page's answers are kept until the partner's figures move (decision 0093).
  const kept = keptAnswers(app);

  app.get(P.stat, { ...kept, schema: { tags, querystring: earningsStatQuery, response: { 200: earningsStatAnswer } } }, async (request) =>
    earnings.earningsStat(request.figures, currentUser(request).id, request.query, clock.now()),
  );

  app.get(P.today, { ...kept, schema: { tags, querystring: earningsTodayQuery, response: { 200: earningsTodayAnswer } } }, async (request) =>
    earnings.earningsToday(request.figures, currentUser(request).id, request.query.app, clock.now()),
  );

  app.get(P.goldStatus, { ...kept, schema: { tags, querystring: goldStatusQuery, response: { 200: goldStatusAnswer } } }, async (request) =>
    earnings.goldStatus(request.figures, currentUser(request).id, request.query.app, clock.now()),
  );
}
