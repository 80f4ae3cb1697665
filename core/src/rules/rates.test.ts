import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDiv, usdToMicro } from '../money.ts';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, type CountryGroup, type Plan, type SaleKind } from '../product.ts';
import { countryGroupOf } from './country-groups.ts';
import { DOWNLOAD_REASONS, downloadDecision, downloadPay, saleKindOf, saleShare, siteReferralBonus, type DownloadFacts } from './rates.ts';

// docs/product.md#downloads: USD per 1000 counted downloads.
const DOWNLOAD_TABLE: Record<'ppd' | 'mixed', Record<CountryGroup, string>> = {
  ppd: { A: '25.00', B: '17.00', C: '11.00', D: '6.00', E: '0', F: '0', G: '0', R: '9.00', U: '5.00' },
  mixed: { A: '8.75', B: '6.00', C: '4.50', D: '3.00', E: '2.00', F: '1.25', G: '0.50', R: '3.50', U: '2.00' },
};
const downloadCases = (['ppd', 'mixed', 'pps'] as Plan[]).flatMap((plan) =>
  COUNTRY_GROUPS.map((group) => ({
    plan,
    group,
    perThousand: plan === 'pps' ? '0' : DOWNLOAD_TABLE[plan][group],
  })),
);

describe('download pay: every plan × group of docs/product.md', () => {
  it.each(downloadCases)('$plan in group $group pays $perThousand USD per 1000', ({ plan, group, perThousand }) => {
    expect(downloadPay(plan, group) * 1000).toBe(usdToMicro(perThousand));
  });
  it('8.75 USD per 1000 is exactly 8,750 micro-USD per download', () => {
    expect(downloadPay('mixed', 'A')).toBe(8_750);
  });
});

// docs/product.md#sales: sale shares (percent).
const SHARE_TABLE: Record<SaleKind, Record<Plan, number>> = {
  sale: { pps: 85, mixed: 60, ppd: 0 },
  rebill: { pps: 50, mixed: 30, ppd: 0 },
  video_sale: { pps: 60, mixed: 40, ppd: 0 },
  video_rebill: { pps: 40, mixed: 30, ppd: 0 },
};
const shareCases = (Object.keys(SHARE_TABLE) as SaleKind[]).flatMap((kind) =>
  PLANS.map((plan) => ({ kind, plan, percent: SHARE_TABLE[kind][plan] })),
);

describe('sale shares: every plan × sale kind of docs/product.md', () => {
  it.each(shareCases)('$plan gets $percent% of a $kind', ({ kind, plan, percent }) => {
    expect(saleShare(plan, kind, 100_000_000)).toBe(percent * 1_000_000);
  });
  it.each([
    { type: 'direct', video: false, kind: 'sale' },
    { type: 'promo_link', video: false, kind: 'sale' },
    { type: 'file_copy', video: false, kind: 'sale' },
    { type: 'site_referral', video: false, kind: 'sale' },
    { type: 'rebill', video: false, kind: 'rebill' },
    { type: 'direct', video: true, kind: 'video_sale' },
    { type: 'rebill', video: true, kind: 'video_rebill' },
  ] as const)('$type (video: $video) is a $kind', ({ type, video, kind }) => {
    expect(saleKindOf(type, video)).toBe(kind);
  });
  it('site referral bonus is 10% on any plan', () => {
    expect(siteReferralBonus(12_345_678)).toBe(1_234_568);
  });
  it('rounding never loses more than half a micro-dollar', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...PLANS), fc.constantFrom<SaleKind>('sale', 'rebill', 'video_sale', 'video_rebill'), (amount, plan, kind) => {
        // |rounded − exact| ≤ 1/2, compared in integers: |rounded × 10000 − amount × bp| ≤ 5000.
        const bp = DEFAULT_PRODUCT.saleShares[plan][kind];
        expect(saleShare(plan, kind, amount)).toBe(mulDiv(amount, bp, 10_000));
        const diff = BigInt(saleShare(plan, kind, amount)) * 10_000n - BigInt(amount) * BigInt(bp);
        expect(diff <= 5_000n && diff >= -5_000n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('counted downloads and country groups', () => {
  const AT = '2026-11-20T12:00:00.000Z';
  const facts = (over: Partial<DownloadFacts> = {}): DownloadFacts => ({
    refused: false,
    firstOfDay: true,
    file: { ownerId: 7, sizeBytes: 10_485_761, deletedAt: null },
    userId: 7,
    at: AT,
    plan: 'mixed',
    group: 'A',
    ...over,
  });
  // docs/product.md#downloads: over 10 MB (10,485,760 bytes), the downloader's first of the UTC day, a plan that pays.
  it.each([
    { what: 'exactly 10 MB', over: { file: { ownerId: 7, sizeBytes: 10_485_760, deletedAt: null } }, decision: 'small_file' },
    { what: 'one byte more', over: {}, decision: 'counted' },
    { what: 'not the first of the day', over: { firstOfDay: false }, decision: 'repeat' },
    { what: 'refused by the host', over: { refused: true }, decision: 'refused' },
    { what: 'refused and a repeat: refused first', over: { refused: true, firstOfDay: false }, decision: 'refused' },
    { what: 'a file not (yet) uploaded', over: { file: null }, decision: 'file_unavailable' },
    { what: 'another partner’s file', over: { userId: 8 }, decision: 'file_unavailable' },
    { what: 'deleted at the download’s time', over: { file: { ownerId: 7, sizeBytes: 50_000_000, deletedAt: AT } }, decision: 'file_unavailable' },
    { what: 'deleted a second after', over: { file: { ownerId: 7, sizeBytes: 50_000_000, deletedAt: '2026-11-20T12:00:01Z' } }, decision: 'counted' },
    { what: 'a repeat of a deleted small file: a repeat', over: { firstOfDay: false, file: null }, decision: 'repeat' },
    { what: 'PPS', over: { plan: 'pps' }, decision: 'pps_plan' },
    { what: 'PPS and a small file: the file first', over: { plan: 'pps', file: { ownerId: 7, sizeBytes: 1, deletedAt: null } }, decision: 'small_file' },
    { what: 'PPD in E', over: { plan: 'ppd', group: 'E' }, decision: 'unpaid_group' },
    { what: 'PPD in G', over: { plan: 'ppd', group: 'G' }, decision: 'unpaid_group' },
    { what: 'PPD in R', over: { plan: 'ppd', group: 'R' }, decision: 'counted' },
    { what: 'Mixed in G', over: { group: 'G' }, decision: 'counted' },
  ] as const)('$what → $decision', ({ over, decision }) => {
    expect(downloadDecision(facts(over as Partial<DownloadFacts>))).toBe(decision);
  });

  const factsArb = fc.record({
    refused: fc.boolean(),
    firstOfDay: fc.boolean(),
    file: fc.option(
      fc.record({
        ownerId: fc.constantFrom(7, 8),
        sizeBytes: fc.integer({ min: 0, max: 40_000_000 }),
        deletedAt: fc.option(fc.constantFrom('2026-11-20T11:00:00.000Z', AT, '2026-11-20T13:00:00.000Z'), { nil: null }),
      }),
      { nil: null },
    ),
    userId: fc.constant(7),
    at: fc.constant(AT),
    plan: fc.constantFrom(...PLANS),
    group: fc.constantFrom(...COUNTRY_GROUPS),
  });

  it('a download counts exactly when it is an unrefused first of an own, present file over the minimum that its plan pays in its group', () => {
    fc.assert(
      fc.property(factsArb, (d) => {
        const counted =
          !d.refused &&
          d.firstOfDay &&
          d.file !== null &&
          d.file.ownerId === d.userId &&
          (d.file.deletedAt === null || d.file.deletedAt > d.at) &&
          d.file.sizeBytes > DEFAULT_PRODUCT.countedDownloadMinBytes &&
          downloadPay(d.plan, d.group) > 0;
        const decision = downloadDecision(d);
        expect(decision === 'counted').toBe(counted);
        // Every download has one decision: counted, or one reason of the list.
        expect(['counted', ...DOWNLOAD_REASONS]).toContain(decision);
        // A counted download earns; a first that does not count only for its plan or group would have, on another plan.
        if (counted) expect(downloadPay(d.plan, d.group)).toBeGreaterThan(0);
        if (decision === 'pps_plan') expect(Object.values(DEFAULT_PRODUCT.downloadRates[d.plan]).every((r) => r === 0)).toBe(true);
        if (decision === 'unpaid_group') expect(downloadPay(d.plan, d.group)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('the reason is the first that applies: clearing it moves the decision on, never back', () => {
    const order = ['refused', 'repeat', 'file_unavailable', 'small_file', 'pps_plan', 'unpaid_group', 'counted'];
    fc.assert(
      fc.property(factsArb, (d) => {
        const before = downloadDecision(d);
        const later = downloadDecision({ ...d, refused: false, firstOfDay: true });
        expect(order.indexOf(later)).toBeGreaterThanOrEqual(order.indexOf(before === 'refused' || before === 'repeat' ? 'file_unavailable' : before));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['US', 'A'], ['it', 'B'], ['PL', 'C'], ['KZ', 'D'], ['IN', 'E'], ['PK', 'F'], ['ZZ', 'G'], [null, 'G'], ['RU', 'R'], ['UA', 'U'],
  ] as const)('%s is in group %s', (country, group) => {
    expect(countryGroupOf(country)).toBe(group);
  });
});
