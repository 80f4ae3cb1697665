import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  permissionsOf,
  staffCodeAnswer,
  staffCodeBody,
  staffMe,
  staffPasswordAnswer,
  staffPasswordBody,
  staffSignInAnswer,
  staffSignInBody,
  staffSignOutAnswer,
  staffTotpSetupAnswer,
  staffTotpSetupBody,
  type StaffMe,
} from '@pc/core';
import { staff, staffSessions } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { SIGN_IN_RATE_LIMIT } from '../plumbing/rate-limits.ts';
import { actorOf } from './access.ts';
import { audit, type StaffActor } from './audit.ts';
import {
  checkSecondFactor,
  checkStaffPassword,
  confirmTotp,
  endStaffSession,
  lookUpStaffSession,
  promoteSession,
  STAFF_COOKIE,
  startStaffSession,
  type StaffRow,
} from './staff-auth.ts';

const tags = ['operator'];
/**
 * The sign-in steps check a password or a code: besides the per-account and per-address lockout (staff-auth.ts),
 * the partners' per-address limit of such calls applies (the app's limit otherwise leaves /operator alone).
 */
const signInLimit = { ...SIGN_IN_RATE_LIMIT, allowList: () => false };

const memberActor = (m: StaffRow): StaffActor => ({ kind: 'staff', id: m.id, name: m.name, role: m.role });

/**
 * The end of either second step, inside the check's transaction: the first-stage session becomes the full one and the
 * sign-in is audited with how it was made; a first sign-in (`totp_setup`) also records the authenticator set up.
 * Answers the full session's token.
 */
async function signedIn(tx: Tx, ip: string, sessionId: number, member: StaffRow, now: Date, method: 'totp_setup' | 'totp' | 'recovery_code'): Promise<string> {
  const token = await promoteSession(tx, sessionId, now);
  const target = { targetType: 'staff', targetId: member.id };
  if (method === 'totp_setup') await audit(tx, memberActor(member), { action: 'session.totp_set_up', ...target }, ip, now);
  await audit(tx, memberActor(member), { action: 'session.sign_in', ...target, after: { method } }, ip, now);
  return token;
}

/** The console's sign-in, who-am-I and sign-out under /operator/v1/session (decision 0160). */
export async function staffSessionRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const idleMs = config.STAFF_IDLE_MINUTES * 60_000;
  const secure = config.PUBLIC_URL.startsWith('https:');

  const setCookie = (reply: FastifyReply, token: string) =>
    // Path=/operator: the console's pages and API get it, the partner cabinet never does.
    reply.setCookie(STAFF_COOKIE, token, { path: '/operator', httpOnly: true, sameSite: 'strict', secure });
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  /** The first-stage session behind the request's cookie (401 without one, or once it ran out). */
  async function firstStage(request: FastifyRequest) {
    const cookie = request.cookies[STAFF_COOKIE];
    const found = cookie ? await lookUpStaffSession(db, cookie, 'password_ok', clock.now(), idleMs) : null;
    if (!found?.ok) throw new AppError('unauthorized', { key: 'operator:sign_in_again' }, undefined, { reason: 'signed_out' });
    return found;
  }

  app.post(
    '/session',
    {
      config: { permission: 'sign_in', rateLimit: signInLimit },
      schema: { tags, summary: 'Staff sign-in, step 1: e-mail and password', body: staffSignInBody, response: { 200: staffSignInAnswer } },
    },
    async (request, reply) => {
      const now = clock.now();
      const { member, setup } = await checkStaffPassword(db, config, { ...request.body, ip: request.ip }, now);
      const old = request.cookies[STAFF_COOKIE];
      if (old) await endStaffSession(db, old, now);
      setCookie(reply, await startStaffSession(db, member.id, 'password_ok', now, meta(request)));
      return setup ? { stage: 'setup_totp' as const, ...setup } : { stage: 'code' as const };
    },
  );

  app.post(
    '/session/totp',
    {
      config: { permission: 'sign_in', rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Staff sign-in, first time: confirm the new authenticator with its first code',
        body: staffTotpSetupBody,
        response: { 200: staffTotpSetupAnswer },
      },
    },
    async (request, reply) => {
      const { session, member } = await firstStage(request);
      const now = clock.now();
      const input = { member, code: request.body.code, ip: request.ip };
      const { codes, then: token } = await confirmTotp(db, config, input, now, (tx) => signedIn(tx, request.ip, session.id, member, now, 'totp_setup'));
      setCookie(reply, token);
      return { stage: 'signed_in' as const, recovery_codes: codes };
    },
  );

  app.post(
    '/session/code',
    {
      config: { permission: 'sign_in', rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'Staff sign-in, step 2: the authenticator code or a recovery code',
        body: staffCodeBody,
        response: { 200: staffCodeAnswer },
      },
    },
    async (request, reply) => {
      const { session, member } = await firstStage(request);
      const now = clock.now();
      const input = { member, code: request.body.code, recoveryCode: request.body.recovery_code, ip: request.ip };
      const result = await checkSecondFactor(db, config, input, now, (tx, method) => signedIn(tx, request.ip, session.id, member, now, method));
      setCookie(reply, result.then);
      return { stage: 'signed_in' as const, recovery_codes_left: result.left };
    },
  );

  app.post(
    '/session/password',
    {
      config: { permission: 'signed_in', rateLimit: signInLimit },
      schema: {
        tags,
        summary: 'A member changes their own password (the current one and an authenticator code); their other sessions end',
        body: staffPasswordBody,
        response: { 200: staffPasswordAnswer },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // A token or the shared OPERATOR_TOKEN has no password of its own: only a person signed in to the console. Not a
      // 403: the role may do this, the credential is the wrong kind (as the payouts' four eyes answer `not_a_person`).
      const notAPerson = () => new AppError('conflict', { key: 'operator:password_needs_session' }, undefined, { reason: 'not_a_person' });
      if (actor.kind !== 'staff' || request.staffSessionId === null) throw notAPerson();
      const now = clock.now();
      const [member] = await db.select().from(staff).where(eq(staff.id, actor.id!));
      if (!member) throw notAPerson();
      const { current_password: current, new_password: next, code } = request.body;
      // The sign-in's lockout counts a wrong current password as a failed attempt; the answer is the form's (422), not
      // a 401 that would sign the member out of the console.
      try {
        await checkStaffPassword(db, config, { email: member.email, password: current, ip: request.ip }, now);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized') throw fieldError('current_password', 'operator:wrong_current_password');
        throw error;
      }
      if (await verifyPassword(member.passwordHash, next)) throw fieldError('new_password', 'operator:password_unchanged');
      const passwordHash = await hashPassword(next);
      const sessionId = request.staffSessionId;
      // The code is checked as the sign-in's second step checks it (each time step once), and the change is made in the
      // same transaction, so a code cannot change the password twice.
      const { then: ended } = await checkSecondFactor(db, config, { member, code, ip: request.ip }, now, async (tx) => {
        await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
        const others = await tx
          .update(staffSessions)
          .set({ endedAt: now })
          .where(and(eq(staffSessions.staffId, member.id), isNull(staffSessions.endedAt), ne(staffSessions.id, sessionId)))
          .returning({ id: staffSessions.id });
        // The password itself is never recorded, only that it changed and what ended with it.
        await audit(tx, memberActor(member), { action: 'session.password_change', targetType: 'staff', targetId: member.id, after: { sessions_ended: others.length } }, request.ip, now);
        return others.length;
      });
      return { changed: true as const, sessions_ended: ended };
    },
  );

  app.get(
    '/session/me',
    { config: { permission: 'signed_in' }, schema: { tags, summary: 'The signed-in staff member (or calling token) and its permissions', response: { 200: staffMe } } },
    async (request): Promise<StaffMe> => {
      const actor = actorOf(request);
      const [member] = actor.kind === 'staff' ? await db.select().from(staff).where(eq(staff.id, actor.id!)) : [];
      return {
        id: actor.id ?? 0,
        email: member?.email ?? '',
        name: actor.name,
        role: actor.role,
        lang: (member?.lang ?? null) as StaffMe['lang'],
        permissions: permissionsOf(actor.role),
      };
    },
  );

  app.delete(
    '/session',
    { config: { permission: 'sign_in' }, schema: { tags, summary: 'Staff sign-out', response: { 200: staffSignOutAnswer } } },
    async (request, reply) => {
      const cookie = request.cookies[STAFF_COOKIE];
      if (cookie) {
        const now = clock.now();
        await db.transaction(async (tx) => {
          const ended = await endStaffSession(tx, cookie, now);
          if (ended?.stage !== 'full') return;
          const [member] = await tx.select().from(staff).where(eq(staff.id, ended.staffId));
          if (member) await audit(tx, memberActor(member), { action: 'session.sign_out', targetType: 'staff', targetId: member.id }, request.ip, now);
        });
      }
      reply.clearCookie(STAFF_COOKIE, { path: '/operator' });
      return { signed_out: true as const };
    },
  );
}
