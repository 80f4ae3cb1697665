import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { referralsAnswer, referralSchedule } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { users } from '../db/schema/index.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';
import { startDemoTraffic } from '../ingest/demo.ts';
import { catchUp } from '../jobs/close.ts';
import { ensureDemoPartner } from './demo.ts';
import { DEMO_INVITED, ensureDemoReferrals } from './demo-referrals.ts';
import { maskEmail } from '../modules/referrals/service.ts';

let t: TestApp;
beforeEach(async () => {
  // The demo traffic's catch-up reads the wall clock: the app's clock starts there too.
  t = await createTestApp({ clock: new Date().toISOString() });
});
afterEach(async () => {
  await t.close();
});

/** Runs the demo traffic (a short history) with its invited partners up to the live trickle, then stops it. */
async function playDemoTraffic(demo: number, invited: number[], historyDays: number) {
  let historyIn!: () => void;
  const history = new Promise<void>((resolve) => (historyIn = resolve));
  const traffic = startDemoTraffic(t.app, demo, { invited, historyDays, afterHistory: async () => historyIn() });
  await history;
  await traffic.stop();
}

describe('the demo partner’s invited partners', () => {
  it('are created once, two levels deep, registered before the demo account with both programmes', async () => {
    const demo = await ensureDemoPartner(t.ctx);
    const ids = await ensureDemoReferrals(t.ctx, demo);
    expect(await ensureDemoReferrals(t.ctx, demo)).toEqual(ids);
    const rows = await t.ctx.database.db.select().from(users);
    expect(rows).toHaveLength(1 + DEMO_INVITED.length);
    const byId = new Map(rows.map((u) => [u.id, u]));
    const demoRow = byId.get(demo)!;
    for (const partner of DEMO_INVITED) {
      const row = byId.get(ids.get(partner.email)!)!;
      expect(row.referredBy).toBe(partner.invitedBy === null ? demo : ids.get(partner.invitedBy));
      expect(row.createdAt.getTime()).toBe(demoRow.createdAt.getTime() - partner.daysBefore * 86_400_000);
      expect(row.confirmedAt).toEqual(row.createdAt);
    }
    const levels = DEMO_INVITED.map((p) => (p.invitedBy === null ? 1 : 2));
    expect(levels.filter((l) => l === 1).length).toBeGreaterThanOrEqual(2);
    expect(levels.filter((l) => l === 2).length).toBeGreaterThanOrEqual(2);
    const programs = await t.ctx.database.query<{ n: number }>(
      sql`select count(*)::int as n from partner_programs where user_id in (${sql.join([...ids.values()].map((id) => sql`${id}`), sql`, `)})`,
    );
    expect(programs[0]!.n).toBe(DEMO_INVITED.length * 2);
  });

  it('earn the demo partner commissions of both levels through the ingest and the day closes', async () => {
    const demo = await ensureDemoPartner(t.ctx);
    const ids = await ensureDemoReferrals(t.ctx, demo);
    await playDemoTraffic(demo, [...ids.values()], 8);

    // Every invited partner's own traffic arrived through the ingest, none of it before their registration.
    const earliest = await t.ctx.database.query<{ user_id: number; day: string; created: string }>(sql`
      select d.user_id, min(d.day)::text as day, to_char(min(u.created_at) at time zone 'UTC', 'YYYY-MM-DD') as created
      from ingest_daily d join users u on u.id = d.user_id where d.user_id <> ${demo} and d.downloads > 0 group by d.user_id`);
    expect(earliest.map((r) => Number(r.user_id)).sort()).toEqual([...ids.values()].sort());
    for (const r of earliest) expect(r.day > r.created).toBe(true);

    await catchUp(t.ctx.database, t.clock.now());
    const commissions = await t.ctx.database.query<{ level: number; n: number; rate: number; base: number; amount: number }>(sql`
      select level, count(*)::int as n, max(rate_bp)::int as rate, sum(base_micro)::bigint as base, sum(amount_micro)::bigint as amount
      from referral_commissions where referrer_id = ${demo} group by level order by level`);
    expect(commissions.map((c) => Number(c.level))).toEqual([1, 2]);
    for (const c of commissions) {
      expect(c.n).toBeGreaterThan(0);
      expect(Number(c.base)).toBeGreaterThan(0);
      expect(Number(c.amount)).toBeGreaterThan(0);
    }
    expect(commissions[1]!.rate).toBe(100);
    // The commissions are booked to the demo partner's ledger as referral income.
    const [ledger] = await t.ctx.database.query<{ amount: number }>(
      sql`select coalesce(sum(amount_micro), 0)::bigint as amount from ledger_entries where user_id = ${demo} and source = 'referrals'`,
    );
    expect(Number(ledger!.amount)).toBe(commissions.reduce((s, c) => s + Number(c.amount), 0));

    // The referrals page: the summary and every invited partner with what they brought and the rate with its drop.
    const cookie = await sessionCookie(t.ctx.database, demo, t.clock.now());
    for (const app of ['fd1', 'fd2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/referrals?app=${app}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const body = referralsAnswer.parse(res.json());
      expect(body.summary).toMatchObject({ total: 4, first_level: 2, second_level: 2 });
      expect(body.summary.total_earned).toBeGreaterThan(0);
      expect(body.summary.total_earned).toBe(body.data.reduce((s, r) => s + r.total, 0));
      for (const partner of DEMO_INVITED) {
        const row = body.data.find((r) => r.user === maskEmail(partner.email))!;
        expect(row.level).toBe(partner.invitedBy === null ? 1 : 2);
        expect(row.week).toBeGreaterThan(0);
        expect(row.total).toBeGreaterThanOrEqual(row.week);
        // Commissions accrue as the days close: today is not closed yet.
        expect(row.today).toBe(0);
        if (row.level === 2) {
          expect(row).toMatchObject({ percent_bp: 100, percent_drops_at: null, next_percent_bp: null });
          continue;
        }
        // The first level's rate drops on the schedule from the settings, counted from the registration.
        const next = referralSchedule(new Date(row.registration_date)).find((p) => p.from > t.clock.now().toISOString().slice(0, 10))!;
        expect(row.percent_drops_at).toBe(`${next.from}T00:00:00.000Z`);
        expect(row.next_percent_bp).toBe(next.rateBp);
        expect(row.percent_bp).toBe(partner.daysBefore < 89 ? 1_200 : 600);
      }
    }
  });
});
