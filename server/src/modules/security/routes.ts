import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkAnswer, checkCodeBody, checkPasswordBody, securityInfoAnswer, securityInfoParams } from '@pc/core';
import { currentSession, currentUser } from '../../plumbing/session/plugin.ts';
import { checkAccountPassword, checkCode, securityInfo } from './service.ts';

const tags = ['security'];

/** Per-IP limit of the check calls, on top of the failure limit per session (decision 0111). */
// skipOnError false: while the shared store is away these limits refuse the call (503) rather than let it through.
const CHECK_RATE_LIMIT = { max: 30, timeWindow: '1 minute', skipOnError: false };

/** The security check: GET /security/info/{mode}, POST /security/check-code, POST /security/check-password. */
export async function securityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/security/info/:mode',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'What the security check of a protected action asks in this session',
        description:
          'is_allowed is false during the days after a security-code change; ask_code and ask_password say which check ' +
          'a protected action of this mode needs (none after a check passed in this session within the last 5 minutes).',
        params: securityInfoParams,
        response: { 200: securityInfoAnswer },
      },
    },
    async (request) => securityInfo(ctx, currentUser(request), currentSession(request), request.params.mode),
  );

  app.post(
    '/security/check-code',
    {
      preHandler: app.requireUser,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Check the security code in this session',
        description:
          'Wrong or empty: 422 on `code`. Counted: after 5 wrong checks within 15 minutes, 429 rate_limited until 15 minutes ' +
          'have passed. Without a code set, success (nothing to check).',
        body: checkCodeBody,
        response: { 200: checkAnswer },
      },
    },
    async (request) => {
      await checkCode(ctx, currentUser(request), currentSession(request), request.body.code);
      return { success: true };
    },
  );

  app.post(
    '/security/check-password',
    {
      preHandler: app.requireUser,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Check the account password in this session',
        description:
          'With the captcha option on, a captcha is required (422 on `captcha`). Wrong password: 422 on `password`, counted ' +
          'with the code checks against the same failure limit.',
        body: checkPasswordBody,
        response: { 200: checkAnswer },
      },
    },
    async (request) => {
      await checkAccountPassword(ctx, currentUser(request), currentSession(request), request.body);
      return { success: true };
    },
  );
}
