import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STATISTICS_PATHS as P,
  detailedAnswer,
  detailedBaseQuery,
  detailedCountriesAnswer,
  detailedCountriesQuery,
  detailedTodayAnswer,
  detailedTodayQuery,
  filesAnswer,
  filesQuery,
  salesAnswer,
  salesQuery,
  sourcesBaseAnswer,
  sourcesBaseQuery,
  sourcesDetailsAnswer,
  sourcesDetailsQuery,
  videosStatAnswer,
  videosStatQuery,
  videosTodayAnswer,
  videosTodayQuery,
} from '@pc/core';
import { keepUntil, keptAnswers } from '../../plumbing/read-cache.ts';
import { currentUser, keepSessionLookups } from '../../plumbing/session/plugin.ts';
import * as stats from './service.ts';

/** GET calls of the statistics and video screens: the signed-in partner's own data in one activated project (app.requireProgram). */
export async function statisticsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Figure reads: their session lookups may be kept for a few seconds (decision 0093).
  keepSessionLookups(app);
  const { clock } = app.ctx;
  const tags = ['statistics'];
  // Kept until the partner's figures move (decision 0093).
  const kept = keptAnswers(app);
  /** The partner and "now" (app.requireProgram has checked that the project's programme is active for them). */
  const partner = (request: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(request).id, now: clock.now() });

  app.get(P.sourcesBase, { ...kept, schema: { tags, querystring: sourcesBaseQuery, response: { 200: sourcesBaseAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.sourcesBase(request.figures, userId, request.query, now);
  });

  app.get(P.sourcesDetails, { ...kept, schema: { tags, querystring: sourcesDetailsQuery, response: { 200: sourcesDetailsAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.sourcesDetails(request.figures, userId, request.query, now);
  });

  app.get(P.sales, { ...kept, schema: { tags, querystring: salesQuery, response: { 200: salesAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.sales(request.figures, userId, request.query, now);
  });

  // The file lists are kept too, each only until the first of its hints turns by the clock (decision 0211).
  app.get(P.files, { ...kept, schema: { tags, querystring: filesQuery, response: { 200: filesAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.files(request.figures, userId, request.query, now, 'file', (at) => keepUntil(request, at));
  });

  app.get(P.filesCopies, { ...kept, schema: { tags, querystring: filesQuery, response: { 200: filesAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.files(request.figures, userId, request.query, now, 'copy', (at) => keepUntil(request, at));
  });

  app.get(P.detailedToday, { ...kept, schema: { tags, querystring: detailedTodayQuery, response: { 200: detailedTodayAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.detailedToday(request.figures, userId, request.query.app, now, request.query.sub_id);
  });

  app.get(P.detailedBase, { ...kept, schema: { tags, querystring: detailedBaseQuery, response: { 200: detailedAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.detailedBase(request.figures, userId, request.query, now);
  });

  app.get(
    P.detailedCountries,
    { ...kept, schema: { tags, querystring: detailedCountriesQuery, response: { 200: detailedCountriesAnswer } } },
    async (request) => {
      const { userId } = partner(request);
      return stats.detailedCountries(request.figures, userId, request.query.app, request.query.date, request.query.sub_id);
    },
  );

  app.get(P.videosStat, { ...kept, schema: { tags: ['videos'], querystring: videosStatQuery, response: { 200: videosStatAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.videosStat(request.figures, userId, request.query, now);
  });

  app.get(P.videosToday, { ...kept, schema: { tags: ['videos'], querystring: videosTodayQuery, response: { 200: videosTodayAnswer } } }, async (request) => {
    const { userId, now } = partner(request);
    return stats.videosToday(request.figures, userId, request.query.app, request.query.player_type, now, request.query.sub_id);
  });
}
