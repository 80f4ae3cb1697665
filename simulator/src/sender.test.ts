import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSender } from './sender.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP ingest stand-in that answers 503 with Retry-After the first `busy` times. */
async function ingestStandIn(busy: number, retryAfter: string) {
  const seen: number[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push(Date.now());
      if (seen.length <= busy) {
        response.writeHead(503, { 'retry-after': retryAfter, 'content-type': 'application/json' }).end('{"code":"unavailable","message":"busy"}');
        return;
      }
      const events = JSON.parse(body) as unknown[];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: events.length, duplicates: 0, rejected: [] }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

describe('the simulator under back-pressure', () => {
  it('waits as long as a 503 asks and sends the batch again, without using up its retries', async () => {
    const standIn = await ingestStandIn(3, '1');
    const send = httpSender(standIn.url, { fd1: 't'.repeat(16), fd2: 't'.repeat(16) }, { retries: 0 });
    const answer = await send('fd1', [{ id: 'e1', type: 'page_hit', at: '2026-11-21T10:00:00Z', app_users_id: 1, referrer: null }]);
    expect(answer).toMatchObject({ accepted: 1 });
    expect(standIn.seen).toHaveLength(4);
    // About a second between tries, as Retry-After said.
    for (let i = 1; i < standIn.seen.length; i++) expect(standIn.seen[i]! - standIn.seen[i - 1]!).toBeGreaterThanOrEqual(900);
  });
});
