import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../test/harness.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { fund, insertWallet, jsonHeaders, ledgerFigures } from './testing.ts';

/**
 * No double spend: many payout calls at once against one balance (on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL with a pool of connections) never take more than was available, and the ledger stays consistent.
 */
let t: TestApp;
const USD = 1_000_000;
const DAY = 86_400_000;

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

async function partnerWithWallets(email: string, funds: number) {
  const p = await createPartner(t.ctx.database, { email });
  await fund(t.ctx.database, p, funds, t.clock.now());
  const confirmedAt = new Date(t.clock.now().getTime() - 10 * DAY);
  const webmoney = await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'webmoney', createdAt: confirmedAt, confirmedAt });
  const paypal = await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'paypal', n: 1, createdAt: confirmedAt, confirmedAt });
  return { p, cookie: await sessionCookie(t.ctx.database, p, t.clock.now()), webmoney, paypal };
}

/** The ledger invariant, what the balance call answers, and one payout entry per request (a reversal when given back). */
async function expectConsistent(userId: number, cookie: string) {
  const f = await ledgerFigures(t.ctx.database, userId);
  expect(f.payouts).toBe(f.requests);
  expect(f.reversals).toBe(f.reversedRequests);
  const money = (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json();
  expect(money.balance).toBe(f.earnings - f.counted);
  expect(money.amount).toBeGreaterThanOrEqual(0);
  const entries = await t.ctx.database.query<{ id: number; status: string; payouts: number; reversals: number }>(sql`
    select r.id, r.status,
      (select count(*) from ledger_entries e where e.user_id = r.user_id and e.ref_id = r.id and e.kind = 'payout')::int as payouts,
      (select count(*) from ledger_entries e where e.user_id = r.user_id and e.ref_id = r.id and e.kind = 'payout_reversal')::int as reversals
    from payout_requests r where r.user_id = ${userId}`);
  for (const e of entries) {
    expect(Number(e.payouts), `request ${e.id}`).toBe(1);
    expect(Number(e.reversals), `request ${e.id}`).toBe(e.status === 'rejected' || e.status === 'deleted' ? 1 : 0);
  }
  return { figures: f, money };
}

describe(`no double spend (${testDbKind})`, () => {
  it('100 requests at once against 100 USD: exactly what fits is accepted, the rest refused with 422', async () => {
    const { p, cookie, webmoney } = await partnerWithWallets('p@x.test', 100 * USD);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(cookie), payload: { amount: 13 * USD, wallet: webmoney } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 422)).toHaveLength(93);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().errors.amount[0]).toMatch(/^The amount is more than is available for payout/);
    const { figures, money } = await expectConsistent(p, cookie);
    expect(figures.counted).toBe(91 * USD);
    expect(money).toMatchObject({ amount: 9 * USD, balance: 9 * USD });
  });

  it('100 mixed calls at once (requests, quick requests, deletions) of two partners keep both ledgers consistent', async () => {
    const a = await partnerWithWallets('a@x.test', 500 * USD);
    const b = await partnerWithWallets('b@x.test', 300 * USD);
    // Some requests exist already, to be deleted concurrently.
    const existing: Array<{ id: number; who: typeof a }> = [];
    for (const who of [a, b])
      for (let i = 0; i < 5; i++) {
        const r = await t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(who.cookie), payload: { amount: 20 * USD, wallet: who.paypal } });
        existing.push({ id: r.json().data.id, who });
      }
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const calls = Array.from({ length: 100 }, (_, i) => {
      const who = i % 2 ? a : b;
      const kind = rand(10);
      if (kind === 0) return t.app.inject({ method: 'POST', url: '/api/payouts/quick', headers: { cookie: who.cookie } });
      if (kind <= 2) {
        // Sometimes the same request twice at once: only one deletion may count.
        const target = existing[rand(existing.length)]!;
        return t.app.inject({ method: 'DELETE', url: `/api/payout/${target.id}`, headers: { cookie: target.who.cookie } });
      }
      const amount = (10 + rand(40)) * USD + rand(1000);
      return t.app.inject({ method: 'POST', url: '/api/payouts', headers: jsonHeaders(who.cookie), payload: { amount, wallet: rand(2) ? who.webmoney : who.paypal } });
    });
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 404, 409, 422], r.body).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    for (const who of [a, b]) await expectConsistent(who.p, who.cookie);
    const [deletions] = await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from payout_request_history where to_status = 'deleted'`);
    const deletedOk = results.filter((r) => r.statusCode === 200 && r.json().data?.status === 'deleted').length;
    expect(Number(deletions!.n)).toBe(deletedOk);
  });
});
