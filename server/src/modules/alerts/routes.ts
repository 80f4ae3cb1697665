import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALERT_PATHS, alertSettingsAnswer, alertSettingsBody, saveAlertSettingsAnswer, unsubscribeAnswer, unsubscribeQuery } from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { alertSettingsOf, saveAlertSettings, unsubscribe } from './service.ts';

const tags = ['alerts'];
/** Per-IP limit of the unsubscribe link, on top of the global limit. */
// skipOnError false: while the shared store is away these limits refuse the call (503) rather than let it through.
const LINK_RATE_LIMIT = { max: 20, timeWindow: '1 minute', skipOnError: false };

/** E-mail alerts: the partner's choices and the unsubscribe link that needs no session (decision 0124). */
export async function alertsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    ALERT_PATHS.settings,
    { preHandler: app.requireUser, schema: { tags, summary: 'The e-mail alert choices', response: { 200: alertSettingsAnswer } } },
    async (request) => alertSettingsOf(ctx, currentUser(request).id),
  );

  app.put(
    ALERT_PATHS.settings,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Save the e-mail alert choices',
        description: 'Sale, payout status and weekly summary are opt-in; wallet changes are always mailed. `lang`: the language of the alert mails.',
        body: alertSettingsBody,
        response: { 200: saveAlertSettingsAnswer },
      },
    },
    async (request) => {
      const data = await saveAlertSettings(ctx, currentUser(request).id, request.body);
      return { success: true as const, message: t(request.lang, 'alerts:saved'), data };
    },
  );

  const follow = {
    // Mail clients post the one-click unsubscribe (List-Unsubscribe-Post) from their own site; the signed token is
    // the authority, not a cookie, so another site can do nothing with it that the token's holder could not.
    config: { rateLimit: LINK_RATE_LIMIT, crossSiteAllowed: true },
    schema: {
      tags,
      summary: 'Follow an unsubscribe link from an alert mail (no session): switches that kind of alert off',
      description: 'The token is signed (HMAC) and names the partner and the kind; an altered token is refused with 422.',
      querystring: unsubscribeQuery,
      response: { 200: unsubscribeAnswer },
    },
  };
  const handler = async (request: { query: { token: string }; lang: Parameters<typeof t>[0] }) => {
    const data = await unsubscribe(ctx, request.query.token);
    return { success: true as const, message: t(request.lang, `alerts:unsubscribed.${data.kind}`), data };
  };
  app.post(ALERT_PATHS.unsubscribe, follow, handler);
  // A GET of the one-click address (a mail scanner, a link preview, a click in a client that ignores
  // List-Unsubscribe-Post) changes nothing: it leads to the page, where the partner confirms (RFC 8058).
  app.get(
    ALERT_PATHS.unsubscribe,
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: { tags, summary: 'Opening the one-click unsubscribe address: leads to the unsubscribe page, changes nothing', querystring: unsubscribeQuery },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').redirect(`/alerts/unsubscribe/${encodeURIComponent(request.query.token)}`, 303),
  );
}
