import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageAnswer,
  passkeyIdParams,
  passkeyRegisterBody,
  passkeyRenameBody,
  passkeySecondFactorBody,
  passkeySecondFactorOptionsBody,
  passkeySignInBody,
  webauthnOptionsAnswer,
  recoveryCodesAnswer,
  SECOND_FACTOR_PATHS,
  secondFactorProofBody,
  secondFactorSignInBody,
  secondFactorStatusAnswer,
  signInAnswer,
  totpConfirmBody,
  totpSetupAnswer,
} from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { currentSession, currentUser } from '../../plumbing/session/plugin.ts';
import { userAnswerOf } from '../../plumbing/session/user-answer.ts';
import { SIGN_IN_RATE_LIMIT } from '../../plumbing/rate-limits.ts';
import { countFailedSignIn } from './service.ts';
import {
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  secondFactorOptions,
  secondFactorWithPasskey,
  signInOptions,
  signInWithPasskey,
} from './passkeys.ts';
import { confirmTotp, disableTotp, regenerateRecoveryCodes, secondFactorStatus, signInWithCode, startTotpSetup } from './second-factor.ts';

const tags = ['second factor'];
/** Per-IP limit of the settings calls that check a code, on top of the session's failure limit (decision 0111). */
const CHECK_RATE_LIMIT = { max: 30, timeWindow: '1 minute', skipOnError: false };

/** The sign-in's second step, password-less sign-in with a passkey, and the settings' second factor (decision 0190). */
export async function secondFactorRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    SECOND_FACTOR_PATHS.signInCode,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sign in, second step: the pending token with an authenticator code or a recovery code',
        description:
          'A wrong code counts toward the account\'s sign-in failure limit, as a wrong password does (blocked at the limit, ' +
          'unblock link mailed). A code is accepted once; a recovery code is used up. An unknown, used or expired token: ' +
          '400 with reason second_factor_expired.',
        body: secondFactorSignInBody,
        response: { 200: signInAnswer },
      },
    },
    async (request, reply) => {
      const { token, code, recovery_code } = request.body;
      const user = await signInWithCode(ctx, { token, code, recoveryCode: recovery_code }, (u) => countFailedSignIn(ctx, request.log, u, request.lang));
      await app.signIn(request, reply, user.id);
      return userAnswerOf(ctx.database.db, user);
    },
  );

  app.get(
    SECOND_FACTOR_PATHS.status,
    { preHandler: app.requireUser, schema: { tags, summary: 'The authenticator and the passkeys of the account', response: { 200: secondFactorStatusAnswer } } },
    async (request) => secondFactorStatus(ctx, currentUser(request)),
  );

  app.post(
    SECOND_FACTOR_PATHS.totpSetup,
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: 'A new authenticator secret to set up: the otpauth URL, its QR code (SVG) and the secret',
        description: 'Needs the account password check (403 need_security_password). 409 when the authenticator is on already.',
        response: { 200: totpSetupAnswer },
      },
    },
    async (request) => startTotpSetup(ctx, currentUser(request)),
  );

  app.post(
    SECOND_FACTOR_PATHS.totpConfirm,
    {
      preHandler: app.requireUser,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Turn the authenticator on with its first code; answers ten recovery codes, shown once',
        description: 'A wrong code: 422 on `code`, counted against the security check\'s failure limit of the session.',
        body: totpConfirmBody,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const codes = await confirmTotp(ctx, request.log, currentUser(request), currentSession(request), request.body.code, request.lang);
      return { success: true as const, message: t(request.lang, 'errors:success.second_factor_on'), codes };
    },
  );

  app.post(
    SECOND_FACTOR_PATHS.totpDisable,
    {
      preHandler: app.requireUser,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Turn the authenticator off: the password and a current code or a recovery code',
        description: 'New payout requests then wait the cooling-off window (decision 0177). Wrong password or code: 422, counted.',
        body: secondFactorProofBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await disableTotp(ctx, request.log, currentUser(request), currentSession(request), request.body, request.lang);
      return { success: true as const, message: t(request.lang, 'errors:success.second_factor_off') };
    },
  );

  app.post(
    SECOND_FACTOR_PATHS.recoveryCodes,
    {
      preHandler: app.requireUser,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Ten new recovery codes in place of the old ones: the password and a current code or a recovery code',
        body: secondFactorProofBody,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const codes = await regenerateRecoveryCodes(ctx, request.log, currentUser(request), currentSession(request), request.body, request.lang);
      return { success: true as const, message: t(request.lang, 'errors:success.recovery_codes_new'), codes };
    },
  );

  // ---- passkeys -----------------------------------------------------------------------------------------------

  app.post(
    SECOND_FACTOR_PATHS.passkeyRegisterOptions,
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: 'Options to create a passkey (navigator.credentials.create); the challenge is good once, for 5 minutes',
        description: 'Needs the account password check (403 need_security_password).',
        response: { 200: webauthnOptionsAnswer },
      },
    },
    async (request) => ({ options: await registrationOptions(ctx, currentUser(request)) }),
  );

  app.post(
    SECOND_FACTOR_PATHS.passkeys,
    {
      preHandler: app.requireUser,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Register a passkey: its name and the browser\'s answer to the options',
        description: 'The answer must sign the challenge of the options call, made by this partner, unused and unexpired; origin and RP ID from PUBLIC_URL.',
        body: passkeyRegisterBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await registerPasskey(ctx, request.log, currentUser(request), request.body, request.lang);
      return { success: true as const, message: t(request.lang, 'errors:success.passkey_added') };
    },
  );

  app.patch(
    '/settings/passkeys/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Rename a passkey', params: passkeyIdParams, body: passkeyRenameBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      await renamePasskey(ctx, currentUser(request), request.params.id, request.body.name);
      return { success: true as const, message: t(request.lang, 'errors:success.passkey_renamed') };
    },
  );

  app.delete(
    '/settings/passkeys/:id',
    {
      preHandler: app.requireSecurityPassword,
      schema: {
        tags,
        summary: 'Remove a passkey',
        description: 'Needs the account password check. Removing the last second factor starts the payout cooling-off window.',
        params: passkeyIdParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await removePasskey(ctx, request.log, currentUser(request), request.params.id, request.lang);
      return { success: true as const, message: t(request.lang, 'errors:success.passkey_removed') };
    },
  );

  app.post(
    SECOND_FACTOR_PATHS.signInPasskeyOptions,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { tags, summary: "Sign in, second step with a passkey: options naming the pending account's passkeys", body: passkeySecondFactorOptionsBody, response: { 200: webauthnOptionsAnswer } },
    },
    async (request) => ({ options: await secondFactorOptions(ctx, request.body.token) }),
  );

  app.post(
    SECOND_FACTOR_PATHS.signInPasskey,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { tags, summary: 'Sign in, second step with a passkey: the pending token and the assertion', body: passkeySecondFactorBody, response: { 200: signInAnswer } },
    },
    async (request, reply) => {
      const user = await secondFactorWithPasskey(ctx, request.body.token, request.body.response);
      await app.signIn(request, reply, user.id);
      return userAnswerOf(ctx.database.db, user);
    },
  );

  app.post(
    SECOND_FACTOR_PATHS.passkeyOptions,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { tags, summary: 'Sign in with a passkey, no password: options (any passkey of this site)', response: { 200: webauthnOptionsAnswer } },
    },
    async () => ({ options: await signInOptions(ctx) }),
  );

  app.post(
    SECOND_FACTOR_PATHS.passkey,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sign in with a passkey, no password: the assertion',
        description: 'The passkey stands for both factors: the device and its lock (user verification required).',
        body: passkeySignInBody,
        response: { 200: signInAnswer },
      },
    },
    async (request, reply) => {
      const user = await signInWithPasskey(ctx, request.body.response);
      await app.signIn(request, reply, user.id);
      return userAnswerOf(ctx.database.db, user);
    },
  );
}
