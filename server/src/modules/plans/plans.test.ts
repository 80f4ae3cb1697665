import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, plansAnswer, plansWriteAnswer, startAnswer, type PlansAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';

/**
 * The rate plans calls (decision 0140) on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. "Now" starts at
 * Friday 2026-11-20 12:00 UTC; the partner activates fd1 through the API at that moment (the default plan's row).
 */
let t: TestApp;
let me: { id: number; cookie: string };

const headers = (cookie: string, lang = 'en') => ({ cookie, 'x-localization': lang });
const get = (path: string, query: Record<string, string> = { app: 'fd1' }, cookie = me.cookie, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/api${path}`, query, headers: headers(cookie, lang) });
const post = (path: string, payload: Record<string, unknown> | string, opts: { app?: string; lang?: string; cookie?: string; form?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    query: { app: opts.app ?? 'fd1' },
    headers: {
      ...headers(opts.cookie ?? me.cookie, opts.lang),
      'content-type': opts.form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function state(): Promise<PlansAnswer> {
  const res = await get('/rates');
  expect(res.statusCode, res.body).toBe(200);
  return plansAnswer.parse(res.json());
}
const takeBack = (opts: { app?: string; lang?: string } = {}) =>
  t.app.inject({ method: 'DELETE', url: '/api/rates/next', query: { app: opts.app ?? 'fd1' }, headers: headers(me.cookie, opts.lang) });
const planRowCount = async () => Number((await t.ctx.database.query<{ n: number }>(sql`select count(*)::int as n from partner_plans where user_id = ${me.id}`))[0]!.n);

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  const id = await createPartner(t.ctx.database, { email: 'plans@example.com', createdAt: '2026-11-01T00:00:00Z', projects: [] });
  me = { id, cookie: await sessionCookie(t.ctx.database, id, t.clock.now()) };
  const activation = await post('/activate-program', { pid: 'fd1' });
  expect(activation.statusCode, activation.body).toBe(200);
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/rates', () => {
  it('a newly activated partner is on the default plan, may choose at once, and has the defaults', async () => {
    const body = await state();
    expect(body.current).toEqual({ plan: 'mixed', since: '2026-11-20T12:00:00.000Z' });
    expect(body.next).toBeNull();
    expect(body.change).toEqual({ allowed_now: true, allowed_at: null, effective_from: '2026-11-21T00:00:00.000Z' });
    expect(body.history).toEqual([{ plan: 'mixed', effective_from: '2026-11-20T12:00:00.000Z', chosen_at: '2026-11-20T12:00:00.000Z', activation: true }]);
    expect(body.free_downloads).toEqual({ available: false, mode: 'allow_all', new_files_default: true, inbox_default: true, max_file_size_bytes: null });
    expect(body.price_variations.selected).toEqual([]);
    expect(body.price_variations.available).toEqual(DEFAULT_PRODUCT.premiumPriceVariations.fd1.map((v) => ({ id: v.id, days: v.days, price: v.priceMicro })));
    expect(body.country_groups.A).toContain('US');
    expect(body.country_groups.R).toEqual(['RU']);
    expect(body.country_groups.G).toEqual([]);
  });

  it('is for signed-in partners with the project’s programme; another project is invalid', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/rates?app=fd1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/rates?app=fd1', payload: { plan: 'pps' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/rates/simulation?app=fd1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/rates/next?app=fd1' })).statusCode).toBe(401);
    // fd2 is not activated: refused; fd3 is no project; no project at all.
    expect((await get('/rates', { app: 'fd2' })).statusCode).toBe(403);
    expect((await post('/rates', { plan: 'pps' }, { app: 'fd2' })).statusCode).toBe(403);
    const bad = await get('/rates', { app: 'fd3' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { app: [expect.any(String)] } });
    expect((await get('/rates', {})).statusCode).toBe(422);
    expect((await post('/rates', { plan: 'pps' }, { app: 'fd3' })).statusCode).toBe(422);
    expect(await planRowCount()).toBe(1);
  });
});

describe('POST /api/rates: choosing a plan', () => {
  it('applies from 00:00 UTC of the next day; the next change is possible 7 days after the choice', async () => {
    const res = await post('/rates', { plan: 'pps' });
    expect(res.statusCode, res.body).toBe(200);
    const body = plansWriteAnswer.parse(res.json());
    expect(body.message).toBe('From November 21, 2026 your plan is PPS.');
    expect(body.data.current.plan).toBe('mixed');
    expect(body.data.next).toEqual({ plan: 'pps', effective_from: '2026-11-21T00:00:00.000Z' });
    expect(body.data.change).toEqual({ allowed_now: false, allowed_at: '2026-11-27T12:00:00.000Z', effective_from: '2026-11-21T00:00:00.000Z' });
    expect(body.data.history[0]).toEqual({ plan: 'pps', effective_from: '2026-11-21T00:00:00.000Z', chosen_at: '2026-11-20T12:00:00.000Z', activation: false });
    expect(await state()).toEqual(body.data);

    t.clock.set('2026-11-20T23:59:59.999Z');
    expect((await state()).current.plan).toBe('mixed');
    t.clock.set('2026-11-21T00:00:00Z');
    const tomorrow = await state();
    expect(tomorrow.current).toEqual({ plan: 'pps', since: '2026-11-21T00:00:00.000Z' });
    expect(tomorrow.next).toBeNull();
  });

  it('a second change within 7 days is refused with a localized 422 and the date, and changes nothing', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    t.clock.set('2026-11-23T09:00:00Z');
    const before = await state();
    const refused = await post('/rates', { plan: 'ppd' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'validation_failed',
      message: 'You can change the plan once every 7 days. The next change is possible from November 27, 2026 at 12:00 PM UTC.',
      errors: { plan: ['You can change the plan once every 7 days. The next change is possible from November 27, 2026 at 12:00 PM UTC.'] },
      allowed_at: '2026-11-27T12:00:00.000Z',
    });
    const german = await post('/rates', { plan: 'ppd' }, { lang: 'de' });
    expect(german.json().message).toBe('Sie können den Tarif einmal alle 7 Tage wechseln. Der nächste Wechsel ist ab 27. November 2026 um 12:00 UTC möglich.');
    const russian = await post('/rates', { plan: 'ppd' }, { lang: 'ru' });
    expect(russian.json().message).toContain('раз в 7 дней');
    expect(await state()).toEqual(before);
    expect(await planRowCount()).toBe(2);

    // From the moment shown, the change goes through.
    t.clock.set('2026-11-27T11:59:59Z');
    expect((await post('/rates', { plan: 'ppd' })).statusCode).toBe(422);
    t.clock.set('2026-11-27T12:00:00Z');
    const allowed = plansWriteAnswer.parse((await post('/rates', { plan: 'ppd' })).json());
    expect(allowed.data.current.plan).toBe('pps');
    expect(allowed.data.next).toEqual({ plan: 'ppd', effective_from: '2026-11-28T00:00:00.000Z' });
    expect(allowed.data.history.map((h) => h.plan)).toEqual(['ppd', 'pps', 'mixed']);
  });

  it('the programme’s activation is not a change: a choice right after it is allowed', async () => {
    t.clock.set('2026-11-20T12:05:00Z');
    expect((await post('/rates', { plan: 'ppd' })).statusCode).toBe(200);
    // Activating fd2 later writes its own default row there and blocks nothing in either project.
    t.clock.set('2026-11-20T13:00:00Z');
    expect((await post('/activate-program', { pid: 'fd2' })).statusCode).toBe(200);
    const fd2 = plansAnswer.parse((await get('/rates', { app: 'fd2' })).json());
    expect(fd2.change.allowed_now).toBe(true);
    expect((await post('/rates', { plan: 'pps' }, { app: 'fd2' })).statusCode).toBe(200);
  });

  it('activation writes the default plan of the settings, as the operator has set it', async () => {
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice' },
      payload: { changes: { defaultPlan: 'ppd' } },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await post('/activate-program', { pid: 'fd2' })).statusCode).toBe(200);
    const fd2 = plansAnswer.parse((await get('/rates', { app: 'fd2' })).json());
    expect(fd2.current.plan).toBe('ppd');
    expect(fd2.history).toEqual([{ plan: 'ppd', effective_from: '2026-11-20T12:00:00.000Z', chosen_at: '2026-11-20T12:00:00.000Z', activation: true }]);
  });

  it('choosing the plan already in force is refused; a plan that is no plan is refused; nothing changes', async () => {
    const same = await post('/rates', { plan: 'mixed' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.plan).toEqual(['Mixed is already your plan.']);
    for (const payload of [{ plan: 'gold' }, {}, { plan: 'pps', extra: 1 }, { plan: ['pps'] }]) {
      const res = await post('/rates', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    expect(await planRowCount()).toBe(1);
    expect((await state()).change.allowed_now).toBe(true);
  });

  it('accepts a form-encoded body', async () => {
    const res = await post('/rates', 'plan=ppd', { form: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.next.plan).toBe('ppd');
  });

  it('in the last minutes of a UTC day (events of the next day may already be priced) applies from the midnight after', async () => {
    t.clock.set('2026-11-20T23:57:00Z');
    const res = plansWriteAnswer.parse((await post('/rates', { plan: 'pps' })).json());
    expect(res.data.next).toEqual({ plan: 'pps', effective_from: '2026-11-22T00:00:00.000Z' });
  });

  it('counts for the get-started step "plan" (the activation alone does not)', async () => {
    const step = async () => startAnswer.parse((await get('/start', {})).json()).steps.find((s) => s.id === 'plan')!;
    expect(await step()).toEqual({ id: 'plan', done: false, done_at: null, project: 'fd1' });
    t.clock.set('2026-11-20T14:30:00Z');
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    expect(await step()).toEqual({ id: 'plan', done: true, done_at: '2026-11-20T14:30:00.000Z', project: 'fd1' });
  });

  it('two choices at once: one goes through, the other is refused', async () => {
    const [a, b] = await Promise.all([post('/rates', { plan: 'pps' }), post('/rates', { plan: 'ppd' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect(await planRowCount()).toBe(2);
  });
});

describe('DELETE /api/rates/next: taking back a plan change that has not started', () => {
  it('keeps the plan in force; the choice no longer counts, so another one may follow at once', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    t.clock.set('2026-11-20T18:00:00Z');
    const res = await takeBack();
    expect(res.statusCode, res.body).toBe(200);
    const body = plansWriteAnswer.parse(res.json());
    expect(body.message).toBe('Your plan stays Mixed.');
    expect(body.data.current.plan).toBe('mixed');
    expect(body.data.next).toBeNull();
    expect(body.data.change).toEqual({ allowed_now: true, allowed_at: null, effective_from: '2026-11-21T00:00:00.000Z' });
    expect(body.data.history.map((h) => h.plan)).toEqual(['mixed']);
    expect(await state()).toEqual(body.data);
    expect(await planRowCount()).toBe(1);
    t.clock.set('2026-11-21T00:00:00Z');
    expect((await state()).current.plan).toBe('mixed');

    // A new choice goes through at once.
    const again = plansWriteAnswer.parse((await post('/rates', { plan: 'ppd' })).json());
    expect(again.data.next).toEqual({ plan: 'ppd', effective_from: '2026-11-22T00:00:00.000Z' });
  });

  it('after an earlier choice, the wait counts from that one again', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    t.clock.set('2026-11-28T09:00:00Z');
    me.cookie = await sessionCookie(t.ctx.database, me.id, t.clock.now()); // signed in again a week later
    expect((await post('/rates', { plan: 'ppd' })).statusCode).toBe(200);
    expect((await state()).change.allowed_now).toBe(false);
    const body = plansWriteAnswer.parse((await takeBack({ lang: 'de' })).json());
    expect(body.message).toBe('Ihr Tarif bleibt PPS.');
    expect(body.data.current.plan).toBe('pps');
    expect(body.data.next).toBeNull();
    // The PPS choice of November 20 is more than 7 days old: a change is possible now.
    expect(body.data.change.allowed_now).toBe(true);
  });

  it('nothing scheduled, a change already started, or its last minutes: a localized 422 that changes nothing', async () => {
    const nothing = await takeBack();
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toEqual({
      code: 'validation_failed',
      message: 'No plan change is waiting to start.',
      errors: { plan: ['No plan change is waiting to start.'] },
    });
    expect((await takeBack({ lang: 'ru' })).json().message).toBe('Запланированной смены тарифа нет.');

    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    // Ingest takes events up to 5 minutes ahead: from 23:55 an event of the new plan's first day may be priced.
    t.clock.set('2026-11-20T23:55:00Z');
    const before = await state();
    const late = await takeBack();
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('The plan change starts at November 21, 2026 at 12:00 AM UTC and can no longer be taken back.');
    expect(await state()).toEqual(before);
    t.clock.set('2026-11-21T00:00:00Z');
    expect((await takeBack()).json().message).toBe('No plan change is waiting to start.');
    expect((await state()).current.plan).toBe('pps');
    expect(await planRowCount()).toBe(2);
  });

  it('another project’s change is not touched', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    expect((await takeBack({ app: 'fd2' })).statusCode).toBe(403);
    expect((await state()).next).toEqual({ plan: 'pps', effective_from: '2026-11-21T00:00:00.000Z' });
  });
});

describe('POST /api/rates/free-downloads', () => {
  const settings = { mode: 'individual', new_files_default: false, inbox_default: true, max_file_size_bytes: 500 * 1024 * 1024 };

  it('is refused off PPS with a localized 422, and stores nothing', async () => {
    const res = await post('/rates/free-downloads', settings);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { mode: ['Free-download settings are available on the PPS plan only.'] } });
    expect((await post('/rates/free-downloads', settings, { lang: 'fr' })).json().message).toBe(
      'Les réglages des téléchargements gratuits ne sont disponibles qu’avec la formule PPS.',
    );
    expect((await t.ctx.database.query(sql`select 1 from partner_plan_settings`)).length).toBe(0);
  });

  it('saves on PPS (from the day it is chosen) and answers them back; unlimited size', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    const saved = await post('/rates/free-downloads', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Free-download settings are saved.');
    expect(saved.json().data.free_downloads).toEqual({ available: true, ...settings });
    const unlimited = await post('/rates/free-downloads', 'mode=disallow_all&new_files_default=true&inbox_default=false&max_file_size_bytes=unlimited', { form: true });
    expect(unlimited.statusCode, unlimited.body).toBe(200);
    expect((await state()).free_downloads).toEqual({ available: true, mode: 'disallow_all', new_files_default: true, inbox_default: false, max_file_size_bytes: null });
  });

  it('bad input answers 422 per field and changes nothing', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    expect((await post('/rates/free-downloads', settings)).statusCode).toBe(200);
    const before = await state();
    for (const payload of [
      { ...settings, mode: 'sometimes' },
      { ...settings, max_file_size_bytes: 0 },
      { ...settings, max_file_size_bytes: -5 },
      { ...settings, max_file_size_bytes: 1.5 },
      { ...settings, max_file_size_bytes: 'lots' },
      { ...settings, new_files_default: 'maybe' },
      { mode: 'allow_all' },
      { ...settings, extra: true },
    ]) {
      const res = await post('/rates/free-downloads', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expect(await state()).toEqual(before);
  });

  it('stay stored after leaving PPS, but can no longer be changed', async () => {
    expect((await post('/rates', { plan: 'pps' })).statusCode).toBe(200);
    expect((await post('/rates/free-downloads', settings)).statusCode).toBe(200);
    t.clock.set('2026-11-28T10:00:00Z');
    // A week later: a fresh session (sessions expire after 7 idle days).
    me.cookie = await sessionCookie(t.ctx.database, me.id, t.clock.now());
    expect((await post('/rates', { plan: 'mixed' })).statusCode).toBe(200);
    // PPS is still in force today: the settings can still be changed until it ends.
    expect((await state()).free_downloads.available).toBe(true);
    t.clock.set('2026-11-29T00:00:00Z');
    const after = await state();
    expect(after.free_downloads).toEqual({ available: false, ...settings });
    expect((await post('/rates/free-downloads', { ...settings, mode: 'allow_all' })).statusCode).toBe(422);
  });
});

describe('POST /api/rates/price-variations', () => {
  const ids = DEFAULT_PRODUCT.premiumPriceVariations.fd1.map((v) => v.id);

  it('saves a few from the project’s list, in the list’s order', async () => {
    const res = await post('/rates/price-variations', { selected: [ids[3], ids[0]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Price variations are saved.');
    expect(res.json().data.price_variations.selected).toEqual([ids[0], ids[3]]);
    // Any plan may pick them; a form posts them comma-separated or repeated.
    expect((await post('/rates/price-variations', `selected=${ids[1]},${ids[2]}`, { form: true })).json().data.price_variations.selected).toEqual([ids[1], ids[2]]);
    expect((await post('/rates/price-variations', `selected=${ids[4]}&selected=${ids[5]}`, { form: true })).json().data.price_variations.selected).toEqual([ids[4], ids[5]]);
    expect((await post('/rates/price-variations', { selected: [] })).json().data.price_variations.selected).toEqual([]);
  });

  it('more than the maximum is refused without saying the number; unknown and repeated ids too; nothing changes', async () => {
    expect((await post('/rates/price-variations', { selected: [ids[0]] })).statusCode).toBe(200);
    const before = await state();
    const tooMany = await post('/rates/price-variations', { selected: ids.slice(0, DEFAULT_PRODUCT.maxCustomPriceVariations + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.selected).toEqual(['Too many price variations are selected. You can pick only a few: remove some and save again.']);
    expect(tooMany.json().message).not.toMatch(/\d/);
    expect((await post('/rates/price-variations', { selected: ids.slice(0, 4) }, { lang: 'ja' })).json().message).not.toMatch(/\d/);
    const unknown = await post('/rates/price-variations', { selected: ['fd2-7d'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.selected).toEqual(['This price variation is not offered in this project.']);
    const twice = await post('/rates/price-variations', { selected: [ids[1], ids[1]] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.selected).toEqual(['A price variation is selected twice.']);
    for (const payload of [{}, { selected: 5 }, { selected: [''] }, { selected: ids, more: 1 }]) {
      expect((await post('/rates/price-variations', payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await state()).toEqual(before);
  });

  it('follows the operator’s list and maximum', async () => {
    const list = [{ id: 'fd1-special', days: 14, priceMicro: 7_770_000 }, ...DEFAULT_PRODUCT.premiumPriceVariations.fd1];
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice' },
      payload: { changes: { premiumPriceVariations: { ...DEFAULT_PRODUCT.premiumPriceVariations, fd1: list }, maxCustomPriceVariations: 4 } },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await state()).price_variations.available[0]).toEqual({ id: 'fd1-special', days: 14, price: 7_770_000 });
    expect((await post('/rates/price-variations', { selected: ['fd1-special', ...ids.slice(0, 3)] })).statusCode).toBe(200);
    expect((await post('/rates/price-variations', { selected: ['fd1-special', ...ids.slice(0, 4)] })).statusCode).toBe(422);
  });
});
