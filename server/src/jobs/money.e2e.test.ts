import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { send } from '../ingest/testing.ts';
import { catchUp, closeRange } from './close.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { createPartner, ledgerRows } from '../money/testing.ts';
import { sessionCookie } from '../plumbing/session/testing.ts';

/**
 * The money engine end to end: events through the ingest API, closes, operator actions, and the partner's
 * balance calls, against figures worked out by hand below (micro-USD; 1 USD = 1,000,000).
 *
 * Partners (project fd1):
 *   A  PPS from 2026-09-01, registered 2026-01-01; A invited B.
 *   B  Mixed, then PPS from 2026-10-21 00:00 (plan change); registered 2026-01-01, invited by A.
 *      B is older than 9 months in October: A earns 3% of B (first level).
 *   C  PPD from 2026-09-01, registered 2026-10-15, invited by B: B earns 12% of C (first 3 months), A 1% (second level).
 *   D  Mixed, owns the verified site blog.example: 10% of sales its visitors make.
 * Rates: Mixed A-group download 8,750, R 3,500; PPD A-group 25,000, E 0; PPS downloads 0.
 * Shares: PPS sale and file copy 85%, rebill 50%, video sale 60%; Mixed sale 60%; PPD 0%.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-10-05T00:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const MB = 1024 * 1024;
let seq = 0;
const ev = (type: string, at: string, app: number, fields: Record<string, unknown>) => ({ id: `e${++seq}`, type, at, app_users_id: app, ...fields });
const dl = (at: string, app: number, file: string, country: string) =>
  ev('download', at, app, { file_id: file, country, downloader_id: `d${seq + 1}`, completed: true, referrer: null });
const sale = (at: string, app: number, saleId: string, file: string, usd: number, revenue: string, site?: string) =>
  ev('sale', at, app, { sale_id: saleId, amount_micro: usd * 1_000_000, revenue_type: revenue, file_id: file, ...(site ? { site_domain: site } : {}), country: 'US' });

describe('money end to end', () => {
  it('ingest → closes → ledger → balance, to the micro-dollar', async () => {
    const db = t.ctx.database;
    const A = await createPartner(db, { email: 'a@x.test', createdAt: '2026-01-01T00:00:00Z' });
    const B = await createPartner(db, { email: 'b@x.test', referredBy: A, createdAt: '2026-01-01T00:00:00Z' });
    const C = await createPartner(db, { email: 'c@x.test', referredBy: B, createdAt: '2026-10-15T00:00:00Z' });
    const D = await createPartner(db, { email: 'd@x.test', createdAt: '2026-01-01T00:00:00Z' });
    const app = Object.fromEntries(
      (await db.query<{ user_id: number; app_user_id: number }>(sql`select user_id, app_user_id from partner_programs where project = 'fd1'`)).map((r) => [
        r.user_id,
        r.app_user_id,
      ]),
    ) as Record<number, number>;
    const [a, b, c] = [app[A]!, app[B]!, app[C]!];
    await db.query(sql`insert into partner_plans (user_id, project, plan, effective_from) values
      (${A}, 'fd1', 'pps', '2026-09-01T00:00:00Z'), (${C}, 'fd1', 'ppd', '2026-09-01T00:00:00Z')`);
    await db.query(sql`insert into partner_sites (user_id, project, domain, status, token) values (${D}, 'fd1', 'blog.example', 'active', 'tok')`);

    const ingest = async (events: unknown[]) => {
      const r = await send(t.app, 'fd1', events);
      expect(r.status).toBe(200);
      expect(r.body.rejected, JSON.stringify(r.body.results.filter((x) => x.status === 'rejected'))).toBe(0);
    };

    // ---- October, first part -------------------------------------------------------------------------------
    t.clock.set('2026-10-19T12:00:00Z');
    await ingest([
      ev('file_uploaded', '2026-10-05T08:00:00Z', a, { file_id: 'a1', name: 'a1.zip', size_bytes: 20 * MB }),
      ev('file_uploaded', '2026-10-05T08:00:00Z', b, { file_id: 'b1', name: 'b1.zip', size_bytes: 50 * MB }),
      ev('file_uploaded', '2026-10-16T08:00:00Z', c, { file_id: 'c1', name: 'c1.zip', size_bytes: 100 * MB }),
      // A's video, and a copy of a1 saved in another account (it earns for A).
      ev('file_uploaded', '2026-10-05T09:00:00Z', a, { file_id: 'v1', name: 'v1.mp4', size_bytes: 30 * MB, is_video: true }),
      ev('file_copied', '2026-10-06T09:00:00Z', a, { file_id: 'a1c', original_file_id: 'a1', copy_account_id: 'acc-9', name: 'a1.zip', size_bytes: 20 * MB }),
      // A (PPS): 3 counted downloads that pay 0.
      dl('2026-10-10T10:00:00Z', a, 'a1', 'US'),
      dl('2026-10-10T10:01:00Z', a, 'a1', 'US'),
      dl('2026-10-10T10:02:00Z', a, 'a1', 'US'),
      // B (Mixed): 2 US × 8,750 + 1 RU × 3,500 = 21,000; the same downloader again that day does not count.
      dl('2026-10-10T11:00:00Z', b, 'b1', 'US'),
      dl('2026-10-10T11:01:00Z', b, 'b1', 'US'),
      dl('2026-10-10T11:02:00Z', b, 'b1', 'RU'),
      { ...dl('2026-10-10T12:00:00Z', b, 'b1', 'US'), downloader_id: 'd' + String(seq - 2) },
      // A (PPS 85%): 10 USD direct = 8,500,000; 20 USD via D's site = 17,000,000 to A and 10% = 2,000,000 to D.
      sale('2026-10-12T09:00:00Z', a, 's1', 'a1', 10, 'direct'),
      sale('2026-10-12T10:00:00Z', a, 's2', 'a1', 20, 'site_referral', 'blog.example'),
      // B (Mixed 60%): 10 USD = 6,000,000, refunded later.
      sale('2026-10-13T09:00:00Z', b, 's3', 'b1', 10, 'direct'),
      // C (PPD): 4 DE × 25,000 + 1 IN × 0 = 100,000.
      dl('2026-10-17T09:00:00Z', c, 'c1', 'DE'),
      dl('2026-10-17T09:01:00Z', c, 'c1', 'DE'),
      dl('2026-10-17T09:02:00Z', c, 'c1', 'DE'),
      dl('2026-10-17T09:03:00Z', c, 'c1', 'DE'),
      dl('2026-10-17T09:04:00Z', c, 'c1', 'IN'),
    ]);
    const first = await catchUp(db, t.clock.now());
    expect(first.days[0]!.day).toBe('2026-10-05');
    expect(first.days.at(-1)!.day).toBe('2026-10-18');

    // ---- The refund of s3 arrives after 2026-10-13 was closed; B changes plan to PPS from 2026-10-21 ----------
    t.clock.set('2026-10-20T10:00:00Z');
    await ingest([ev('sale_status', '2026-10-20T09:00:00Z', b, { sale_id: 's3', status: 'refund' })]);
    await db.query(sql`insert into partner_plans (user_id, project, plan, effective_from, chosen_at) values (${B}, 'fd1', 'pps', '2026-10-21T00:00:00Z', '2026-10-20T10:00:00Z')`);

    // ---- Late October and early November ---------------------------------------------------------------------
    t.clock.set('2026-11-04T12:00:00Z');
    await ingest([
      // B now PPS: rebill 50% of 10 USD = 5,000,000; downloads pay 0.
      sale('2026-10-22T09:00:00Z', b, 's4', 'b1', 10, 'rebill'),
      dl('2026-10-22T10:00:00Z', b, 'b1', 'US'),
      dl('2026-10-22T10:01:00Z', b, 'b1', 'US'),
      // C (PPD): a sale pays 0.
      sale('2026-10-25T09:00:00Z', c, 's5', 'c1', 10, 'direct'),
      // November: every partner with a positive October efficiency is Gold partner (level 1, +5%).
      sale('2026-11-03T09:00:00Z', a, 's6', 'a1', 10, 'direct'), // 8,500,000 + gold 425,000
      dl('2026-11-03T10:00:00Z', b, 'b1', 'US'), // PPS: 0
      dl('2026-11-03T11:00:00Z', c, 'c1', 'US'), // 25,000
      dl('2026-11-03T11:01:00Z', c, 'c1', 'US'), // 25,000 → 50,000 + gold 2,500
    ]);
    const second = await catchUp(db, t.clock.now());
    expect(second.months.map((m) => m.month)).toEqual(['2026-10']);
    expect(second.dirty.map((d) => d.day)).toEqual(['2026-10-13']);
    const levels = await db.query<{ user_id: number; level_after: number }>(
      sql`select user_id, level_after from gold_months where month = '2026-11-01' and project = 'fd1' order by user_id`,
    );
    expect(levels).toEqual([A, B, C, D].map((id) => ({ user_id: id, level_after: 1 })));
    // Unlimited status for November: revenue of Oct 2–31 above 1 USD and above storage cost — A (25.5 USD),
    // B (5,021,000 + 12,000 referrals) and D (2,000,000); not C (100,000 < 1,000,000).
    const unlimited = await db.query<{ user_id: number; starts_on: string; ends_on: string }>(
      sql`select user_id, starts_on::text, ends_on::text from unlimited_periods where kind = 'auto' order by user_id`,
    );
    expect(unlimited).toEqual([A, B, D].map((id) => ({ user_id: id, starts_on: '2026-11-01', ends_on: '2026-12-01' })));

    // ---- Operator: payouts and additional income -------------------------------------------------------------
    t.clock.set('2026-11-05T10:00:00Z');
    const op = { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice' };
    const reqA = await db.db.transaction((tx) => insertPayoutRequest(tx, { userId: A, amountMicro: 20_000_000, paymentDetails: 'paypal a@x.test', actor: 'partner' }, t.clock.now()));
    const reqB = await db.db.transaction((tx) => insertPayoutRequest(tx, { userId: B, amountMicro: 1_000_000, paymentDetails: 'paypal b@x.test', actor: 'partner' }, t.clock.now()));
    for (const status of ['review', 'process', 'accepted'])
      expect((await t.app.inject({ method: 'POST', url: `/operator/v1/payouts/${reqA.id}/status`, headers: op, payload: { status } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/operator/v1/payouts/${reqB.id}/status`, headers: op, payload: { status: 'rejected', reason: 'test' } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/operator/v1/additional-income', headers: op, payload: { user_id: C, project: 'fd1', amount: 1_000_000, reason: 'contest' } }))
        .statusCode,
    ).toBe(200);

    // ---- Mid November (held on 2026-11-20: sale days after 2026-11-05) ----------------------------------------
    t.clock.set('2026-11-12T12:00:00Z');
    await ingest([
      sale('2026-11-10T09:00:00Z', a, 's7', 'a1', 4, 'direct'), // 3,400,000 + gold 170,000
      sale('2026-11-10T09:30:00Z', a, 's10', 'a1c', 2, 'file_copy'), // copy, PPS 85%: 1,700,000 + gold 85,000
      sale('2026-11-10T09:40:00Z', a, 's11', 'v1', 10, 'direct'), // video sale, PPS 60%: 6,000,000 + gold 300,000
      sale('2026-11-10T10:00:00Z', b, 's8', 'b1', 10, 'direct'), // PPS 8,500,000 + gold 425,000; A 3% = 255,000
    ]);
    await catchUp(db, t.clock.now());

    // ---- Today: a live (not closed) sale through D's site ------------------------------------------------------
    t.clock.set('2026-11-20T12:00:00Z');
    await ingest([sale('2026-11-20T09:00:00Z', a, 's9', 'a1', 10, 'site_referral', 'blog.example')]); // A 8,500,000, D 1,000,000
    await catchUp(db, t.clock.now());

    const figures = async (userId: number) => {
      const cookie = await sessionCookie(db, userId, t.clock.now());
      const available = (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json();
      const hold = (await t.app.inject({ url: '/api/payouts/user/hold-info', headers: { cookie } })).json();
      return { available, hold };
    };

    // A: files 25,500,000 (Oct 12) + 8,500,000 (Nov 3) + 3,400,000 (Nov 10) + 8,500,000 (today, live) = 45,900,000
    //    file copies 1,700,000 (Nov 10); video 6,000,000 (Nov 10)
    //    gold 5%: 425,000 (Nov 3) + 170,000 + 85,000 + 300,000 (Nov 10) = 980,000
    //    referrals: 3% of B: 630 (Oct 10: 21,000) + 0 (Oct 13: 180,000 then −180,000 after the refund)
    //               + 150,000 (Oct 22: 5,000,000) + 255,000 (Nov 10: 8,500,000);
    //               1% of C: 1,000 (Oct 17: 100,000) + 500 (Nov 3: 50,000)  → 407,130
    //    earnings 45,900,000 + 1,700,000 + 6,000,000 + 980,000 + 407,130 = 54,987,130
    //    payout accepted 20,000,000 → balance 34,987,130
    //    hold: Nov 10 (until Nov 25): 3,400,000 + 1,700,000 + 6,000,000 + 555,000 (gold) + 255,000 (referrals)
    //          = 11,910,000; today (until Dec 5): 8,500,000 → 20,410,000
    //    available 34,987,130 − 20,410,000 = 14,577,130
    const fa = await figures(A);
    expect(fa.available).toEqual({ amount: 14_577_130, balance: 34_987_130, hold: 20_410_000, in_progress: 0, cooling_off: null, account_recovery: null });
    expect(fa.hold).toEqual({
      amount: 20_410_000,
      hold_period_days: 14,
      breakdown: { files: 11_900_000, file_copies: 1_700_000, video: 6_000_000, sites_referrals: 0, referrals: 255_000, gold_bonus: 555_000 },
      next_release: { date: '2026-11-25T00:00:00.000Z', amount: 11_910_000 },
      releases: [
        { date: '2026-11-25T00:00:00.000Z', amount: 11_910_000 },
        { date: '2026-12-05T00:00:00.000Z', amount: 8_500_000 },
      ],
      schedule: [
        { day: '2026-11-25', amount: 11_910_000, held_after: 8_500_000 },
        { day: '2026-12-05', amount: 8_500_000, held_after: 0 },
      ],
      waits: [],
    });

    // B: downloads 21,000 (Oct 10, Mixed); s3 6,000,000 − 6,000,000 (refund); rebill 5,000,000 (Oct 22, PPS);
    //    8,500,000 + gold 425,000 (Nov 10); referrals 12% of C: 12,000 (Oct 17) + 6,000 (Nov 3)
    //    earnings 21,000 + 5,000,000 + 8,925,000 + 18,000 = 13,964,000; the rejected payout is given back
    //    hold 8,925,000 (Nov 10, until Nov 25); available 13,964,000 − 8,925,000 = 5,039,000
    const fb = await figures(B);
    expect(fb.available).toEqual({ amount: 5_039_000, balance: 13_964_000, hold: 8_925_000, in_progress: 0, cooling_off: null, account_recovery: null });
    expect(fb.hold.breakdown).toEqual({ files: 8_500_000, file_copies: 0, video: 0, sites_referrals: 0, referrals: 0, gold_bonus: 425_000 });

    // C: 100,000 (Oct 17) + 50,000 + gold 2,500 (Nov 3) + additional 1,000,000 = 1,152,500, nothing held
    const fc = await figures(C);
    expect(fc.available).toEqual({ amount: 1_152_500, balance: 1_152_500, hold: 0, in_progress: 0, cooling_off: null, account_recovery: null });
    expect(fc.hold.next_release).toBeNull();

    // D: site bonus 2,000,000 (Oct 12, released Oct 27) + 1,000,000 (today, live, until Dec 5)
    const fd = await figures(D);
    expect(fd.available).toEqual({ amount: 2_000_000, balance: 3_000_000, hold: 1_000_000, in_progress: 0, cooling_off: null, account_recovery: null });
    expect(fd.hold.breakdown.sites_referrals).toBe(1_000_000);

    // The refund is a correction entry on B's 2026-10-13, and on A's commission of that day.
    const oct13 = (await ledgerRows(db)).filter((e) => e.day === '2026-10-13').map((e) => [e.user_id, e.source, e.kind, e.amount_micro]);
    expect(oct13).toEqual([
      [B, 'files', 'earning', 6_000_000],
      [A, 'referrals', 'earning', 180_000],
      [B, 'files', 'correction', -6_000_000],
      [A, 'referrals', 'correction', -180_000],
    ]);

    // Closing everything again writes nothing and changes no figure.
    const count = (await ledgerRows(db)).length;
    await closeRange(db, '2026-10-05', '2026-11-19', t.clock.now());
    expect((await ledgerRows(db)).length).toBe(count);
    expect((await figures(A)).available).toEqual(fa.available);
  });
});
