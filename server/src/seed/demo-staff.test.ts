import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { codeAt, staffCookie } from '../operator/testing.ts';
import { openTotpSecret } from '../operator/totp.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET, ensureDemoStaff } from './demo-staff.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

describe('demo staff seed', () => {
  it('creates one member per role and a second finance member, idempotently; each signs in with the demo secret', async () => {
    await ensureDemoStaff(t.ctx);
    await ensureDemoStaff(t.ctx);
    const rows = await t.ctx.database.query<{ email: string; role: string }>(sql`select email, role from staff order by id`);
    expect(rows).toEqual([
      { email: 'admin@staff.test', role: 'admin' },
      { email: 'finance@staff.test', role: 'finance' },
      { email: 'finance2@staff.test', role: 'finance' },
      { email: 'support@staff.test', role: 'support' },
      { email: 'content@staff.test', role: 'content' },
    ]);
    // The same code serves every member: each member's codes are used once, not each code once overall.
    const code = await codeAt(t, DEMO_STAFF_TOTP_SECRET);
    for (const m of DEMO_STAFF) {
      const first = await t.app.inject({ method: 'POST', url: '/operator/v1/session', payload: { email: m.email, password: DEMO_STAFF_PASSWORD } });
      expect(first.json()).toEqual({ stage: 'code' });
      const second = await t.app.inject({ method: 'POST', url: '/operator/v1/session/code', headers: { cookie: staffCookie(first) }, payload: { code } });
      expect(second.statusCode, second.body).toBe(200);
      expect((await t.app.inject({ url: '/operator/v1/session/me', headers: { cookie: staffCookie(second) } })).json().role).toBe(m.role);
    }
  });

  it('seals the demo secret again when SESSION_SECRET changed, and never runs in production', async () => {
    await ensureDemoStaff(t.ctx);
    const changed = { ...t.ctx, config: { ...t.ctx.config, SESSION_SECRET: 'another-session-secret-of-enough-length-0123' } };
    await ensureDemoStaff(changed);
    const [row] = await t.ctx.database.query<{ totp_secret: string }>(sql`select totp_secret from staff where email = 'admin@staff.test'`);
    const [admin] = await t.ctx.database.query<{ id: number }>(sql`select id from staff where email = 'admin@staff.test'`);
    expect(openTotpSecret(changed.config, Number(admin!.id), row!.totp_secret)).toBe(DEMO_STAFF_TOTP_SECRET);
    await expect(ensureDemoStaff({ ...t.ctx, config: { ...t.ctx.config, NODE_ENV: 'production' } })).rejects.toThrow(/never created in production/);
  });
});
