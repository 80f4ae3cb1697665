import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sitesAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { startDemoTraffic } from '../ingest/demo.ts';
import { ensureDemoPartner } from './demo.ts';
import pino from 'pino';
import { recheckDueSites } from '../modules/sites/rechecks.ts';
import { DEMO_SITE_HOST, ensureDemoSites, serveDemoSite } from './demo-sites.ts';

let t: TestApp;
beforeEach(async () => {
  // The demo traffic's catch-up reads the wall clock: the app's clock starts there too. Private addresses stay
  // refused (as in `npm start`): only the pinned demo site is reachable.
  t = await createTestApp({ clock: new Date().toISOString() });
});
afterEach(async () => {
  await t.close();
});

const sites = async () =>
  t.ctx.database.query<{ project: string; domain: string; status: string; verified_by: string }>(
    sql`select project, domain, status, verified_by from partner_sites order by project, id`,
  );

describe('the demo partner’s site', () => {
  it('is added and verified through the calls against a local site, in both projects, once', async () => {
    const demo = await ensureDemoPartner(t.ctx);
    const outcomes = await ensureDemoSites(t.app, demo);
    expect(outcomes.map((o) => [o.domain, o.status, o.verified])).toEqual([
      [DEMO_SITE_HOST, 'active', true],
      [DEMO_SITE_HOST, 'active', true],
    ]);
    expect(await sites()).toEqual([
      { project: 'fd1', domain: DEMO_SITE_HOST, status: 'active', verified_by: 'file' },
      { project: 'fd2', domain: DEMO_SITE_HOST, status: 'active', verified_by: 'file' },
    ]);
    // Again (the next start): nothing new, nothing fetched.
    await ensureDemoSites(t.app, demo);
    expect(await sites()).toHaveLength(2);
    // The seed's session is gone.
    const [sessions] = await t.ctx.database.query<{ n: unknown }>(sql`select count(*) as n from sessions where user_id = ${demo}`);
    expect(Number(sessions!.n)).toBe(0);
  });

  it('keeps answering while the server runs, so the weekly re-checks find its proof; stopped, they do not', async () => {
    const demo = await ensureDemoPartner(t.ctx);
    await ensureDemoSites(t.app, demo);
    const stop = await serveDemoSite(t.app, demo);
    const log = pino({ level: 'silent' });
    try {
      t.clock.advance(8 * 86_400_000);
      expect((await recheckDueSites(t.ctx, log)).map((r) => r.outcome)).toEqual(['proved', 'proved']);
    } finally {
      await stop();
    }
    t.clock.advance(8 * 86_400_000);
    expect((await recheckDueSites(t.ctx, log)).map((r) => r.outcome)).toEqual(['failed', 'failed']);
  });

  it('earns from the demo traffic: visits, purchases and the site-referral bonus', async () => {
    const demo = await ensureDemoPartner(t.ctx);
    await ensureDemoSites(t.app, demo);
    let historyIn!: () => void;
    const history = new Promise<void>((resolve) => (historyIn = resolve));
    const traffic = startDemoTraffic(t.app, demo, { historyDays: 30, afterHistory: async () => historyIn() });
    await history;
    await traffic.stop();
    const cookie = await sessionCookie(t.ctx.database, demo, t.clock.now());
    const res = await t.app.inject({ method: 'GET', url: '/api/sites?app=fd1', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const [site] = sitesAnswer.parse(res.json()).data;
    expect(site).toMatchObject({ domain: DEMO_SITE_HOST, status: 'active' });
    expect(site!.visits).toBeGreaterThan(0);
    expect(site!.purchases).toBeGreaterThan(0);
    expect(site!.total).toBeGreaterThan(0);
    const [daily] = await t.ctx.database.query<{ site: unknown }>(sql`select sum(site_earned_micro) as site from ingest_daily where user_id = ${demo} and project = 'fd1'`);
    expect(Number(daily!.site)).toBe(site!.total);
  }, 180_000);
});
