import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmEmailBody,
  confirmPasswordChangingBody,
  emailChangeBody,
  messageAnswer,
  passwordChangeBody,
  personalBody,
  revokeOthersAnswer,
  revokeSessionAnswer,
  sessionRevokeParams,
  securityOptionsBody,
  sessionsAnswer,
  settingsAnswer,
  SETTINGS_PATHS,
  type LangCode,
} from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { currentSession, currentUser } from '../../plumbing/session/plugin.ts';
import {
  confirmEmailChange,
  confirmPasswordChange,
  listSessions,
  requestEmailChange,
  requestPasswordChange,
  revokeOneSession,
  revokeOtherSessions,
  saveSecurityOptions,
  savePersonal,
  settingsOf,
} from './service.ts';

const tags = ['settings'];

/** Per-IP limits of the calls that send mail or follow a mailed link, on top of the global limit. */
// skipOnError false: while the shared store is away these limits refuse the call (503) rather than let it through.
const MAIL_RATE_LIMIT = { max: 10, timeWindow: '1 minute', skipOnError: false };
const LINK_RATE_LIMIT = { max: 20, timeWindow: '1 minute', skipOnError: false };

/** The settings screen: personal information, e-mail, password, security options, sessions (decision 0111). */
export async function settingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const ok = (lang: LangCode, key: string, params: Record<string, unknown> = {}) => ({ success: true as const, message: t(lang, key, params) });

  app.get(
    SETTINGS_PATHS.settings,
    { preHandler: app.requireUser, schema: { tags, summary: 'The settings screen', response: { 200: settingsAnswer } } },
    async (request) => settingsOf(ctx, currentUser(request)),
  );

  app.post(
    SETTINGS_PATHS.personal,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Save first name, last name and contact details',
        description: 'Names: letters, spaces, apostrophes and hyphens (or empty). No security check.',
        body: personalBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await savePersonal(ctx, currentUser(request), request.body);
      return ok(request.lang, 'account:settings.personal_saved');
    },
  );

  app.post(
    SETTINGS_PATHS.email,
    {
      preHandler: app.requireSecurityPassword,
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Change the e-mail address: mails a confirmation link to the new address and a notice to the current one',
        description: 'Needs the account password check (403 need_security_password). Answers the same whether or not the address is free.',
        body: emailChangeBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await requestEmailChange(ctx, request.log, currentUser(request), request.body.email, request.lang);
      return ok(request.lang, 'account:settings.email_change_sent', { email: request.body.email });
    },
  );

  app.post(
    SETTINGS_PATHS.confirmEmail,
    {
      preHandler: app.requireUser,
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Follow the link mailed to the new e-mail address (signed in as the partner who asked)',
        body: confirmEmailBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const email = await confirmEmailChange(ctx, currentUser(request), request.body.token);
      return ok(request.lang, 'account:settings.email_changed', { email });
    },
  );

  app.post(
    SETTINGS_PATHS.password,
    {
      preHandler: app.requireUser,
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Change the password: mails a link; the new password applies once it is followed',
        description:
          'The old password is this call\'s account password check (422 on old_password when wrong, counted against the ' +
          'security check\'s failure limit; 429 at the limit). The new password follows the registration rules.',
        body: passwordChangeBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requestPasswordChange(ctx, request.log, user, currentSession(request), request.body, request.lang);
      return ok(request.lang, 'account:settings.password_change_sent', { email: user.email });
    },
  );

  app.post(
    SETTINGS_PATHS.confirmPasswordChanging,
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Follow the password change link (no session needed)',
        description: 'Ends every session of the partner except the caller\'s own; mails a notice to the partner\'s e-mail.',
        body: confirmPasswordChangingBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const userId = request.body.user_id;
      const keepSession = request.user?.id === userId && request.session ? request.session.idHash : null;
      await confirmPasswordChange(ctx, request.log, { userId, token: request.body.token, keepSession }, request.lang);
      return ok(request.lang, 'errors:success.password_changed');
    },
  );

  app.post(
    SETTINGS_PATHS.security,
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: 'Set, change or remove the security code; the login-attempt limit; the captcha',
        description:
          'Needs the account password check (403 need_security_password). Setting a code when none is set applies at once; ' +
          'changing or removing it freezes money operations, wallet changes and file deletion for the freeze days.',
        body: securityOptionsBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const { event, freezeDays } = await saveSecurityOptions(ctx, request.log, currentUser(request), request.body, request.lang);
      const key = event ? `account:settings.code_${event}` : 'account:settings.security_saved';
      return ok(request.lang, key, { count: freezeDays });
    },
  );

  app.get(
    SETTINGS_PATHS.sessions,
    { preHandler: app.requireUser, schema: { tags, summary: "The partner's live sessions", response: { 200: sessionsAnswer } } },
    async (request) => ({ data: await listSessions(ctx, currentUser(request), currentSession(request)) }),
  );

  app.post(
    '/settings/sessions/:id/revoke',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Sign out one session (any one, by its id in the list)',
        description: 'No security check: it only takes access away. 404 when the id is not a live session of the partner.',
        params: sessionRevokeParams,
        response: { 200: revokeSessionAnswer },
      },
    },
    async (request) => {
      await revokeOneSession(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: t(request.lang, 'account:settings.session_revoked') };
    },
  );

  app.post(
    SETTINGS_PATHS.sessionsRevokeOthers,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Sign out every other session',
        description: 'No security check: it only takes access away.',
        response: { 200: revokeOthersAnswer },
      },
    },
    async (request) => {
      const revoked = await revokeOtherSessions(ctx, currentUser(request), currentSession(request));
      return { success: true as const, message: t(request.lang, 'account:settings.sessions_revoked', { count: revoked }), revoked };
    },
  );
}
