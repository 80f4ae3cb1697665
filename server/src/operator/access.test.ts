import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { can, STAFF_ROLES, type StaffRole } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { declaredOperatorRoutes, operatorAccess } from './access.ts';
import { addMember, signIn } from './testing.ts';

/**
 * Every /operator/v1 route, as the app registered them (the access check records each one), tried with each
 * role's console session, a named token of each role, the shared OPERATOR_TOKEN and no credentials: only the
 * roles the matrix allows get past the access check. A route added later is in this list by itself.
 */
let t: TestApp;
const sessions = {} as Record<StaffRole, string>;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  for (const role of STAFF_ROLES) sessions[role] = `${await signIn(t, await addMember(t, role))}`;
  for (const role of STAFF_ROLES) {
    const res = await t.app.inject({ method: 'POST', url: '/operator/v1/tokens', headers: { cookie: sessions.admin }, payload: { name: `${role} robot`, role } });
    expect(res.statusCode, res.body).toBe(200);
    tokens[role] = res.json().secret;
  }
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern: every parameter an id nothing has, so an allowed call changes nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999');
const passedAccess = (status: number) => status !== 401 && status !== 403;

function call(method: string, url: string, headers: Record<string, string>) {
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  return t.app.inject({ method: method as 'GET', url: concrete(url), headers, ...(withBody ? { payload: {} } : {}) });
}

describe('operator API: the role matrix on every route', () => {
  it('knows every route, each with its declared access', () => {
    const routes = declaredOperatorRoutes(t.ctx);
    const paths = routes.map((r) => `${r.method} ${r.url}`);
    // The calls documented in docs/operator.md are all here, under their permission.
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /operator/v1/payouts',
        'POST /operator/v1/payouts/:id/status',
        'POST /operator/v1/session',
        'GET /operator/v1/session/me',
        'PATCH /operator/v1/staff/:id',
        'DELETE /operator/v1/tokens/:id',
        'GET /operator/v1/audit.csv',
        'PATCH /operator/v1/settings',
        'POST /operator/v1/settings/preview',
        'GET /operator/v1/settings/history',
        'GET /operator/v1/flagged-sales',
        'GET /operator/v1/flagged-sales/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it('lets each role, as a session and as a token, through exactly where the matrix allows', async () => {
    const seen: string[] = [];
    for (const route of declaredOperatorRoutes(t.ctx)) {
      if (route.method === 'HEAD' || route.access === 'sign_in') continue;
      for (const role of STAFF_ROLES) {
        const allowed = route.access === 'signed_in' || can(role, route.access);
        for (const [kind, headers] of [
          ['session', { cookie: sessions[role] }],
          ['token', { authorization: `Bearer ${tokens[role]}` }],
        ] as const) {
          const res = await call(route.method, route.url, headers);
          const label = `${route.method} ${route.url} as ${role} ${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (allowed) expect(passedAccess(res.statusCode), label).toBe(true);
          else {
            expect(res.statusCode, label).toBe(403);
            expect(res.json(), label).toMatchObject({ code: 'forbidden', permission: route.access });
          }
        }
      }
      const legacy = await call(route.method, route.url, { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' });
      expect(passedAccess(legacy.statusCode), `${route.method} ${route.url} legacy: ${legacy.statusCode} ${legacy.body}`).toBe(true);
      const anonymous = await call(route.method, route.url, {});
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      expect(anonymous.json().code).toBe('unauthorized');
      const badToken = await call(route.method, route.url, { authorization: 'Bearer pco_not-a-token' });
      expect(badToken.statusCode, `${route.method} ${route.url} unknown token`).toBe(401);
      seen.push(`${route.method} ${route.url}`);
    }
    expect(seen.length).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it('only the sign-in steps and the view-as link are open to anyone (they check their own credentials)', () => {
    // A new open route must be added here on purpose: it is reachable without any staff credentials.
    const open = declaredOperatorRoutes(t.ctx)
      .filter((r) => r.access === 'sign_in' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([
      'DELETE /operator/v1/session',
      'GET /operator/v1/view-as/:code',
      'POST /operator/v1/session',
      'POST /operator/v1/session/code',
      'POST /operator/v1/session/totp',
    ]);
  });

  it('a revoked token opens nothing any more', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/operator/v1/tokens', headers: { cookie: sessions.admin }, payload: { name: 'short-lived', role: 'admin' } });
    const { token, secret } = res.json();
    expect((await t.app.inject({ url: '/operator/v1/staff', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/operator/v1/tokens/${token.id}`, headers: { cookie: sessions.admin } });
    expect(revoked.json().revoked_at).toBe('2026-11-20T12:00:00.000Z');
    expect((await t.app.inject({ url: '/operator/v1/staff', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(401);
  });
});

describe('operator API: a route without a declared permission', () => {
  it('is refused when it is registered', async () => {
    const app = Fastify();
    app.decorate('ctx', t.ctx);
    await expect(
      app
        .register(async (scope) => {
          operatorAccess(scope);
          scope.get('/open', async () => 'open');
        })
        .ready(),
    ).rejects.toThrow(/GET \/open declares no valid permission/);
    await app.close();
  });
});
