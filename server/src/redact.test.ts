import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createMailer } from './mail/mailer.ts';
import { createTestDatabase, manualClock, testConfig } from './test/harness.ts';
import type { Database } from './db/client.ts';
import { REDACTED, redactError, redactUrl } from './lib/redact.ts';
import { captureLog } from './test/log-capture.ts';

/** No link token and no query parameter reaches a log line (decision 0176). */
const TOKEN = 'Sekr3tTok3n_abcdefghijklmnop';

describe('redactUrl', () => {
  it.each([
    [`/auth/confirm-registration/${TOKEN}`, `/auth/confirm-registration/${REDACTED}`],
    [`/auth/restore-access/${TOKEN}`, `/auth/restore-access/${REDACTED}`],
    [`/auth/restore-password/a%40b.test/${TOKEN}`, `/auth/restore-password/${REDACTED}`],
    [`/auth/confirm-password-changing/17/${TOKEN}`, `/auth/confirm-password-changing/${REDACTED}`],
    [`/auth/auto-login/${TOKEN}`, `/auth/auto-login/${REDACTED}`],
    [`/purse/confirm/${TOKEN}`, `/purse/confirm/${REDACTED}`],
    [`/api/purse/confirm/${TOKEN}`, `/api/purse/confirm/${REDACTED}`],
    [`/settings/email/confirm/${TOKEN}`, `/settings/email/confirm/${REDACTED}`],
    [`/alerts/unsubscribe/${TOKEN}`, `/alerts/unsubscribe/${REDACTED}`],
    [`/not-me/${TOKEN}`, `/not-me/${REDACTED}`],
    [`/api/not-me/${TOKEN}`, `/api/not-me/${REDACTED}`],
    [`/api/alerts/unsubscribe?token=${TOKEN}&x=1`, `/api/alerts/unsubscribe?token=${REDACTED}&x=1`],
    [`/operator/v1/view-as/${TOKEN}`, `/operator/v1/view-as/${REDACTED}`],
    [`/api/auth/auto-login/from?code=${TOKEN}`, `/api/auth/auto-login/from?code=${REDACTED}`],
    // Calls without a secret keep their path.
    ['/api/auth/restore-password/request', '/api/auth/restore-password/request'],
    ['/api/auth/restore-access/request', '/api/auth/restore-access/request'],
    ['/api/auth/auto-login/to/fd1', '/api/auth/auto-login/to/fd1'],
    ['/api/statistics/sales?app=fd1&page=2', '/api/statistics/sales?app=fd1&page=2'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('never lets a token through, whatever it is', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/);
    const prefix = fc.constantFrom('/auth/confirm-registration/', '/api/purse/confirm/', '/settings/email/confirm/', '/alerts/unsubscribe/', '/auth/restore-access/', '/not-me/', '/api/not-me/');
    fc.assert(fc.property(prefix, token, (p, tok) => !redactUrl(`${p}${tok}`).includes(tok) && !redactUrl(`/x?token=${tok}`).includes(tok)));
  });
});

let app: FastifyInstance | undefined;
let database: Database | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = database = undefined;
});

describe('the request log', () => {
  it('writes no token of any tokened page or call, and no parameter of a failed query', async () => {
    const out = captureLog();
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    app = await buildApp({ config, database, clock: manualClock(), mailer: createMailer({ database, from: config.MAIL_FROM }) }, { logDestination: out.stream });
    await app.ready();
    const pages = [
      `/auth/confirm-registration/${TOKEN}`,
      `/auth/restore-access/${TOKEN}`,
      `/auth/restore-password/a%40b.test/${TOKEN}`,
      `/auth/confirm-password-changing/1/${TOKEN}`,
      `/auth/auto-login/${TOKEN}`,
      `/purse/confirm/${TOKEN}`,
      `/settings/email/confirm/${TOKEN}`,
      `/alerts/unsubscribe/${TOKEN}`,
      `/not-me/${TOKEN}`,
    ];
    for (const url of pages) await app.inject(url);
    const calls: Array<[string, string, object?]> = [
      ['POST', `/api/purse/confirm/${TOKEN}`],
      ['GET', `/api/alerts/unsubscribe?token=${TOKEN}`],
      ['POST', `/api/alerts/unsubscribe?token=${TOKEN}`],
      ['GET', `/operator/v1/view-as/${TOKEN}`],
      ['GET', `/api/not-me/${TOKEN}`],
      ['POST', `/api/not-me/${TOKEN}`],
      ['POST', '/api/auth/restore-password', { email: 'a@b.test', token: TOKEN, password: 'x' }],
      ['POST', '/api/auth/confirm-registration', { token: TOKEN }],
    ];
    for (const [method, url, payload] of calls)
      await app.inject({ method: method as 'GET', url, headers: { 'sec-fetch-site': 'same-origin' }, ...(payload ? { payload } : {}) });
    const secret = 'card-4111111111111111';
    const failed = await database.db.execute(sql`select ${secret}::int`).catch((error: unknown) => error);
    app.log.error({ err: failed }, 'a failed query');
    const logged = out.text();
    expect(logged.split('\n').filter(Boolean).length).toBeGreaterThan(pages.length + calls.length);
    expect(logged).toContain(REDACTED);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(secret);
    expect(logged).toContain('Failed query: select $1::int');
  });

  it('keeps an error without query parameters as it is', () => {
    const error = new Error('plain');
    expect(redactError(error)).toBe(error);
    const line = JSON.stringify(pino.stdSerializers.err(redactError(new Error('x', { cause: new Error('inner') })) as Error));
    expect(line).toContain('inner');
  });
});
