import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type StaffRole } from '@pc/core';
import { settingsHistoryAnswer, settingsPreviewAnswer } from '@pc/core/contracts/console-settings';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { addMember } from './testing.ts';
import { STAFF_COOKIE, startStaffSession } from './staff-auth.ts';

let t: TestApp;
let admin: Who;
type Who = { headers: Record<string, string> };

async function member(role: StaffRole, name: string): Promise<Who> {
  const m = await addMember(t, role, { email: `${name.toLowerCase().replace(/\W/g, '')}@staff.test`, name, totp: false });
  const token = await startStaffSession(t.ctx.database.db, m.id, 'full', t.clock.now(), { ip: '10.0.0.9', userAgent: 'test' });
  return { headers: { cookie: `${STAFF_COOKIE}=${token}` } };
}

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  admin = await member('admin', 'Ada Admin');
});
afterEach(async () => {
  await t.close();
});

const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/operator/v1${url}`, headers: who.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const rates = (plan: 'ppd' | 'mixed', group: 'A' | 'B', micro: number) => ({ ...DEFAULT_PRODUCT.downloadRates, [plan]: { ...DEFAULT_PRODUCT.downloadRates[plan], [group]: micro } });
const stored = async () => (await call(admin, 'GET', '/settings')).json().value;
const auditCount = async () => Number((await t.ctx.database.query<{ n: string }>(sql`select count(*) as n from staff_audit where action = 'settings.change'`))[0]!.n);

describe('console: product settings', () => {
  it('previews what partners would see, writing nothing', async () => {
    const res = await call(admin, 'POST', '/settings/preview', {
      changes: { downloadRates: rates('ppd', 'A', 30_000), payoutSystems: { ...DEFAULT_PRODUCT.payoutSystems, paypal: { feeBp: 250, feeFixedMicro: 0, minimumMicro: 20_000_000 } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = settingsPreviewAnswer.parse(res.json());
    expect(preview.effective_from).toBe('2026-11-20T12:05:00.000Z');
    expect(preview.changed).toEqual(['downloadRates', 'payoutSystems']);
    expect(preview.rows).toEqual([
      { key: 'downloadRates', item: ['ppd', 'A'], unit: 'money', before: 25_000_000, after: 30_000_000 },
      { key: 'payoutSystems', item: ['paypal', 'feeBp'], unit: 'bp', before: 300, after: 250 },
    ]);
    expect((await stored()).downloadRates.ppd.A).toBe(25_000);
    expect(await auditCount()).toBe(0);
  });

  it('finance previews and reads the history, but may not change', async () => {
    const finance = await member('finance', 'Fin Ance');
    expect((await call(finance, 'POST', '/settings/preview', { changes: { planChangeEveryDays: 14 } })).statusCode).toBe(200);
    expect((await call(finance, 'GET', '/settings/history')).statusCode).toBe(200);
    expect((await call(finance, 'PATCH', '/settings', { changes: { planChangeEveryDays: 14 } })).statusCode).toBe(403);
    const support = await member('support', 'Sup Port');
    expect((await call(support, 'GET', '/settings/history')).statusCode).toBe(403);
    expect((await call(support, 'POST', '/settings/preview', { changes: {} })).statusCode).toBe(403);
  });

  it('refuses out-of-bounds and inconsistent changes with field errors, changing nothing', async () => {
    const levels = DEFAULT_PRODUCT.goldLevels.map((l) => (l.level === 3 ? { ...l, coinsToReach: 10 } : l));
    const res = await call(admin, 'PATCH', '/settings', {
      changes: {
        downloadRates: rates('mixed', 'B', -5),
        saleShares: { ...DEFAULT_PRODUCT.saleShares, pps: { ...DEFAULT_PRODUCT.saleShares.pps, sale: 12_000 } },
        countryGroups: { ...DEFAULT_PRODUCT.countryGroups, U: 'UA RU' },
        goldLevels: levels,
        premiumTermDays: 10,
        planChangeEveryDays: 2.5,
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([
      'changes.countryGroups.U',
      'changes.downloadRates.mixed.B',
      'changes.goldLevels.3.coinsToReach',
      'changes.planChangeEveryDays',
      'changes.saleShares.pps.sale',
    ]);
    expect(errors['changes.countryGroups.U']).toEqual(['A country may be in one group only: RU (R).']);
    expect(errors['changes.goldLevels.3.coinsToReach']).toEqual(['Level 3 must not ask less or pay less than the level below it.']);
    // The cross-field rules run once the shapes are right: a premium term shorter than the normal one.
    const terms = await call(admin, 'PATCH', '/settings', { changes: { normalTermDays: 120 } });
    expect(terms.statusCode).toBe(422);
    expect(Object.keys(terms.json().errors)).toEqual(['changes.premiumTermDays']);
    expect((await stored()).downloadRates.mixed.B).toBe(6_000);
    expect(await auditCount()).toBe(0);
  });

  it('takes an effective date not before the earliest one, nor before a planned version', async () => {
    const early = await call(admin, 'PATCH', '/settings', { changes: { planChangeEveryDays: 14 }, effective_from: '2026-11-20T12:01:00Z' });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(['effective_from']);
    const far = await call(admin, 'PATCH', '/settings', { changes: { planChangeEveryDays: 14 }, effective_from: '2028-11-20T12:01:00Z' });
    expect(far.statusCode).toBe(422);
    const planned = await call(admin, 'PATCH', '/settings', { changes: { downloadRates: rates('ppd', 'A', 30_000) }, effective_from: '2026-12-01T00:00:00+00:00' });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json().effective_from).toBe('2026-12-01T00:00:00.000Z');
    const before = await call(admin, 'PATCH', '/settings', { changes: { planChangeEveryDays: 14 } });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors.effective_from[0]).toContain('2026-12-01T00:00:00.000Z');
    const versions = await t.ctx.database.query<{ from: string; rate: number }>(
      sql`select to_char(effective_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as from, (value->'downloadRates'->'ppd'->>'A')::int as rate from product_settings_history order by effective_from`,
    );
    expect(versions).toEqual([
      { from: '1970-01-01T00:00', rate: 25_000 },
      { from: '2026-12-01T00:00', rate: 30_000 },
    ]);
  });

  it('keeps the history: who changed what, before and after, newest first, paged', async () => {
    expect(settingsHistoryAnswer.parse((await call(admin, 'GET', '/settings/history')).json())).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0 } });
    expect((await call(admin, 'PATCH', '/settings', { changes: { downloadRates: rates('mixed', 'A', 9_000) } })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const legacy = { headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice' } };
    expect((await call(legacy, 'PATCH', '/settings', { changes: { planChangeEveryDays: 14, saleHoldDays: 21 } })).statusCode).toBe(200);
    const history = settingsHistoryAnswer.parse((await call(admin, 'GET', '/settings/history')).json());
    expect(history.meta.total).toBe(2);
    expect(history.data.map((v) => [v.changed_by, v.changed, v.effective_from])).toEqual([
      [{ kind: 'legacy', name: 'alice' }, ['planChangeEveryDays', 'saleHoldDays'], '2026-11-20T12:06:00.000Z'],
      [{ kind: 'staff', name: 'Ada Admin' }, ['downloadRates'], '2026-11-20T12:05:00.000Z'],
    ]);
    expect(history.data[0]!.before).toEqual({ planChangeEveryDays: 7, saleHoldDays: 14 });
    expect(history.data[0]!.after).toEqual({ planChangeEveryDays: 14, saleHoldDays: 21 });
    expect((history.data[1]!.after.downloadRates as { mixed: { A: number } }).mixed.A).toBe(9_000);
    const second = settingsHistoryAnswer.parse((await call(admin, 'GET', '/settings/history?page=2&per_page=1')).json());
    expect(second.data.map((v) => v.changed_by.name)).toEqual(['Ada Admin']);
    expect(await auditCount()).toBe(2);
  });

  it('still takes the settings the screen does not edit, in the default shape', async () => {
    const res = await call(admin, 'PATCH', '/settings', { changes: { payoutFourEyesMicro: 2_000_000_000, defaultPlan: 'ppd' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).payoutFourEyesMicro).toBe(2_000_000_000);
  });
});
