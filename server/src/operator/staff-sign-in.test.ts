import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { STAFF_ACCOUNT_FAILURE_LIMIT, STAFF_FAILURE_WINDOW_MS, STAFF_SECOND_STEP_MS, STAFF_SESSION_MAX_MS } from './staff-auth.ts';
import { addMember, codeAt, signIn, STAFF_PASSWORD, staffCookie } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const signInStep = (email: string, password = STAFF_PASSWORD, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/operator/v1/session', headers, payload: { email, password } });
const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url: `/operator/v1${url}`, headers: { cookie }, payload });
const me = (cookie: string) => t.app.inject({ url: '/operator/v1/session/me', headers: { cookie } });

describe('staff sign-in: first time, with authenticator setup', () => {
  it('shows the secret as a URL, QR code and text; the first code confirms it and answers ten recovery codes once', async () => {
    await addMember(t, 'finance', { totp: false, email: 'Ann@Staff.test' });
    const first = await signInStep('ann@staff.test');
    expect(first.statusCode, first.body).toBe(200);
    const setup = first.json();
    expect(setup.stage).toBe('setup_totp');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toBe(`otpauth://totp/Partner%20Cabinet:Ann%40Staff.test?secret=${setup.secret}&issuer=Partner%20Cabinet`);
    expect(setup.qr_svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The cookie: httpOnly, SameSite=Strict, only under /operator; a random value whose hash alone is stored.
    const cookie = first.cookies.find((c) => c.name === 'pc_staff')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/operator' });
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    const stored = await t.ctx.database.query<{ stage: string }>(sql`select stage from staff_sessions`);
    expect(stored).toEqual([{ stage: 'password_ok' }]);
    const [secretRow] = await t.ctx.database.query<{ totp_secret: string }>(sql`select totp_secret from staff`);
    expect(secretRow!.totp_secret).toMatch(/^v1\./);
    expect(secretRow!.totp_secret).not.toContain(setup.secret);

    // Not signed in yet: the first stage opens nothing.
    expect((await me(staffCookie(first))).statusCode).toBe(401);
    // Signing in again before confirming shows the same secret (an authenticator may already hold it).
    const again = await signInStep('ann@staff.test');
    expect(again.json().secret).toBe(setup.secret);

    const wrong = await post('/session/totp', staffCookie(again), { code: '000000' === (await codeAt(t, setup.secret)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['This code is not right. Check the time on your phone and try the newest code.']);
    const done = await post('/session/totp', staffCookie(again), { code: await codeAt(t, setup.secret) });
    expect(done.statusCode, done.body).toBe(200);
    const { recovery_codes: codes } = done.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const hashes = await t.ctx.database.query<{ code_hash: string }>(sql`select code_hash from staff_recovery_codes`);
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);

    // The full session has a new cookie value; the first-stage value signs nobody in.
    const full = staffCookie(done);
    expect(full).not.toBe(staffCookie(again));
    expect((await me(staffCookie(again))).statusCode).toBe(401);
    const who = await me(full);
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json()).toMatchObject({ email: 'Ann@Staff.test', role: 'finance', permissions: expect.arrayContaining(['payouts.move']) });
    expect(who.json().permissions).not.toContain('staff.manage');
    // Confirming again is refused.
    expect((await post('/session/totp', full, { code: await codeAt(t, setup.secret) })).statusCode).toBe(401);
  });
});

describe('staff sign-in: code or recovery code', () => {
  it('signs in with the authenticator code; the same code is not accepted twice; the neighbouring steps are', async () => {
    const m = await addMember(t, 'support');
    const one = await signInStep(m.email);
    expect(one.json()).toEqual({ stage: 'code' });
    const code = await codeAt(t, m.secret);
    const ok = await post('/session/code', staffCookie(one), { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ stage: 'signed_in', recovery_codes_left: 0 });
    // A second sign-in with the code just used: refused (replay); the next step's code (a fast clock) works.
    const two = await signInStep(m.email);
    expect((await post('/session/code', staffCookie(two), { code })).statusCode).toBe(422);
    expect((await post('/session/code', staffCookie(two), { code: await codeAt(t, m.secret, 1) })).statusCode).toBe(200);
    // Two steps away is out of the window.
    t.clock.advance(90_000);
    const three = await signInStep(m.email);
    expect((await post('/session/code', staffCookie(three), { code: await codeAt(t, m.secret, -2) })).statusCode).toBe(422);
    expect((await post('/session/code', staffCookie(three), { code: await codeAt(t, m.secret, -1) })).statusCode).toBe(200);
  });

  it('a recovery code works once, in any case and with or without dashes', async () => {
    const m = await addMember(t, 'admin', { totp: false });
    const first = await signInStep(m.email);
    const { secret } = first.json();
    const done = await post('/session/totp', staffCookie(first), { code: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }) });
    const codes: string[] = done.json().recovery_codes;
    const again = await signInStep(m.email);
    const used = await post('/session/code', staffCookie(again), { recovery_code: ` ${codes[3]!.toUpperCase().replaceAll('-', '')} ` });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ stage: 'signed_in', recovery_codes_left: 9 });
    expect((await me(staffCookie(used))).statusCode).toBe(200);
    const replay = await signInStep(m.email);
    const second = await post('/session/code', staffCookie(replay), { recovery_code: codes[3] });
    expect(second.statusCode).toBe(422);
    expect(Object.keys(second.json().errors)).toEqual(['recovery_code']);
    const neither = await post('/session/code', staffCookie(replay), {});
    expect(neither.statusCode).toBe(422);
    const both = await post('/session/code', staffCookie(replay), { code: '123456', recovery_code: codes[4] });
    expect(both.statusCode).toBe(422);
  });

  it('the code step needs the first stage: no cookie, or one too old, is 401', async () => {
    const m = await addMember(t, 'content');
    expect((await t.app.inject({ method: 'POST', url: '/operator/v1/session/code', payload: { code: '123456' } })).statusCode).toBe(401);
    const one = await signInStep(m.email);
    t.clock.advance(STAFF_SECOND_STEP_MS + 1000);
    const late = await post('/session/code', staffCookie(one), { code: await codeAt(t, m.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().reason).toBe('signed_out');
  });
});

describe('staff sign-in: refusals and the lockout', () => {
  it('answers a wrong password, an unknown e-mail and a disabled member alike', async () => {
    const m = await addMember(t, 'finance');
    const disabled = await addMember(t, 'support');
    await t.ctx.database.query(sql`update staff set disabled_at = now() where id = ${disabled.id}`);
    const answers = [await signInStep(m.email, 'wrong password'), await signInStep('nobody@staff.test'), await signInStep(disabled.email)];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'unauthorized', message: 'Wrong email or password.', reason: 'wrong_credentials' });
      expect(res.cookies).toEqual([]);
    }
  });

  it('locks an account after five failures (passwords and codes together), for the window; then lets it in', async () => {
    const m = await addMember(t, 'finance');
    for (let i = 0; i < 3; i++) expect((await signInStep(m.email, 'wrong password')).statusCode).toBe(401);
    const one = await signInStep(m.email);
    expect(one.statusCode).toBe(200);
    const right = await codeAt(t, m.secret);
    const wrong = right === '999999' ? '999998' : '999999';
    expect((await post('/session/code', staffCookie(one), { code: wrong })).statusCode).toBe(422);
    expect((await post('/session/code', staffCookie(one), { code: wrong })).statusCode).toBe(422);
    expect(STAFF_ACCOUNT_FAILURE_LIMIT).toBe(5);
    // Locked: even the right code and the right password are refused, with Retry-After.
    const locked = await post('/session/code', staffCookie(one), { code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(STAFF_FAILURE_WINDOW_MS / 1000));
    expect(locked.json().message).toBe('Too many failed attempts. Try again in 15 minutes.');
    expect((await signInStep(m.email)).statusCode).toBe(429);
    // Another account is not affected.
    const other = await addMember(t, 'support');
    expect((await signInStep(other.email)).statusCode).toBe(200);
    // An unknown address locks the same way, so the lock tells nothing about accounts.
    for (let i = 0; i < 5; i++) expect((await signInStep('nobody@staff.test')).statusCode).toBe(401);
    expect((await signInStep('nobody@staff.test')).statusCode).toBe(429);

    t.clock.advance(STAFF_FAILURE_WINDOW_MS + 1000);
    const cookie = await signIn(t, m);
    expect((await me(cookie)).statusCode).toBe(200);
    // Signed in: the account's count starts again.
    expect((await t.ctx.database.query(sql`select 1 from staff_sign_in_failures where email = ${m.email}`)).length).toBe(0);
  });

  it('locks an address after twenty failures whatever the accounts', async () => {
    for (let i = 0; i < 20; i++) expect((await signInStep(`guess${i}@staff.test`)).statusCode).toBe(401);
    const m = await addMember(t, 'admin');
    expect((await signInStep(m.email)).statusCode).toBe(429);
    expect((await signInStep(m.email, STAFF_PASSWORD, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);
  });

  it('refuses the sign-in steps from another site', async () => {
    const m = await addMember(t, 'admin');
    const res = await signInStep(m.email, STAFF_PASSWORD, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cross_site_request');
    const cookie = await signIn(t, m);
    const out = await t.app.inject({ method: 'DELETE', url: '/operator/v1/session', headers: { cookie, origin: 'https://evil.example' } });
    expect(out.statusCode).toBe(403);
    const change = await t.app.inject({ method: 'POST', url: '/operator/v1/tokens', headers: { cookie, 'sec-fetch-site': 'same-site' }, payload: { name: 'x', role: 'admin' } });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('cross_site_request');
    const same = await t.app.inject({ method: 'POST', url: '/operator/v1/tokens', headers: { cookie, 'sec-fetch-site': 'same-origin' }, payload: { name: 'x', role: 'admin' } });
    expect(same.statusCode).toBe(200);
  });
});

describe('staff sessions', () => {
  it('end after STAFF_IDLE_MINUTES unused, counted from the last use in the database', async () => {
    const m = await addMember(t, 'support');
    const cookie = await signIn(t, m);
    t.clock.advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1000);
    const idle = await me(cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().reason).toBe('session_expired');
    const [row] = await t.ctx.database.query<{ ended: boolean }>(sql`select ended_at is not null as ended from staff_sessions where stage = 'full'`);
    expect(row).toEqual({ ended: true });
  });

  it('honour a shorter STAFF_IDLE_MINUTES and a working day at most', async () => {
    await t.close();
    t = await createTestApp({ clock: '2026-11-20T12:00:00Z', config: { STAFF_IDLE_MINUTES: '5' } });
    const m = await addMember(t, 'support');
    const cookie = await signIn(t, m);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await me(cookie)).statusCode).toBe(401);
    const busy = await signIn(t, m);
    for (let at = 0; at < STAFF_SESSION_MAX_MS; at += 4 * 60_000) {
      t.clock.advance(4 * 60_000);
      if (at + 4 * 60_000 > STAFF_SESSION_MAX_MS) break;
      expect((await me(busy)).statusCode).toBe(200);
    }
    t.clock.advance(4 * 60_000);
    expect((await me(busy)).statusCode).toBe(401);
  });

  it('sign-out ends the session; a disabled member is out at once', async () => {
    const a = await addMember(t, 'finance');
    const cookie = await signIn(t, a);
    const out = await t.app.inject({ method: 'DELETE', url: '/operator/v1/session', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signed_out: true });
    expect((await me(cookie)).statusCode).toBe(401);
    // The next step's code: the one just used is not accepted again.
    t.clock.advance(30_000);
    const again = await signIn(t, a);
    await t.ctx.database.query(sql`update staff set disabled_at = now() where id = ${a.id}`);
    expect((await me(again)).statusCode).toBe(401);
    const audit = await t.ctx.database.query<{ action: string }>(sql`select action from staff_audit order by id`);
    expect(audit.map((r) => r.action)).toEqual(['session.sign_in', 'session.sign_out', 'session.sign_in']);
  });

  it('the cookie is Secure when the public address is https', async () => {
    await t.close();
    t = await createTestApp({ clock: '2026-11-20T12:00:00Z', config: { PUBLIC_URL: 'https://cabinet.example' } });
    const m = await addMember(t, 'admin');
    const res = await signInStep(m.email);
    expect(res.cookies.find((c) => c.name === 'pc_staff')).toMatchObject({ secure: true, sameSite: 'Strict', httpOnly: true });
  });
});
