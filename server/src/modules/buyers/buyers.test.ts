import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyersAnswer, cohortsAnswer, maskEmail } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, signedInPartner, type TestPartner } from '../statistics/testing.ts';

// "Now" is Friday 2026-11-20 12:00 UTC (the harness default). Every sale goes through the real ingest call; the
// expected figures are worked out below from the test's own list of sales, by a computation of the test's own.
let t: TestApp;
let a: TestPartner;
let other: TestPartner;

interface TestSale {
  id: string;
  at: string;
  email: string;
  amount: number;
  type: 'direct' | 'rebill' | 'promo_link';
  referrer?: string;
  /** The sub-ID tag the sale was sent with (decision 0206). */
  tag?: string;
  refunded?: boolean;
  fraud?: boolean;
}

const SALES: TestSale[] = [
  { id: 'A1', at: '2026-09-03T10:00:00Z', email: 'alice@mail.example', amount: 10_000_000, type: 'direct', referrer: 'https://blog.example/post/1', tag: 'forum-x' },
  { id: 'A2', at: '2026-10-03T10:00:00Z', email: 'alice@mail.example', amount: 10_000_000, type: 'rebill', tag: 'tg.2' },
  { id: 'A3', at: '2026-11-03T10:00:00Z', email: 'alice@mail.example', amount: 10_000_000, type: 'rebill' },
  { id: 'B1', at: '2026-09-15T08:00:00Z', email: 'BOB@Mail.example', amount: 20_000_000, type: 'direct' },
  { id: 'B2', at: '2026-10-15T08:00:00Z', email: 'bob@mail.example', amount: 3_333_333, type: 'rebill', tag: 'forum-x' },
  { id: 'C1', at: '2026-10-20T09:00:00Z', email: 'carol@shop.example', amount: 15_000_000, type: 'direct', refunded: true },
  { id: 'D1', at: '2026-10-05T12:00:00Z', email: 'dave@site.example', amount: 7_000_000, type: 'promo_link', referrer: 'https://forum.example/t/9', tag: 'Tg.2' },
  { id: 'D2', at: '2026-11-05T12:00:00Z', email: 'dave@site.example', amount: 7_000_000, type: 'rebill', fraud: true },
  { id: 'E1', at: '2026-11-10T07:00:00Z', email: 'erin@mail.example', amount: 9_999_999, type: 'direct' },
  { id: 'N1', at: '2026-11-11T07:00:00Z', email: '', amount: 5_000_000, type: 'direct' },
];

/** The partner's share on the default (Mixed) plan: 60 % of a sale, 30 % of a rebill, half-up; 0 once refunded. */
function earnedOf(s: TestSale): number {
  if (s.refunded) return 0;
  return Math.round((s.amount * (s.type === 'rebill' ? 30 : 60)) / 100);
}

function expectedBuyers() {
  const groups = new Map<string, TestSale[]>();
  for (const s of SALES) {
    if (!s.email) continue;
    const key = s.email.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups].map(([key, list]) => {
    list.sort((x, y) => x.at.localeCompare(y.at));
    const first = list[0]!;
    const last = list[list.length - 1]!;
    return {
      id: first.id,
      email: key,
      first_purchase: new Date(first.at).toISOString(),
      last_purchase: new Date(last.at).toISOString(),
      first_revenue_type: first.type,
      first_source: first.referrer ? new URL(first.referrer).hostname : '',
      first_sub_id: first.tag ?? '',
      purchases: list.length,
      rebills: list.filter((s) => s.type === 'rebill' && !s.refunded).length,
      earned: list.reduce((sum, s) => sum + earnedOf(s), 0),
      status: list.some((s) => s.fraud) ? 'fraud_flagged' : last.refunded ? 'refunded' : 'active',
    };
  });
}

beforeEach(async () => {
  t = await createTestApp();
  a = await signedInPartner(t, 'a@partner.test', ['fd1']);
  other = await signedInPartner(t, 'o@partner.test', ['fd1']);
  const u = a.app.fd1!;
  await ingest(t, 'fd1', [
    { id: 'up', type: 'file_uploaded', at: '2026-08-01T00:00:00Z', app_users_id: u, file_id: 'f1', name: 'movie.mkv', size_bytes: 10_000_000 },
    ...SALES.map((s) => ({
      id: `e-${s.id}`,
      type: 'sale',
      at: s.at,
      app_users_id: u,
      sale_id: s.id,
      amount_micro: s.amount,
      revenue_type: s.type,
      file_id: 'f1',
      buyer_email: s.email,
      ...(s.referrer ? { referrer: s.referrer } : {}),
      ...(s.tag ? { sub_id: s.tag } : {}),
    })),
  ]);
  // The refund and the fraud flag arrive later, as sale_status events.
  await ingest(t, 'fd1', [
    { id: 'st-C1', type: 'sale_status', at: '2026-10-25T00:00:00Z', app_users_id: u, sale_id: 'C1', status: 'refund' },
    { id: 'st-D2', type: 'sale_status', at: '2026-11-06T00:00:00Z', app_users_id: u, sale_id: 'D2', status: 'ok', fraud: true },
  ]);
  // Another partner's sale to the same buyer is not partner a's.
  await ingest(t, 'fd1', [
    { id: 'up-o', type: 'file_uploaded', at: '2026-08-01T00:00:00Z', app_users_id: other.app.fd1!, file_id: 'of1', name: 'other.zip', size_bytes: 1_000 },
    { id: 'e-O1', type: 'sale', at: '2026-09-01T00:00:00Z', app_users_id: other.app.fd1!, sale_id: 'O1', amount_micro: 50_000_000, revenue_type: 'direct', file_id: 'of1', buyer_email: 'alice@mail.example' },
  ]);
});
afterEach(async () => {
  await t.close();
});

describe('buyers', () => {
  it("lists the partner's buyers as an independent computation from the sent sales says", async () => {
    const res = await a.get('/buyers', { app: 'fd1' });
    expect(res.statusCode).toBe(200);
    const body = buyersAnswer.parse(res.json());
    const expected = expectedBuyers()
      .sort((x, y) => y.first_purchase.localeCompare(x.first_purchase))
      .map((b) => ({ ...b, email: maskEmail(b.email) }));
    expect(body.data).toEqual(expected);
    expect(body.unidentified).toEqual({ sales: 1, earned: 3_000_000 });
    expect(body.since).toBe('2024-12-01');
    // Spot checks by hand: masked like the sales screen, the fraud flag wins, the refund shows.
    const byId = Object.fromEntries(body.data.map((b) => [b.id, b]));
    expect(byId.A1).toMatchObject({ email: 'al***@ma***.example', rebills: 2, earned: 12_000_000, first_source: 'blog.example', first_sub_id: 'forum-x', status: 'active' });
    // The tag is the first purchase's: bob's first came without one, his rebill's tag does not move him.
    expect(byId.B1).toMatchObject({ purchases: 2, earned: 13_000_000, first_sub_id: '', status: 'active' });
    expect(byId.C1).toMatchObject({ earned: 0, status: 'refunded' });
    expect(byId.D1).toMatchObject({ first_revenue_type: 'promo_link', first_source: 'forum.example', first_sub_id: 'Tg.2', earned: 6_300_000, status: 'fraud_flagged' });
    // The totals add up to what the sales screen shows the partner earned from the same sales.
    const sales = (await a.get('/statistics/sales', { app: 'fd1', date_from: '2026-09-01', date_to: '2026-11-20', per_page: 200 })).json();
    const screen = sales.data.reduce((s: number, r: { file_sales: number; site_sales: number }) => s + r.file_sales + r.site_sales, 0);
    expect(body.data.reduce((s, b) => s + b.earned, 0) + body.unidentified.earned).toBe(screen);
  });

  it('gives cohorts by the month of the first purchase, up to the current month', async () => {
    const res = await a.get('/buyers/cohorts', { app: 'fd1' });
    expect(res.statusCode).toBe(200);
    const body = cohortsAnswer.parse(res.json());
    expect(body.month).toBe('2026-11');
    // The test's own cohorts: buyers by the month of their first sale, then per later month.
    const buyers = new Map<string, TestSale[]>();
    for (const s of SALES.filter((x) => x.email)) buyers.set(s.email.toLowerCase(), [...(buyers.get(s.email.toLowerCase()) ?? []), s]);
    const monthIndex = (at: string) => Number(at.slice(0, 4)) * 12 + Number(at.slice(5, 7)) - 1;
    const cohorts = new Map<number, TestSale[][]>();
    for (const list of buyers.values()) {
      const m = Math.min(...list.map((s) => monthIndex(s.at)));
      cohorts.set(m, [...(cohorts.get(m) ?? []), list]);
    }
    const now = monthIndex('2026-11');
    const expected = [...cohorts.keys()].sort((x, y) => x - y).map((m) => {
      const members = cohorts.get(m)!;
      const months = [];
      for (let k = m; k <= now; k++) {
        const rebillBuyers = members.filter((list) => list.some((s) => monthIndex(s.at) === k && s.type === 'rebill' && !s.refunded)).length;
        const earned = members.flat().filter((s) => monthIndex(s.at) === k).reduce((sum, s) => sum + earnedOf(s), 0);
        months.push({ offset: k - m, rebill_buyers: rebillBuyers, rebill_share: rebillBuyers / members.length, earned, earned_per_buyer: Math.round(earned / members.length) });
      }
      return { month: `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`, buyers: members.length, months };
    });
    expect(body.data).toEqual(expected);
    // By hand: September's cohort is alice and bob; both rebilled in October (6,000,000 + ... ).
    const sep = body.data.find((c) => c.month === '2026-09')!;
    expect(sep.buyers).toBe(2);
    expect(sep.months[1]).toEqual({ offset: 1, rebill_buyers: 2, rebill_share: 1, earned: 4_000_000, earned_per_buyer: 2_000_000 });
    expect(sep.months[2]).toEqual({ offset: 2, rebill_buyers: 1, rebill_share: 0.5, earned: 3_000_000, earned_per_buyer: 1_500_000 });
    // October: carol (refunded) and dave; dave's November rebill is flagged but keeps its money.
    const oct = body.data.find((c) => c.month === '2026-10')!;
    expect(oct.months).toEqual([
      { offset: 0, rebill_buyers: 0, rebill_share: 0, earned: 4_200_000, earned_per_buyer: 2_100_000 },
      { offset: 1, rebill_buyers: 1, rebill_share: 0.5, earned: 2_100_000, earned_per_buyer: 1_050_000 },
    ]);
  });

  it('answers the other partner only their own buyer', async () => {
    const body = buyersAnswer.parse((await other.get('/buyers', { app: 'fd1' })).json());
    expect(body.data.map((b) => [b.id, b.earned])).toEqual([['O1', 30_000_000]]);
  });

  it('answers 401 before validation, 422 for a bad project, 403 for a programme not activated', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/buyers?app=nope' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousCohorts = await t.app.inject({ method: 'GET', url: '/api/buyers/cohorts?app=nope&x=1' });
    expect(anonymousCohorts.statusCode).toBe(401);
    expect((await a.get('/buyers', { app: 'nope' })).statusCode).toBe(422);
    expect((await a.get('/buyers/cohorts', { app: 'fd1', extra: 1 })).statusCode).toBe(422);
    expect((await a.get('/buyers', { app: 'fd2' })).statusCode).toBe(403);
    expect((await a.get('/buyers/cohorts', { app: 'fd2' })).statusCode).toBe(403);
  });
});
