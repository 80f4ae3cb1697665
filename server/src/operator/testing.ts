import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { StaffRole } from '@pc/core';
import { staff } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { TestApp } from '../test/harness.ts';
import { STAFF_COOKIE } from './staff-auth.ts';
import { newTotpSecret, sealTotpSecret } from './totp.ts';

/** Test helpers of the operator console: staff members, their codes and signed-in sessions. */

export const STAFF_PASSWORD = 'correct horse battery';

export interface TestMember {
  id: number;
  email: string;
  secret: string;
}

/** A member with a confirmed authenticator (secret returned), or without one (`totp: false`). */
export async function addMember(t: TestApp, role: StaffRole, opts: { email?: string; totp?: boolean; name?: string } = {}): Promise<TestMember> {
  const email = opts.email ?? `${role}@staff.test`;
  const [row] = await t.ctx.database.db
    .insert(staff)
    .values({ email, name: opts.name ?? `${role} member`, role, passwordHash: await hashPassword(STAFF_PASSWORD), createdAt: t.clock.now(), createdBy: 'test' })
    .returning();
  const member = row!;
  const secret = newTotpSecret();
  if (opts.totp !== false) {
    await t.ctx.database.db
      .update(staff)
      .set({ totpSecret: sealTotpSecret(t.ctx.config, member.id, secret), totpConfirmedAt: t.clock.now() })
      .where(eq(staff.id, member.id));
  }
  return { id: member.id, email, secret };
}

/** The authenticator's code at the test clock's time (or `offsetSteps` 30-second steps from it). */
export function codeAt(t: TestApp, secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30 });
}

/** The pc_staff cookie a response set, as a Cookie header value. */
export function staffCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
  if (!cookie) throw new Error('no pc_staff cookie in the answer');
  return `${STAFF_COOKIE}=${cookie.value}`;
}

/** Signs a member with a confirmed authenticator in through the API; answers the full session's cookie. */
export async function signIn(t: TestApp, member: TestMember): Promise<string> {
  const first = await t.app.inject({ method: 'POST', url: '/operator/v1/session', payload: { email: member.email, password: STAFF_PASSWORD } });
  if (first.statusCode !== 200 || first.json().stage !== 'code') throw new Error(`sign-in step 1: ${first.statusCode} ${first.body}`);
  const second = await t.app.inject({
    method: 'POST',
    url: '/operator/v1/session/code',
    headers: { cookie: staffCookie(first) },
    payload: { code: await codeAt(t, member.secret) },
  });
  if (second.statusCode !== 200) throw new Error(`sign-in step 2: ${second.statusCode} ${second.body}`);
  return staffCookie(second);
}
