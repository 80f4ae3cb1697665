import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('server frame', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown API path with a localized not_found', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { 'x-localization': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Nothing was found here.' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps the partner API's hooks in its scope: the limit on its routes only, no-store and the JSON 404 inside it", async () => {
    // An anonymous call to a signed-in route is counted (per address) before its 401.
    const call = await t.app.inject({ url: '/api/settings' });
    expect(call.statusCode).toBe(401);
    expect(call.headers['x-ratelimit-limit']).toBe(String(t.ctx.config.API_RATE_LIMIT_PER_IP));
    expect(call.headers['cache-control']).toBe('no-store');
    // A path of the API without a route: its JSON 404, not counted, not stored; not the app's page.
    const missing = await t.app.inject({ url: '/api/nope/deeper', headers: { 'x-localization': 'de' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['x-ratelimit-limit']).toBeUndefined();
    // Outside the scope: probes, the API reference and ingest are neither limited nor refused as cross-site.
    for (const url of ['/healthz', '/api/docs/json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
      expect(res.headers['cache-control'] ?? '', url).not.toMatch(/no-store/);
    }
    const ingest = await t.app.inject({ method: 'POST', url: '/ingest/v1/fd1/events', headers: { 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(ingest.statusCode).toBe(401);
    expect(ingest.headers['x-ratelimit-limit']).toBeUndefined();
    expect(ingest.headers['cache-control']).toBe('no-store');
  });

  it('refuses a state-changing request sent from another site', async () => {
    const bySecFetch = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(bySecFetch.statusCode).toBe(403);
    expect(bySecFetch.json().code).toBe('cross_site_request');
    const byOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(byOrigin.statusCode).toBe(403);
  });
});
