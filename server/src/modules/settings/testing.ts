import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';

/** Test helper: passes the account password check in a session (as the password dialog does). */
export async function passPasswordCheck(app: FastifyInstance, cookie: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/security/check-password',
    payload: { password, captcha: await solveCaptcha(app) },
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Test helper: a POST of the settings screen in a session. */
export const postAs = (app: FastifyInstance, cookie: string, url: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { cookie, ...headers } });
