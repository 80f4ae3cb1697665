import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInPartner, type TestPartner } from '../../modules/statistics/testing.ts';
import type { Db } from '../../db/client.ts';
import { forgetKeptSessions, resolveSessionStateKept, revokeAllSessions, SESSION_KEEP_MS, sessionLookupsSent } from './service.ts';

// The figure screens' reads keep a session lookup for SESSION_KEEP_MS (decision 0093). On the process that ends
// or changes a session it ends at once; another process sees it within SESSION_KEEP_MS.
let t: TestApp;
let a: TestPartner;
/** A second process serving the same database. */
let other: FastifyInstance;

const figures = (app: FastifyInstance, cookie = a.cookie) =>
  app.inject({ method: 'GET', url: '/api/earnings/today?app=fd1', headers: { cookie } });
const post = (url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

beforeEach(async () => {
  t = await createTestApp();
  // Its own handle on the database, as another process has (what is kept is kept per handle).
  other = await buildApp({ ...t.ctx, database: { ...t.ctx.database, db: new Proxy(t.ctx.database.db, {}) } }, { logger: false });
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
});
afterEach(async () => {
  await other.close();
  await t.close();
});

describe('kept sessions', () => {
  it('sign-out ends the session at once on its process, and within the keeping time on another', async () => {
    expect((await figures(t.app)).statusCode).toBe(200);
    expect((await figures(other)).statusCode).toBe(200);
    expect((await post('/auth/logout')).statusCode).toBe(200);
    expect((await figures(t.app)).statusCode).toBe(401);
    // The other process kept the lookup a moment ago; it holds for less than SESSION_KEEP_MS.
    expect((await figures(other)).statusCode).toBe(200);
    t.clock.advance(SESSION_KEEP_MS);
    expect((await figures(other)).statusCode).toBe(401);
  });

  it('ending every session of the partner (a password change) ends them at once on its process', async () => {
    expect((await figures(t.app)).statusCode).toBe(200);
    await revokeAllSessions(t.ctx.database.db, a.id);
    expect((await figures(t.app)).statusCode).toBe(401);
  });

  it("a partner's write call is followed by a fresh lookup", async () => {
    expect((await figures(t.app)).statusCode).toBe(200);
    // An account disabled behind the process's back is seen after a write of the partner's, or after the keeping time.
    await t.ctx.database.query(sql`update users set is_active = false where id = ${a.id}`);
    expect((await figures(t.app)).statusCode).toBe(200);
    await post('/langs/change', { lang: 'de' });
    expect((await figures(t.app)).statusCode).toBe(401);
  });

  it('other calls look the session up every time', async () => {
    const me = () => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: a.cookie } });
    expect((await me()).statusCode).toBe(200);
    expect((await figures(t.app)).statusCode).toBe(200);
    await t.ctx.database.query(sql`delete from sessions where user_id = ${a.id}`);
    expect((await me()).statusCode).toBe(401);
    // The figure read still has it, for less than SESSION_KEEP_MS.
    expect((await figures(t.app)).statusCode).toBe(200);
    t.clock.advance(SESSION_KEEP_MS);
    expect((await figures(t.app)).statusCode).toBe(401);
  });

  it('a session past its idle or absolute expiry is not answered from memory', async () => {
    expect((await figures(t.app)).statusCode).toBe(200);
    t.clock.advance(30 * 24 * 3600 * 1000);
    expect((await figures(t.app)).statusCode).toBe(401);
  });

  describe('a burst of reads', () => {
    /** Its own handle on the database (what is kept is kept per handle), and the session lookups sent since. */
    function countingDb() {
      const db = new Proxy(t.ctx.database.db, {}) as Db;
      const from = sessionLookupsSent();
      return {
        db,
        counter: {
          get selects() {
            return sessionLookupsSent() - from;
          },
        },
      };
    }
    const token = () => a.cookie.replace(/^pc_session=/, '');

    it('shares one lookup when the kept session has aged', async () => {
      const { db, counter } = countingDb();
      const now = t.clock.now();
      const answers = await Promise.all(Array.from({ length: 10 }, () => resolveSessionStateKept(db, token(), now)));
      expect(counter.selects).toBe(1);
      expect(answers.map((x) => x?.user.id)).toEqual(Array(10).fill(a.id));
      // Kept from then on; after the keeping time, the next burst shares one lookup again.
      await Promise.all(Array.from({ length: 5 }, () => resolveSessionStateKept(db, token(), now)));
      expect(counter.selects).toBe(1);
      const later = new Date(now.getTime() + SESSION_KEEP_MS);
      await Promise.all(Array.from({ length: 5 }, () => resolveSessionStateKept(db, token(), later)));
      expect(counter.selects).toBe(2);
    });

    it('keeps nothing of a lookup that was under way when the partner was forgotten', async () => {
      const { db, counter } = countingDb();
      const now = t.clock.now();
      const burst = resolveSessionStateKept(db, token(), now);
      forgetKeptSessions(db, a.id);
      expect((await burst)?.user.id).toBe(a.id);
      // Not kept: the next read looks the session up again.
      await resolveSessionStateKept(db, token(), now);
      expect(counter.selects).toBe(2);
    });

    it('a session that is gone answers no one of the burst', async () => {
      const { db } = countingDb();
      const now = t.clock.now();
      await t.ctx.database.query(sql`delete from sessions where user_id = ${a.id}`);
      const answers = await Promise.all([resolveSessionStateKept(db, token(), now), resolveSessionStateKept(db, token(), now)]);
      expect(answers).toEqual([null, null]);
    });
  });
});
