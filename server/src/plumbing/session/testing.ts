import type { Database } from '../../db/client.ts';
import { createSession, SESSION_COOKIE } from './service.ts';

/** Test helper: the Cookie header of a fresh session of a partner. */
export async function sessionCookie(database: Database, userId: number, now: Date): Promise<string> {
  const token = await createSession(database.db, userId, now, { ip: '127.0.0.1', userAgent: 'test' });
  return `${SESSION_COOKIE}=${token}`;
}
