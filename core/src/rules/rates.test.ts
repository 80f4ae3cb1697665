import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulDiv, usdToMicro } from '../money.ts';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, type CountryGroup, type Plan, type SaleKind } from '../product.ts';
import { countryGroupOf } from './country-groups.ts';
import { downloadPay, isCountedDownload, saleKindOf, saleShare, siteReferralBonus } from './rates.ts';

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
  it.each([
    { size: 10_485_760, first: true, counted: false },
    { size: 10_485_761, first: true, counted: true },
    { size: 10_485_761, first: false, counted: false },
  ])('$size bytes, first of day $first → $counted', ({ size, first, counted }) => {
    expect(isCountedDownload(size, first)).toBe(counted);
  });
  it.each([
    ['US', 'A'], ['it', 'B'], ['PL', 'C'], ['KZ', 'D'], ['IN', 'E'], ['PK', 'F'], ['ZZ', 'G'], [null, 'G'], ['RU', 'R'], ['UA', 'U'],
  ] as const)('%s is in group %s', (country, group) => {
    expect(countryGroupOf(country)).toBe(group);
  });
});
