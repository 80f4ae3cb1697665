import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES_PATHS,
  messagesQuery,
  messagesReadAnswer,
  messagesReadBody,
  newsAnswer,
  newsArticleAnswer,
  notificationsAnswer,
  unreadAnswer,
} from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { listNews, listNotifications, markNotificationsRead, openNews, unreadCounts } from './service.ts';

/** A path id: digits only, else the article is simply not found. */
function pathId(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/**
 * News and notifications of the signed-in partner (docs/product.md#news-and-notifications; decision 0120). Texts come
 * in the request's language (X-Localization, else the partner's), or in English marked `fallback`.
 */
export async function messagesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    MESSAGES_PATHS.news,
    { preHandler: app.requireUser, schema: { tags: ['messages'], summary: 'News, newest first', querystring: messagesQuery, response: { 200: newsAnswer } } },
    async (request) => listNews(ctx.database, currentUser(request).id, request.lang, request.query, ctx.clock.now()),
  );

  app.get(
    MESSAGES_PATHS.newsArticle(':id'),
    {
      preHandler: app.requireUser,
      schema: { tags: ['messages'], summary: 'One news article; opening it marks it read', params: z.object({ id: z.string().max(40) }), response: { 200: newsArticleAnswer } },
    },
    async (request) => {
      const id = pathId(request.params.id);
      const article = id === null ? null : await openNews(ctx.database, currentUser(request).id, request.lang, id, ctx.clock.now());
      if (!article) throw new AppError('not_found');
      return { data: article };
    },
  );

  app.get(
    MESSAGES_PATHS.notifications,
    {
      preHandler: app.requireUser,
      schema: { tags: ['messages'], summary: "The partner's notifications and everyone's, newest first", querystring: messagesQuery, response: { 200: notificationsAnswer } },
    },
    async (request) => listNotifications(ctx.database, currentUser(request).id, request.lang, request.query, ctx.clock.now()),
  );

  app.get(
    MESSAGES_PATHS.unread,
    { preHandler: app.requireUser, schema: { tags: ['messages'], summary: 'Unread news and notifications (the top bar badges)', response: { 200: unreadAnswer } } },
    async (request) => unreadCounts(ctx.database, currentUser(request).id, ctx.clock.now()),
  );

  app.post(
    MESSAGES_PATHS.read,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['messages'],
        summary: 'Marks notifications read: all of them without a payload, or the given ids',
        body: messagesReadBody,
        response: { 200: messagesReadAnswer },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const marked = await markNotificationsRead(ctx.database, userId, request.body?.ids, ctx.clock.now());
      return { success: true as const, marked, unread: await unreadCounts(ctx.database, userId, ctx.clock.now()) };
    },
  );
}
