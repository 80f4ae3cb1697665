import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOT_ME_PATHS, notMeAnswer, notMeInfoAnswer, notMeParams } from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { MAIL_RATE_LIMIT, SIGN_IN_RATE_LIMIT } from '../../plumbing/rate-limits.ts';
import { confirmNotMe, notMeInfo } from '../../plumbing/session/recovery.ts';

const tags = ['auth'];

/**
 * "This was not me" (decision 0191): the link of the new-device mail and of the e-mail change notice, signed in or
 * not. GET says what the link is about and changes nothing; POST confirms. Both are limited per address through the
 * shared store, and the token in their path never reaches a log (lib/redact.ts).
 */
export async function notMeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    NOT_ME_PATHS.pattern,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        summary: 'What a "not me" link is about (changes nothing)',
        description: '400 `bad_request` with reason `not_me_link_invalid` for an unknown, used or expired link.',
        params: notMeParams,
        response: { 200: notMeInfoAnswer },
      },
    },
    async (request) => notMeInfo(ctx, request.params.token),
  );

  app.post(
    NOT_ME_PATHS.pattern,
    {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Confirm "this was not me": end every session, hold payouts, mail a password reset link',
        description:
          'Single use. Every session of the account ends; sign-in and new payout requests are refused until the password ' +
          'is reset through the link mailed to the account address (a pending e-mail change is cancelled, a confirmed one ' +
          'undone first).',
        params: notMeParams,
        response: { 200: notMeAnswer },
      },
    },
    async (request) => {
      const { sessionsEnded } = await confirmNotMe(ctx, request.log, request.params.token, request.lang);
      return { success: true as const, message: t(request.lang, 'errors:success.not_me_confirmed'), sessions_ended: sessionsEnded };
    },
  );
}
