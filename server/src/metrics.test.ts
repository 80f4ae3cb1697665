import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';
import { insertPartner, send } from './ingest/testing.ts';
import { serveMetrics } from './lib/metrics-server.ts';

/** /metrics (Prometheus text) and request ids (decision 0173). */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series in a Prometheus text exposition (0 when absent). */
function series(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false);
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics', () => {
  it('are served behind METRICS_TOKEN only, and count requests by route, ingest events and payout requests', async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
    const scrape = async () => {
      const res = await t!.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.body;
    };
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);

    const before = await scrape();
    const partner = await insertPartner(t.ctx.database, 'm@x.test');
    const event = (id: string) => ({ id, type: 'page_hit', at: '2026-11-20T11:00:00Z', app_users_id: partner.app.fd1, referrer: null });
    expect((await send(t.app, 'fd1', [event('m-1'), event('m-2')])).status).toBe(200);
    expect((await send(t.app, 'fd1', [event('m-2'), { id: 'm-3', type: 'nonsense' }])).status).toBe(200);
    await t.app.inject('/api/langs');
    await t.ctx.database.query((await import('drizzle-orm')).sql`
      insert into payout_requests (user_id, amount_micro, fee_micro, wallet_type, payment_details, status, created_at, updated_at)
      values (${partner.userId}, 7000000, 0, 'paypal', 'paypal: m@x.test', 'created', now(), now())`);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) => series(after, name, labels) - series(before, name, labels);
    expect(delta('pc_ingest_events_total', { project: 'fd1', result: 'accepted' })).toBe(2);
    expect(delta('pc_ingest_events_total', { project: 'fd1', result: 'duplicate' })).toBe(1);
    expect(delta('pc_ingest_events_total', { project: 'fd1', result: 'rejected' })).toBe(1);
    expect(delta('pc_ingest_batches_total', { project: 'fd1', outcome: 'stored' })).toBe(2);
    expect(delta('pc_http_request_duration_seconds_count', { method: 'GET', route: '/api/langs', status: '200' })).toBe(1);
    expect(delta('pc_http_request_duration_seconds_count', { method: 'POST', route: '/ingest/v1/:project/events', status: '200' })).toBe(2);
    expect(series(after, 'pc_payout_requests', { status: 'created', measure: 'count' })).toBe(1);
    expect(series(after, 'pc_payout_requests', { status: 'created', measure: 'amount_micro' })).toBe(7_000_000);
    expect(after).toContain('pc_process_resident_memory_bytes');
  });

  it('are not served on the main port without METRICS_TOKEN; METRICS_PORT serves them on a port of their own', async () => {
    t = await createTestApp();
    // Only the web app's page (or its stand-in) answers there.
    const page = await t.app.inject('/metrics');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('pc_ingest_events_total');
    const server = await serveMetrics(0, '127.0.0.1');
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE pc_ingest_events_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('request ids', () => {
  it('answer every request with X-Request-Id: a new one, or the caller\'s when it is well formed', async () => {
    t = await createTestApp();
    const a = await t.app.inject('/api/langs');
    const b = await t.app.inject('/api/langs');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const given = await t.app.inject({ url: '/api/langs', headers: { 'x-request-id': 'lb-1234abcd.5678' } });
    expect(given.headers['x-request-id']).toBe('lb-1234abcd.5678');
    const forged = await t.app.inject({ url: '/api/nowhere', headers: { 'x-request-id': 'x\ninjected line' } });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
