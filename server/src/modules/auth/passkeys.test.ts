import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userPasskeys, users } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';
import { CHALLENGE_TTL_MS } from './passkeys.ts';
import { cookieOf, mailbox, signedUpPartner } from './testing.ts';
import { assert, createCredential, type SoftPasskey } from './webauthn-testing.ts';

let t: TestApp;
const ORIGIN = 'https://cabinet.example';
beforeEach(async () => {
  t = await createTestApp({ config: { PUBLIC_URL: ORIGIN } });
});
afterEach(async () => {
  await t.close();
});

const EMAIL = 'partner@example.com';
const PASSWORD = 'Tr0ub4dor&3-horse';
type Json = Record<string, unknown>;
const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: { 'x-localization': 'en', ...(cookie ? { cookie } : {}) } });
const userRow = async () => (await t.ctx.database.db.select().from(users).where(eq(users.email, EMAIL)))[0]!;

async function passwordChecked(cookie: string) {
  const check = await call('POST', '/api/security/check-password', { password: PASSWORD, captcha: await solveCaptcha(t.app) }, cookie);
  expect(check.statusCode, check.body).toBe(200);
}

/** A partner with one registered passkey. */
async function partnerWithPasskey(): Promise<{ cookie: string; passkey: SoftPasskey }> {
  const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
  await passwordChecked(cookie);
  const options = (await call('POST', '/api/settings/passkeys/options', undefined, cookie)).json().options as Json;
  expect(options.rp).toEqual({ id: 'cabinet.example', name: 'Partner Cabinet' });
  const { passkey, response } = createCredential(options, ORIGIN);
  const res = await call('POST', '/api/settings/passkeys', { name: 'Laptop', response }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie, passkey };
}

describe('registering passkeys', () => {
  it('needs the password check, stores the public key, lists, renames and mails a notice', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    const refused = await call('POST', '/api/settings/passkeys/options', undefined, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('need_security_password');
    await passwordChecked(cookie);
    const options = (await call('POST', '/api/settings/passkeys/options', undefined, cookie)).json().options as Json;
    const { passkey, response } = createCredential(options, ORIGIN);
    expect((await call('POST', '/api/settings/passkeys', { name: 'Laptop', response }, cookie)).statusCode).toBe(200);
    const second = cookie;
    const list = (await t.app.inject({ url: '/api/settings/second-factor', headers: { cookie: second } })).json();
    expect(list.passkeys).toHaveLength(1);
    expect(list.passkeys[0]).toMatchObject({ name: 'Laptop', last_used_at: null });
    const [stored] = await t.ctx.database.db.select().from(userPasskeys);
    expect(stored!.credentialId).toBe(passkey.credentialId);
    expect(stored!.publicKey.length).toBeGreaterThan(60);
    const renamed = await call('PATCH', `/api/settings/passkeys/${list.passkeys[0].id}`, { name: 'Work laptop' }, second);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.app.inject({ url: '/api/settings/second-factor', headers: { cookie: second } })).json().passkeys[0].name).toBe('Work laptop');
    expect((await mailbox(t.app, EMAIL)).map((m) => m.subject)).toContain('A passkey was added');
  });

  it('a challenge is good once, for its own purpose, and not after it expires', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    await passwordChecked(cookie);
    const options = (await call('POST', '/api/settings/passkeys/options', undefined, cookie)).json().options as Json;
    const first = createCredential(options, ORIGIN);
    expect((await call('POST', '/api/settings/passkeys', { name: 'A', response: first.response }, cookie)).statusCode).toBe(200);
    const again = createCredential(options, ORIGIN);
    const replay = await call('POST', '/api/settings/passkeys', { name: 'B', response: again.response }, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().reason).toBe('passkey_challenge_expired');

    const late = (await call('POST', '/api/settings/passkeys/options', undefined, cookie)).json().options as Json;
    t.clock.advance(CHALLENGE_TTL_MS + 1000);
    const tooLate = await call('POST', '/api/settings/passkeys', { name: 'C', response: createCredential(late, ORIGIN).response }, cookie);
    expect(tooLate.json().reason).toBe('passkey_challenge_expired');
  });

  it('refuses an answer made for another origin', async () => {
    const { cookie } = await signedUpPartner(t.app, EMAIL, PASSWORD);
    await passwordChecked(cookie);
    const options = (await call('POST', '/api/settings/passkeys/options', undefined, cookie)).json().options as Json;
    const res = await call('POST', '/api/settings/passkeys', { name: 'X', response: createCredential(options, 'https://evil.example').response }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('passkey_failed');
    expect(await t.ctx.database.db.select().from(userPasskeys)).toHaveLength(0);
  });
});

describe('signing in with a passkey', () => {
  it('without a password: the options, the assertion, a session; the same assertion cannot be replayed', async () => {
    const { passkey } = await partnerWithPasskey();
    const options = (await call('POST', '/api/auth/passkey/options')).json().options as Json;
    const response = assert(passkey, options, ORIGIN);
    const res = await call('POST', '/api/auth/passkey', { response });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: EMAIL });
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: cookieOf(res) } })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/passkey', { response })).json().reason).toBe('passkey_challenge_expired');
    const [stored] = await t.ctx.database.db.select().from(userPasskeys);
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).not.toBeNull();
  });

  it('a passkey makes the password step ask for a second factor, and passes it', async () => {
    const { passkey } = await partnerWithPasskey();
    const first = await call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD, captcha: await solveCaptcha(t.app) });
    const { token, methods } = first.json().second_factor as { token: string; methods: string[] };
    expect(methods).toEqual(['passkey']);
    const options = (await call('POST', '/api/auth/login/passkey/options', { token })).json().options as Json;
    expect((options.allowCredentials as Array<{ id: string }>).map((c) => c.id)).toEqual([passkey.credentialId]);
    const done = await call('POST', '/api/auth/login/passkey', { token, response: assert(passkey, options, ORIGIN) });
    expect(done.statusCode, done.body).toBe(200);
    const again = await call('POST', '/api/auth/login/passkey', { token, response: assert(passkey, options, ORIGIN) });
    expect(again.json().reason).toBe('second_factor_expired');
  });

  it("refuses another account's passkey at the second step and an unknown one without a password", async () => {
    const { passkey } = await partnerWithPasskey();
    await signedUpPartner(t.app, 'other@example.com', PASSWORD);
    // The other partner gets a passkey too, so the password step asks for one.
    const other = await call('POST', '/api/auth/login', { email: 'other@example.com', password: PASSWORD, captcha: await solveCaptcha(t.app) });
    const otherCookie = cookieOf(other);
    await call('POST', '/api/security/check-password', { password: PASSWORD, captcha: await solveCaptcha(t.app) }, otherCookie);
    const regOptions = (await call('POST', '/api/settings/passkeys/options', undefined, otherCookie)).json().options as Json;
    expect((await call('POST', '/api/settings/passkeys', { name: 'Phone', response: createCredential(regOptions, ORIGIN).response }, otherCookie)).statusCode).toBe(200);
    const step = await call('POST', '/api/auth/login', { email: 'other@example.com', password: PASSWORD, captcha: await solveCaptcha(t.app) });
    const token = step.json().second_factor.token as string;
    const options = (await call('POST', '/api/auth/login/passkey/options', { token })).json().options as Json;
    const wrong = await call('POST', '/api/auth/login/passkey', { token, response: assert(passkey, options, ORIGIN) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reason).toBe('passkey_failed');

    const stranger = createCredential({ rp: { id: 'cabinet.example' }, challenge: 'x', user: { id: 'eA' } }, ORIGIN).passkey;
    const signIn = (await call('POST', '/api/auth/passkey/options')).json().options as Json;
    const unknown = await call('POST', '/api/auth/passkey', { response: assert(stranger, signIn, ORIGIN) });
    expect(unknown.json().reason).toBe('passkey_unknown');
  });

  it('removing the last passkey needs the password check and starts the payout cooling-off window', async () => {
    const { cookie } = await partnerWithPasskey();
    const [stored] = await t.ctx.database.db.select().from(userPasskeys);
    t.clock.advance(10 * 60 * 1000); // the password check of the registration has lapsed
    const refused = await call('DELETE', `/api/settings/passkeys/${stored!.id}`, undefined, cookie);
    expect(refused.json().code).toBe('need_security_password');
    await passwordChecked(cookie);
    const removed = await call('DELETE', `/api/settings/passkeys/${stored!.id}`, undefined, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await userRow()).payoutCoolingReason).toBe('second_factor_off');
    expect(await t.ctx.database.db.select().from(userPasskeys)).toHaveLength(0);
  });
});
