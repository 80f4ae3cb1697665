import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TAGS_PATHS as P, tagDaysAnswer, tagDaysQuery, tagsAnswer, tagsQuery } from '@pc/core';
import { keptAnswers } from '../../plumbing/read-cache.ts';
import { currentUser, keepSessionLookups } from '../../plumbing/session/plugin.ts';
import { tagDays, tagsList } from './service.ts';

/** GET calls of the tags screen (decision 0206): the signed-in partner's own figures per sub-ID tag in one project. */
export async function tagsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  keepSessionLookups(app);
  const { clock } = app.ctx;
  const tags = ['statistics'];
  // Kept until the partner's figures move (decision 0093), like the other figure reads.
  const kept = keptAnswers(app);

  app.get(P.list, { ...kept, schema: { tags, querystring: tagsQuery, response: { 200: tagsAnswer } } }, async (request) =>
    tagsList(request.figures, currentUser(request).id, request.query, clock.now()),
  );
  app.get(P.days, { ...kept, schema: { tags, querystring: tagDaysQuery, response: { 200: tagDaysAnswer } } }, async (request) =>
    tagDays(request.figures, currentUser(request).id, request.query, clock.now()),
  );
}
