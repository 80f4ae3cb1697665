import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from './app.ts';
import { partnerApiHooks } from './app/api-scope.ts';
import { loadConfig, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createMailer } from './mail/mailer.ts';
import { SIGN_IN_RATE_LIMIT } from './plumbing/rate-limits.ts';
import { signedUpPartner } from './modules/auth/testing.ts';
import { createTestDatabase, manualClock, testConfig } from './test/harness.ts';

/** A built web app of its own, to check that static files keep their caching. */
let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'pc-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Partner Cabinet</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets/index-Abc123.js'), 'console.log("entry")');
});
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

let open: Array<{ app: FastifyInstance; database: Database }> = [];
afterEach(async () => {
  for (const { app, database } of open) {
    await app.close();
    await database.close();
  }
  open = [];
});

/** The whole app; `extend` may add routes before it is ready (a route that fails, for the 500 answer). */
async function appWith(overrides: Partial<Record<keyof Config, string>> = {}, extend?: (app: FastifyInstance) => void) {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(
    { config, database, clock: manualClock(), mailer: createMailer({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) },
    { logger: false, webDist },
  );
  extend?.(app);
  await app.ready();
  open.push({ app, database });
  return app;
}

describe('TRUST_PROXY', () => {
  it('reads false, a hop count or proxy addresses; true is one hop, never every hop', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    for (const off of ['false', 'no', '0', '']) expect(trust(off), off).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('yes')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
    for (const bad of ['every', '10.0.0.0/33', '300.1.1.1', 'loopback', '10.0.0.1/8/2', '11', '-1'])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
  });

  const PROXY = '10.0.0.2';
  const login = (app: FastifyInstance, xff: string | undefined, remoteAddress = PROXY) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.com', password: 'guess' },
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
      remoteAddress,
    });

  for (const setting of ['1', 'true', '10.0.0.0/8']) {
    it(`TRUST_PROXY=${setting}: a forged leftmost X-Forwarded-For entry does not escape the sign-in limit`, async () => {
      const app = await appWith({ TRUST_PROXY: setting });
      // The attacker writes a new address of its own in front on every try; the proxy appends the real one.
      for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) {
        const res = await login(app, `198.51.100.${i}, 203.0.113.7`);
        expect(res.statusCode, `try ${i}`).toBe(422);
        expect(res.headers['x-ratelimit-remaining'], `try ${i}`).toBe(String(SIGN_IN_RATE_LIMIT.max - i - 1));
      }
      const refused = await login(app, '198.51.100.200, 203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      // Forging the whole header does not help either: the proxy's own entry is always the last one.
      expect((await login(app, '203.0.113.8, 198.51.100.1, 203.0.113.7')).statusCode).toBe(429);
      // The address the trusted proxy saw is the one counted: another client behind it has its own allowance.
      const other = await login(app, '198.51.100.0, 203.0.113.8');
      expect(other.statusCode).toBe(422);
      expect(other.headers['x-ratelimit-remaining']).toBe(String(SIGN_IN_RATE_LIMIT.max - 1));
    });
  }

  it('TRUST_PROXY with addresses: a client connecting directly cannot pose as a proxy', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const direct = '203.0.113.50';
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) expect((await login(app, `198.51.100.${i}`, direct)).statusCode).toBe(422);
    expect((await login(app, '198.51.100.99', direct)).statusCode).toBe(429);
  });

  it('TRUST_PROXY=false: X-Forwarded-For is ignored, the connection counts', async () => {
    const app = await appWith();
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) expect((await login(app, `198.51.100.${i}`)).statusCode).toBe(422);
    expect((await login(app, '198.51.100.99')).statusCode).toBe(429);
  });
});

describe('every error answers {code, message} in the request language', () => {
  const FASTIFY_FIELDS = ['statusCode', 'error'];
  const expectProductShape = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, label: string) => {
    expect(res.headers['content-type'], label).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    for (const field of FASTIFY_FIELDS) expect(body, label).not.toHaveProperty(field);
    expect(Object.keys(body).filter((k) => !['code', 'message', 'errors'].includes(k)), label).toEqual([]);
    expect(typeof body.code, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
    expect(body.message, label).not.toMatch(/FST_|Fastify|valid url component|max param length|Unexpected token|JSON at position/);
    return body as { code: string; message: string };
  };

  const cases: Array<{ label: string; request: InjectOptions & { headers?: Record<string, string> }; status: number; code: string; en: string; de: string }> = [
    { label: 'malformed path parameter', request: { url: '/api/purse/%ZZ' }, status: 400, code: 'bad_request', en: 'The requested URL is not valid.', de: 'Die angeforderte URL ist ungültig.' },
    { label: 'malformed path, any route', request: { url: '/%ZZ' }, status: 400, code: 'bad_request', en: 'The requested URL is not valid.', de: 'Die angeforderte URL ist ungültig.' },
    { label: 'malformed operator path', request: { url: '/operator/v1/%E0%A4%A' }, status: 400, code: 'bad_request', en: 'The requested URL is not valid.', de: 'Die angeforderte URL ist ungültig.' },
    {
      label: 'path parameter over the length limit',
      request: { method: 'POST', url: `/api/auth/auto-login/to/${'a'.repeat(200)}` },
      status: 400,
      code: 'bad_request',
      en: 'The requested URL is not valid.',
      de: 'Die angeforderte URL ist ungültig.',
    },
    { label: 'unknown route', request: { url: '/api/no-such-thing' }, status: 404, code: 'not_found', en: 'Nothing was found here.', de: 'Hier wurde nichts gefunden.' },
    { label: 'unknown method', request: { method: 'DELETE', url: '/api/langs' }, status: 404, code: 'not_found', en: 'Nothing was found here.', de: 'Hier wurde nichts gefunden.' },
    {
      label: 'body that is not JSON',
      request: { method: 'POST', url: '/api/auth/login', payload: '{"email": ', headers: { 'content-type': 'application/json' } },
      status: 400,
      code: 'bad_request',
      en: 'The request could not be read.',
      de: 'Die Anfrage konnte nicht gelesen werden.',
    },
    {
      label: 'unsupported content type',
      request: { method: 'POST', url: '/api/auth/login', payload: '<login/>', headers: { 'content-type': 'application/xml' } },
      status: 415,
      code: 'unsupported_media_type',
      en: 'This content type is not supported.',
      de: 'Dieser Inhaltstyp wird nicht unterstützt.',
    },
    {
      label: 'body over the limit',
      request: { method: 'POST', url: '/api/auth/login', payload: `{"email":"${'x'.repeat(70_000)}"}`, headers: { 'content-type': 'application/json' } },
      status: 413,
      code: 'payload_too_large',
      en: 'The request is too large.',
      de: 'Die Anfrage ist zu groß.',
    },
    { label: 'failing route', request: { url: '/api/test-boom' }, status: 500, code: 'internal', en: 'An error occurred. Try later', de: 'Es ist ein Fehler aufgetreten. Versuchen Sie es später erneut' },
  ];

  it('router errors, parse errors and a 500, in English and in German', async () => {
    const app = await appWith({}, (a) => {
      // Beside the partner API, under its hooks (no-store among them).
      a.register(async (api) => {
        await api.register(partnerApiHooks);
        api.get('/api/test-boom', async () => {
          throw new Error('connect ECONNREFUSED 10.1.2.3:5432 at /srv/app/server/src/db/client.ts:42');
        });
      });
    });
    for (const { label, request, status, code, en, de } of cases) {
      for (const [lang, message] of [
        ['en', en],
        ['de', de],
      ] as const) {
        const res = await app.inject({ ...request, headers: { ...request.headers, 'x-localization': lang } });
        expect(res.statusCode, `${label} ${lang}`).toBe(status);
        expect(expectProductShape(res, `${label} ${lang}`), `${label} ${lang}`).toEqual({ code, message });
        expect(res.body, label).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|client\.ts|at \//);
        expect(res.headers['cache-control'], `${label} ${lang}`).toBe('no-store');
      }
    }
    // Without X-Localization, Accept-Language decides, for router errors too.
    const fr = await app.inject({ url: '/api/purse/%ZZ', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(fr.json()).toEqual({ code: 'bad_request', message: 'L’URL demandée n’est pas valide.' });
  });

  it('requests the HTTP parser refuses answer the same shape (English: there is no request to read a language from)', async () => {
    const app = await appWith();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const raw = (data: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(data));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const parse = (answer: string) => {
      const [head, body] = answer.split('\r\n\r\n');
      return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) as Record<string, unknown> };
    };
    const garbage = parse(await raw('THIS IS NOT HTTP\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ code: 'bad_request', message: 'The request could not be read.' });
    expect(garbage.head).toMatch(/cache-control: no-store/i);
    const huge = parse(await raw(`GET /api/langs HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
  });
});

describe('Cache-Control', () => {
  it('no-store on every API answer: signed-in data, public calls, errors and the dev mailbox', async () => {
    const app = await appWith();
    const { cookie } = await signedUpPartner(app);
    const answers = {
      user: await app.inject({ url: '/api/user', headers: { cookie } }),
      hold: await app.inject({ url: '/api/payouts/user/hold-info', headers: { cookie } }),
      signedOut: await app.inject({ url: '/api/user' }),
      langs: await app.inject({ url: '/api/langs' }),
      captcha: await app.inject({ url: '/api/captcha' }),
      notFound: await app.inject({ url: '/api/nothing-here' }),
      login: await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      mailbox: await app.inject({ url: '/dev/mailbox/messages?to=partner%40example.com' }),
      operator: await app.inject({ url: '/operator/v1/anything' }),
    };
    expect(answers.user.statusCode).toBe(200);
    for (const [name, res] of Object.entries(answers)) expect(res.headers['cache-control'], name).toBe('no-store');
  });

  it('static files and the app pages keep their own caching; the API reference is public', async () => {
    const app = await appWith();
    const asset = await app.inject({ url: '/assets/index-Abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).not.toMatch(/no-store/);
    const page = await app.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toMatch(/no-store/);
    const docs = await app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control'] ?? '').not.toMatch(/no-store/);
  });
});
