import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { accountTables, cookieOf, signedUpPartner } from './testing.ts';
import { signAutoLoginToken, verifyIncomingToken } from './autologin.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
const from = (token: unknown, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/auth/auto-login/from', headers: { 'x-localization': lang }, payload: { token } });

async function partnerWithFd1() {
  const { cookie, user } = await signedUpPartner(t.app, 'partner@example.com');
  const act = await t.app.inject({ method: 'POST', url: '/api/activate-program', headers: { cookie }, payload: { pid: 'fd1' } });
  return { cookie, user, fd1Id: act.json().user_id as number };
}

function projectToken(claims: Partial<Record<string, unknown>> = {}, secret = t.ctx.config.AUTOLOGIN_SECRET_FD1) {
  return signAutoLoginToken(secret, { iss: 'fd1', aud: 'partner-cabinet', sub: 0, iat: nowS(), exp: nowS() + 60, ...claims } as never);
}

describe('POST /api/auth/auto-login/from', () => {
  it("signs the partner in with a project's token, once", async () => {
    const { fd1Id } = await partnerWithFd1();
    const token = projectToken({ sub: fd1Id });
    const res = await from(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'partner@example.com', app_users_id: { fd1: fd1Id } });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: cookieOf(res) } });
    expect(me.json().email).toBe('partner@example.com');

    const replay = await from(token, 'de');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'bad_request',
      message: 'Die automatische Anmeldung ist fehlgeschlagen: Der Link ist ungültig oder abgelaufen. Bitte melden Sie sich mit E-Mail und Passwort an.',
    });
    expect(replay.cookies).toHaveLength(0);
  });

  it('refuses expired, future, forged, wrong-audience, other-project and unknown-partner tokens, changing nothing', async () => {
    const { fd1Id } = await partnerWithFd1();
    const before = await accountTables(t.app);
    const bad = [
      projectToken({ sub: fd1Id, iat: nowS() - 61, exp: nowS() - 1 }),
      projectToken({ sub: fd1Id, iat: nowS() + 120, exp: nowS() + 180 }),
      projectToken({ sub: fd1Id, iat: nowS(), exp: nowS() + 3600 }),
      projectToken({ sub: fd1Id }, 'a-secret-nobody-shares-with-us'),
      projectToken({ sub: fd1Id }, t.ctx.config.AUTOLOGIN_SECRET_FD2),
      projectToken({ sub: fd1Id, aud: 'fd2' }),
      projectToken({ sub: fd1Id, iss: 'fd2' }, t.ctx.config.AUTOLOGIN_SECRET_FD2),
      projectToken({ sub: fd1Id, iss: 'partner-cabinet' }),
      projectToken({ sub: fd1Id + 999 }),
      `${projectToken({ sub: fd1Id }).split('.')[0]}.${'A'.repeat(43)}`,
      'no-dot-in-this-token-at-all',
      `${Buffer.from('{"v":1}').toString('base64url')}.${createHmac('sha256', 'x').update('y').digest('base64url')}`,
    ];
    for (const token of bad) {
      const res = await from(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
    for (const token of [undefined, '', 'x'.repeat(600), 42, 'spaces are not allowed here']) {
      expect((await from(token)).statusCode).toBe(422);
    }
    expect(await accountTables(t.app)).toBe(before);
  });

  it('accepts the token until its 60 seconds run out', async () => {
    const { fd1Id } = await partnerWithFd1();
    const token = projectToken({ sub: fd1Id });
    t.clock.advance(61_000);
    expect((await from(token)).statusCode).toBe(400);
    const fresh = projectToken({ sub: fd1Id });
    t.clock.advance(59_000);
    expect((await from(fresh)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/auto-login/to/{app}', () => {
  it("answers the project's sign-in URL and a 60-second token the project can verify", async () => {
    const { cookie, fd1Id } = await partnerWithFd1();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/auto-login/to/fd1', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { url, token } = res.json();
    expect(url).toBe('http://localhost:3001/partner/auto-login');
    // What the project does: split, check the HMAC with its secret, read the claims.
    const [body, mac] = token.split('.');
    expect(createHmac('sha256', t.ctx.config.AUTOLOGIN_SECRET_FD1).update(`pc-autologin.v1.${body}`).digest('base64url')).toBe(mac);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    expect(claims).toMatchObject({ v: 1, iss: 'partner-cabinet', aud: 'fd1', sub: fd1Id, email: 'partner@example.com', iat: nowS(), exp: nowS() + 60 });
    expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The cabinet never accepts its own outgoing tokens as incoming ones.
    expect(verifyIncomingToken(t.ctx.config, token, t.clock.now())).toMatchObject({ ok: false });
  });

  it('needs a session, an activated programme and a known project', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/auto-login/to/fd1' });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await partnerWithFd1();
    const fd2 = await t.app.inject({ method: 'POST', url: '/api/auth/auto-login/to/fd2', headers: { cookie, 'x-localization': 'es' } });
    expect(fd2.statusCode).toBe(400);
    expect(fd2.json().message).toBe('Primero activa el programa de afiliados de este proyecto.');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/auto-login/to/fd9', headers: { cookie } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.app).toHaveLength(1);
  });
});
