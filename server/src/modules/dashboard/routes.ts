import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DASHBOARD_PATHS as P,
  earningsByDayAnswer,
  earningsByDayQuery,
  earningsByMonthAnswer,
  emptyQuery,
  infoBlocksAnswer,
  infoBlocksQuery,
  infoBlocksTodayQuery,
  storagePeriodAnswer,
  unlimitedHistoryAnswer,
  unusedFilesAnswer,
} from '@pc/core';
import { currentUser, keepSessionLookups } from '../../plumbing/session/plugin.ts';
import * as dashboard from './service.ts';

/** GET calls of the dashboard: the signed-in partner's own figures across both projects. */
export async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Figure reads: their session lookups may be kept for a few seconds (decision 0093).
  keepSessionLookups(app);
  const { clock } = app.ctx;
  const tags = ['dashboard'];
  const opts = { preHandler: app.requireUser };

  app.get(P.earningsByMonth, { ...opts, schema: { tags, querystring: emptyQuery, response: { 200: earningsByMonthAnswer } } }, async (request) =>
    dashboard.earningsByMonth(request.figures, currentUser(request).id, clock.now()),
  );
  app.get(P.earningsByDay, { ...opts, schema: { tags, querystring: earningsByDayQuery, response: { 200: earningsByDayAnswer } } }, async (request) =>
    dashboard.earningsByDay(request.figures, currentUser(request).id, request.query, clock.now()),
  );
  app.get(P.infoBlocks, { ...opts, schema: { tags, querystring: infoBlocksQuery, response: { 200: infoBlocksAnswer } } }, async (request) =>
    dashboard.infoBlocks(request.figures, currentUser(request).id, request.query.period, clock.now()),
  );
  app.get(P.infoBlocksToday, { ...opts, schema: { tags, querystring: infoBlocksTodayQuery, response: { 200: infoBlocksAnswer } } }, async (request) =>
    dashboard.infoBlocks(request.figures, currentUser(request).id, 'today', clock.now()),
  );
  app.get(P.storagePeriod, { ...opts, schema: { tags, querystring: emptyQuery, response: { 200: storagePeriodAnswer } } }, async (request) =>
    dashboard.storagePeriod(request.figures, currentUser(request).id, clock.now()),
  );
  app.get(
    P.unlimitedActivationHistory,
    { ...opts, schema: { tags, querystring: emptyQuery, response: { 200: unlimitedHistoryAnswer } } },
    async (request) => dashboard.unlimitedHistory(request.figures, currentUser(request).id),
  );
  app.get(P.unusedFiles, { ...opts, schema: { tags, querystring: emptyQuery, response: { 200: unusedFilesAnswer } } }, async (request) =>
    dashboard.unusedFiles(request.figures, currentUser(request).id, clock.now()),
  );
}
