import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT, productSettingsAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInPartner } from '../statistics/testing.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/product/settings', () => {
  it('answers the product settings in force, in the wire contract', async () => {
    const a = await signedInPartner(t, 'a@partner.test');
    const res = await a.get('/product/settings');
    expect(res.statusCode).toBe(200);
    const body = productSettingsAnswer.parse(res.json());
    expect(body.gold.levels).toHaveLength(DEFAULT_PRODUCT.goldLevels.length);
    expect(body.gold.levels[6]).toEqual({ level: 6, name: 'magnate', bonus_bp: 2_500, coins_to_reach: 100, efficiency_to_reach: 1_000_000_000, efficiency_strict: false });
    expect(body.storage.price_per_gb_month).toBe(16_000);
    expect(body.payouts.systems.card).toEqual({ fee_bp: 300, fee_fixed: 1_000_000, minimum: 40_000_000 });
    expect(body.plans.download_rates.mixed.A).toBe(8_750);
  });

  it("follows the operator's change", async () => {
    const a = await signedInPartner(t, 'a@partner.test');
    const levels = DEFAULT_PRODUCT.goldLevels.map((l) => (l.level === 2 ? { ...l, coinsToReach: 25 } : l));
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/operator/v1/settings',
      headers: { authorization: `Bearer ${t.ctx.config.OPERATOR_TOKEN}`, 'x-operator': 'alice' },
      payload: { changes: { goldLevels: levels, storageMicroPerGbMonth: 20_000 } },
    });
    expect(change.statusCode).toBe(200);
    const body = (await a.get('/product/settings')).json();
    expect(body.gold.levels[2].coins_to_reach).toBe(25);
    expect(body.storage.price_per_gb_month).toBe(20_000);
  });

  it('answers the video shares, the preview range and the player hosts of configuration', async () => {
    const a = await signedInPartner(t, 'a@partner.test');
    const body = productSettingsAnswer.parse((await a.get('/product/settings')).json());
    expect(body.plans.sale_shares.pps).toMatchObject({ video_sale: 6_000, video_rebill: 4_000 });
    expect(body.plans.sale_shares.mixed).toMatchObject({ video_sale: 4_000, video_rebill: 3_000 });
    expect(body.video).toEqual({
      preview_min_seconds: DEFAULT_PRODUCT.videoPreviewMinSeconds,
      preview_max_seconds: DEFAULT_PRODUCT.videoPreviewMaxSeconds,
      player_hosts: { fd1: t.ctx.config.PROJECT_URL_FD1, fd2: t.ctx.config.PROJECT_URL_FD2 },
    });
    expect([body.video.preview_min_seconds, body.video.preview_max_seconds]).toEqual([60, 180]);
  });

  it('is for signed-in partners only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/settings' });
    expect(res.statusCode).toBe(401);
  });
});
