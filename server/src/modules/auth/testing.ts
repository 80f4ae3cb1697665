import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { solveCaptcha } from '../../plumbing/captcha/testing.ts';

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The dev mailbox's messages to an address, newest first. */
export async function mailbox(app: FastifyInstance, to: string): Promise<MailboxMessage[]> {
  const res = await app.inject({ url: `/dev/mailbox/messages?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The last path segment of the newest mailed link containing `marker`. */
export async function mailedToken(app: FastifyInstance, to: string, marker: string): Promise<string> {
  const link = (await mailbox(app, to)).flatMap((m) => m.links).find((l) => l.includes(marker));
  if (!link) throw new Error(`no ${marker} link mailed to ${to}`);
  return link.split('/').pop()!;
}

export function cookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const c = res.cookies.find((x) => x.name === 'pc_session');
  if (!c) throw new Error('no session cookie');
  return `pc_session=${c.value}`;
}

/** Registers, confirms by the mailed link and signs in; answers the session cookie and the user. */
export async function signedUpPartner(app: FastifyInstance, email = 'partner@example.com', password = 'Tr0ub4dor&3-horse') {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, agree: true, captcha: await solveCaptcha(app) },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const token = await mailedToken(app, email, '/auth/confirm-registration/');
  const confirm = await app.inject({ method: 'POST', url: '/api/auth/confirm-registration', payload: { token } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, captcha: await solveCaptcha(app) } });
  expect(login.statusCode, login.body).toBe(200);
  return { cookie: cookieOf(login), user: login.json() as { id: number; email: string }, password };
}

/**
 * Everything the account calls can change, to show that a refused request changed nothing. A session's
 * last_seen_at is left out: any authenticated request touches it.
 */
export async function accountTables(app: FastifyInstance): Promise<string> {
  const { database } = app.ctx;
  const tables: Record<string, string> = {
    users: '*',
    sessions: 'id_hash, user_id, created_at, expires_at, ip, user_agent',
    one_time_tokens: '*',
    mail_outbox: '*',
    partner_programs: '*',
    partner_plans: '*',
    spent_captchas: '*',
  };
  const out: Record<string, unknown> = {};
  for (const [table, columns] of Object.entries(tables)) {
    out[table] = await database.query(sql.raw(`select ${columns} from ${table} order by 1`));
  }
  return JSON.stringify(out);
}
