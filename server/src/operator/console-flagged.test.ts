import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, flaggedPartnersAnswer, flaggedSalesAnswer, flaggedShareBp, saleShare, type FlaggedPartnerRow } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { ingest, signedInPartner, type TestPartner } from '../modules/statistics/testing.ts';
import { addMember, signIn } from './testing.ts';

/**
 * Flagged sales (decision 0164) over sales sent through the ingest API: the per-partner figures, the filters, the
 * order and paging, one partner's sales, and that what the screen calls lost is what the engine took back.
 */
let t: TestApp;
let finance: string;
let alice: TestPartner;
let bob: TestPartner;
let carol: TestPartner;
const USD = 1_000_000;

const sale = (p: TestPartner, project: 'fd1' | 'fd2', id: string, at: string, usd: number, extra: Record<string, unknown> = {}) => ({
  id: `e-${id}`,
  type: 'sale',
  at,
  app_users_id: p.app[project],
  sale_id: id,
  amount_micro: usd * USD,
  revenue_type: 'direct',
  file_id: `f-${p.id}`,
  ...extra,
});
const status = (p: TestPartner, project: 'fd1' | 'fd2', id: string, at: string, st: string, fraud?: boolean) => ({
  id: `st-${id}-${st}-${fraud ?? ''}`,
  type: 'sale_status',
  at,
  app_users_id: p.app[project],
  sale_id: id,
  status: st,
  ...(fraud === undefined ? {} : { fraud }),
});
const earned = async (userId: number) =>
  Number((await t.ctx.database.query<{ e: unknown }>(sql`select coalesce(sum(earned_micro), 0) as e from ingest_daily where user_id = ${userId}`))[0]!.e);

async function list(query: Record<string, string | number> = {}, cookie = finance) {
  return t.app.inject({ url: '/operator/v1/flagged-sales', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { cookie } });
}
async function rowsOf(query: Record<string, string | number> = {}): Promise<FlaggedPartnerRow[]> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return flaggedPartnersAnswer.parse(res.json()).data;
}

let aliceLostByEngine = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  finance = await signIn(t, await addMember(t, 'finance'));
  alice = await signedInPartner(t, 'alice@flagged.test', ['fd1']);
  bob = await signedInPartner(t, 'bob@flagged.test', ['fd2']);
  carol = await signedInPartner(t, 'carol@flagged.test', ['fd1']);
  const day = '2026-11-18T10:00:00Z';
  await ingest(t, 'fd1', [
    { id: 'up-a', type: 'file_uploaded', at: '2026-11-01T00:00:00Z', app_users_id: alice.app.fd1, file_id: `f-${alice.id}`, name: 'holiday.mp3', size_bytes: 1000 },
    sale(alice, 'fd1', 'A1', day, 20),
    sale(alice, 'fd1', 'A2', day, 10),
    sale(alice, 'fd1', 'A3', day, 30),
    sale(alice, 'fd1', 'A4', day, 5),
    // Outside the default period (the last 30 days): flagged, but not counted unless the period reaches it.
    sale(alice, 'fd1', 'A0', '2026-10-01T10:00:00Z', 50),
    sale(carol, 'fd1', 'C1', day, 40),
  ]);
  await ingest(t, 'fd2', Array.from({ length: 10 }, (_, i) => sale(bob, 'fd2', `B${i}`, '2026-11-19T10:00:00Z', 100)));
  const before = await earned(alice.id);
  await ingest(t, 'fd1', [
    status(alice, 'fd1', 'A2', '2026-11-19T09:00:00Z', 'refund'),
    status(alice, 'fd1', 'A3', '2026-11-19T10:00:00Z', 'hold', true),
    status(alice, 'fd1', 'A4', '2026-11-19T11:00:00Z', 'refund'),
    status(alice, 'fd1', 'A4', '2026-11-19T08:00:00Z', 'ok', true),
    status(alice, 'fd1', 'A0', '2026-10-02T10:00:00Z', 'refund'),
  ]);
  aliceLostByEngine = before - (await earned(alice.id));
  await ingest(t, 'fd2', [status(bob, 'fd2', 'B3', '2026-11-20T09:00:00Z', 'refund')]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /operator/v1/flagged-sales', () => {
  it('answers each partner with flagged sales in the last 30 days, by share, with the share of core and the earnings the engine took back', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const answer = flaggedPartnersAnswer.parse(res.json());
    expect(answer.period).toEqual({ from: '2026-10-22', to: '2026-11-20' });
    expect(answer.meta).toEqual({ page: 1, per_page: 50, total: 2 });
    const [a, b] = answer.data;
    expect(a).toEqual({
      id: alice.id,
      email: 'alice@flagged.test',
      sales: 4,
      flagged: 3,
      fraud: 2,
      refunded: 2,
      share_bp: 7_500,
      flagged_amount: 45 * USD,
      earnings_lost: saleShare(DEFAULT_PRODUCT.defaultPlan, 'sale', 10 * USD) + saleShare(DEFAULT_PRODUCT.defaultPlan, 'sale', 5 * USD),
    });
    // What the screen calls lost is exactly what the refunds took from the partner's earnings (A0 is outside the period and was refunded before).
    expect(aliceLostByEngine).toBeGreaterThan(a!.earnings_lost);
    expect(b).toMatchObject({ id: bob.id, sales: 10, flagged: 1, fraud: 0, refunded: 1, share_bp: flaggedShareBp(1, 10), flagged_amount: 100 * USD });
    expect(b!.earnings_lost).toBeGreaterThan(0);
    // Carol has sales but none flagged.
    expect(answer.data.map((r) => r.id)).not.toContain(carol.id);
  });

  it('counts only the flags asked for, one project, one partner, and the days of the period', async () => {
    expect((await rowsOf({ kind: 'fraud' })).map((r) => [r.id, r.flagged, r.flagged_amount])).toEqual([[alice.id, 2, 35 * USD]]);
    expect((await rowsOf({ kind: 'refund' })).map((r) => [r.id, r.flagged])).toEqual([
      [alice.id, 2],
      [bob.id, 1],
    ]);
    expect((await rowsOf({ project: 'fd2' })).map((r) => r.id)).toEqual([bob.id]);
    expect((await rowsOf({ partner: 'ALICE@' })).map((r) => r.id)).toEqual([alice.id]);
    expect((await rowsOf({ partner: String(bob.id) })).map((r) => r.id)).toEqual([bob.id]);
    expect(await rowsOf({ date_from: '2026-11-19', date_to: '2026-11-20' })).toHaveLength(1);
    const wide = await rowsOf({ date_from: '2026-09-01', date_to: '2026-11-20', partner: 'alice' });
    expect(wide[0]).toMatchObject({ sales: 5, flagged: 4, share_bp: 8_000, flagged_amount: 95 * USD });
    // The whole loss of every refund the engine booked for Alice.
    expect(wide[0]!.earnings_lost).toBe(aliceLostByEngine);
  });

  it('orders by amount when asked and pages', async () => {
    expect((await rowsOf({ sort: 'amount' })).map((r) => r.id)).toEqual([bob.id, alice.id]);
    const second = flaggedPartnersAnswer.parse((await list({ per_page: 1, page: 2 })).json());
    expect(second.data.map((r) => r.id)).toEqual([bob.id]);
    expect(second.meta.total).toBe(2);
    const past = flaggedPartnersAnswer.parse((await list({ per_page: 1, page: 5 })).json());
    expect(past).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it('refuses a period longer than a year, in the wrong order or with one end', async () => {
    expect((await list({ date_from: '2025-11-19', date_to: '2026-11-20' })).statusCode).toBe(422);
    expect((await list({ date_from: '2026-11-20', date_to: '2026-11-19' })).statusCode).toBe(422);
    expect((await list({ date_from: '2026-11-20' })).statusCode).toBe(422);
  });

  it('is not open to support', async () => {
    const support = await signIn(t, await addMember(t, 'support'));
    const res = await list({}, support);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ permission: 'flagged.read' });
  });
});

describe('GET /operator/v1/flagged-sales/{id}', () => {
  it("lists one partner's flagged sales, newest first, with the file, the kind, when first flagged and the loss", async () => {
    const res = await t.app.inject({ url: `/operator/v1/flagged-sales/${alice.id}`, headers: { cookie: finance } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = flaggedSalesAnswer.parse(res.json());
    expect(answer.partner).toEqual({ id: alice.id, email: 'alice@flagged.test' });
    expect(answer.meta.total).toBe(3);
    const byId = Object.fromEntries(answer.data.map((s) => [s.sale_id, s]));
    expect(byId.A2).toMatchObject({ project: 'fd1', kind: 'refund', status: 'refund', amount: 10 * USD, file_name: 'holiday.mp3', flagged_at: '2026-11-19T09:00:00.000Z' });
    expect(byId.A3).toMatchObject({ kind: 'fraud', status: 'hold', earnings_lost: 0, flagged_at: '2026-11-19T10:00:00.000Z' });
    // Both flags: the earlier of the fraud mark (08:00) and the refund (11:00).
    expect(byId.A4).toMatchObject({ kind: 'both', status: 'refund', flagged_at: '2026-11-19T08:00:00.000Z' });
    const [row] = await rowsOf({ partner: String(alice.id) });
    expect(answer.data.reduce((sum, s) => sum + s.earnings_lost, 0)).toBe(row!.earnings_lost);
    const fraudOnly = flaggedSalesAnswer.parse((await t.app.inject({ url: `/operator/v1/flagged-sales/${alice.id}?kind=fraud`, headers: { cookie: finance } })).json());
    expect(fraudOnly.data.map((s) => s.sale_id).sort()).toEqual(['A3', 'A4']);
  });

  it('answers 404 for a partner that does not exist', async () => {
    const res = await t.app.inject({ url: '/operator/v1/flagged-sales/999999', headers: { cookie: finance } });
    expect(res.statusCode).toBe(404);
  });
});
