import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../server/src/test/harness.ts';
import { createPartnerViaApi, planChoice } from './partners.ts';
import { Rng } from './random.ts';

describe('simulated partners’ plan choices', () => {
  it('about a third of the partners leave the default plan, for PPS or PPD, the same for the same seed', () => {
    const choices = (seed: string) => {
      const rng = new Rng(seed);
      return Array.from({ length: 600 }, () => planChoice(rng));
    };
    const a = choices('7:plan-choices');
    expect(choices('7:plan-choices')).toEqual(a);
    const switched = a.filter((c) => c !== null);
    expect(switched.length).toBeGreaterThan(150);
    expect(switched.length).toBeLessThan(250);
    expect(new Set(switched)).toEqual(new Set(['pps', 'ppd']));
  });
});

describe('a simulated partner chooses a plan through the real API', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeEach(async () => {
    t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await t.close();
  });

  it('registers, activates both programmes, and chooses PPS on fd1 from the next day; a second choice that week is refused', async () => {
    const partner = await createPartnerViaApi(baseUrl, 'sim-plan@partner.test');
    expect(await partner.choosePlan('fd1', 'pps')).toEqual({ effective_from: '2026-11-21T00:00:00.000Z' });
    const rows = await t.ctx.database.query<{ project: string; plan: string; effective_from: Date | string }>(
      sql`select project, plan, effective_from from partner_plans where user_id = ${partner.userId} order by project, effective_from`,
    );
    // The activations' default rows, and the choice.
    expect(rows.map((r) => [r.project, r.plan, new Date(r.effective_from).toISOString()])).toEqual([
      ['fd1', 'mixed', '2026-11-20T12:00:00.000Z'],
      ['fd1', 'pps', '2026-11-21T00:00:00.000Z'],
      ['fd2', 'mixed', '2026-11-20T12:00:00.000Z'],
    ]);
    await expect(partner.choosePlan('fd1', 'ppd')).rejects.toThrow(/422/);
  });
});
