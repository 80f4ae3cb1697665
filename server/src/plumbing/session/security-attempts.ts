import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionState } from './service.ts';

/**
 * The failure limit of the security check (decision 0111): the security code and the account password (the
 * check dialogs, and the old-password field of the password change) share one count per session. After
 * SECURITY_CHECK_FAILURE_LIMIT counted attempts that were not taken back, with no pause of
 * SECURITY_CHECK_WINDOW_MS between them, the session answers 429 until that pause has passed. Across all the
 * sessions of an account at most SECURITY_CHECK_ACCOUNT_FAILURE_LIMIT within the window, so signing in again and
 * again does not buy more guesses.
 */
export const SECURITY_CHECK_FAILURE_LIMIT = 5;
export const SECURITY_CHECK_WINDOW_MS = 15 * 60 * 1000;
export const SECURITY_CHECK_ACCOUNT_FAILURE_LIMIT = 4 * SECURITY_CHECK_FAILURE_LIMIT;

export type SecurityCheckKind = 'code' | 'password';

function rateLimited(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'rate_limited',
    { key: 'account:check.too_many_attempts', params: { count: Math.ceil(seconds / 60) } },
    undefined,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * A quick refusal from what the request's session already says (read when the request came in), before work
 * that should not be wasted on a refused attempt (spending a captcha). countedCheck decides for real.
 */
export function assertNotRateLimited(session: SessionState, now: Date) {
  const until = session.securityFailedAt ? session.securityFailedAt.getTime() + SECURITY_CHECK_WINDOW_MS : 0;
  if (session.securityFailures >= SECURITY_CHECK_FAILURE_LIMIT && until > now.getTime()) throw rateLimited(until - now.getTime());
}

/**
 * Counts an attempt before the secret is verified, with one conditional update: parallel guesses cannot slip
 * past the limit, since each must first win a slot. False when the session (or the account) is at its limit.
 */
async function reserveAttempt(db: Db, userId: number, idHash: Buffer, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - SECURITY_CHECK_WINDOW_MS);
  const counted = await db
    .update(sessions)
    .set({
      securityFailures: sql`case when ${sessions.securityFailedAt} is null or ${sessions.securityFailedAt} <= ${windowStart} then 1 else ${sessions.securityFailures} + 1 end`,
      securityFailedAt: now,
    })
    .where(
      and(
        eq(sessions.idHash, idHash),
        sql`not coalesce(${sessions.securityFailedAt} > ${windowStart} and ${sessions.securityFailures} >= ${SECURITY_CHECK_FAILURE_LIMIT}, false)`,
        sql`(select coalesce(sum(s.security_failures), 0) from sessions s where s.user_id = ${userId} and s.security_failed_at > ${windowStart}) < ${SECURITY_CHECK_ACCOUNT_FAILURE_LIMIT}`,
      ),
    )
    .returning({ failures: sessions.securityFailures });
  return counted.length > 0;
}

/** When the latest counted attempt of the account leaves the window: the refused session may try again then. */
async function retryAfterMs(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ latest: Date | string | null }>(
    db,
    sql`select max(security_failed_at) as latest from sessions where user_id = ${userId}`,
  );
  const latest = row?.latest ? new Date(row.latest).getTime() : now.getTime();
  return latest + SECURITY_CHECK_WINDOW_MS - now.getTime();
}

/**
 * One counted check of a secret (the security code or the account password) in a session. The attempt is
 * counted first (429 `rate_limited` with Retry-After at the limit); a right answer takes its attempt back and,
 * with `pass`, records the passed check on the session (the guards let protected calls through for
 * SECURITY_CHECK_VALID_MS). Answers whether the secret was right.
 */
export async function countedCheck(
  db: Db,
  input: { userId: number; session: SessionState; now: Date; pass?: SecurityCheckKind },
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const { userId, session, now, pass } = input;
  if (!(await reserveAttempt(db, userId, session.idHash, now))) throw rateLimited(await retryAfterMs(db, userId, now));
  if (!(await verify())) return false;
  await db
    .update(sessions)
    .set({
      securityFailures: sql`greatest(${sessions.securityFailures} - 1, 0)`,
      ...(pass === 'code' ? { codeCheckedAt: now } : pass === 'password' ? { passwordCheckedAt: now } : {}),
    })
    .where(eq(sessions.idHash, session.idHash));
  return true;
}
