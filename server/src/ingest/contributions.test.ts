import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, REVENUE_TYPES, SALE_STATUSES, type CountryGroup, type DownloadDecision, type Plan, type ProductConfig } from '@pc/core';
import { appliedFirstContribution, applySaleFigures, firstContribution, saleContribution, type Contribution } from './contributions.ts';
import { unknownFile, unknownSale, type FileState, type FirstState, type SaleState } from './state.ts';

/**
 * The pricing of a first download and of a sale, without a database: given the state the registers answer (the
 * file, the site's owner), the plan in force and the product settings, which rollup figures it adds. The expected
 * figures come from the tables of docs/product.md (rates in USD per 1000 downloads, shares in percent) and docs/ingest.md
 * (which column holds which earning), computed here in integers.
 */

// docs/product.md#downloads: USD per 1000 counted downloads. PPS has no download rate: it pays nothing per download.
const DOWNLOAD_USD_PER_1000: Record<Plan, Record<CountryGroup, string>> = {
  ppd: { A: '25.00', B: '17.00', C: '11.00', D: '6.00', E: '0', F: '0', G: '0', R: '9.00', U: '5.00' },
  mixed: { A: '8.75', B: '6.00', C: '4.50', D: '3.00', E: '2.00', F: '1.25', G: '0.50', R: '3.50', U: '2.00' },
  pps: { A: '0', B: '0', C: '0', D: '0', E: '0', F: '0', G: '0', R: '0', U: '0' },
};
// docs/product.md#sales: sale shares (percent of the sale amount).
type ShareRow = 'sale' | 'rebill' | 'video_sale' | 'video_rebill';
const SHARE_PERCENT: Record<ShareRow, Record<Plan, number>> = {
  sale: { pps: 85, mixed: 60, ppd: 0 }, // direct sale, promo link, file copy
  rebill: { pps: 50, mixed: 30, ppd: 0 },
  video_sale: { pps: 60, mixed: 40, ppd: 0 },
  video_rebill: { pps: 40, mixed: 30, ppd: 0 },
};
// docs/product.md#site-referrals: an extra 10 % of the sale, on any plan.
const SITE_BONUS_PERCENT = 10;
// docs/product.md#downloads: a counted download's file is larger than 10 MB (10,485,760 bytes).
const TEN_MB = 10_485_760;

/** USD per 1000 downloads as micro-USD per download: 8.75 USD / 1000 = 8,750 micro-USD (exact for cents). */
function perDownloadMicro(usd: string): number {
  const [whole, cents = ''] = usd.split('.');
  return Number(whole) * 1_000 + Number(cents.padEnd(2, '0')) * 10;
}

/** A percentage of an amount, rounded half-up to a micro-dollar (docs/product.md#conventions). */
function percentHalfUp(amount: number, percent: number): number {
  return Number((BigInt(amount) * BigInt(percent) * 2n + 100n) / 200n);
}

const USER = 7;
const SITE_OWNER = 9;
const DAY = '2026-11-20';
const AT = `${DAY}T12:00:00.000Z`;
const D = `${USER}/fd1/${DAY}`;
const SITE_D = `${SITE_OWNER}/fd1/${DAY}`;
const AMOUNT = 12_345_678; // 12.345678 USD: every share has a fraction to round

/** A contribution as `table key column` → summed value, zeros left out. */
function figures(c: Contribution): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [table, key, column, value] of c) {
    const k = `${table} ${key.join('/')} ${column}`;
    out[k] = (out[k] ?? 0) + value;
  }
  return withoutZeros(out);
}

function withoutZeros(figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== 0));
}

function file(over: Partial<FileState> = {}): FileState {
  return { ...unknownFile('fd1', 'F1', USER), known: true, uploaded_at: '2026-11-01T00:00:00.000Z', upload_event_id: 'up', size_bytes: 30_000_000, ...over };
}

function first(group: CountryGroup, over: Partial<FirstState> = {}): FirstState {
  return {
    project: 'fd1',
    file_id: 'F1',
    downloader_id: 'acc:1',
    day: DAY,
    user_id: USER,
    event_id: 'dl-1',
    at: AT,
    country_group: group,
    referrer_domain: 'forum.example',
    referrer_url: 'forum.example/t/1',
    applied_counted: 0,
    applied_earned_micro: 0,
    applied_copy: false,
    applied_reason: 'repeat',
    sub_id: '',
    ...over,
  };
}

function sale(over: Partial<SaleState> = {}): SaleState {
  return {
    ...unknownSale('fd1', 'S1', USER),
    known: true,
    at: AT,
    sale_event_id: 'sale-1',
    amount_micro: AMOUNT,
    revenue_type: 'direct',
    country: 'DE',
    country_group: 'A',
    status: 'ok',
    status_at: AT,
    status_event_id: 'sale-1',
    ...over,
  };
}

/** Prices a sale as the fold does: its applied figures from the state, then its contribution. */
function priceSale(s: SaleState, f: FileState | undefined, plan: Plan, product: ProductConfig = DEFAULT_PRODUCT) {
  applySaleFigures(s, f, plan, product);
  return figures(saleContribution(s));
}

/**
 * What a first download adds (docs/ingest.md): the unique download always, the counted one and its pay when it
 * counts; at its day, group and file it turns one of the `repeat` downloads every download adds into its decision
 * (counted, or the reason it does not count; decision 0200).
 */
function expectedDownload(group: CountryGroup, counted: 0 | 1, pay: number, copy = false, reason: DownloadDecision = 'counted'): Record<string, number> {
  const rows = [`daily ${D}`, `country ${D}/${group}`, `file ${D}/F1`];
  return withoutZeros({
    [`daily ${D} unique_downloads`]: 1,
    [`source ${D}/forum.example/forum.example/t/1 unique_downloads`]: 1,
    [`daily ${D} counted_downloads`]: counted,
    [`daily ${D} ${copy ? 'copy_download_earned_micro' : 'download_earned_micro'}`]: pay,
    [`daily ${D} earned_micro`]: pay,
    [`country ${D}/${group} counted_downloads`]: counted,
    [`country ${D}/${group} download_earned_micro`]: pay,
    [`file ${D}/F1 counted_downloads`]: counted,
    [`file ${D}/F1 earned_micro`]: pay,
    [`tag ${D}/ counted_downloads`]: counted,
    [`tag ${D}/ earned_micro`]: pay,
    ...Object.fromEntries(rows.map((r) => [`${r} uncounted_repeat`, -1])),
    ...(reason === 'counted' ? {} : Object.fromEntries(rows.map((r) => [`${r} uncounted_${reason}`, 1]))),
  });
}

describe('pricing a first download: every plan × country group of docs/product.md', () => {
  const cases = PLANS.flatMap((plan) => COUNTRY_GROUPS.map((group) => ({ plan, group, usd: DOWNLOAD_USD_PER_1000[plan][group] })));
  it.each(cases)('$plan in group $group: a first download of a 30 MB file pays $usd USD per 1000', ({ plan, group, usd }) => {
    const pay = perDownloadMicro(usd);
    // docs/product.md#downloads: a download counts where its plan pays for it; PPS pays none, PPD none in E–G.
    const reason: DownloadDecision = plan === 'pps' ? 'pps_plan' : pay === 0 ? 'unpaid_group' : 'counted';
    const counted = reason === 'counted' ? 1 : 0;
    const priced = firstContribution(first(group), file(), plan, DEFAULT_PRODUCT);
    expect({ counted: priced.counted, earned: priced.earned, copy: priced.copy, reason: priced.reason }).toEqual({ counted, earned: pay, copy: false, reason });
    expect(figures(priced.c)).toEqual(expectedDownload(group, counted, pay, false, reason));
  });

  it.each([
    { what: 'Mixed in A', plan: 'mixed', group: 'A', micro: 8_750 },
    { what: 'PPD in A', plan: 'ppd', group: 'A', micro: 25_000 },
    { what: 'Mixed in G', plan: 'mixed', group: 'G', micro: 500 },
    { what: 'PPD in R', plan: 'ppd', group: 'R', micro: 9_000 },
    { what: 'Mixed in F', plan: 'mixed', group: 'F', micro: 1_250 },
  ] as const)('$what: exactly $micro micro-USD', ({ plan, group, micro }) => {
    expect(firstContribution(first(group), file(), plan, DEFAULT_PRODUCT).earned).toBe(micro);
  });

  it.each([
    { what: 'a file of exactly 10 MB does not count', f: file({ size_bytes: TEN_MB }), counted: 0, pay: 0, copy: false, reason: 'small_file' },
    { what: 'one byte more counts', f: file({ size_bytes: TEN_MB + 1 }), counted: 1, pay: 8_750, copy: false, reason: 'counted' },
    { what: 'a file whose upload has not arrived does not count yet', f: undefined, counted: 0, pay: 0, copy: false, reason: 'file_unavailable' },
    { what: 'a known-but-not-uploaded file does not count', f: unknownFile('fd1', 'F1', USER), counted: 0, pay: 0, copy: false, reason: 'file_unavailable' },
    { what: 'another partner’s file does not count', f: file({ user_id: USER + 1 }), counted: 0, pay: 0, copy: false, reason: 'file_unavailable' },
    { what: 'a file deleted before the download does not count', f: file({ deleted_at: '2026-11-20T11:59:59.000Z' }), counted: 0, pay: 0, copy: false, reason: 'file_unavailable' },
    { what: 'a file deleted after the download counts', f: file({ deleted_at: '2026-11-20T12:00:01.000Z' }), counted: 1, pay: 8_750, copy: false, reason: 'counted' },
    { what: 'a copy counts as copy earnings', f: file({ kind: 'copy', copy_of_file_id: 'F0' }), counted: 1, pay: 8_750, copy: true, reason: 'counted' },
    { what: 'a video file counts as any file', f: file({ is_video: true }), counted: 1, pay: 8_750, copy: false, reason: 'counted' },
  ] as const)('Mixed in A: $what', ({ f, counted, pay, copy, reason }) => {
    const priced = firstContribution(first('A'), f, 'mixed', DEFAULT_PRODUCT);
    expect(priced.reason).toBe(reason);
    expect(figures(priced.c)).toEqual(expectedDownload('A', counted, pay, copy, reason));
  });

  it('prices with the settings given (an operator who doubles Mixed in A, and raises the counted size)', () => {
    const product: ProductConfig = {
      ...DEFAULT_PRODUCT,
      downloadRates: { ...DEFAULT_PRODUCT.downloadRates, mixed: { ...DEFAULT_PRODUCT.downloadRates.mixed, A: 17_500 } },
      countedDownloadMinBytes: 50 * 1024 * 1024,
    };
    expect(firstContribution(first('A'), file({ size_bytes: 60_000_000 }), 'mixed', product).earned).toBe(17_500);
    expect(firstContribution(first('A'), file({ size_bytes: 30_000_000 }), 'mixed', product).counted).toBe(0);
  });
});

interface SaleCase {
  what: string;
  over: Partial<SaleState>;
  file: FileState | undefined;
  row: ShareRow;
  bucket: 'sale_earned_micro' | 'copy_sale_earned_micro' | 'video_sale_earned_micro';
  /** The player rows of ingest_daily_video a video sale counts under. */
  players?: string[];
  /** The source row: referrer domain and URL, else the site's domain with URL ''. */
  source: string;
  siteBonus?: boolean;
}

const SALE_CASES: SaleCase[] = [
  { what: 'a direct sale of an own file', over: { file_id: 'F1' }, file: file(), row: 'sale', bucket: 'sale_earned_micro', source: '/' },
  { what: 'a promo-link sale without a file', over: { revenue_type: 'promo_link' }, file: undefined, row: 'sale', bucket: 'sale_earned_micro', source: '/' },
  { what: 'a rebill of an own file', over: { revenue_type: 'rebill', file_id: 'F1' }, file: file(), row: 'rebill', bucket: 'sale_earned_micro', source: '/' },
  { what: 'a file-copy sale', over: { revenue_type: 'file_copy', file_id: 'F1' }, file: file(), row: 'sale', bucket: 'copy_sale_earned_micro', source: '/' },
  { what: 'a direct sale of a copy', over: { file_id: 'F1' }, file: file({ kind: 'copy' }), row: 'sale', bucket: 'copy_sale_earned_micro', source: '/' },
  {
    what: 'a video sale from an embed player, through a page',
    over: { file_id: 'F1', player_type: 'embed', referrer_domain: 'forum.example', referrer_url: 'forum.example/t/42' },
    file: file({ is_video: true }),
    row: 'video_sale',
    bucket: 'video_sale_earned_micro',
    players: ['embed', 'all'],
    source: 'forum.example/forum.example/t/42',
  },
  {
    what: 'a video rebill without a player type',
    over: { revenue_type: 'rebill', file_id: 'F1' },
    file: file({ is_video: true }),
    row: 'video_rebill',
    bucket: 'video_sale_earned_micro',
    players: ['all'],
    source: '/',
  },
  {
    what: 'a site referral through an active site',
    over: { revenue_type: 'site_referral', file_id: 'F1', site_domain: 'mysite.example', site_user_id: SITE_OWNER },
    file: file(),
    row: 'sale',
    bucket: 'sale_earned_micro',
    source: 'mysite.example/',
    siteBonus: true,
  },
  {
    what: 'a site referral through a site nobody has verified',
    over: { revenue_type: 'site_referral', file_id: 'F1', site_domain: 'other.example' },
    file: file(),
    row: 'sale',
    bucket: 'sale_earned_micro',
    source: 'other.example/',
  },
  { what: 'a sale of a file whose upload has not arrived', over: { file_id: 'F1' }, file: undefined, row: 'sale', bucket: 'sale_earned_micro', source: '/' },
];

/** What a counted sale adds (docs/ingest.md): the sale, its amount, the partner's share in its bucket, and the site bonus. */
function expectedSale(c: SaleCase, plan: Plan): Record<string, number> {
  const share = percentHalfUp(AMOUNT, SHARE_PERCENT[c.row][plan]);
  const bonus = c.siteBonus ? percentHalfUp(AMOUNT, SITE_BONUS_PERCENT) : 0;
  const out: Record<string, number> = {
    [`daily ${D} sales`]: 1,
    [`daily ${D} sales_amount_micro`]: AMOUNT,
    [`daily ${D} ${c.bucket}`]: share,
    [`daily ${D} earned_micro`]: share,
    [`daily ${D} coin_sales`]: 1,
    [`daily ${D} video_sales`]: c.bucket === 'video_sale_earned_micro' ? 1 : 0,
    [`country ${D}/A sales`]: 1,
    [`country ${D}/A sale_earned_micro`]: share,
    [`source ${D}/${c.source} purchases`]: 1,
    [`tag ${D}/ ${c.over.revenue_type === 'rebill' ? 'rebills' : 'sales'}`]: 1,
    [`tag ${D}/ earned_micro`]: share,
  };
  if (c.over.file_id) {
    out[`file ${D}/F1 sales`] = 1;
    out[`file ${D}/F1 earned_micro`] = share;
  }
  for (const player of c.players ?? []) {
    out[`video ${D}/${player} sales`] = 1;
    out[`video ${D}/${player} sale_earned_micro`] = share;
  }
  if (c.siteBonus) {
    out[`daily ${SITE_D} site_sales`] = 1;
    out[`daily ${SITE_D} site_earned_micro`] = bonus;
    out[`daily ${SITE_D} earned_micro`] = bonus;
    out[`tag ${SITE_D}/ earned_micro`] = bonus;
  }
  return withoutZeros(out);
}

describe('pricing a sale: every plan × kind of sale of docs/product.md', () => {
  const cases = PLANS.flatMap((plan) => SALE_CASES.map((c) => ({ ...c, plan, percent: SHARE_PERCENT[c.row][plan] })));
  it.each(cases)('$plan: $what pays $percent %', (c) => {
    expect(priceSale(sale(c.over), c.file, c.plan)).toEqual(expectedSale(c, c.plan));
  });

  it.each([
    { plan: 'pps', share: 10_493_826 }, // 85 % of 12.345678 USD = 10.4938263
    { plan: 'mixed', share: 7_407_407 }, // 60 % = 7.4074068
    { plan: 'ppd', share: 0 },
  ] as const)('a direct sale of 12.345678 USD on $plan: exactly $share micro-USD', ({ plan, share }) => {
    const s = sale();
    applySaleFigures(s, undefined, plan, DEFAULT_PRODUCT);
    expect(s.applied_share_micro).toBe(share);
  });

  it('the site bonus of 12.345678 USD is exactly 1,234,568 micro-USD, on PPD too', () => {
    const s = sale({ revenue_type: 'site_referral', site_domain: 'mysite.example', site_user_id: SITE_OWNER });
    applySaleFigures(s, undefined, 'ppd', DEFAULT_PRODUCT);
    expect([s.applied_share_micro, s.applied_site_micro]).toEqual([0, 1_234_568]);
  });

  it.each([
    { status: 'hold', fraud: false, expected: 'counted' },
    { status: 'ok', fraud: true, expected: 'counted, no coin' },
    { status: 'refund', fraud: false, expected: 'a refund only' },
    { status: 'void', fraud: false, expected: 'nothing' },
  ] as const)('a Mixed sale with status $status (fraud: $fraud) adds $expected', ({ status, fraud, expected }) => {
    const c = SALE_CASES[0]!;
    const got = priceSale(sale({ ...c.over, status, fraud }), c.file, 'mixed');
    const counted = expectedSale(c, 'mixed');
    if (expected === 'counted') expect(got).toEqual(counted);
    if (expected === 'counted, no coin') expect(got).toEqual(withoutZeros({ ...counted, [`daily ${D} coin_sales`]: 0 }));
    if (expected === 'a refund only') expect(got).toEqual({ [`daily ${D} refunds`]: 1, [`tag ${D}/ refunds`]: 1 });
    if (expected === 'nothing') expect(got).toEqual({});
  });

  it.each([
    { over: { sub_id: 'forum-x' }, column: 'sales', tag: 'forum-x' },
    { over: { sub_id: 'tg.2', revenue_type: 'rebill' as const }, column: 'rebills', tag: 'tg.2' },
    { over: { sub_id: '', revenue_type: 'rebill' as const }, column: 'rebills', tag: '' },
  ])('a sale counts under its own tag (decision 0206): $column under "$tag"', ({ over, column, tag }) => {
    const got = priceSale(sale(over), undefined, 'mixed');
    const tagRows = Object.fromEntries(Object.entries(got).filter(([k]) => k.startsWith('tag ')));
    expect(tagRows).toEqual({ [`tag ${D}/${tag} ${column}`]: 1, [`tag ${D}/${tag} earned_micro`]: got[`daily ${D} earned_micro`] });
    const refunded = priceSale(sale({ ...over, status: 'refund' }), undefined, 'mixed');
    expect(refunded).toEqual({ [`daily ${D} refunds`]: 1, [`tag ${D}/${tag} refunds`]: 1 });
  });

  it('a first download counts under its own tag', () => {
    const priced = firstContribution(first('A', { sub_id: 'forum-x' }), file(), 'mixed', DEFAULT_PRODUCT);
    const tagRows = Object.fromEntries(Object.entries(figures(priced.c)).filter(([k]) => k.startsWith('tag ')));
    expect(tagRows).toEqual({ [`tag ${D}/forum-x counted_downloads`]: 1, [`tag ${D}/forum-x earned_micro`]: priced.earned });
  });

  it('a sale not known yet (only its status arrived) adds nothing', () => {
    expect(priceSale(unknownSale('fd1', 'S1', USER), undefined, 'mixed')).toEqual({});
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties over any state, plan and status.

const fileArb = fc.option(
  fc.record({
    known: fc.boolean(),
    kind: fc.constantFrom<'file' | 'copy'>('file', 'copy'),
    size_bytes: fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.constantFrom(TEN_MB, TEN_MB + 1)),
    is_video: fc.boolean(),
  }),
  { nil: undefined },
);
type FileSpec = { known: boolean; kind: 'file' | 'copy'; size_bytes: number; is_video: boolean } | undefined;
const toFile = (f: FileSpec) => (f === undefined ? undefined : file(f));

const saleArb = fc.record({
  amount_micro: fc.integer({ min: 1, max: 1_000_000_000_000 }),
  revenue_type: fc.constantFrom(...REVENUE_TYPES),
  status: fc.constantFrom(...SALE_STATUSES),
  fraud: fc.boolean(),
  site_user_id: fc.constantFrom(null, SITE_OWNER),
  site_domain: fc.constantFrom(null, 'mysite.example'),
  player_type: fc.constantFrom(null, 'embed' as const, 'full' as const),
  file_id: fc.constantFrom(null, 'F1'),
  country_group: fc.constantFrom(...COUNTRY_GROUPS),
});

/** Every earning column of a daily row (money/earning-columns.ts); `earned_micro` is their sum. */
const EARNING_COLUMNS = ['download_earned_micro', 'copy_download_earned_micro', 'sale_earned_micro', 'copy_sale_earned_micro', 'video_sale_earned_micro', 'site_earned_micro'];

function dailyEarningsConsistent(c: Contribution) {
  const byDay = new Map<string, { parts: number; total: number }>();
  for (const [table, key, column, value] of c) {
    if (table !== 'daily') continue;
    const k = key.join('/');
    const day = byDay.get(k) ?? { parts: 0, total: 0 };
    if (EARNING_COLUMNS.includes(column)) day.parts += value;
    if (column === 'earned_micro') day.total += value;
    byDay.set(k, day);
  }
  for (const day of byDay.values()) expect(day.total).toBe(day.parts);
}

describe('pricing (property)', () => {
  it('contributions are never negative, and a day’s earned_micro is the sum of its earning columns', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLANS), fc.constantFrom(...COUNTRY_GROUPS), fileArb, saleArb, fileArb, (plan, group, f1, s, f2) => {
        const download = firstContribution(first(group), toFile(f1), plan, DEFAULT_PRODUCT);
        const state = sale(s);
        applySaleFigures(state, toFile(f2), plan, DEFAULT_PRODUCT);
        const paid = saleContribution(state);
        // A first download's only negative figure: the repeat it turns into its decision, one per row it decides.
        for (const [, , column, value] of download.c) expect(value).toBeGreaterThanOrEqual(column === 'uncounted_repeat' ? -1 : 0);
        for (const c of [download.c, paid]) {
          for (const [, , column, value] of c) if (column !== 'uncounted_repeat') expect(value).toBeGreaterThanOrEqual(0);
          dailyEarningsConsistent(c);
        }
        expect(state.applied_share_micro).toBeLessThanOrEqual(s.amount_micro);
        expect(state.applied_site_micro).toBeLessThanOrEqual(s.amount_micro);
      }),
    );
  });

  it('PPD pays no sale share: a PPD sale earns only the site bonus (for the site’s owner)', () => {
    fc.assert(
      fc.property(saleArb, fileArb, (s, f) => {
        const state = sale(s);
        const got = priceSale(state, toFile(f), 'ppd');
        expect(state.applied_share_micro).toBe(0);
        const money = Object.entries(got).filter(([k]) => /earned_micro$/.test(k));
        for (const [k] of money) expect(k.startsWith(`daily ${SITE_D} `) || k === `tag ${SITE_D}/ earned_micro`).toBe(true);
      }),
    );
  });

  it('Mixed pays at most PPD’s download rate in groups A–D; PPD pays nothing in E–G', () => {
    fc.assert(
      fc.property(fc.constantFrom<CountryGroup>('A', 'B', 'C', 'D', 'E', 'F', 'G'), fileArb, (group, f) => {
        const mixed = firstContribution(first(group), toFile(f), 'mixed', DEFAULT_PRODUCT);
        const ppd = firstContribution(first(group), toFile(f), 'ppd', DEFAULT_PRODUCT);
        if ('ABCD'.includes(group)) {
          expect(mixed.counted).toBe(ppd.counted);
          expect(mixed.earned).toBeLessThanOrEqual(ppd.earned);
        } else {
          // PPD does not pay E–G: such a download does not count there (decision 0200), and earns nothing.
          expect(ppd.counted).toBe(0);
          expect(ppd.earned).toBe(0);
          if (mixed.counted === 0) expect(ppd.reason).toBe(mixed.reason);
          else expect(ppd.reason).toBe('unpaid_group');
        }
      }),
    );
  });

  it('what a first download keeps of its pricing gives back exactly what it added (so a re-pricing removes it whole)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLANS), fc.constantFrom(...COUNTRY_GROUPS), fileArb, (plan, group, f) => {
        const state = first(group);
        const next = firstContribution(state, toFile(f), plan, DEFAULT_PRODUCT);
        Object.assign(state, { applied_counted: next.counted, applied_earned_micro: next.earned, applied_copy: next.copy, applied_reason: next.reason });
        expect(figures(appliedFirstContribution(state))).toEqual(figures(next.c));
      }),
    );
  });

  it('a sale that is void or refunded adds no money and no sale, whatever the plan', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLANS), saleArb, fileArb, fc.constantFrom('void' as const, 'refund' as const), (plan, s, f, status) => {
        const got = priceSale(sale({ ...s, status }), toFile(f), plan);
        expect(Object.keys(got).filter((k) => !k.endsWith(' refunds'))).toEqual([]);
      }),
    );
  });
});
