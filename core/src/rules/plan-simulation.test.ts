import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, SALE_KINDS, type CountryGroup, type ProductConfig } from '../product.ts';
import { planOutcome, simulatePlans, type SimulationDay } from './plan-simulation.ts';
import { filesAndSitesEarnings, type DaySale } from './sales.ts';

const day = (d: string, downloads: SimulationDay['downloads'], sales: SimulationDay['sales'] = []): SimulationDay => ({ day: d, downloads, sales });

describe('plan simulator: worked examples (the rates and shares of docs/product.md)', () => {
  it.each([
    {
      label: 'downloads only: 1000 A + 1000 R',
      days: [day('2026-11-01', { A: 1_000, R: 1_000 })],
      // PPD 25.00 + 9.00; Mixed 8.75 + 3.50; PPS nothing.
      want: { pps: 0, mixed: 12_250_000, ppd: 34_000_000 },
      best: 'ppd',
    },
    {
      label: 'sales only: two 10 USD sales and a 20 USD rebill',
      days: [day('2026-11-01', {}, [{ kind: 'sale', amount: 10_000_000, count: 2 }, { kind: 'rebill', amount: 20_000_000, count: 1 }])],
      // PPS 85% × 20 + 50% × 20 = 27; Mixed 60% × 20 + 30% × 20 = 18; PPD 0.
      want: { pps: 27_000_000, mixed: 18_000_000, ppd: 0 },
      best: 'pps',
    },
    {
      label: 'video sales: 60/40 on PPS, 40/30 on Mixed',
      days: [day('2026-11-02', {}, [{ kind: 'video_sale', amount: 5_000_000, count: 1 }, { kind: 'video_rebill', amount: 5_000_000, count: 1 }])],
      want: { pps: 5_000_000, mixed: 3_500_000, ppd: 0 },
      best: 'pps',
    },
    {
      label: 'mixed traffic over two days where Mixed wins',
      days: [day('2026-11-01', { A: 400, G: 1_000 }, [{ kind: 'sale', amount: 9_990_000, count: 1 }]), day('2026-11-02', { B: 300 }, [{ kind: 'sale', amount: 9_990_000, count: 1 }])],
      // Mixed: 400 × 8,750 + 1000 × 500 + 300 × 6,000 = 5,800,000; 60% × 9.99 = 5,994,000 each → 17,788,000.
      // PPS: 85% × 9.99 = 8,491,500 each → 16,983,000. PPD: 400 × 25,000 + 300 × 17,000 = 15,100,000.
      want: { pps: 16_983_000, mixed: 17_788_000, ppd: 15_100_000 },
      best: 'mixed',
    },
    {
      label: 'no traffic: nothing, no best plan',
      days: [day('2026-11-01', {})],
      want: { pps: 0, mixed: 0, ppd: 0 },
      best: null,
    },
    {
      label: 'E/F/G downloads pay nothing on PPD',
      days: [day('2026-11-01', { E: 100, F: 100, G: 100 })],
      want: { pps: 0, mixed: 375_000, ppd: 0 },
      best: 'mixed',
    },
  ] as const)('$label', ({ days, want, best }) => {
    const result = simulatePlans(days);
    expect(Object.fromEntries(result.outcomes.map((o) => [o.plan, o.total]))).toEqual(want);
    expect(result.best).toBe(best);
    for (const o of result.outcomes) expect(o.total).toBe(o.downloads + o.sales);
  });

  it('a tie goes to the preferred plan (the current one: no reason to change)', () => {
    // PPD's download rates made equal to Mixed's: the same downloads pay the same on both.
    const product: ProductConfig = { ...DEFAULT_PRODUCT, downloadRates: { ...DEFAULT_PRODUCT.downloadRates, ppd: { ...DEFAULT_PRODUCT.downloadRates.mixed } } };
    const days = [day('2026-11-01', { A: 10 })];
    expect(simulatePlans(days, { productOf: () => product }).best).toBe('mixed');
    expect(simulatePlans(days, { productOf: () => product, prefer: 'ppd' }).best).toBe('ppd');
  });

  it('prices each day with the settings in force that day', () => {
    const raised: ProductConfig = { ...DEFAULT_PRODUCT, downloadRates: { ...DEFAULT_PRODUCT.downloadRates, ppd: { ...DEFAULT_PRODUCT.downloadRates.ppd, A: 30_000 } } };
    const days = [day('2026-11-01', { A: 10 }), day('2026-11-02', { A: 10 })];
    const outcome = planOutcome('ppd', days, (d) => (d >= '2026-11-02' ? raised : DEFAULT_PRODUCT));
    expect(outcome.downloads).toBe(10 * 25_000 + 10 * 30_000);
  });
});

const groupCounts = fc.dictionary(fc.constantFrom<CountryGroup>(...COUNTRY_GROUPS), fc.nat({ max: 5_000 }));
const salesArb = fc.array(
  fc.record({ kind: fc.constantFrom(...SALE_KINDS), amount: fc.integer({ min: 1, max: 500_000_000 }), count: fc.nat({ max: 20 }) }),
  { maxLength: 6 },
);
const daysArb = fc.array(
  fc.record({ day: fc.integer({ min: 0, max: 29 }).map((n) => `2026-11-${String(n + 1).padStart(2, '0')}`), downloads: groupCounts, sales: salesArb }),
  { maxLength: 8 },
);

describe('plan simulator: properties', () => {
  it('pays exactly what the engine pays the same traffic under each plan (sale by sale, each rounded once)', () => {
    fc.assert(
      fc.property(daysArb, (days) => {
        for (const plan of PLANS) {
          const sales: DaySale[] = days.flatMap((d) =>
            d.sales.flatMap((s) => Array.from({ length: s.count }, () => ({ plan, kind: s.kind, amount: s.amount, viaVerifiedSite: false, status: 'ok' as const }))),
          );
          const engine = filesAndSitesEarnings({ downloads: days.map((d) => ({ plan, byGroup: d.downloads })), sales });
          const outcome = planOutcome(plan, days);
          expect(outcome.downloads).toBe(engine.downloads);
          expect(outcome.sales).toBe(engine.sales);
          expect(outcome.total).toBe(engine.total - engine.siteBonus);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is the sum of its days, and the best plan pays at least every other', () => {
    fc.assert(
      fc.property(daysArb, fc.option(fc.constantFrom(...PLANS), { nil: null }), (days, prefer) => {
        const whole = simulatePlans(days, { prefer });
        const parts = days.map((d) => simulatePlans([d]));
        for (const [i, o] of whole.outcomes.entries()) {
          expect(o.plan).toBe(PLANS[i]);
          expect(o.total).toBe(parts.reduce((sum, p) => sum + p.outcomes[i]!.total, 0));
          expect(Number.isInteger(o.total)).toBe(true);
        }
        const top = Math.max(...whole.outcomes.map((o) => o.total));
        if (top === 0) expect(whole.best).toBeNull();
        else expect(whole.outcomes.find((o) => o.plan === whole.best)!.total).toBe(top);
      }),
      { numRuns: 200 },
    );
  });

  it('more traffic never pays less on any plan', () => {
    fc.assert(
      fc.property(daysArb, daysArb, (a, b) => {
        const before = simulatePlans(a).outcomes;
        const after = simulatePlans([...a, ...b]).outcomes;
        for (const [i, o] of after.entries()) expect(o.total).toBeGreaterThanOrEqual(before[i]!.total);
      }),
      { numRuns: 100 },
    );
  });
});
