import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_KEY_PATHS, apiKeyCreatedAnswer, apiKeyStateAnswer, messageAnswer } from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { issueKey, liveKey, revokeKey } from '../../webmaster/keys.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';

const tags = ['api-key'];

/**
 * The partner's webmaster API key (decision 0122): its state, create or rotate (answered in full this once), revoke.
 * Creating, rotating and revoking need the account password check (403 need_security_password).
 */
export async function apiKeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;

  app.get(
    API_KEY_PATHS.apiKey,
    { preHandler: app.requireUser, schema: { tags, summary: 'Whether the partner has a webmaster API key, and what is shown of it', response: { 200: apiKeyStateAnswer } } },
    async (request) => ({ key: await liveKey(database, currentUser(request).id), rate_limit_per_minute: config.WEBMASTER_RATE_LIMIT }),
  );

  app.post(
    API_KEY_PATHS.apiKey,
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: 'Create the webmaster API key, or rotate it (the old one stops working at once)',
        description: 'Answers the key in full this once: only its hash is stored. Needs the account password check (403 need_security_password).',
        response: { 200: apiKeyCreatedAnswer },
      },
    },
    async (request) => {
      const { key, info, rotated } = await issueKey(database, currentUser(request).id, clock.now());
      return {
        success: true as const,
        message: t(request.lang, rotated ? 'webmaster:key_rotated' : 'webmaster:key_created'),
        api_key: key,
        key: info,
        rotated,
      };
    },
  );

  app.delete(
    API_KEY_PATHS.apiKey,
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: 'Revoke the webmaster API key',
        description: 'The key stops working at once. 404 when there is none. Needs the account password check (403 need_security_password).',
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      if (!(await revokeKey(database, currentUser(request).id, clock.now()))) throw new AppError('not_found', { key: 'webmaster:no_key' });
      return { success: true as const, message: t(request.lang, 'webmaster:key_revoked') };
    },
  );
}
