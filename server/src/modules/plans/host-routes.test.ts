import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, hostDownloadSettingsAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';

/**
 * What a file host reads back of a partner's rate plan choices (decision 0140, docs/ingest.md), with the project's
 * ingest token; the partner's choices are made through the partner's own calls.
 */
let t: TestApp;
let me: { id: number; appUserId: number; cookie: string };
const FD1 = 'dev-ingest-token-fd1-000000000000';
const FD2 = 'dev-ingest-token-fd2-000000000000';

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
  const id = await createPartner(t.ctx.database, { email: 'host@x.test' });
  const [row] = await t.ctx.database.query<{ app_user_id: number }>(sql`select app_user_id from partner_programs where user_id = ${id} and project = 'fd1'`);
  me = { id, appUserId: Number(row!.app_user_id), cookie: await sessionCookie(t.ctx.database, id, t.clock.now()) };
});
afterEach(async () => {
  await t.close();
});

const read = (appUserId: number | string = me.appUserId, token = FD1, project = 'fd1') =>
  t.app.inject({ url: `/ingest/v1/${project}/partners/${appUserId}/download-settings`, headers: { authorization: `Bearer ${token}` } });
const partnerPost = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, query: { app: 'fd1' }, headers: { cookie: me.cookie, 'content-type': 'application/json' }, payload });

describe('GET /ingest/v1/{project}/partners/{app_users_id}/download-settings', () => {
  it('a partner who chose nothing: the default plan, free-download settings that do not apply, no price variations', async () => {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    expect(hostDownloadSettingsAnswer.parse(res.json())).toEqual({
      app_users_id: me.appUserId,
      active: true,
      plan: DEFAULT_PRODUCT.defaultPlan,
      next: null,
      free_downloads: { applies: false, mode: 'allow_all', new_files_default: true, inbox_default: true, max_file_size_bytes: null },
      price_variations: [],
    });
  });

  it('follows what the partner chose: PPS from the next day, its free-download settings, the picked prices', async () => {
    expect((await partnerPost('/rates', { plan: 'pps' })).statusCode).toBe(200);
    const saved = await partnerPost('/rates/free-downloads', { mode: 'individual', new_files_default: false, inbox_default: true, max_file_size_bytes: 50 * 1024 * 1024 });
    expect(saved.statusCode, saved.body).toBe(200);
    const [first, , third] = DEFAULT_PRODUCT.premiumPriceVariations.fd1!;
    expect((await partnerPost('/rates/price-variations', { selected: [third!.id, first!.id] })).statusCode).toBe(200);

    const today = hostDownloadSettingsAnswer.parse((await read()).json());
    expect(today.plan).toBe('mixed');
    expect(today.next).toEqual({ plan: 'pps', effective_from: '2026-11-21T00:00:00.000Z' });
    // Saved ahead of PPS: the host applies them once PPS is in force.
    expect(today.free_downloads).toEqual({ applies: false, mode: 'individual', new_files_default: false, inbox_default: true, max_file_size_bytes: 52_428_800 });
    expect(today.price_variations).toEqual([
      { id: first!.id, days: first!.days, price: first!.priceMicro },
      { id: third!.id, days: third!.days, price: third!.priceMicro },
    ]);

    t.clock.set('2026-11-21T00:00:00Z');
    const tomorrow = hostDownloadSettingsAnswer.parse((await read()).json());
    expect(tomorrow.plan).toBe('pps');
    expect(tomorrow.next).toBeNull();
    expect(tomorrow.free_downloads.applies).toBe(true);
  });

  it('says when the account is not active', async () => {
    await t.ctx.database.query(sql`update users set is_active = false where id = ${me.id}`);
    expect((await read()).json()).toMatchObject({ active: false });
  });

  it('needs the project’s own token; an unknown partner or project is 404, a bad id 422', async () => {
    expect((await t.app.inject({ url: `/ingest/v1/fd1/partners/${me.appUserId}/download-settings` })).statusCode).toBe(401);
    expect((await read(me.appUserId, 'not-a-token-at-all-000000')).statusCode).toBe(401);
    expect((await read(me.appUserId, FD2)).statusCode).toBe(403);
    expect((await read(me.appUserId, FD1, 'fd3')).statusCode).toBe(404);
    // The partner has no fd2 programme.
    const other = await read(me.appUserId, FD2, 'fd2');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'not_found' });
    expect((await read(999_999_999)).statusCode).toBe(404);
    const bad = await read('abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
  });
});
