import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { can, isStaffPermission, type StaffPermission } from '@pc/core';
import type { AppContext } from '../context.ts';
import { operatorTokens } from '../db/schema/index.ts';
import { isCrossSite } from '../lib/cross-site.ts';
import { AppError } from '../lib/errors.ts';
import { actorLabel, type StaffActor } from './audit.ts';
import { lookUpStaffSession, STAFF_COOKIE } from './staff-auth.ts';

/**
 * One access check for every /operator/v1 call (decision 0160). Each route names in its config what it needs:
 * a permission of the role matrix (core staff-access.ts), `signed_in` (any authenticated caller: who am I), or
 * `sign_in` (the sign-in steps, which check their own credentials). A route that names nothing is refused at
 * registration, so no call is left open by mistake. One onRequest hook then authenticates, before the body is
 * read: a named token (`Authorization: Bearer pco_…`), the shared OPERATOR_TOKEN with an X-Operator name (the CLI
 * and older automation; an administrator, actor kind `legacy`), or a full console session (cookie pc_staff).
 * No credentials: 401; credentials without the permission: 403 `forbidden`.
 */
export type OperatorAccess = StaffPermission | 'signed_in' | 'sign_in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Operator API routes: what a call needs (operator/access.ts); required on every such route. */
    permission?: OperatorAccess;
  }
  interface FastifyRequest {
    /** Who makes an operator API call, once authenticated; null before, and on the sign-in steps. */
    staffActor: StaffActor | null;
    /** The console session a call came with (cookie-authenticated calls only). */
    staffSessionId: number | null;
    /** The caller's name as older records keep it (audit actorLabel): payout history, news' author. */
    operator: string;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of a presented bearer token with the configured one (hashes have equal length). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

export const NAMED_TOKEN_PREFIX = 'pco_';
export const namedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** last_used_at of a named token is written at most this often. */
const TOKEN_TOUCH_MS = 60 * 1000;

const OPERATOR_NAME = /^[\p{L}\p{N} ._@-]{1,100}$/u;

function isAccess(value: unknown): value is OperatorAccess {
  return value === 'signed_in' || value === 'sign_in' || isStaffPermission(value);
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: OperatorAccess;
}
/** The operator routes each app registered, with what they need: the access tests try every one of them. */
const declared = new WeakMap<AppContext, DeclaredRoute[]>();
export const declaredOperatorRoutes = (ctx: AppContext): readonly DeclaredRoute[] => declared.get(ctx) ?? [];

/** onRoute: every operator route must say what it needs. */
function requireDeclaredAccess(ctx: AppContext, route: RouteOptions) {
  const access = (route.config as { permission?: unknown } | undefined)?.permission;
  if (!isAccess(access)) throw new Error(`operator route ${String(route.method)} ${route.url} declares no valid permission (config.permission)`);
  const list = declared.get(ctx) ?? [];
  declared.set(ctx, list);
  for (const method of [route.method].flat()) list.push({ method, url: route.url, access });
}

const changesState = (request: FastifyRequest) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

/** The actor behind a request's credentials, or null when it carries none. Throws 401 on bad credentials. */
async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<StaffActor | null> {
  const { database, clock, config } = ctx;
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim()) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match) throw new AppError('unauthorized');
    const presented = match[1]!;
    if (presented.startsWith(NAMED_TOKEN_PREFIX)) {
      const now = clock.now();
      const [token] = await database.db
        .select()
        .from(operatorTokens)
        .where(and(eq(operatorTokens.tokenHash, namedTokenHash(presented)), isNull(operatorTokens.revokedAt)))
        .limit(1);
      if (!token) throw new AppError('unauthorized');
      if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= TOKEN_TOUCH_MS)
        await database.db
          .update(operatorTokens)
          .set({ lastUsedAt: now })
          .where(and(eq(operatorTokens.id, token.id), or(isNull(operatorTokens.lastUsedAt), lt(operatorTokens.lastUsedAt, now))));
      return { kind: 'token', id: token.id, name: token.name, role: token.role };
    }
    if (!tokenMatches(presented, config.OPERATOR_TOKEN)) throw new AppError('unauthorized');
    const name = request.headers['x-operator'];
    const operator = typeof name === 'string' ? name.trim() : '';
    if (!OPERATOR_NAME.test(operator)) throw new AppError('bad_request', { key: 'operator:missing_operator' });
    return { kind: 'legacy', id: null, name: operator, role: 'admin' };
  }
  const cookie = request.cookies[STAFF_COOKIE];
  if (!cookie) return null;
  // A console call that changes something must come from the console's own pages.
  if (changesState(request) && isCrossSite(request, config.PUBLIC_URL)) throw new AppError('cross_site_request');
  const found = await lookUpStaffSession(database.db, cookie, 'full', clock.now(), config.STAFF_IDLE_MINUTES * 60_000);
  if (!found.ok) throw new AppError('unauthorized', undefined, undefined, { reason: found.reason === 'idle' || found.reason === 'expired' ? 'session_expired' : 'signed_out' });
  request.staffSessionId = found.session.id;
  return { kind: 'staff', id: found.member.id, name: found.member.name, role: found.member.role };
}

/** Registers the access check on the operator API's plugin (before its routes). */
export function operatorAccess(app: FastifyInstance) {
  const { ctx } = app;
  app.decorateRequest('staffActor', null);
  app.decorateRequest('staffSessionId', null);
  app.decorateRequest('operator', '');
  app.addHook('onRoute', (route) => requireDeclaredAccess(ctx, route));
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.permission;
    // No route matched (a 404): nothing to protect.
    if (access === undefined) return;
    if (access === 'sign_in') {
      // The sign-in steps set the cookie: a page of another site must not sign anyone in or out.
      if (changesState(request) && isCrossSite(request, ctx.config.PUBLIC_URL)) throw new AppError('cross_site_request');
      return;
    }
    const actor = await authenticate(ctx, request);
    if (!actor) throw new AppError('unauthorized');
    if (access !== 'signed_in' && !can(actor.role, access)) throw new AppError('forbidden', undefined, undefined, { permission: access });
    request.staffActor = actor;
    request.operator = actorLabel(actor);
  });
}

/** The authenticated actor of a request behind the access check. */
export function actorOf(request: FastifyRequest): StaffActor {
  if (!request.staffActor) throw new AppError('unauthorized');
  return request.staffActor;
}
