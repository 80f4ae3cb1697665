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
import { keptAnswers } from '../../plumbing/read-cache.ts';
import * as dashboard from './service.ts';

/** GET calls of the dashboard: the signed-in partner's own figures across both projects. */
export async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Figure reads: their session lookups may be kept for a few seconds (decision 0093).
  keepSessionLookups(app);
  const { clock } = app.ctx;
  const tags = ['dashboard'];
  const opts = { preHandler: app.requireUser };
  // The earnings by month and by day are sums of the partner's figures (rollups, ledger, storage days) by the day:
  // kept until those move (decision 0093). The other calls read payouts, programmes and unlimited periods, which no
  // generation follows, or turn with the hour (holds, unused files): computed every time.
  const kept = keptAnswers(app, { scope: 'partner' });

  app.get(P.earningsByMonth, { ...kept, schema: { tags, querystring: emptyQuery, response: { 200: earningsByMonthAnswer } } }, async (request) =>
    dashboard.earningsByMonth(request.figures, currentUser(request).id, clock.now()),
  );
  app.get(P.earningsByDay, { ...kept, schema: { tags, querystring: earningsByDayQuery, response: { 200: earningsByDayAnswer } } }, async (request) =>
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
