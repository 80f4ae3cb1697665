import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../test/harness.ts';
import { partnerPlans, partnerPrograms, users } from '../db/schema/index.ts';
import { solveCaptcha } from '../plumbing/captcha/testing.ts';
import { startBackground } from '../background.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoSeedEnabled, ensureDemoPartner } from './demo.ts';
import { DEMO_INVITED } from './demo-referrals.ts';
import { DEMO_STAFF_TOTP_SECRET } from './demo-staff.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('demo partner seed', () => {
  it('creates a confirmed, active partner with both programmes, idempotently, who can sign in', async () => {
    const id = await ensureDemoPartner(t.ctx);
    expect(await ensureDemoPartner(t.ctx)).toBe(id);
    const rows = await t.ctx.database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: DEMO_EMAIL, isActive: true, confirmedAt: t.clock.now(), blockedAt: null });
    expect((await t.ctx.database.db.select().from(partnerPrograms)).map((p) => p.project).sort()).toEqual(['fd1', 'fd2']);
    expect((await t.ctx.database.db.select().from(partnerPlans)).map((p) => p.plan)).toEqual(['mixed', 'mixed']);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD, captcha: await solveCaptcha(t.app) },
    });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json().app_users_id).sort()).toEqual(['fd1', 'fd2']);
  });

  it('is off in production and with SEED_DEMO=false', () => {
    expect(demoSeedEnabled(t.ctx)).toBe(true);
    expect(demoSeedEnabled({ ...t.ctx, config: testConfig({ SEED_DEMO: 'false' }) })).toBe(false);
    expect(demoSeedEnabled({ ...t.ctx, config: { ...t.ctx.config, NODE_ENV: 'production' } })).toBe(false);
  });

  it('runs from the background start and prints the demo sign-in and the mailbox address', async () => {
    const background = await startBackground(t.app);
    try {
      expect(background.banner).toContain(`  Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
      expect(background.banner).toContain('  Dev mailbox: http://localhost:3000/dev/mailbox');
      // The console's demo staff (seed/demo-staff.ts).
      expect(background.banner).toContain(
        '  Staff console: http://localhost:3000/operator  admin@staff.test, finance@staff.test, finance2@staff.test, support@staff.test, content@staff.test / demo-staff',
      );
      expect(background.banner).toContain(`  Staff authenticator (demo only): ${DEMO_STAFF_TOTP_SECRET}`);
      // The demo partner and the partners it invited (seed/demo-referrals.ts).
      expect(await t.ctx.database.db.select().from(users)).toHaveLength(1 + DEMO_INVITED.length);
    } finally {
      await background.stop();
    }
  });
});
