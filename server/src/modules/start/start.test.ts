import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addFile, addRollup, createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';

let t: TestApp;
let me: { id: number; cookie: string };
let other: { id: number; cookie: string };

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  const id = await createPartner(t.ctx.database, { email: 'new@example.com', createdAt: '2026-11-20T10:00:00Z', projects: [] });
  me = { id, cookie: await sessionCookie(t.ctx.database, id, t.clock.now()) };
  // Another partner with everything done: none of it counts for `me`.
  const otherId = await createPartner(t.ctx.database, { email: 'other@example.com', createdAt: '2026-11-01T00:00:00Z', projects: ['fd1'] });
  other = { id: otherId, cookie: await sessionCookie(t.ctx.database, otherId, t.clock.now()) };
  await addFile(t.ctx.database, otherId, 'fd1', 'other-file', 20_000_000, '2026-11-02T00:00:00Z');
  await addRollup(t.ctx.database, otherId, 'fd1', '2026-11-03', { counted_downloads: 5 });
  await addPurse(otherId, '2026-11-04T00:00:00Z');
});
afterEach(async () => {
  await t.close();
});

async function addPurse(userId: number, createdAt: string, deletedAt: string | null = null) {
  await t.ctx.database.db.execute(sql`insert into purses (user_id, system, details, fingerprint, created_at, confirmed_at, deleted_at)
    values (${userId}, 'paypal', ${JSON.stringify({ email: 'p@example.com' })}::jsonb, ${`fp-${userId}-${createdAt}`}, ${new Date(createdAt)}, ${new Date(createdAt)},
      ${deletedAt ? new Date(deletedAt) : null})`);
}

async function start(cookie = me.cookie) {
  const res = await t.app.inject({ url: '/api/start', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return startAnswer.parse(res.json());
}
const step = async (id: string) => (await start()).steps.find((s) => s.id === id)!;

describe('GET /api/start', () => {
  it('needs a signed-in partner', async () => {
    const res = await t.app.inject({ url: '/api/start' });
    expect(res.statusCode).toBe(401);
  });

  it('a new partner has five steps, none done', async () => {
    const body = await start();
    expect(body).toEqual({
      steps: [
        { id: 'program', done: false, done_at: null },
        { id: 'upload', done: false, done_at: null },
        { id: 'download', done: false, done_at: null },
        { id: 'plan', done: false, done_at: null },
        { id: 'wallet', done: false, done_at: null },
      ],
      done: 0,
      total: 5,
      banner: true,
    });
  });

  it('activating a programme flips the programme step; its default plan is not a chosen plan', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/activate-program', headers: { cookie: me.cookie }, payload: { pid: 'fd2' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = await start();
    expect(body.steps[0]).toEqual({ id: 'program', done: true, done_at: '2026-11-20T12:00:00.000Z', project: 'fd2' });
    // Not chosen yet, but the action knows which project's rates page to open.
    expect(body.steps[3]).toEqual({ id: 'plan', done: false, done_at: null, project: 'fd2' });
    expect(body.done).toBe(1);
  });

  it('a plan the partner chose (a row besides the activation one) flips the plan step', async () => {
    await t.app.inject({ method: 'POST', url: '/api/activate-program', headers: { cookie: me.cookie }, payload: { pid: 'fd1' } });
    t.clock.advance(3600_000);
    await t.ctx.database.db.execute(sql`insert into partner_plans (user_id, project, plan, effective_from, chosen_at)
      values (${me.id}, 'fd1', 'pps', '2026-11-21T00:00:00Z', ${t.clock.now()})`);
    expect(await step('plan')).toEqual({ id: 'plan', done: true, done_at: '2026-11-20T13:00:00.000Z', project: 'fd1' });
  });

  it('the first ingested upload flips the upload step', async () => {
    await addFile(t.ctx.database, me.id, 'fd1', 'f-2', 20_000_000, '2026-11-20T11:30:00Z');
    await addFile(t.ctx.database, me.id, 'fd2', 'f-1', 20_000_000, '2026-11-20T11:00:00Z');
    expect(await step('upload')).toEqual({ id: 'upload', done: true, done_at: '2026-11-20T11:00:00.000Z', project: 'fd2' });
  });

  it('the first download in the rollups flips the download step', async () => {
    expect((await step('download')).done).toBe(false);
    await addRollup(t.ctx.database, me.id, 'fd1', '2026-11-20', { counted_downloads: 1 });
    expect(await step('download')).toEqual({ id: 'download', done: true, done_at: '2026-11-20T00:00:00.000Z', project: 'fd1' });
  });

  it('a live wallet flips the wallet step; a deleted one does not', async () => {
    await addPurse(me.id, '2026-11-20T10:30:00Z', '2026-11-20T10:40:00Z');
    expect((await step('wallet')).done).toBe(false);
    await addPurse(me.id, '2026-11-20T11:00:00Z');
    expect(await step('wallet')).toEqual({ id: 'wallet', done: true, done_at: '2026-11-20T11:00:00.000Z' });
  });

  it('counts the steps done', async () => {
    const body = await start(other.cookie);
    expect(body.steps.map((s) => s.done)).toEqual([true, true, true, false, true]);
    expect(body.done).toBe(4);
    expect(body.total).toBe(5);
  });
});

describe('the get-started banner', () => {
  const dismiss = (cookie = me.cookie) => t.app.inject({ method: 'POST', url: '/api/start/banner/dismiss', headers: { cookie } });
  const dismissedAt = async (id: number) =>
    (await t.ctx.database.query<{ at: Date | string | null }>(sql`select start_banner_dismissed_at as at from users where id = ${id}`))[0]!.at;

  it('shows while a step is open, and is dismissed for good (the first time kept), for this partner only', async () => {
    expect((await start()).banner).toBe(true);
    expect((await start(other.cookie)).banner).toBe(true);

    const res = await dismiss();
    expect(res.statusCode, res.body).toBe(200);
    expect(startAnswer.parse(res.json())).toMatchObject({ done: 0, total: 5, banner: false });
    expect(new Date((await dismissedAt(me.id))!).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    // Steps done later do not bring it back; a second dismissal changes nothing.
    await addPurse(me.id, '2026-11-20T12:30:00Z');
    t.clock.advance(86_400_000);
    expect((await dismiss()).statusCode).toBe(200);
    expect(new Date((await dismissedAt(me.id))!).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(await start()).toMatchObject({ done: 1, banner: false });
    // The other partner still has it.
    expect((await start(other.cookie)).banner).toBe(true);
    expect(await dismissedAt(other.id)).toBeNull();
  });

  it('never shows once every step is done', async () => {
    await t.app.inject({ method: 'POST', url: '/api/activate-program', headers: { cookie: other.cookie }, payload: { pid: 'fd2' } });
    await t.ctx.database.db.execute(sql`insert into partner_plans (user_id, project, plan, effective_from, chosen_at)
      values (${other.id}, 'fd1', 'pps', '2026-11-21T00:00:00Z', ${t.clock.now()})`);
    const body = await start(other.cookie);
    expect(body).toMatchObject({ done: 5, total: 5, banner: false });
    expect(await dismissedAt(other.id)).toBeNull();
  });

  it('needs a signed-in partner', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/start/banner/dismiss' })).statusCode).toBe(401);
  });
});
