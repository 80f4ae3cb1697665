import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { runOperatorCli } from './cli.ts';
import { addMember, signIn, staffCookie } from './testing.ts';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  admin = await signIn(t, await addMember(t, 'admin', { name: 'Ada' }));
});
afterEach(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url: `/operator/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const auditOf = (action: string) =>
  t.ctx.database.query<{ actor_name: string; target_id: string; before: unknown; after: unknown }>(
    sql`select actor_name, target_id, before, after from staff_audit where action = ${action} order by id`,
  );
const signInStep = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/operator/v1/session', payload: { email, password } });

/** Signs in a new member with the password they were given, setting up their authenticator; answers the cookie. */
async function firstSignIn(email: string, password: string) {
  const one = await signInStep(email, password);
  expect(one.json().stage).toBe('setup_totp');
  const code = await generate({ secret: one.json().secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const done = await t.app.inject({ method: 'POST', url: '/operator/v1/session/totp', headers: { cookie: staffCookie(one) }, payload: { code } });
  expect(done.statusCode, done.body).toBe(200);
  return { cookie: staffCookie(done), secret: one.json().secret as string };
}

describe('staff management', () => {
  it('adds a member with a temporary password (made up, shown once) who then sets up their authenticator', async () => {
    const res = await call('POST', '/staff', { email: 'Bob@Staff.test', name: ' Bob ', role: 'support' });
    expect(res.statusCode, res.body).toBe(200);
    const { member, temporary_password: password } = res.json();
    expect(member).toMatchObject({ email: 'bob@staff.test', name: 'Bob', role: 'support', totp_confirmed: false, disabled_at: null, created_by: 'Ada', last_seen_at: null });
    expect(password).toMatch(/^[A-Za-z0-9_-]{18}$/);
    const [created] = await auditOf('staff.create');
    expect(created).toEqual({
      actor_name: 'Ada',
      target_id: String(member.id),
      before: null,
      after: { email: 'bob@staff.test', name: 'Bob', role: 'support', lang: null, totp_confirmed: false, disabled: false },
    });
    const { cookie } = await firstSignIn('bob@staff.test', password);
    expect((await call('GET', '/session/me', undefined, cookie)).json()).toMatchObject({ name: 'Bob', role: 'support' });
    const list = (await call('GET', '/staff')).json().data;
    expect(list.map((m: { email: string; totp_confirmed: boolean }) => [m.email, m.totp_confirmed])).toEqual([
      ['admin@staff.test', true],
      ['bob@staff.test', true],
    ]);
    expect(list[1].last_seen_at).toBe('2026-11-20T12:00:00.000Z');

    const given = await call('POST', '/staff', { email: 'cat@staff.test', name: 'Cat', role: 'content', password: 'a long chosen password' });
    expect(given.json().temporary_password).toBeNull();
    expect((await call('POST', '/staff', { email: 'BOB@staff.test', name: 'Bob 2', role: 'content' })).statusCode).toBe(409);
    expect((await call('POST', '/staff', { email: 'd@staff.test', name: 'D', role: 'content', password: 'password' })).statusCode).toBe(422);
    expect((await call('POST', '/staff', { email: 'd@staff.test', name: 'D', role: 'root' })).statusCode).toBe(422);
  });

  it('changes a role, disables (ending the sessions) and enables, with before/after and never a password', async () => {
    const bob = await addMember(t, 'support', { name: 'Bob' });
    const bobCookie = await signIn(t, bob);
    const role = await call('PATCH', `/staff/${bob.id}`, { role: 'finance' });
    expect(role.json()).toMatchObject({ role: 'finance' });
    // The session sees the new role at once.
    expect((await call('GET', '/session/me', undefined, bobCookie)).json().permissions).toContain('payouts.move');
    const disabled = await call('PATCH', `/staff/${bob.id}`, { disabled: true });
    expect(disabled.json().disabled_at).toBe('2026-11-20T12:00:00.000Z');
    expect((await call('GET', '/session/me', undefined, bobCookie)).statusCode).toBe(401);
    expect((await call('PATCH', `/staff/${bob.id}`, { disabled: false })).json().disabled_at).toBeNull();
    // The old session stays ended; a new sign-in works.
    expect((await call('GET', '/session/me', undefined, bobCookie)).statusCode).toBe(401);
    t.clock.advance(30_000);
    await signIn(t, bob);
    const pw = await call('PATCH', `/staff/${bob.id}`, { password: 'a brand new password' });
    expect(pw.statusCode).toBe(200);
    expect(await auditOf('staff.update')).toEqual([
      { actor_name: 'Ada', target_id: String(bob.id), before: { role: 'support' }, after: { role: 'finance' } },
      { actor_name: 'Ada', target_id: String(bob.id), before: { disabled: false }, after: { disabled: true } },
      { actor_name: 'Ada', target_id: String(bob.id), before: { disabled: true }, after: { disabled: false } },
      { actor_name: 'Ada', target_id: String(bob.id), before: {}, after: { password_replaced: true } },
    ]);
    const everything = JSON.stringify(await t.ctx.database.query(sql`select before, after from staff_audit`));
    expect(everything).not.toMatch(/argon2|brand new|totp_secret|v1\./);
    expect((await call('PATCH', `/staff/${bob.id}`, {})).statusCode).toBe(422);
    expect((await call('PATCH', '/staff/999999', { name: 'x' })).statusCode).toBe(404);
  });

  it('an authenticator reset ends the sessions and makes the next sign-in set one up again', async () => {
    const bob = await addMember(t, 'finance');
    const cookie = await signIn(t, bob);
    const reset = await call('PATCH', `/staff/${bob.id}`, { reset_totp: true });
    expect(reset.json().totp_confirmed).toBe(false);
    expect((await call('GET', '/session/me', undefined, cookie)).statusCode).toBe(401);
    expect(await t.ctx.database.query(sql`select 1 from staff_recovery_codes where staff_id = ${bob.id}`)).toEqual([]);
    const again = await firstSignIn(bob.email, 'correct horse battery');
    expect(again.secret).not.toBe(bob.secret);
    const [row] = await auditOf('staff.update');
    expect(row!.after).toEqual({ totp_confirmed: false, totp_reset: true });
  });

  it('keeps at least one enabled administrator', async () => {
    const [me] = await t.ctx.database.query<{ id: number }>(sql`select id from staff where email = 'admin@staff.test'`);
    expect((await call('PATCH', `/staff/${me!.id}`, { role: 'finance' })).statusCode).toBe(409);
    expect((await call('PATCH', `/staff/${me!.id}`, { disabled: true })).json().message).toBe('This is the last active administrator: make another one first.');
    const other = await addMember(t, 'admin', { email: 'other@staff.test' });
    expect((await call('PATCH', `/staff/${other.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await call('PATCH', `/staff/${me!.id}`, { role: 'finance' })).statusCode).toBe(409);
    expect((await call('PATCH', `/staff/${other.id}`, { disabled: false })).statusCode).toBe(200);
    expect((await call('PATCH', `/staff/${me!.id}`, { role: 'finance' })).statusCode).toBe(200);
  });
});

describe('named tokens', () => {
  it('are shown once, stored hashed, listed with their use, revoked for good, each step audited', async () => {
    const created = await call('POST', '/tokens', { name: 'payroll export', role: 'finance' });
    const { token, secret } = created.json();
    expect(secret).toMatch(/^pco_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.ctx.database.query<{ token_hash: string }>(sql`select token_hash from operator_tokens`);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.ctx.database.query(sql`select * from staff_audit`))).not.toContain(secret);
    t.clock.advance(60_000);
    const used = await t.app.inject({ url: '/operator/v1/payouts', headers: { authorization: `Bearer ${secret}` } });
    expect(used.statusCode).toBe(200);
    const list = (await call('GET', '/tokens')).json().data;
    expect(list).toEqual([{ ...token, last_used_at: '2026-11-20T12:01:00.000Z' }]);
    expect(list[0]).not.toHaveProperty('secret');
    // A finance token may not manage tokens.
    expect((await t.app.inject({ url: '/operator/v1/tokens', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(403);
    expect((await call('DELETE', `/tokens/${token.id}`)).json().revoked_at).toBe('2026-11-20T12:01:00.000Z');
    expect((await call('DELETE', `/tokens/${token.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', '/tokens/999999')).statusCode).toBe(404);
    expect((await auditOf('token.revoke')).length).toBe(1);
  });
});

describe('operator CLI: staff on the database', () => {
  const cli = async (args: string[]) => {
    const lines: string[] = [];
    const code = await runOperatorCli(args, {
      fetch: (() => Promise.reject(new Error('no HTTP here'))) as unknown as typeof fetch,
      env: { USER: 'root' },
      out: (l) => lines.push(l),
      database: async () => ({ database: t.ctx.database, now: () => t.clock.now(), close: async () => {} }),
    });
    return { code, output: lines.join('\n') };
  };

  it('adds the first administrator with a one-time password, lists members and resets an authenticator', async () => {
    const add = await cli(['staff', 'add', '--email', 'First@Staff.test', '--name', 'First Admin', '--role', 'admin']);
    expect(add.code, add.output).toBe(0);
    const password = /temporary password \(shown once\): (\S+)/.exec(add.output)![1]!;
    const { cookie } = await firstSignIn('first@staff.test', password);
    expect((await call('GET', '/session/me', undefined, cookie)).json()).toMatchObject({ name: 'First Admin', role: 'admin' });
    const [row] = await auditOf('staff.create');
    expect(row!.actor_name).toBe('cli:root');

    const chosen = await cli(['staff', 'add', '--email', 'ann@staff.test', '--name', 'Ann', '--role', 'finance', '--password', 'another long password']);
    expect(chosen.output).not.toContain('temporary password');
    expect((await cli(['staff', 'list'])).output).toContain('ann@staff.test\tfinance\tAnn\tauthenticator not set up');
    expect((await cli(['staff', 'add', '--email', 'x@staff.test', '--name', 'X', '--role', 'root'])).code).toBe(2);
    expect((await cli(['staff', 'add', '--email', 'x@staff.test', '--name', 'X', '--role', 'admin', '--password', 'password'])).output).toContain('--password: validation:password_common');
    expect((await cli(['staff', 'add', '--email', 'ann@staff.test', '--name', 'X', '--role', 'admin'])).output).toContain('operator:staff_email_taken');

    const reset = await cli(['staff', 'reset-totp', '--email', 'first@staff.test']);
    expect(reset.code, reset.output).toBe(0);
    expect((await call('GET', '/session/me', undefined, cookie)).statusCode).toBe(401);
    expect((await signInStep('first@staff.test', password)).json().stage).toBe('setup_totp');
  });
});
