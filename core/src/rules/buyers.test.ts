import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVENUE_TYPES, SALE_STATUSES } from '../product.ts';
import { maskEmail } from '../contracts/statistics.ts';
import { buyerKey, buyerStatus, buyersOf, cohortsOf, monthsBetween, utcMonth, type BuyerSale } from './buyers.ts';

let n = 0;
function sale(p: Partial<BuyerSale> & Pick<BuyerSale, 'email' | 'at'>): BuyerSale {
  n += 1;
  return { saleId: `S${String(n).padStart(4, '0')}`, revenueType: 'direct', source: '', subId: '', status: 'ok', fraud: false, earnedMicro: 1_000_000, ...p };
}

describe('buyer status: fraud-flagged wins, then the latest purchase refunded or voided', () => {
  const cases: Array<[string, Array<Partial<BuyerSale>>, string]> = [
    ['one ok sale', [{ status: 'ok' }], 'active'],
    ['on hold', [{ status: 'hold' }], 'active'],
    ['refunded only sale', [{ status: 'refund' }], 'refunded'],
    ['voided only sale', [{ status: 'void' }], 'refunded'],
    ['refund then a later rebill', [{ status: 'refund' }, { status: 'ok', revenueType: 'rebill' }], 'active'],
    ['ok then the latest refunded', [{ status: 'ok' }, { status: 'refund', revenueType: 'rebill' }], 'refunded'],
    ['fraud on an old sale beats a later ok', [{ fraud: true }, { status: 'ok' }], 'fraud_flagged'],
    ['fraud beats refund', [{ status: 'refund', fraud: true }], 'fraud_flagged'],
  ];
  it.each(cases)('%s', (_name, parts, expected) => {
    const sales = parts.map((p, i) => sale({ email: 'a@x.com', at: `2026-0${i + 1}-10T00:00:00Z`, ...p }));
    expect(buyerStatus(sales)).toBe(expected);
    expect(buyersOf(sales).buyers[0]!.status).toBe(expected);
  });
});

describe('buyers', () => {
  it('groups on the unmasked e-mail (case and spaces aside) and shows it masked', () => {
    const sales = [
      sale({ saleId: 'B2', email: 'John@Gmail.com ', at: '2026-03-05T10:00:00Z', revenueType: 'rebill', subId: 'tg.2', earnedMicro: 500_000 }),
      sale({ saleId: 'B1', email: 'john@gmail.com', at: '2026-02-01T09:00:00Z', source: 'blog.example', subId: 'forum-x', earnedMicro: 8_500_000 }),
      // Same mask, another buyer: kept apart.
      sale({ saleId: 'C1', email: 'jo@gmx.com', at: '2026-02-02T00:00:00Z', revenueType: 'promo_link', earnedMicro: 0, status: 'void' }),
      sale({ saleId: 'U1', email: '', at: '2026-02-03T00:00:00Z', earnedMicro: 250_000 }),
    ];
    const { buyers, unidentified } = buyersOf(sales);
    expect(unidentified).toEqual({ sales: 1, earnedMicro: 250_000 });
    expect(buyers).toEqual([
      {
        id: 'C1',
        email: maskEmail('jo@gmx.com'),
        firstPurchaseAt: '2026-02-02T00:00:00.000Z',
        firstRevenueType: 'promo_link',
        firstSource: '',
        firstSubId: '',
        lastPurchaseAt: '2026-02-02T00:00:00.000Z',
        purchases: 1,
        rebills: 0,
        earnedMicro: 0,
        status: 'refunded',
      },
      {
        id: 'B1',
        email: 'jo***@gm***.com',
        firstPurchaseAt: '2026-02-01T09:00:00.000Z',
        firstRevenueType: 'direct',
        firstSource: 'blog.example',
        // The first purchase's tag, not the later rebill's.
        firstSubId: 'forum-x',
        lastPurchaseAt: '2026-03-05T10:00:00.000Z',
        purchases: 2,
        rebills: 1,
        earnedMicro: 9_000_000,
        status: 'active',
      },
    ]);
  });

  it('counts only rebills that still pay (ok, hold) as rebills', () => {
    const sales = (['ok', 'hold', 'void', 'refund'] as const).map((status, i) =>
      sale({ email: 'r@x.com', at: `2026-0${i + 2}-01T00:00:00Z`, revenueType: 'rebill', status }),
    );
    expect(buyersOf([sale({ email: 'r@x.com', at: '2026-01-01T00:00:00Z' }), ...sales]).buyers[0]!.rebills).toBe(2);
  });

  it('breaks a tie in time by sale id for the first purchase', () => {
    const at = '2026-01-01T00:00:00Z';
    const { buyers } = buyersOf([sale({ saleId: 'Z', email: 'a@b.cd', at, revenueType: 'rebill' }), sale({ saleId: 'A', email: 'a@b.cd', at })]);
    expect(buyers[0]).toMatchObject({ id: 'A', firstRevenueType: 'direct' });
  });

  it.each([
    ['', null],
    ['  ', null],
    [' A@B.C ', 'a@b.c'],
  ])('buyerKey(%j) = %j', (email, key) => expect(buyerKey(email)).toBe(key));
});

describe('cohorts', () => {
  it('hand-worked: two cohorts, rebill shares and earnings per buyer rounded half-up', () => {
    const sales = [
      // January cohort: a, b, c.
      sale({ email: 'a@x.com', at: '2026-01-05T00:00:00Z', earnedMicro: 1_000_000 }),
      sale({ email: 'b@x.com', at: '2026-01-31T23:59:59Z', earnedMicro: 2_000_000 }),
      sale({ email: 'c@x.com', at: '2026-01-20T00:00:00Z', earnedMicro: 0, status: 'refund' }),
      sale({ email: 'a@x.com', at: '2026-02-01T00:00:00Z', revenueType: 'rebill', earnedMicro: 1 }),
      sale({ email: 'b@x.com', at: '2026-02-15T00:00:00Z', revenueType: 'rebill', earnedMicro: 1 }),
      sale({ email: 'a@x.com', at: '2026-03-01T00:00:00Z', revenueType: 'rebill', earnedMicro: 500_000 }),
      // A refunded rebill: no rebill, no money.
      sale({ email: 'b@x.com', at: '2026-03-02T00:00:00Z', revenueType: 'rebill', earnedMicro: 0, status: 'refund' }),
      // March cohort: d.
      sale({ email: 'd@x.com', at: '2026-03-10T00:00:00Z', earnedMicro: 3_000_000 }),
      sale({ email: 'd@x.com', at: '2026-03-11T00:00:00Z', revenueType: 'rebill', earnedMicro: 1_500_000 }),
    ];
    const cohorts = cohortsOf(sales, new Date('2026-03-31T12:00:00Z'));
    expect(cohorts).toEqual([
      {
        month: '2026-01',
        buyers: 3,
        months: [
          { offset: 0, rebillBuyers: 0, rebillShare: 0, earnedMicro: 3_000_000, earnedPerBuyerMicro: 1_000_000 },
          // 2 / 3 = 0.67 → 1 (half-up).
          { offset: 1, rebillBuyers: 2, rebillShare: 2 / 3, earnedMicro: 2, earnedPerBuyerMicro: 1 },
          // 500,000 / 3 = 166,666.67 → 166,667.
          { offset: 2, rebillBuyers: 1, rebillShare: 1 / 3, earnedMicro: 500_000, earnedPerBuyerMicro: 166_667 },
        ],
      },
      {
        month: '2026-03',
        buyers: 1,
        months: [{ offset: 0, rebillBuyers: 1, rebillShare: 1, earnedMicro: 4_500_000, earnedPerBuyerMicro: 4_500_000 }],
      },
    ]);
  });

  it('reaches the current month even without sales, and month arithmetic crosses years', () => {
    expect(monthsBetween('2025-11', '2026-02')).toBe(3);
    expect(utcMonth('2025-12-31T23:59:59.999Z')).toBe('2025-12');
    const [c] = cohortsOf([sale({ email: 'a@x.com', at: '2025-11-30T00:00:00Z' })], new Date('2026-02-01T00:00:00Z'));
    expect(c!.months.map((m) => m.offset)).toEqual([0, 1, 2, 3]);
    expect(c!.months.slice(1).every((m) => m.earnedMicro === 0 && m.rebillBuyers === 0)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const emailArb = fc.constantFrom('', 'a@x.com', 'A@x.com', 'b@x.com', 'jo@gmail.com', 'john@gmail.com', 'c@y.org');
const saleArb = fc.record({
  saleId: fc.string({ minLength: 1, maxLength: 6 }),
  email: emailArb,
  at: fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2026-11-30T23:59:59Z') }).map((t) => new Date(t).toISOString()),
  revenueType: fc.constantFrom(...REVENUE_TYPES),
  source: fc.constantFrom('', 'blog.example', 'forum.example'),
  subId: fc.constantFrom('', 'forum-x', 'tg.2'),
  status: fc.constantFrom(...SALE_STATUSES),
  fraud: fc.boolean(),
  earnedMicro: fc.integer({ min: 0, max: 1_000_000_000 }),
});
const salesArb = fc.uniqueArray(saleArb, { selector: (s) => s.saleId, maxLength: 40 });
const now = new Date('2026-11-30T23:59:59Z');

describe('properties', () => {
  it("the buyers' totals and the unidentified sales add up to the sales' earnings, exactly", () => {
    fc.assert(
      fc.property(salesArb, (sales) => {
        const { buyers, unidentified } = buyersOf(sales);
        const total = sales.reduce((s, x) => s + x.earnedMicro, 0);
        expect(buyers.reduce((s, b) => s + b.earnedMicro, 0) + unidentified.earnedMicro).toBe(total);
        expect(buyers.reduce((s, b) => s + b.purchases, 0) + unidentified.sales).toBe(sales.length);
        for (const b of buyers) expect(Number.isSafeInteger(b.earnedMicro)).toBe(true);
      }),
    );
  });

  it('every buyer is in exactly one cohort, the month of their first purchase', () => {
    fc.assert(
      fc.property(salesArb, (sales) => {
        const { buyers } = buyersOf(sales);
        const cohorts = cohortsOf(sales, now);
        expect(cohorts.reduce((s, c) => s + c.buyers, 0)).toBe(buyers.length);
        const perMonth = new Map<string, number>();
        for (const b of buyers) perMonth.set(utcMonth(b.firstPurchaseAt), (perMonth.get(utcMonth(b.firstPurchaseAt)) ?? 0) + 1);
        expect(Object.fromEntries(cohorts.map((c) => [c.month, c.buyers]))).toEqual(Object.fromEntries(perMonth));
      }),
    );
  });

  it("shares are between 0 and 1; the cohorts' month earnings add up to the identified sales' earnings", () => {
    fc.assert(
      fc.property(salesArb, (sales) => {
        const cohorts = cohortsOf(sales, now);
        let sum = 0;
        for (const c of cohorts) {
          expect(c.months).toHaveLength(monthsBetween(c.month, utcMonth(now)) + 1);
          for (const m of c.months) {
            expect(m.rebillShare).toBeGreaterThanOrEqual(0);
            expect(m.rebillShare).toBeLessThanOrEqual(1);
            expect(Number.isInteger(m.earnedPerBuyerMicro)).toBe(true);
            // Half-up: within half a micro-dollar of the exact quotient, and never below it at exactly half.
            expect(Math.abs(m.earnedPerBuyerMicro * c.buyers - m.earnedMicro)).toBeLessThanOrEqual(c.buyers / 2);
            sum += m.earnedMicro;
          }
        }
        expect(sum).toBe(sales.filter((s) => buyerKey(s.email) !== null).reduce((s, x) => s + x.earnedMicro, 0));
      }),
    );
  });

  it("a buyer's status is fraud-flagged exactly when one of their sales is flagged", () => {
    fc.assert(
      fc.property(salesArb, (sales) => {
        const { buyers } = buyersOf(sales);
        const flagged = new Set(sales.filter((s) => s.fraud && buyerKey(s.email)).map((s) => maskEmail(buyerKey(s.email)!)));
        for (const b of buyers) if (b.status === 'fraud_flagged') expect(flagged.has(b.email)).toBe(true);
        expect(buyers.filter((b) => b.status === 'fraud_flagged').length).toBe(
          new Set(sales.filter((s) => s.fraud && buyerKey(s.email)).map((s) => buyerKey(s.email))).size,
        );
      }),
    );
  });

  it("a buyer's tag is the tag of the sale that is their first purchase (the row id)", () => {
    fc.assert(
      fc.property(salesArb, (sales) => {
        const byId = new Map(sales.map((s) => [s.saleId, s]));
        for (const b of buyersOf(sales).buyers) expect(b.firstSubId).toBe(byId.get(b.id)!.subId);
      }),
    );
  });

  it('does not depend on the order the sales arrive in', () => {
    fc.assert(
      fc.property(salesArb, (sales) => {
        const reversed = [...sales].reverse();
        expect(buyersOf(reversed)).toEqual(buyersOf(sales));
        expect(cohortsOf(reversed, now)).toEqual(cohortsOf(sales, now));
      }),
    );
  });
});
