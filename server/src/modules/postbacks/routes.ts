import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  POSTBACK_PATHS,
  postbackProject,
  postbackSaveAnswer,
  postbackSecretAnswer,
  postbacksAnswer,
  postbackTestAnswer,
  postbackUrlBody,
  projectSchema,
} from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { postbacksOf, removeEndpoint, rotateSecret, saveEndpoint, sendTest } from './service.ts';

const tags = ['postbacks'];
const params = z.object({ app: projectSchema });
/** A test sends a request to the partner's server: a few a minute are plenty. */
const TEST_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * Postbacks (docs/product.md#postbacks; decision 0123): per project an https URL that receives a signed POST for each
 * sale, sale status change and payout status change. Changing the URL or the secret needs the account password
 * check (403 need_security_password), as the API key does.
 */
export async function postbacksRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    POSTBACK_PATHS.postbacks,
    { preHandler: app.requireUser, schema: { tags, summary: 'The signing secret, and per project the URL and the latest 50 deliveries', response: { 200: postbacksAnswer } } },
    async (request) => postbacksOf(ctx, currentUser(request).id),
  );

  app.put(
    '/postbacks/:app',
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: "Set a project's postback URL",
        description: 'An https URL whose host resolves to public addresses only (422 on `url` otherwise). Needs the account password check.',
        params,
        body: postbackUrlBody,
        response: { 200: postbackSaveAnswer },
      },
    },
    async (request) => {
      const { project, secret } = await saveEndpoint(ctx, currentUser(request).id, request.params.app, request.body.url);
      return { success: true as const, message: t(request.lang, 'postbacks:saved'), data: project, secret };
    },
  );

  app.delete(
    '/postbacks/:app',
    {
      preHandler: app.requireSecurityPassword,
      schema: { tags, summary: "Remove a project's postback URL (its pending deliveries are given up)", params, response: { 200: postbackProject } },
    },
    async (request) => removeEndpoint(ctx, currentUser(request).id, request.params.app),
  );

  app.post(
    '/postbacks/:app/test',
    {
      preHandler: app.requireUser,
      config: { rateLimit: TEST_RATE_LIMIT },
      schema: { tags, summary: 'Send a test postback now (tried once)', params, response: { 200: postbackTestAnswer } },
    },
    async (request) => {
      const { outcome, delivery } = await sendTest(ctx, currentUser(request).id, request.params.app);
      const message = outcome.delivered
        ? t(request.lang, 'postbacks:test_delivered', { status: outcome.statusCode })
        : t(request.lang, 'postbacks:test_failed', {
            reason: outcome.error === 'http_status' ? t(request.lang, 'postbacks:reasons.http_status', { status: outcome.statusCode }) : t(request.lang, `postbacks:reasons.${outcome.error ?? 'network'}`),
          });
      return { delivered: outcome.delivered, message, data: delivery };
    },
  );

  app.post(
    POSTBACK_PATHS.rotateSecret,
    { preHandler: app.requireSecurityPassword, schema: { tags, summary: 'Replace the signing secret (in use at once)', response: { 200: postbackSecretAnswer } } },
    async (request) => ({ success: true as const, message: t(request.lang, 'postbacks:secret_rotated'), secret: await rotateSecret(ctx, currentUser(request).id) }),
  );
}
