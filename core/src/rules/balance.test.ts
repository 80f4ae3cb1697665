import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalance } from './balance.ts';

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
