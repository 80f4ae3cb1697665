import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * Every call of a signed-in partner answers an anonymous request 401, whatever it sends: before the body is read or
 * the input validated, so the answer never lists the fields a call expects.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const probePath = (url: string) => url.replace(/:(\w+)/g, '1');

describe('signed-in calls', () => {
  it('are many, and include the settings, sites, rates, postbacks and security calls', () => {
    const routes = t.app.signedInRoutes;
    expect(routes.length).toBeGreaterThan(60);
    for (const call of ['GET /api/settings', 'POST /api/sites', 'POST /api/rates', 'DELETE /api/rates/next', 'GET /api/postbacks', 'POST /api/security/check-code', 'GET /api/security/info']) {
      const [method, path] = call.split(' ');
      expect(routes.some((r) => r.startsWith(`${method} `) && r.split(' ')[1]!.startsWith(path!)), call).toBe(true);
    }
  });

  it('answer an anonymous request 401, with nothing of their input, for garbage and empty input alike', async () => {
    for (const route of t.app.signedInRoutes) {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      for (const payload of [undefined, { nonsense: '\u0000', amount: 'x'.repeat(300) }]) {
        const res = await t.app.inject({
          method,
          url: `${probePath(url)}?app=nope&page=-1`,
          headers: { 'sec-fetch-site': 'same-origin', ...(payload ? { 'content-type': 'application/json' } : {}) },
          ...(payload && method !== 'GET' ? { payload } : {}),
        });
        expect(res.statusCode, `${route}: ${res.body}`).toBe(401);
        expect(res.json(), route).toEqual({ code: 'unauthorized', message: expect.any(String) });
      }
    }
  });
});
