import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HELP_CENTER_PATHS, emptyQuery, helpCenterSsoAnswer, linksAnswer } from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { helpCenterSignOnUrl } from './sso.ts';

const tags = ['help-center'];

/**
 * The help centre's single sign-on (docs/product.md#help-and-faq) and the top bar's configured links (decision 0121).
 * Both come from configuration: HELP_CENTER_URL + HELP_CENTER_SSO_SECRET, SUPPORT_URL, SUPPORT_CONTACT_URL,
 * SUPPORT_MESSENGER_URL. Nothing unset is ever answered as a link.
 */
export async function helpCenterRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, clock } = app.ctx;
  const or = (value: string) => value || null;

  app.get(
    HELP_CENTER_PATHS.links,
    { schema: { tags, summary: 'The help centre, support and messenger links the top bar shows', querystring: emptyQuery, response: { 200: linksAnswer } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return {
        help_center: Boolean(config.HELP_CENTER_URL && config.HELP_CENTER_SSO_SECRET),
        support_url: or(config.SUPPORT_URL),
        contact_url: or(config.SUPPORT_CONTACT_URL),
        messenger_url: or(config.SUPPORT_MESSENGER_URL),
      };
    },
  );

  app.get(
    HELP_CENTER_PATHS.sso,
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'The help centre address with a signed, expiring sign-on token', querystring: emptyQuery, response: { 200: helpCenterSsoAnswer } },
    },
    async (request, reply) => {
      if (!config.HELP_CENTER_URL || !config.HELP_CENTER_SSO_SECRET) throw new AppError('not_found', { key: 'help:help_center_off' });
      const user = currentUser(request);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email.split('@')[0]!;
      // The language the partner is reading the cabinet in (X-Localization, else their own).
      const lang = request.lang;
      // A token is a credential: never cached anywhere.
      reply.header('cache-control', 'no-store');
      return {
        url: helpCenterSignOnUrl(config.HELP_CENTER_URL, config.HELP_CENTER_SSO_SECRET, { id: user.id, email: user.email, name, lang }, clock.now()),
      };
    },
  );
}
