import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBody,
  messageAnswer,
  projectSchema,
  registerBody,
  restorePasswordBody,
  restoreRequestBody,
  tokenBody,
  loginAnswer,
} from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { MAIL_RATE_LIMIT, SIGN_IN_RATE_LIMIT } from '../../plumbing/rate-limits.ts';
import { verifyCaptcha } from '../../plumbing/captcha/service.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { userAnswerOf } from '../../plumbing/session/user-answer.ts';
import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;
import { issuePending } from './second-factor.ts';
import { secondFactorMethods } from '../../plumbing/second-factor.ts';
import {
  acceptAutoLogin,
  assertPasswordAcceptable,
  checkCredentials,
  confirmRegistration,
  issueAutoLoginTo,
  register,
  requestAccessRestore,
  requestPasswordRestore,
  restoreAccess,
  restorePassword,
} from './service.ts';


const tags = ['auth'];

export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const ok = (lang: Parameters<typeof t>[0], key: string) => ({ success: true as const, message: t(lang, key) });

  /** The first step passed: a session, or for an account with a second factor the pending token (decision 0190). */
  async function signInOrAskSecondFactor(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const methods = await secondFactorMethods(ctx.database.db, user);
    if (methods.length > 0) {
      const { token, expiresAt } = await issuePending(ctx.database.db, user.id, ctx.clock.now());
      return { second_factor: { token, methods, expires_at: expiresAt.toISOString() } };
    }
    await app.signIn(request, reply, user.id);
    return userAnswerOf(ctx.database.db, user);
  }

  app.post(
    '/auth/register',
    {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags, summary: 'Create an account; mails a confirmation link', body: registerBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      const body = request.body;
      assertPasswordAcceptable(body.password);
      await verifyCaptcha(ctx, body.captcha);
      const lang = body.lang ?? request.lang;
      await register(ctx, request.log, { email: body.email, password: body.password, newsletter: body.newsletter, lang, ref: body.ref });
      return ok(request.lang, 'errors:success.registration_mail_sent');
    },
  );

  app.post(
    '/auth/confirm-registration',
    { schema: { tags, summary: 'Activate an account with the mailed token', body: tokenBody, response: { 200: messageAnswer } } },
    async (request) => {
      await confirmRegistration(ctx, request.body.token);
      return ok(request.lang, 'errors:success.account_activated');
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sign in with e-mail, password and captcha',
        description:
          'Answers the signed-in user, or, for an account with a second factor, `second_factor` with a single-use token ' +
          'for the second step (POST /auth/login/second-factor or the passkey step) and no session (decision 0190).',
        body: loginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      const { email, password, captcha } = request.body;
      await verifyCaptcha(ctx, captcha);
      const user = await checkCredentials(ctx, request.log, email, password, request.lang);
      return signInOrAskSecondFactor(request, reply, user);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'End the current session', response: { 200: messageAnswer } } },
    async (request, reply) => {
      await app.signOut(request, reply);
      return ok(request.lang, 'errors:success.signed_out');
    },
  );

  app.post(
    '/auth/restore-password/request',
    {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags, summary: 'Mail a password recovery link', body: restoreRequestBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      await verifyCaptcha(ctx, request.body.captcha);
      await requestPasswordRestore(ctx, request.log, request.body.email, request.lang);
      return ok(request.lang, 'errors:success.restore_password_sent');
    },
  );

  app.post(
    '/auth/restore-password',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { tags, summary: 'Set a new password with the mailed token', body: restorePasswordBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      assertPasswordAcceptable(request.body.password);
      await restorePassword(ctx, request.log, request.body, request.lang);
      return ok(request.lang, 'errors:success.password_changed');
    },
  );

  app.post(
    '/auth/restore-access/request',
    {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Mail an unblock link to a blocked account',
        description: 'Answers the same for every address; the mail (only to an existing account) says whether it needs unblocking.',
        body: restoreRequestBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await verifyCaptcha(ctx, request.body.captcha);
      await requestAccessRestore(ctx, request.log, request.body.email, request.lang);
      return ok(request.lang, 'errors:success.restore_access_sent');
    },
  );

  app.post(
    '/auth/restore-access',
    { schema: { tags, summary: 'Unblock an account with the mailed token', body: tokenBody, response: { 200: messageAnswer } } },
    async (request) => {
      await restoreAccess(ctx, request.body.token);
      return ok(request.lang, 'errors:success.account_unblocked');
    },
  );

  app.post(
    '/auth/auto-login/from',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        summary: "Sign in with a token issued by a project's site",
        description: 'An account with a second factor must pass it here too: the answer is then `second_factor`, as the password step\'s.',
        body: tokenBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      const user = await acceptAutoLogin(ctx, request.body.token);
      return signInOrAskSecondFactor(request, reply, user);
    },
  );

  app.post(
    '/auth/auto-login/to/:app',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A token to sign in to the partner's account on a project's site",
        params: z.strictObject({ app: projectSchema }),
        response: { 200: z.object({ url: z.string(), token: z.string() }) },
      },
    },
    async (request) => issueAutoLoginTo(ctx, currentUser(request), request.params.app),
  );
}
