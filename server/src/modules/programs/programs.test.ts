import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { partnerPlans, partnerPrograms } from '../../db/schema/index.ts';
import { accountTables, signedUpPartner } from '../auth/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const activate = (cookie: string | undefined, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/activate-program',
    headers: { 'x-localization': lang, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/activate-program', () => {
  it("activates a project's programme with the default plan from that moment and answers the partner's id there", async () => {
    const { cookie, user } = await signedUpPartner(t.app, 'partner@example.com');
    const res = await activate(cookie, { pid: 'fd2' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, message: 'The affiliate programme is activated.', user_id: expect.any(Number) });
    expect(body.user_id).toBeGreaterThanOrEqual(100001);
    expect(await t.ctx.database.db.select().from(partnerPrograms)).toEqual([
      { userId: user.id, project: 'fd2', appUserId: body.user_id, activatedAt: t.clock.now() },
    ]);
    expect(await t.ctx.database.db.select().from(partnerPlans)).toEqual([
      { userId: user.id, project: 'fd2', plan: 'mixed', effectiveFrom: t.clock.now(), chosenAt: t.clock.now() },
    ]);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json().app_users_id).toEqual({ fd2: body.user_id });

    // Form-encoded, as the web app posts it.
    const fd1 = await t.app.inject({
      method: 'POST',
      url: '/api/activate-program',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pid=fd1',
    });
    expect(fd1.json().success).toBe(true);
    expect(fd1.json().user_id).not.toBe(body.user_id);
  });

  it('activating twice answers success false with a message and changes nothing', async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    const first = await activate(cookie, { pid: 'fd1' });
    const before = await accountTables(t.app);
    t.clock.advance(3600_000);
    const second = await activate(cookie, { pid: 'fd1' }, 'tr');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: false, message: 'Bu projenin ortaklık programı zaten etkin.', user_id: first.json().user_id });
    expect(await accountTables(t.app)).toBe(before);
  });

  it('gives each partner their own id in a project', async () => {
    const a = await signedUpPartner(t.app, 'a@example.com');
    const b = await signedUpPartner(t.app, 'b@example.com');
    const [ra, rb] = [await activate(a.cookie, { pid: 'fd1' }), await activate(b.cookie, { pid: 'fd1' })];
    expect(ra.json().user_id).not.toBe(rb.json().user_id);
  });

  it('refuses anonymous calls and bad input, changing nothing', async () => {
    const { cookie } = await signedUpPartner(t.app, 'partner@example.com');
    const before = await accountTables(t.app);
    expect((await activate(undefined, { pid: 'fd1' })).statusCode).toBe(401);
    for (const payload of [{}, { pid: 'fd3' }, { pid: 1 }, { pid: ['fd1'] }, { pid: 'fd1', plan: 'pps' }]) {
      const res = await activate(cookie, payload, 'pt');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Verifique os campos destacados.');
    }
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/activate-program',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { pid: 'fd1' },
    });
    expect(cross.statusCode).toBe(403);
    expect(await accountTables(t.app)).toBe(before);
  });
});
