import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simulationAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { send } from '../../ingest/testing.ts';
import { closeDay } from '../../jobs/close.ts';
import { createPartner, ledgerRows } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';

/**
 * A plan chosen through the page prices the partner's traffic from the next day on, in ingest and in the day
 * close, and the simulator prices the same traffic with the same functions.
 *
 * Rates (docs/product.md#downloads, #sales): Mixed A 8,750 and R 3,500 per counted download, PPD A 25,000 and R 9,000, PPS 0.
 * Shares: sale 85 / 60 / 0 %, rebill 50 / 30 / 0 %, video sale 60 / 40 / 0 % (PPS / Mixed / PPD).
 */
let t: TestApp;
let me: { id: number; cookie: string; app: number };

const MB = 1024 * 1024;
let seq = 0;
const ev = (type: string, at: string, fields: Record<string, unknown>) => ({ id: `p${++seq}`, type, at, app_users_id: me.app, ...fields });
const dl = (at: string, file: string, country: string, downloader: string) => ev('download', at, { file_id: file, country, downloader_id: downloader, completed: false, referrer: null });
const sale = (at: string, saleId: string, file: string, usd: number, revenue: string) =>
  ev('sale', at, { sale_id: saleId, amount_micro: usd * 1_000_000, revenue_type: revenue, file_id: file, country: 'US' });

/** One day's traffic, the same every day: what it earns depends only on the plan in force. */
function dayTraffic(day: string) {
  return [
    // Counted: 2 A-group and 1 R-group first downloads of the big file (incomplete ones count too).
    dl(`${day}T13:00:00Z`, 'big', 'US', 'alice'),
    dl(`${day}T13:01:00Z`, 'big', 'DE', 'bob'),
    dl(`${day}T13:02:00Z`, 'big', 'RU', 'ivan'),
    // Not counted: the same downloader again that day, and a file of 5 MB (not over the minimum).
    dl(`${day}T13:03:00Z`, 'big', 'US', 'alice'),
    dl(`${day}T13:04:00Z`, 'small', 'US', 'carol'),
    // 10 USD sale, 20 USD rebill, 5 USD video sale; a 50 USD sale refunded the same day counts for nothing.
    sale(`${day}T14:00:00Z`, `${day}-s1`, 'big', 10, 'direct'),
    sale(`${day}T14:01:00Z`, `${day}-s2`, 'big', 20, 'rebill'),
    sale(`${day}T14:02:00Z`, `${day}-s3`, 'clip', 5, 'direct'),
    sale(`${day}T14:03:00Z`, `${day}-s4`, 'big', 50, 'direct'),
    ev('sale_status', `${day}T15:00:00Z`, { sale_id: `${day}-s4`, status: 'refund' }),
  ];
}

async function ingest(events: unknown[]) {
  const r = await send(t.app, 'fd1', events);
  expect(r.status).toBe(200);
  expect(r.body.rejected, JSON.stringify(r.body.results.filter((x) => x.status === 'rejected'))).toBe(0);
}

async function rollup(day: string) {
  const [row] = await t.ctx.database.query<{ counted: number; downloads: number; sales: number; video: number }>(
    sql`select counted_downloads::int as counted, download_earned_micro::bigint as downloads, sale_earned_micro::bigint as sales,
          video_sale_earned_micro::bigint as video
        from ingest_daily where user_id = ${me.id} and project = 'fd1' and day = ${day}::date`,
  );
  return { counted: Number(row!.counted), downloads: Number(row!.downloads), sales: Number(row!.sales), video: Number(row!.video) };
}

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  const id = await createPartner(t.ctx.database, { email: 'pricing@example.com', createdAt: '2026-11-01T00:00:00Z', projects: [] });
  const cookie = await sessionCookie(t.ctx.database, id, t.clock.now());
  const activated = await t.app.inject({ method: 'POST', url: '/api/activate-program', headers: { cookie }, payload: { pid: 'fd1' } });
  expect(activated.statusCode).toBe(200);
  me = { id, cookie, app: activated.json().user_id };
  await ingest([
    ev('file_uploaded', '2026-11-20T11:00:00Z', { file_id: 'big', name: 'big.zip', size_bytes: 50 * MB }),
    ev('file_uploaded', '2026-11-20T11:00:00Z', { file_id: 'small', name: 'small.zip', size_bytes: 5 * MB }),
    ev('file_uploaded', '2026-11-20T11:00:00Z', { file_id: 'clip', name: 'clip.mp4', size_bytes: 80 * MB, is_video: true }),
  ]);
});
afterEach(async () => {
  await t.close();
});

describe('pricing by plan history', () => {
  it('the same traffic earns by the old plan today and by the chosen plan from the next day, through ingest and the day close', async () => {
    // 12:00 on the 20th: the partner (on Mixed since the activation) chooses PPS; it applies from the 21st.
    const chosen = await t.app.inject({ method: 'POST', url: '/api/rates?app=fd1', headers: { cookie: me.cookie }, payload: { plan: 'pps' } });
    expect(chosen.statusCode, chosen.body).toBe(200);

    t.clock.set('2026-11-20T16:00:00Z');
    await ingest(dayTraffic('2026-11-20'));
    t.clock.set('2026-11-21T16:00:00Z');
    await ingest(dayTraffic('2026-11-21'));

    // The 20th, Mixed: 2 × 8,750 + 3,500 = 21,000; 60% × 10 + 30% × 20 = 12 USD; video 40% × 5 = 2 USD.
    expect(await rollup('2026-11-20')).toEqual({ counted: 3, downloads: 21_000, sales: 12_000_000, video: 2_000_000 });
    // The 21st, PPS: downloads pay nothing, so none counts (decision 0200: the three are kept as `pps_plan`);
    // 85% × 10 + 50% × 20 = 18.5 USD; video 60% × 5 = 3 USD.
    expect(await rollup('2026-11-21')).toEqual({ counted: 0, downloads: 0, sales: 18_500_000, video: 3_000_000 });
    const [pps] = await t.ctx.database.query<{ n: number }>(
      sql`select uncounted_pps_plan::int as n from ingest_daily where user_id = ${me.id} and project = 'fd1' and day = '2026-11-21'`,
    );
    expect(pps!.n).toBe(3);

    const closedAt = new Date('2026-11-22T01:00:00Z');
    await closeDay(t.ctx.database, '2026-11-20', closedAt);
    await closeDay(t.ctx.database, '2026-11-21', closedAt);
    const booked = (await ledgerRows(t.ctx.database, me.id)).map((e) => [e.day, e.source, e.bucket, Number(e.amount_micro)]);
    expect(booked).toEqual([
      ['2026-11-20', 'files', 'downloads', 21_000],
      ['2026-11-20', 'files', 'sales', 12_000_000],
      ['2026-11-20', 'video', 'sales', 2_000_000],
      ['2026-11-21', 'files', 'sales', 18_500_000],
      ['2026-11-21', 'video', 'sales', 3_000_000],
    ]);
  });
});

describe('GET /api/rates/simulation', () => {
  it('prices the last 30 days under each plan with the engine’s functions; the plan in force reproduces what was earned', async () => {
    // The partner stays on Mixed: the simulated Mixed figure is exactly what ingest booked.
    t.clock.set('2026-11-20T16:00:00Z');
    await ingest(dayTraffic('2026-11-20'));
    t.clock.set('2026-11-21T16:00:00Z');
    await ingest(dayTraffic('2026-11-21'));
    const res = await t.app.inject({ method: 'GET', url: '/api/rates/simulation?app=fd1', headers: { cookie: me.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = simulationAnswer.parse(res.json());
    expect(body).toEqual({
      from: '2026-10-23',
      to: '2026-11-21',
      days: 30,
      current: 'mixed',
      plans: [
        // Two days: PPS 2 × (8.5 + 10 + 3) USD; Mixed 2 × (21,000 + 12 + 2 USD); PPD 2 × (2 × 25,000 + 9,000).
        { plan: 'pps', downloads: 0, sales: 43_000_000, total: 43_000_000 },
        { plan: 'mixed', downloads: 42_000, sales: 28_000_000, total: 28_042_000 },
        { plan: 'ppd', downloads: 118_000, sales: 0, total: 118_000 },
      ],
      best: 'pps',
      traffic: { counted_downloads: 6, sales: 6, sales_amount: 70_000_000 },
      earned: 28_042_000,
    });
  });

  it('answers zeros and no best plan without traffic, and only the partner’s own project', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rates/simulation?app=fd1', headers: { cookie: me.cookie } });
    const body = simulationAnswer.parse(res.json());
    expect(body.best).toBeNull();
    expect(body.plans.map((p) => p.total)).toEqual([0, 0, 0]);
    expect(body.traffic).toEqual({ counted_downloads: 0, sales: 0, sales_amount: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/rates/simulation?app=fd2', headers: { cookie: me.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/rates/simulation?app=xx', headers: { cookie: me.cookie } })).statusCode).toBe(422);
  });

  it('leaves out days older than 30 and follows the operator’s rates from the day they apply', async () => {
    t.clock.set('2026-11-20T16:00:00Z');
    await ingest(dayTraffic('2026-11-20'));
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice' },
      payload: { changes: { downloadRates: { pps: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0, R: 0, U: 0 }, mixed: { A: 8_750, B: 6_000, C: 4_500, D: 3_000, E: 2_000, F: 1_250, G: 500, R: 3_500, U: 2_000 }, ppd: { A: 30_000, B: 17_000, C: 11_000, D: 6_000, E: 0, F: 0, G: 0, R: 10_000, U: 5_000 } } } },
    });
    expect(change.statusCode, change.body).toBe(200);
    t.clock.set('2026-11-21T16:00:00Z');
    await ingest(dayTraffic('2026-11-21'));
    const at = async (now: string) => {
      t.clock.set(now);
      const cookie = await sessionCookie(t.ctx.database, me.id, t.clock.now());
      return simulationAnswer.parse((await t.app.inject({ method: 'GET', url: '/api/rates/simulation?app=fd1', headers: { cookie } })).json());
    };
    // PPD: the 20th at 2 × 25,000 + 9,000; the 21st at the new 2 × 30,000 + 10,000.
    expect((await at('2026-11-21T16:00:00Z')).plans[2]).toEqual({ plan: 'ppd', downloads: 59_000 + 70_000, sales: 0, total: 129_000 });
    // On 19 December the window starts on 20 November; a day later the 20th has left it.
    expect((await at('2026-12-19T10:00:00Z')).traffic.counted_downloads).toBe(6);
    expect((await at('2026-12-20T10:00:00Z')).traffic.counted_downloads).toBe(3);
  });
});
