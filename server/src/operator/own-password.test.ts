import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { addMember, codeAt, signIn, STAFF_PASSWORD, type TestMember } from './testing.ts';

/** A member changes their own password in the console: the current one and a code; other sessions end; audited. */
let t: TestApp;
let member: TestMember;
let here: string;
let elsewhere: string;
const NEW_PASSWORD = 'a much longer new one';

const change = (cookie: string, payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/operator/v1/session/password', headers: { cookie }, payload });
const me = (cookie: string) => t.app.inject({ url: '/operator/v1/session/me', headers: { cookie } });
const fieldsOf = (res: { json(): unknown }) => Object.keys((res.json() as { errors?: Record<string, unknown> }).errors ?? {});

beforeAll(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  member = await addMember(t, 'finance');
  here = await signIn(t, member);
  t.clock.advance(60_000);
  elsewhere = await signIn(t, member);
  t.clock.advance(60_000);
});
afterAll(async () => {
  await t.close();
});

describe('POST /operator/v1/session/password', () => {
  it('refuses a wrong current password, the same password and a wrong code as the form’s errors, and the member stays signed in', async () => {
    const code = await codeAt(t, member.secret);
    const wrong = await change(here, { current_password: 'not it at all', new_password: NEW_PASSWORD, code });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(fieldsOf(wrong)).toEqual(['current_password']);
    expect(wrong.json().errors.current_password).toEqual(['This is not your current password.']);
    const same = await change(here, { current_password: STAFF_PASSWORD, new_password: STAFF_PASSWORD, code });
    expect(same.statusCode).toBe(422);
    expect(fieldsOf(same)).toEqual(['new_password']);
    const badCode = await change(here, { current_password: STAFF_PASSWORD, new_password: NEW_PASSWORD, code: '000000' });
    expect(badCode.statusCode).toBe(422);
    expect(fieldsOf(badCode)).toEqual(['code']);
    const short = await change(here, { current_password: STAFF_PASSWORD, new_password: 'short', code });
    expect(short.statusCode).toBe(422);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(200);
  });

  it('changes it: this session goes on, the others end, the new password signs in and the old one does not, audited without the password', async () => {
    const res = await change(here, { current_password: STAFF_PASSWORD, new_password: NEW_PASSWORD, code: await codeAt(t, member.secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: true, sessions_ended: 1 });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'POST', url: '/operator/v1/session', payload: { email: member.email, password: STAFF_PASSWORD } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'POST', url: '/operator/v1/session', payload: { email: member.email, password: NEW_PASSWORD } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().stage).toBe('code');
    const rows = await t.ctx.database.query<{ action: string; after: unknown }>(sql`select action, after from staff_audit where action = 'session.password_change'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toEqual({ sessions_ended: 1 });
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  it('the same code cannot be used twice', async () => {
    t.clock.advance(30_000);
    const code = await codeAt(t, member.secret);
    expect((await change(here, { current_password: NEW_PASSWORD, new_password: 'and yet another one', code })).statusCode).toBe(200);
    const again = await change(here, { current_password: 'and yet another one', new_password: 'a fourth password', code });
    expect(again.statusCode).toBe(422);
    expect(fieldsOf(again)).toEqual(['code']);
  });

  it('a token cannot change a password', async () => {
    const admin = await signIn(t, await addMember(t, 'admin'));
    const created = await t.app.inject({ method: 'POST', url: '/operator/v1/tokens', headers: { cookie: admin }, payload: { name: 'robot', role: 'admin' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/operator/v1/session/password',
      headers: { authorization: `Bearer ${created.json().secret}` },
      payload: { current_password: STAFF_PASSWORD, new_password: NEW_PASSWORD, code: '123456' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'not_a_person' });
  });
});
