import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPartner, tokenOf } from './testing.ts';
import { INGEST_RETRY_AFTER_SECONDS } from './routes.ts';

let t: TestApp;
let a: number;

async function start(config: Record<string, string>) {
  t = await createTestApp({ clock: '2026-11-21T12:00:00Z', config });
  a = (await insertPartner(t.ctx.database, 'partner@x.test')).app.fd1;
}
beforeEach(async () => {
  // One batch at a time, and none waits: the second one sent meanwhile has no room.
  await start({ INGEST_MAX_IN_FLIGHT: '1', INGEST_QUEUE_LENGTH: '0' });
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
      expect(answer.headers.connection).toBe('close');
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

  it('lets batches wait for a place in the order they came, and refuses those beyond the queue', async () => {
    await t.close();
    await start({ INGEST_MAX_IN_FLIGHT: '1', INGEST_QUEUE_LENGTH: '2', INGEST_QUEUE_WAIT_MS: '30000' });
    const done: number[] = [];
    const answers = await Promise.all(
      [0, 1, 2, 3].map(async (n) => {
        const answer = await post(batch(n));
        done.push(n);
        return answer;
      }),
    );
    // One in flight, two waiting, the fourth refused at once.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 503]);
    expect(answers[3]!.headers['retry-after']).toBe(String(INGEST_RETRY_AFTER_SECONDS));
    expect(done).toEqual([3, 0, 1, 2]);
    expect(answers.slice(0, 3).map((r) => r.json().accepted)).toEqual([200, 200, 200]);
  });

  it('answers 503 to a batch that waited its time without a place', async () => {
    await t.close();
    await start({ INGEST_MAX_IN_FLIGHT: '1', INGEST_QUEUE_LENGTH: '4', INGEST_QUEUE_WAIT_MS: '0' });
    const [first, waited] = await Promise.all([post(batch(0)), post(batch(1))]);
    expect(first.statusCode).toBe(200);
    expect(waited.statusCode).toBe(503);
    expect(waited.headers['retry-after']).toBe(String(INGEST_RETRY_AFTER_SECONDS));
    // It left the queue: the place goes on to later batches.
    expect((await post(batch(1))).statusCode).toBe(200);
    expect((await post(batch(2))).statusCode).toBe(200);
  });

  it('counts the bytes in flight too: beyond INGEST_MAX_IN_FLIGHT_BYTES a batch is refused, but one alone always goes', async () => {
    await t.close();
    await start({ INGEST_MAX_IN_FLIGHT: '64', INGEST_MAX_IN_FLIGHT_BYTES: '1', INGEST_QUEUE_LENGTH: '0' });
    const answers = await Promise.all([0, 1, 2, 3].map((n) => post(batch(n))));
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.statusCode === 503).length).toBeGreaterThan(0);
    expect((await post(batch(9))).statusCode).toBe(200);
  });

  it('refuses before reading the body, and closes the connection instead of draining it', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as { port: number }).port;
    const head = (length: number) =>
      `POST /ingest/v1/fd1/events HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${tokenOf('fd1')}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
    const open = () =>
      new Promise<{ socket: Socket; text: () => string; closed: Promise<void> }>((resolve) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () => resolve({ socket, text: () => text, closed }));
        socket.on('data', (c: Buffer) => (text += c.toString()));
        const closed = new Promise<void>((done) => socket.on('close', () => done()));
      });
    // The one place is taken by a batch whose body has not come yet.
    const body = JSON.stringify(batch(0));
    const holder = await open();
    holder.socket.write(head(Buffer.byteLength(body)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A sender announces 9 MB and sends none of it: the answer comes at once, and the server hangs up.
    const refused = await open();
    refused.socket.write(head(9 * 1024 * 1024));
    await refused.closed;
    expect(refused.text()).toMatch(/^HTTP\/1.1 503/);
    expect(refused.text()).toMatch(/retry-after: 1/i);
    expect(refused.text()).toMatch(/connection: close/i);
    // The admitted batch is not held up by it.
    holder.socket.write(body);
    while (!holder.text().includes('"accepted"')) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(holder.text()).toMatch(/^HTTP\/1.1 200/);
    holder.socket.destroy();
  });
});
