import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT, PAYOUT_SYSTEMS, type PayoutSystem } from '../product.ts';
import { base58CheckEncode, ibanCheckDigits, luhnCheckDigit } from './checksums.ts';
import {
  canTransitionPayout,
  cardExpired,
  convertMicroUsd,
  payoutConversionCurrency,
  payoutRateUsable,
  checkPayoutRequest,
  isFinalPayoutStatus,
  isPayoutInProgress,
  meetsPayoutMinimum,
  nextPayoutStatuses,
  PAYOUT_STATUSES,
  PAYOUT_SYSTEM_FIELDS,
  payoutCountsAgainstBalance,
  payoutFee,
  payoutQuote,
  validateWalletDetails,
  walletState,
  type PayoutActor,
  type PayoutStatus,
  type WalletState,
} from './payouts.ts';

const USD = 1_000_000;
const now = '2026-06-15T12:00:00Z';

describe('payout systems of docs/product.md: fee and minimum', () => {
  it.each([
    { system: 'webmoney', amount: 100, fee: 0.8, minimum: 10 },
    { system: 'paypal', amount: 100, fee: 3, minimum: 20 },
    { system: 'card', amount: 100, fee: 4, minimum: 40 },
    { system: 'bank_tr', amount: 100, fee: 2, minimum: 40 },
    { system: 'usdt_trc20', amount: 100, fee: 1, minimum: 20 },
    { system: 'capitalist', amount: 100, fee: 1, minimum: 10 },
  ] as const)('$system: fee on $amount USD is $fee USD, minimum $minimum USD', ({ system, amount, fee, minimum }) => {
    expect(payoutQuote(system, amount * USD)).toEqual({ amount: amount * USD, fee: fee * USD, received: (amount - fee) * USD, minimum: minimum * USD });
    expect(meetsPayoutMinimum(system, minimum * USD)).toBe(true);
    expect(meetsPayoutMinimum(system, minimum * USD - 1)).toBe(false);
  });
  it.each([
    { system: 'card', amount: 40 * USD, fee: 2_200_000 },
    { system: 'webmoney', amount: 12_345_678, fee: 98_765 }, // 0.8% = 98,765.424
    { system: 'capitalist', amount: 10_000_050, fee: 100_001 }, // 1% = 100,000.5 → half-up
  ] as const)('$system fee on $amount micro-USD is $fee', ({ system, amount, fee }) => {
    expect(payoutFee(system, amount)).toBe(fee);
  });
  it('amount = fee + received for every system and amount at or above the minimum; received is positive', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYOUT_SYSTEMS), fc.integer({ min: 0, max: 1e12 }), (system, extra) => {
        const amount = payoutQuote(system, 0).minimum + extra;
        const q = payoutQuote(system, amount);
        expect(q.fee + q.received).toBe(amount);
        expect(q.received).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('payout request check', () => {
  const active: WalletState = { state: 'active', activeFrom: new Date('2026-01-01T00:00:00Z') };
  it.each([
    { label: 'a valid request', amount: 50 * USD, available: 60 * USD, wallet: active, reason: null },
    { label: 'zero', amount: 0, available: 60 * USD, wallet: active, reason: 'not_positive' },
    { label: 'below the minimum', amount: 39_999_999, available: 60 * USD, wallet: active, reason: 'below_minimum' },
    { label: 'above available', amount: 61 * USD, available: 60 * USD, wallet: active, reason: 'above_available' },
    { label: 'wallet on hold', amount: 50 * USD, available: 60 * USD, wallet: { state: 'on_hold', activeFrom: new Date('2026-07-01T00:00:00Z') } as WalletState, reason: 'wallet_not_active' },
    { label: 'wallet unconfirmed', amount: 50 * USD, available: 60 * USD, wallet: { state: 'waiting_confirmation' } as WalletState, reason: 'wallet_not_active' },
  ])('$label', ({ amount, available, wallet, reason }) => {
    const check = checkPayoutRequest({ system: 'card', amount, available, wallet });
    expect(check.ok ? null : check.reason).toBe(reason);
  });
});

describe('payout statuses', () => {
  const allowed: Array<[PayoutStatus, PayoutStatus, PayoutActor]> = [
    ['created', 'review', 'operator'],
    ['review', 'process', 'operator'],
    ['process', 'accepted', 'operator'],
    ['created', 'rejected', 'operator'],
    ['review', 'rejected', 'operator'],
    ['process', 'rejected', 'operator'],
    ['created', 'deleted', 'partner'],
  ];
  const all = PAYOUT_STATUSES.flatMap((from) =>
    PAYOUT_STATUSES.flatMap((to) =>
      (['partner', 'operator'] as const).map((by) => ({ from, to, by, ok: allowed.some(([f, t, a]) => f === from && t === to && a === by) })),
    ),
  );
  it.each(all)('$from → $to by $by: $ok', ({ from, to, by, ok }) => {
    expect(canTransitionPayout(from, to, by)).toBe(ok);
  });
  it('final, in-progress and balance statuses', () => {
    expect(PAYOUT_STATUSES.filter(isFinalPayoutStatus)).toEqual(['accepted', 'rejected', 'deleted']);
    expect(PAYOUT_STATUSES.filter(isPayoutInProgress)).toEqual(['created', 'review', 'process']);
    expect(PAYOUT_STATUSES.filter(payoutCountsAgainstBalance)).toEqual(['created', 'review', 'process', 'accepted']);
    expect(nextPayoutStatuses('created', 'operator')).toEqual(['review', 'rejected']);
    expect(nextPayoutStatuses('review', 'partner')).toEqual([]);
  });
});

describe('wallet state', () => {
  it.each([
    { label: 'unconfirmed', confirmedAt: null, state: { state: 'waiting_confirmation' } },
    { label: 'confirmed 2 days ago: on hold', confirmedAt: '2026-06-13T12:00:00Z', state: { state: 'on_hold', activeFrom: new Date('2026-06-16T12:00:00Z') } },
    { label: 'confirmed 3 days ago to the millisecond: active', confirmedAt: '2026-06-12T12:00:00Z', state: { state: 'active', activeFrom: new Date('2026-06-15T12:00:00Z') } },
  ])('$label', ({ confirmedAt, state }) => {
    expect(walletState(confirmedAt, now)).toEqual(state);
  });
});

describe('wallet details', () => {
  const card = `411111111111111${luhnCheckDigit('411111111111111')}`;
  const bban = '00061' + '0' + '0519786457841326'; // bank code, reserved digit, account number
  const iban = `TR${ibanCheckDigits('TR', bban)}${bban}`;
  const tron = base58CheckEncode(Uint8Array.from([0x41, ...new Array(20).fill(7)]));
  const valid: Record<PayoutSystem, Record<string, string>> = {
    webmoney: { purse: 'Z123456789012' },
    paypal: { email: 'jo.doe+pay@example.com' },
    card: { number: card, currency: 'USD', month: '6', year: '2026', first_name: 'Ayşe', last_name: "O'Neil-Smith" },
    bank_tr: { first_name: 'Mehmet', last_name: 'Yılmaz', currency: 'TRY', iban, bank_name: 'Akbank' },
    usdt_trc20: { address: tron },
    capitalist: { account: 'U1234567' },
  };
  it.each(PAYOUT_SYSTEMS)('%s: valid details pass', (system) => {
    expect(validateWalletDetails(system, valid[system], now)).toMatchObject({ ok: true });
  });
  it.each(PAYOUT_SYSTEMS)('%s: every field is required', (system) => {
    const result = validateWalletDetails(system, {}, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual([...PAYOUT_SYSTEM_FIELDS[system]].sort());
  });
  it('normalizes', () => {
    const r = validateWalletDetails('card', { ...valid.card, number: '4111 1111 1111 1111', currency: 'eur', year: '27' }, now);
    expect(r).toEqual({ ok: true, details: { ...valid.card, number: '4111111111111111', currency: 'EUR', month: '06', year: '2027' } });
    const b = validateWalletDetails('bank_tr', { ...valid.bank_tr, iban: iban.toLowerCase().replace(/(.{4})/g, '$1 '), bank_name: ' akbank ' }, now);
    expect(b).toEqual({ ok: true, details: { ...valid.bank_tr, iban, bank_name: 'Akbank' } });
  });
  it.each([
    { system: 'webmoney', field: 'purse', value: 'R123456789012', error: 'invalid_format' },
    { system: 'webmoney', field: 'purse', value: 'Z12345678901', error: 'invalid_format' },
    { system: 'webmoney', field: 'purse', value: 'Z1234567890123', error: 'invalid_format' },
    { system: 'paypal', field: 'email', value: 'not-an-email', error: 'invalid_format' },
    { system: 'paypal', field: 'email', value: 'a@b', error: 'invalid_format' },
    { system: 'card', field: 'number', value: '4111111111111112', error: 'invalid_checksum' },
    { system: 'card', field: 'number', value: '41111', error: 'invalid_format' },
    { system: 'card', field: 'currency', value: 'GBP', error: 'unsupported_currency' },
    { system: 'card', field: 'month', value: '13', error: 'invalid_format' },
    { system: 'card', field: 'year', value: '2025', error: 'expired' },
    { system: 'card', field: 'year', value: '202', error: 'invalid_format' },
    { system: 'card', field: 'first_name', value: '1234', error: 'invalid_format' },
    { system: 'bank_tr', field: 'currency', value: 'RUB', error: 'unsupported_currency' },
    { system: 'bank_tr', field: 'iban', value: 'GB82WEST12345698765432', error: 'not_turkish_iban' },
    { system: 'bank_tr', field: 'iban', value: 'TR33000610051978645784132', error: 'invalid_format' },
    { system: 'bank_tr', field: 'iban', value: 'TR330006100519786457841327', error: 'invalid_checksum' },
    { system: 'bank_tr', field: 'bank_name', value: 'Bank of Nowhere', error: 'unknown_bank' },
    { system: 'usdt_trc20', field: 'address', value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', error: 'invalid_checksum' },
    { system: 'capitalist', field: 'account', value: 'U123456', error: 'invalid_format' },
    { system: 'capitalist', field: 'account', value: 'U12345678901', error: 'invalid_format' },
  ] as const)('$system $field $value → $error', ({ system, field, value, error }) => {
    const r = validateWalletDetails(system, { ...valid[system], [field]: value }, now);
    expect(r).toEqual({ ok: false, errors: { [field]: [error] } });
  });
  it.each([
    [5, 2026, true], [6, 2026, false], [7, 2026, false], [12, 2025, true], [1, 2027, false],
  ])('a card valid through %i/%i is expired in June 2026: %s', (m, y, expired) => {
    expect(cardExpired(m, y, now)).toBe(expired);
  });
  it('capitalist accounts take 7 to 10 digits', () => {
    for (let n = 5; n <= 12; n++) {
      expect(validateWalletDetails('capitalist', { account: `U${'1'.repeat(n)}` }, now).ok).toBe(n >= 7 && n <= 10);
    }
  });
});

describe('payouts converted to roubles and hryvnias', () => {
  it.each([
    ['card', { currency: 'RUB' }, 'RUB'],
    ['card', { currency: 'UAH' }, 'UAH'],
    ['card', { currency: 'USD' }, null],
    ['card', { currency: 'EUR' }, null],
    ['card', { currency: 'KZT' }, null],
    ['card', {}, null],
    ['bank_tr', { currency: 'TRY' }, null],
    // Only a card names its currency: another system's field of that name is not one.
    ['paypal', { currency: 'RUB' }, null],
    ['webmoney', { purse: 'Z123456789012' }, null],
  ] as const)('%s %j is converted to %s', (system, details, expected) => {
    expect(payoutConversionCurrency(system, details)).toBe(expected);
  });

  it.each([
    [USD, '92.5058', 9_251], // 92.5058 RUB
    [100 * USD, '92.5058', 925_058],
    [10_000, '92.5058', 93], // 1 cent = 92.5058 kopecks, half-up
    [5_000, '1', 1], // 0.5 kopeck rounds up
    [4_999, '1', 0],
    [0, '41.2', 0],
    [38_600_000, '92.5058', 357_072], // 38.60 USD (40 USD to a card, less its fee) = 3,570.72388 RUB
    [100 * USD, '41.0529', 410_529],
    [123_456_789, '0.0000000001', 0],
  ])('%d micro-USD at %s = %d minor units', (micro, rate, minor) => {
    expect(convertMicroUsd(micro, rate)).toBe(minor);
  });

  it('refuses a result beyond what a number holds exactly', () => {
    expect(() => convertMicroUsd(1_000_000_000_000_000, '999999999999.9999999999')).toThrow(RangeError);
  });

  it.each([
    ['2026-11-27', '2026-11-27T12:00:00Z', true],
    ['2026-11-28', '2026-11-27T12:00:00Z', true], // tomorrow's rate, published today
    ['2026-11-20', '2026-11-27T23:59:59Z', true], // 7 days old
    ['2026-11-19', '2026-11-27T00:00:00Z', false], // 8 days old: the feed has stopped
  ] as const)('a rate for %s quotes a payout at %s: %s', (day, at, usable) => {
    expect(payoutRateUsable(day, at)).toBe(usable);
  });

  it('follows the settings on how old a rate may be', () => {
    const product = { ...DEFAULT_PRODUCT, payoutRateMaxAgeDays: 1 };
    expect(payoutRateUsable('2026-11-26', '2026-11-27T12:00:00Z', product)).toBe(true);
    expect(payoutRateUsable('2026-11-25', '2026-11-27T12:00:00Z', product)).toBe(false);
  });

  it.each(['', 'abc', '-1', '1e3', '92,5058', '1.', '.5', '92.12345678901'])('refuses the rate %j', (rate) => {
    expect(() => convertMicroUsd(USD, rate)).toThrow(RangeError);
  });

  it('refuses amounts that are not micro-USD', () => {
    for (const micro of [-1, 1.5, Number.NaN]) expect(() => convertMicroUsd(micro, '1')).toThrow(RangeError);
  });

  const rates = fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9_999 }))
    .filter(([whole, fraction]) => whole + fraction > 0)
    .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(4, '0')}`);
  const amounts = fc.integer({ min: 0, max: 10_000_000 * USD });

  it('is the exact product rounded half-up: within half a minor unit of amount × rate', () => {
    fc.assert(
      fc.property(amounts, rates, (micro, rate) => {
        const minor = BigInt(convertMicroUsd(micro, rate));
        // rate has 4 decimals: exact = micro × R / 10^8 minor units, so 2 × |minor × 10^8 − micro × R| ≤ 10^8.
        const exact = BigInt(micro) * BigInt(rate.replace('.', ''));
        const diff = minor * 10n ** 8n - exact;
        expect(diff * 2n <= 10n ** 8n && diff * 2n > -(10n ** 8n)).toBe(true);
      }),
    );
  });

  it('grows with the amount and the rate, and trailing zeros of the rate change nothing', () => {
    fc.assert(
      fc.property(amounts, amounts, rates, (a, b, rate) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertMicroUsd(low, rate)).toBeLessThanOrEqual(convertMicroUsd(high, rate));
        expect(convertMicroUsd(a, `${rate}000`)).toBe(convertMicroUsd(a, rate));
        expect(convertMicroUsd(a, rate)).toBeLessThanOrEqual(convertMicroUsd(a, `${rate}1`));
      }),
    );
  });
});
