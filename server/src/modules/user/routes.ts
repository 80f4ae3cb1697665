import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { LANGS, langChangeBody, langsAnswer, themeChangeBody, userAnswer, viewerName } from '@pc/core';
import { users } from '../../db/schema/index.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { userAnswerById, userAnswerOf } from '../../plumbing/session/user-answer.ts';

const tags = ['user'];

export async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.database;

  app.get(
    '/user',
    { preHandler: app.requireUser, schema: { tags, summary: 'The signed-in partner', response: { 200: userAnswer } } },
    async (request) => {
      const answer = await userAnswerOf(db, currentUser(request));
      const view = request.session?.operatorView;
      return view ? { ...answer, view_as: { by: viewerName(view) } } : answer;
    },
  );

  app.get('/langs', { schema: { tags, summary: 'The interface languages', response: { 200: langsAnswer } } }, async () => ({
    langs: LANGS.map(({ code, name, flag, dir }) => ({ code, name, flag, dir })),
  }));

  app.post(
    '/langs/change',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: "Change the partner's language", body: langChangeBody, response: { 200: userAnswer } },
    },
    async (request) => {
      const user = currentUser(request);
      await db.update(users).set({ lang: request.body.lang }).where(eq(users.id, user.id));
      return userAnswerById(db, user.id);
    },
  );

  // The colour scheme is remembered per account (decision 0192), like the language: a new browser opens in it.
  app.post(
    '/theme/change',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: "Change the partner's colour scheme", body: themeChangeBody, response: { 200: userAnswer } },
    },
    async (request) => {
      const user = currentUser(request);
      await db.update(users).set({ theme: request.body.theme }).where(eq(users.id, user.id));
      return userAnswerById(db, user.id);
    },
  );
}
