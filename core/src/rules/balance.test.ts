import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalance, holdSchedule, payoutWaits } from './balance.ts';

describe('balance', () => {
  it.each([
    { label: 'nothing yet', earnings: 0, accepted: 0, inProgress: 0, hold: 0, balance: 0, available: 0 },
    { label: 'earnings partly on hold', earnings: 100, accepted: 0, inProgress: 0, hold: 30, balance: 100, available: 70 },
    { label: 'a request in progress is taken off once', earnings: 100, accepted: 0, inProgress: 50, hold: 0, balance: 50, available: 50 },
    { label: 'accepted and in progress and hold', earnings: 500, accepted: 200, inProgress: 100, hold: 50, balance: 200, available: 150 },
    { label: 'hold above the balance leaves nothing available', earnings: 100, accepted: 80, inProgress: 0, hold: 50, balance: 20, available: 0 },
    { label: 'a refund after a payout makes the balance negative', earnings: -10, accepted: 0, inProgress: 0, hold: 0, balance: -10, available: 0 },
  ])('$label', ({ earnings, accepted, inProgress, hold, balance, available }) => {
    expect(computeBalance({ earnings, payoutsAccepted: accepted, payoutsInProgress: inProgress, hold })).toEqual({
      balance,
      hold,
      inProgress,
      available,
    });
  });
  it('requesting the whole available amount leaves nothing available and the hold untouched', () => {
    fc.assert(
      fc.property(fc.nat(1e12), fc.nat(1e12), (earnings, holdRaw) => {
        const hold = Math.min(holdRaw, earnings);
        const before = computeBalance({ earnings, payoutsAccepted: 0, payoutsInProgress: 0, hold });
        const after = computeBalance({ earnings, payoutsAccepted: 0, payoutsInProgress: before.available, hold });
        expect(after.available).toBe(0);
        expect(after.balance).toBe(hold);
      }),
      { numRuns: 200 },
    );
  });
});

describe('holdSchedule', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    { label: 'nothing held', releases: [], schedule: [] },
    {
      label: 'two releases the same UTC day are one row; days in order',
      releases: [
        { at: at('2026-12-03T00:00:00Z'), amount: 5_000_000 },
        { at: at('2026-12-01T23:59:59Z'), amount: 1_000_000 },
        { at: at('2026-12-01T00:00:00Z'), amount: 2_500_000 },
      ],
      schedule: [
        { day: '2026-12-01', amount: 3_500_000, heldAfter: 5_000_000 },
        { day: '2026-12-03', amount: 5_000_000, heldAfter: 0 },
      ],
    },
    {
      label: 'a refund taken off its day; a day that nets to zero has no row',
      releases: [
        { at: at('2026-12-01T00:00:00Z'), amount: 2_000_000 },
        { at: at('2026-12-02T00:00:00Z'), amount: 700_000 },
        { at: at('2026-12-02T00:00:00Z'), amount: -700_000 },
        { at: at('2026-12-04T00:00:00Z'), amount: -500_000 },
      ],
      schedule: [
        { day: '2026-12-01', amount: 2_000_000, heldAfter: -500_000 },
        { day: '2026-12-04', amount: -500_000, heldAfter: 0 },
      ],
    },
    { label: 'a negative held sum is nothing to wait for', releases: [{ at: at('2026-12-01T00:00:00Z'), amount: -1 }], schedule: [] },
  ])('$label', ({ releases, schedule }) => {
    expect(holdSchedule(releases)).toEqual(schedule);
  });

  it('adds up to the releases, ends with nothing held, and each day is what was held before minus its releases', () => {
    const release = fc.record({
      at: fc.date({ min: new Date('2026-11-01T00:00:00Z'), max: new Date('2027-01-31T23:59:59Z'), noInvalidDate: true }),
      amount: fc.integer({ min: -5_000_000, max: 50_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(release, { maxLength: 40 }), (releases) => {
        const total = releases.reduce((sum, r) => sum + r.amount, 0);
        const schedule = holdSchedule(releases);
        if (total <= 0) {
          expect(schedule).toEqual([]);
          return;
        }
        expect(schedule.reduce((sum, d) => sum + d.amount, 0)).toBe(total);
        expect(schedule.at(-1)!.heldAfter).toBe(0);
        let held = total;
        for (const d of schedule) {
          held -= d.amount;
          expect(d.heldAfter).toBe(held);
          expect(d.amount).not.toBe(0);
        }
        expect(schedule.map((d) => d.day)).toEqual([...new Set(schedule.map((d) => d.day))].sort());
      }),
    );
  });
});

describe('payoutWaits', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  it.each([
    { label: 'nothing available: nothing waits', available: 0, cooling: later(5), wallets: [later(2)], waits: [] },
    { label: 'no wallet at all is not a wait', available: 100, cooling: null, wallets: [], waits: [] },
    { label: 'a wallet waiting for its link only is not a date', available: 100, cooling: null, wallets: [null], waits: [] },
    { label: 'a usable wallet: no wallet wait', available: 100, cooling: null, wallets: [later(-1), later(30)], waits: [] },
    {
      label: 'the first wallet to come out of its waiting period',
      available: 100,
      cooling: null,
      wallets: [later(30), null, later(10)],
      waits: [{ reason: 'wallet_waiting', until: later(10), amount: 100 }],
    },
    {
      label: 'a cooling-off window and a waiting wallet, earliest first',
      available: 250,
      cooling: later(48),
      wallets: [later(20)],
      waits: [
        { reason: 'wallet_waiting', until: later(20), amount: 250 },
        { reason: 'cooling_off', until: later(48), amount: 250 },
      ],
    },
    { label: 'a cooling-off window that has ended', available: 250, cooling: now, wallets: [later(-5)], waits: [] },
  ] as const)('$label', ({ available, cooling, wallets, waits }) => {
    expect(payoutWaits({ available, coolingOffUntil: cooling, walletsActiveFrom: wallets, now })).toEqual(waits);
  });
});
