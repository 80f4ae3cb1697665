import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { accountTables, signedUpPartner } from './testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const POSTS = [
  '/api/auth/register',
  '/api/auth/confirm-registration',
  '/api/auth/login',
  '/api/auth/restore-password/request',
  '/api/auth/restore-password',
  '/api/auth/restore-access/request',
  '/api/auth/restore-access',
  '/api/auth/auto-login/from',
  '/api/auth/auto-login/to/fd1',
  '/api/langs/change',
  '/api/activate-program',
];

/** Bodies a careless or hostile client might send; none may reach a 500 or change anything. */
const BODIES: Array<{ type: string; body: string }> = [
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '42' },
  { type: 'application/json', body: '{}' },
  { type: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', body: '{"email":{"$ne":null},"password":{"$gt":""},"token":["a"],"captcha":{}}' },
  { type: 'application/json', body: `{"email":"${'ü'.repeat(300)}@example.com","token":"${'\\u0000'.repeat(20)}"}` },
  { type: 'application/json', body: '{"email":"a@example.com","password":"x' + 'y'.repeat(20_000) + '"}' },
  { type: 'application/json', body: '{"broken":' },
  { type: 'application/x-www-form-urlencoded', body: 'email=a%40example.com&email=b%40example.com&password[]=x' },
  { type: 'application/x-www-form-urlencoded', body: '%%%=%%%' },
  { type: 'text/plain', body: 'hello' },
];

describe('account calls under hostile input', () => {
  it('answer every malformed body with a 4xx {code, message} and change nothing, signed in or not', async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    const before = await accountTables(t.app);
    let n = 0;
    for (const url of POSTS) {
      for (const { type, body } of BODIES) {
        for (const withCookie of [false, true]) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': type, ...(withCookie ? { cookie } : {}), 'x-localization': 'ru' },
            payload: body,
            remoteAddress: `10.9.${Math.floor(n / 250)}.${n % 250}`,
          });
          n++;
          const what = `${url} ${type} ${body.slice(0, 40)} ${withCookie ? 'signed in' : 'anonymous'}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          const answer = res.json();
          expect(typeof answer.code, what).toBe('string');
          expect(answer.message, what).toMatch(/[А-Яа-яЁё]/);
        }
      }
    }
    expect(await accountTables(t.app)).toBe(before);
  });
});
