import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highestRisk, medianMicro, PAYOUT_RISK_LIMITS, payoutRiskSignals, type PayoutRiskFacts } from './payout-risk.ts';

const NOW = '2026-11-20T12:00:00.000Z';
const calm: PayoutRiskFacts = {
  now: NOW,
  walletAddedAt: '2026-01-01T00:00:00.000Z',
  emailChangedAt: null,
  acceptedPayouts: 3,
  monthEarnedMicro: 100_000_000,
  previousMonthsEarnedMicro: [90_000_000, 100_000_000, 110_000_000],
  sales: 100,
  fraudSales: 1,
  refundedSales: 1,
  sameWalletPartners: [],
  sameAddressPartners: [],
};
const daysAgo = (d: number) => new Date(Date.parse(NOW) - d * 86_400_000).toISOString();
const codes = (f: Partial<PayoutRiskFacts>) => payoutRiskSignals({ ...calm, ...f }).map((s) => `${s.code}:${s.level}`);

describe('payout risk signals', () => {
  it('a calm partner shows none', () => expect(payoutRiskSignals(calm)).toEqual([]));

  it.each<[string, Partial<PayoutRiskFacts>, string[]]>([
    ['wallet added today', { walletAddedAt: daysAgo(0) }, ['wallet_recent:high']],
    ['wallet added 2 days ago', { walletAddedAt: daysAgo(2) }, ['wallet_recent:high']],
    ['wallet added 3 days ago', { walletAddedAt: daysAgo(3) }, ['wallet_recent:warn']],
    ['wallet added 13 days ago', { walletAddedAt: daysAgo(13) }, ['wallet_recent:warn']],
    ['wallet added 14 days ago', { walletAddedAt: daysAgo(14) }, []],
    ['no wallet (older request)', { walletAddedAt: null }, []],
    ['e-mail changed 5 days ago', { emailChangedAt: daysAgo(5) }, ['email_recent:high']],
    ['e-mail changed 30 days ago', { emailChangedAt: daysAgo(30) }, []],
    ['first payout', { acceptedPayouts: 0 }, ['first_payout:info']],
    ['month 3x usual', { monthEarnedMicro: 300_000_000 }, []],
    ['month just above 3x usual', { monthEarnedMicro: 300_000_001 }, ['earnings_spike:warn']],
    ['month above 10x usual', { monthEarnedMicro: 1_000_000_001 }, ['earnings_spike:high']],
    ['spike below the minimum amount', { monthEarnedMicro: 49_000_000, previousMonthsEarnedMicro: [1_000_000] }, []],
    ['no previous months', { monthEarnedMicro: 900_000_000, previousMonthsEarnedMicro: [] }, []],
    ['usual month zero', { monthEarnedMicro: 60_000_000, previousMonthsEarnedMicro: [0, 0] }, ['earnings_spike:high']],
    ['5% bad sales', { fraudSales: 3, refundedSales: 2 }, ['bad_sales_share:warn']],
    ['20% bad sales', { fraudSales: 10, refundedSales: 10 }, ['bad_sales_share:high']],
    ['bad sales but too few sales', { sales: 9, fraudSales: 9, refundedSales: 0 }, []],
    ['shared wallet', { sameWalletPartners: [7, 3] }, ['shared_wallet:high']],
    ['shared address', { sameAddressPartners: [9] }, ['shared_address:warn']],
    [
      'everything at once, in the fixed order',
      { walletAddedAt: daysAgo(1), emailChangedAt: daysAgo(1), acceptedPayouts: 0, monthEarnedMicro: 2_000_000_000, fraudSales: 50, sameWalletPartners: [2], sameAddressPartners: [2] },
      ['wallet_recent:high', 'email_recent:high', 'first_payout:info', 'earnings_spike:high', 'bad_sales_share:high', 'shared_wallet:high', 'shared_address:warn'],
    ],
  ])('%s', (_name, facts, expected) => expect(codes(facts)).toEqual(expected));

  it('carries the numbers behind each signal', () => {
    const [spike] = payoutRiskSignals({ ...calm, monthEarnedMicro: 500_000_000 });
    expect(spike).toEqual({ code: 'earnings_spike', level: 'warn', facts: { month_micro: 500_000_000, median_micro: 100_000_000, previous_months: 3 } });
    const [shared] = payoutRiskSignals({ ...calm, sameWalletPartners: [9, 4] });
    expect(shared!.facts).toEqual({ partners: [4, 9] });
    const [bad] = payoutRiskSignals({ ...calm, sales: 40, fraudSales: 2, refundedSales: 1 });
    expect(bad!.facts).toEqual({ sales: 40, fraud: 2, refunded: 1, share_bp: 750 });
  });

  it.each<[number[], number | null]>([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2],
    [[1, 2], 1],
  ])('median of %j is %s', (values, median) => expect(medianMicro(values)).toBe(median));

  it('the highest level', () => {
    expect(highestRisk([])).toBeNull();
    expect(highestRisk(payoutRiskSignals({ ...calm, acceptedPayouts: 0 }))).toBe('info');
    expect(highestRisk(payoutRiskSignals({ ...calm, acceptedPayouts: 0, sameAddressPartners: [1] }))).toBe('warn');
    expect(highestRisk(payoutRiskSignals({ ...calm, sameWalletPartners: [1], sameAddressPartners: [1] }))).toBe('high');
  });

  const facts = fc.record({
    walletDays: fc.option(fc.integer({ min: 0, max: 400 })),
    emailDays: fc.option(fc.integer({ min: 0, max: 400 })),
    acceptedPayouts: fc.integer({ min: 0, max: 50 }),
    monthEarnedMicro: fc.integer({ min: 0, max: 10_000_000_000 }),
    previousMonthsEarnedMicro: fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { maxLength: 24 }),
    sales: fc.integer({ min: 0, max: 1000 }),
    bad: fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 })),
    sameWalletPartners: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 5 }),
    sameAddressPartners: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 5 }),
  });
  type Drawn = typeof facts extends fc.Arbitrary<infer T> ? T : never;
  const toFacts = (r: Drawn): PayoutRiskFacts => {
    const [fraud, refunded] = r.bad;
    const fraudSales = Math.min(fraud, r.sales);
    return {
      now: NOW,
      walletAddedAt: r.walletDays === null ? null : daysAgo(r.walletDays),
      emailChangedAt: r.emailDays === null ? null : daysAgo(r.emailDays),
      acceptedPayouts: r.acceptedPayouts,
      monthEarnedMicro: r.monthEarnedMicro,
      previousMonthsEarnedMicro: r.previousMonthsEarnedMicro,
      sales: r.sales,
      fraudSales,
      refundedSales: Math.min(refunded, r.sales - fraudSales),
      sameWalletPartners: r.sameWalletPartners,
      sameAddressPartners: r.sameAddressPartners,
    };
  };

  it('each code appears at most once, in the fixed order, with a known level', () => {
    const order = ['wallet_recent', 'email_recent', 'first_payout', 'earnings_spike', 'bad_sales_share', 'shared_wallet', 'shared_address'];
    fc.assert(
      fc.property(facts, (r) => {
        const signals = payoutRiskSignals(toFacts(r));
        const seen = signals.map((s) => order.indexOf(s.code));
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
        expect(new Set(seen).size).toBe(seen.length);
        for (const s of signals) expect(['info', 'warn', 'high']).toContain(s.level);
      }),
    );
  });

  it('more earnings this month never quiets a spike, more bad sales never quiets their signal', () => {
    const rank = { none: 0, info: 1, warn: 2, high: 3 } as const;
    const levelOf = (f: PayoutRiskFacts, code: string) => rank[payoutRiskSignals(f).find((s) => s.code === code)?.level ?? 'none'];
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 5_000_000_000 }), fc.integer({ min: 0, max: 100 }), (r, more, moreBad) => {
        const f = toFacts(r);
        expect(levelOf({ ...f, monthEarnedMicro: f.monthEarnedMicro + more }, 'earnings_spike')).toBeGreaterThanOrEqual(levelOf(f, 'earnings_spike'));
        const room = f.sales - f.fraudSales - f.refundedSales;
        const added = Math.min(moreBad, room);
        expect(levelOf({ ...f, fraudSales: f.fraudSales + added }, 'bad_sales_share')).toBeGreaterThanOrEqual(levelOf(f, 'bad_sales_share'));
      }),
    );
  });

  it('only shared wallets and addresses name other partners, and exactly those given', () => {
    fc.assert(
      fc.property(facts, (r) => {
        const f = toFacts(r);
        const signals = payoutRiskSignals(f);
        expect(signals.some((s) => s.code === 'shared_wallet')).toBe(f.sameWalletPartners.length > 0);
        expect(signals.some((s) => s.code === 'shared_address')).toBe(f.sameAddressPartners.length > 0);
        expect(signals.some((s) => s.code === 'first_payout')).toBe(f.acceptedPayouts === 0);
      }),
    );
  });

  it('the limits are what the decision record says', () => {
    expect(PAYOUT_RISK_LIMITS).toMatchObject({ walletRecentDays: 14, emailRecentDays: 14, spikeFactor: 3, spikeHighFactor: 10, badSalesWarnBp: 500, badSalesHighBp: 2_000, badSalesMin: 10 });
  });
});
