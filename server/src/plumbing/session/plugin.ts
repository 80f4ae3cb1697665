import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLangCode, type ProjectId } from '@pc/core';
import { AppError } from '../../lib/errors.ts';
import {
  createSession,
  forgetKeptSessions,
  resolveSessionState,
  resolveSessionStateKept,
  revokeSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  type SessionState,
  type SessionUser,
} from './service.ts';
import { alertNewDevice, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceIdOf, recordDeviceSignIn } from './devices.ts';
import { recoveryPendingError } from './recovery.ts';
import { recoveryPending } from '../../money/cooling-off.ts';
import { standingReaderOf } from '../standing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in partner, when the request carries a live session. */
    user: SessionUser | null;
    /** The live session's state (the security checks passed in it), beside `user`. */
    session: SessionState | null;
  }
  interface FastifyInstance {
    /** preHandler for routes of signed-in partners: 401 without a live session, and for inactive accounts. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler for a signed-in partner's calls about one project (`app` in the query): requireUser, then 403
     * unless the partner's programme in that project is activated (docs/product.md#projects).
     */
    requireProgram: (request: FastifyRequest) => Promise<void>;
    /** Starts a new session (a fresh id at every sign-in) and sets its cookie. */
    signIn: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
    signOut: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * A figure screen's read, which uses nothing of the session but the account's id, status and language: its
     * session lookup may be one kept for a few seconds (resolveSessionStateKept, decision 0093). Set for a whole
     * module's reads by keepSessionLookups.
     */
    keptSession?: boolean;
  }
}

/** The live session behind a request, for handlers behind requireUser. */
export function currentSession(request: FastifyRequest): SessionState {
  if (!request.session) throw new AppError('unauthorized');
  return request.session;
}

/** The 403 of a call about a project whose programme the partner has not activated (app.requireProgram). */
export function programNotActive(project: ProjectId | undefined): AppError {
  return new AppError('forbidden', { key: 'statistics:program_not_active', params: { app: project ?? '' } });
}

/** The partner behind a request, for handlers behind requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

/**
 * Marks every GET route of the module that calls it (in its own, encapsulated plugin) as a figure read whose session
 * lookup may be kept (`config.keptSession`): the statistics, video, earnings and dashboard reads (decision 0093).
 * Every other call looks the session up each time.
 */
export function keepSessionLookups(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().includes('GET')) route.config = { ...route.config, keptSession: true };
  });
}

/**
 * The partner's session behind each call of the scope it is registered in (the partner API's, app/api-scope.ts):
 * the session cookie is looked up and sets `request.user`, `request.session` and the answer's language; a read-only
 * staff view refuses writes. The decorators (requireUser, signIn, ...) are sessionPlugin's, on the whole app.
 */
export const sessionLookup = fp(async (app) => {
  const { database, clock } = app.ctx;

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const live =
      request.method === 'GET' && request.routeOptions.config?.keptSession
        ? await resolveSessionStateKept(database.db, token, clock.now())
        : await resolveSessionState(database.db, token, clock.now());
    request.user = live?.user ?? null;
    request.session = live?.session ?? null;
    if (request.user && !request.headers['x-localization'] && isLangCode(request.user.lang))
      request.lang = request.user.lang;
    // A read-only view opened by staff reads and never writes: not a setting, a wallet, a payout, not even a sign-out
    // (it ends by itself after OPERATOR_VIEW_MS). Checked here, before any route, so no write call can forget it.
    if (live?.session.operatorView && request.method !== 'GET' && request.method !== 'HEAD')
      throw new AppError('forbidden', { key: 'errors:view_as_read_only' }, undefined, { reason: 'view_as_read_only' });
  });

  // A partner's write (settings, security checks, sign-out, anything not a GET) may change what a session stands
  // for: the sessions of that partner kept on this process are looked up again.
  app.addHook('onResponse', async (request) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD')
      forgetKeptSessions(database.db, request.user.id);
  });
});

/** The session's request fields and decorators, on the whole app: requireUser, requireProgram, signIn, signOut. */
export const sessionPlugin = fp(async (app) => {
  const { database, clock, config } = app.ctx;
  const secure = config.PUBLIC_URL.startsWith('https:');
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user || !request.user.isActive) throw new AppError('unauthorized');
  });

  app.decorate('requireProgram', async (request: FastifyRequest) => {
    await app.requireUser(request);
    // Runs after validation, so `app` is a project id wherever the query schema asks for it. The check is read with
    // those of the requests that come meanwhile, never from an earlier answer (StandingReader).
    const project = (request.query as { app?: ProjectId } | undefined)?.app;
    const active = project ? (await standingReaderOf(database).read(request.user!.id, project)).active : false;
    if (!active) throw programNotActive(project);
  });

  // Every sign-in path (password, auto-login, a second factor's step) ends here, so every one of them is checked
  // against a recovery under way and recorded on the browser's device (decision 0191).
  app.decorate('signIn', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (await recoveryPending(database.db, userId)) throw recoveryPendingError();
    const old = request.cookies[SESSION_COOKIE];
    if (old) await revokeSession(database.db, old);
    const now = clock.now();
    const userAgent = String(request.headers['user-agent'] ?? '');
    const token = await createSession(database.db, userId, now, { ip: request.ip, userAgent });
    const device = deviceIdOf(request.cookies[DEVICE_COOKIE]);
    const signedIn = { userId, deviceId: device.id, ip: request.ip, userAgent, now };
    const seen = await recordDeviceSignIn(app.ctx, signedIn);
    if (seen.isNew && seen.knewOthers) await alertNewDevice(app.ctx, request.log, signedIn);
    reply.setCookie(DEVICE_COOKIE, device.id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_COOKIE_MAX_AGE_S });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  });

  app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(database.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});
