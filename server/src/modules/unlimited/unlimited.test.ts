import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { closeDay } from '../../jobs/close.ts';
import { addRollup, createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

async function activate(userId: number, payload: Record<string, unknown>, lang = 'en') {
  const cookie = await sessionCookie(t.ctx.database, userId, t.clock.now());
  return t.app.inject({ method: 'POST', url: '/api/dashboard/activate-unlimited-status', headers: { cookie, 'x-localization': lang }, payload });
}

describe('POST /api/dashboard/activate-unlimited-status', () => {
  it('needs a signed-in partner', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/activate-unlimited-status', payload: { app: 'fd1', months: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it('grants a trial, refuses a second one while active and beyond 2 months a year', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    const first = await activate(p, { app: 'fd1', months: '1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { kind: 'trial', start: '2026-11-20T00:00:00.000Z', end: '2026-12-20T00:00:00.000Z', months: 1 } });
    const again = await activate(p, { app: 'fd1', months: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Unlimited storage is already active.');
    // The other project is separate.
    expect((await activate(p, { app: 'fd2', months: 2 })).statusCode).toBe(200);
    t.clock.set('2027-01-05T09:00:00Z');
    expect((await activate(p, { app: 'fd1', months: 1 })).statusCode).toBe(200);
    t.clock.set('2027-03-01T09:00:00Z');
    const limit = await activate(p, { app: 'fd1', months: 1 }, 'ru');
    expect(limit.statusCode).toBe(409);
    expect(limit.json().message).toBe('Вы уже использовали пробные месяцы в этом году. Новый пробный период можно запросить с 2027-11-20.');
    expect(limit.json().allowed_at).toBe('2027-11-20T00:00:00.000Z');
    const bad = await activate(p, { app: 'fd1', months: 3 });
    expect(bad.statusCode).toBe(422);
  });

  it('grants the automatic status when the last 30 days qualify', async () => {
    const p = await createPartner(t.ctx.database, { email: 'p@x.test' });
    await addRollup(t.ctx.database, p, 'fd1', '2026-11-19', { download_earned_micro: 1_500_000 });
    await closeDay(t.ctx.database, '2026-11-19', t.clock.now());
    const res = await activate(p, { app: 'fd1', months: 2 });
    expect(res.json()).toEqual({ data: { kind: 'auto', start: '2026-11-20T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', months: 1 } });
  });
});
