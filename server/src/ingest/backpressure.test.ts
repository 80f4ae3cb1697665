import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPartner, tokenOf } from './testing.ts';
import { INGEST_RETRY_AFTER_SECONDS } from './routes.ts';

let t: TestApp;
let a: number;

beforeEach(async () => {
  // One batch at a time: the second one sent meanwhile has no room.
  t = await createTestApp({ clock: '2026-11-21T12:00:00Z', config: { INGEST_MAX_IN_FLIGHT: '1' } });
  a = (await insertPartner(t.ctx.database, 'partner@x.test')).app.fd1;
});
afterEach(async () => {
  await t.close();
});

const batch = (n: number) =>
  Array.from({ length: 200 }, (_, i) => ({
    id: `b${n}-e${i}`,
    type: 'page_hit',
    at: '2026-11-21T10:00:00Z',
    app_users_id: a,
    referrer: `https://site-${i % 7}.example/page`,
  }));

const post = (events: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/ingest/v1/fd1/events', headers: { authorization: `Bearer ${tokenOf('fd1')}` }, payload: events });

describe('ingest back-pressure', () => {
  it('answers 503 with Retry-After beyond the batches in flight, and a resend loses and doubles nothing', async () => {
    const batches = Array.from({ length: 8 }, (_, n) => batch(n));
    const first = await Promise.all(batches.map((events) => post(events)));
    const busy = first.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(first.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe(String(INGEST_RETRY_AFTER_SECONDS));
      expect(answer.json()).toEqual({ code: 'unavailable', message: 'The service is temporarily unavailable. Try later' });
    }
    // The sender resends what was refused, one at a time as the header asks: every event is stored once.
    for (const [n, answer] of first.entries()) if (answer.statusCode === 503) expect((await post(batches[n]!)).statusCode).toBe(200);
    // And a resend of everything is all duplicates.
    const again = await post(batches[0]!);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 200 });
    const [stored] = await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from ingest_event_keys where project = 'fd1' and event_id like 'b%'`);
    expect(stored!.n).toBe(8 * 200);
  });

  it('gives the place back when a batch fails, so later batches are not refused forever', async () => {
    expect((await post([{ id: 'x', type: 'nonsense' }])).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/ingest/v1/fd1/events', headers: { authorization: `Bearer ${tokenOf('fd1')}`, 'content-type': 'application/json' }, payload: '{not json' });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post(batch(100 + i))).statusCode).toBe(200);
  });
});
