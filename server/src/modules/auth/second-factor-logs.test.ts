import { afterEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, manualClock, testConfig } from '../../test/harness.ts';
import { captureLog } from '../../test/log-capture.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { signedUpPartner } from './testing.ts';

let app: FastifyInstance | undefined;
let database: Database | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = database = undefined;
});

const EMAIL = 'partner@example.com';
const PASSWORD = 'Tr0ub4dor&3-horse';

describe('second factor and the logs', () => {
  it('no secret, code, recovery code or pending token reaches a log line, at debug, right or wrong', async () => {
    const out = captureLog();
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    const clock = manualClock();
    app = await buildApp({ config, database, clock, mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) }, { logDestination: out.stream });
    await app.ready();
    const a = app;
    const post = (url: string, payload?: Record<string, unknown>, cookie?: string) =>
      a.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
    const code = (offset = 0) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offset });

    const { cookie } = await signedUpPartner(a, EMAIL, PASSWORD);
    await post('/api/security/check-password', { password: PASSWORD, captcha: await solveCaptcha(a) }, cookie);
    const secret = ((await post('/api/settings/second-factor/totp/setup', undefined, cookie)).json() as { secret: string }).secret;
    const first = await code();
    const codes = ((await post('/api/settings/second-factor/totp/confirm', { code: first }, cookie)).json() as { codes: string[] }).codes;
    clock.advance(30_000);
    const token = (await post('/api/auth/login', { email: EMAIL, password: PASSWORD, captcha: await solveCaptcha(a) })).json().second_factor.token as string;
    const right = await code();
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await post('/api/auth/login/second-factor', { token, code: wrong })).statusCode).toBe(422);
    expect((await post('/api/auth/login/second-factor', { token, recovery_code: 'nope-nope-nope' })).statusCode).toBe(422);
    expect((await post('/api/auth/login/second-factor', { token, recovery_code: codes[0] })).statusCode).toBe(200);
    expect((await post('/api/auth/login/second-factor', { token, code: right })).statusCode).toBe(400);

    const text = out.lines().join('\n');
    expect(text).toContain('/api/auth/login/second-factor');
    for (const value of [secret, token, ...codes, 'nope-nope-nope', PASSWORD]) expect(text).not.toContain(value);
    // Six digits may occur inside a timestamp by chance: a code is looked for as a number of its own.
    for (const digits of [first, right, wrong]) expect(text).not.toMatch(new RegExp(`(?<!\\d)${digits}(?!\\d)`));
  });
});
