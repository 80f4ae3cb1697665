import { afterEach, describe, expect, it } from 'vitest';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createMailer } from './mail/mailer.ts';
import { createTestDatabase, manualClock, testConfig } from './test/harness.ts';
import type { Database } from './db/client.ts';
import { captureLog } from './test/log-capture.ts';

let app: FastifyInstance | undefined;
let database: Database | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = database = undefined;
});

async function appLoggingTo(stream: Writable, config: Parameters<typeof testConfig>[0]) {
  database = await createTestDatabase();
  const cfg = testConfig(config);
  app = await buildApp(
    { config: cfg, database, clock: manualClock(), mailer: createMailer({ database, smtpUrl: cfg.SMTP_URL, from: cfg.MAIL_FROM }) },
    { logDestination: stream },
  );
  await app.ready();
  return app;
}

const ingest = (a: FastifyInstance) =>
  a.inject({
    method: 'POST',
    url: '/ingest/v1/fd1/events',
    headers: { authorization: `Bearer ${a.ctx.config.INGEST_TOKEN_FD1}`, 'content-type': 'application/json' },
    payload: JSON.stringify([{ id: 'log-1', type: 'page_hit', at: '2026-11-20T11:00:00Z', app_users_id: 1, referrer: null }]),
  });

describe('request logs', () => {
  it('write one JSON line per API request at info, and ingest requests only at debug', async () => {
    const out = captureLog();
    const a = await appLoggingTo(out.stream, { LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    expect((await ingest(a)).statusCode).toBe(200);
    expect((await a.inject('/healthz')).statusCode).toBe(200);
    expect(out.lines()).toEqual([]);

    expect((await a.inject({ url: '/api/langs', headers: { cookie: 'pc_session=secret' } })).statusCode).toBe(200);
    const lines = out.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/api\/langs 200 \d+ ms$/), res: { statusCode: 200 } });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('show ingest requests at debug', async () => {
    const out = captureLog();
    const a = await appLoggingTo(out.stream, { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    await ingest(a);
    const lines = out.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: expect.stringMatching(/^POST \/ingest\/v1\/fd1\/events 200 \d+ ms$/) })]);
  });

  it('are one readable line per request in development', async () => {
    const out = captureLog();
    const a = await appLoggingTo(out.stream, { NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(a.ctx.config.LOG_FORMAT).toBe('pretty');
    await ingest(a);
    await a.inject('/api/langs');
    await a.inject('/api/nope');
    const lines = out.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/langs 200 \d+ ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/nope 404 \d+ ms$/);
  });
});
