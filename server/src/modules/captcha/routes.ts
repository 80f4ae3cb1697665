import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaChallengeAnswer } from '@pc/core';
import { createCaptchaChallenge } from '../../plumbing/captcha/service.ts';


/** GET /api/captcha: a fresh proof-of-work challenge for the ALTCHA widget (its `challenge` URL). */
export async function captchaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/captcha',
    { schema: { tags: ['auth'], summary: 'A captcha challenge (ALTCHA v2)', response: { 200: captchaChallengeAnswer } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createCaptchaChallenge(app.ctx);
    },
  );
}
