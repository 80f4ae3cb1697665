import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT } from '../product.ts';
import { checkApprove, checkComplete, needsSecondApproval, type ApprovalActor } from './payout-approval.ts';

const T = 1_000_000_000;
const alice: ApprovalActor = { kind: 'staff', id: 1 };
const bob: ApprovalActor = { kind: 'staff', id: 2 };
const token: ApprovalActor = { kind: 'token', id: 5 };
const legacy: ApprovalActor = { kind: 'legacy', id: null };

describe('four eyes on large payouts', () => {
  it('the default threshold is 1,000 USD, and only amounts above it need a second approval', () => {
    expect(DEFAULT_PRODUCT.payoutFourEyesMicro).toBe(1_000_000_000);
    expect(needsSecondApproval(T, T)).toBe(false);
    expect(needsSecondApproval(T + 1, T)).toBe(true);
  });

  it.each<[string, number, number | null, ApprovalActor, string]>([
    ['small, alone', T, null, alice, 'ok'],
    ['small, by a token', T, null, token, 'ok'],
    ['large, nobody approved', T + 1, null, alice, 'approval_required'],
    ['large, approved by another', T + 1, 2, alice, 'ok'],
    ['large, approved by themselves', T + 1, 1, alice, 'approver_cannot_complete'],
    ['large, by a named token', T + 1, 2, token, 'not_a_person'],
    ['large, by the shared token', T + 1, 2, legacy, 'not_a_person'],
  ])('complete: %s', (_name, amount, approvedBy, actor, expected) => {
    const check = checkComplete({ amountMicro: amount, thresholdMicro: T, approvedBy, actor });
    expect(check.ok ? 'ok' : check.reason).toBe(expected);
  });

  it.each<[string, number, number | null, ApprovalActor, string]>([
    ['large, by a person', T + 1, null, bob, 'ok'],
    ['small: nothing to approve', T, null, bob, 'not_needed'],
    ['large, approved already', T + 1, 1, bob, 'already_approved'],
    ['by a named token', T + 1, null, token, 'not_a_person'],
    ['by the shared token', T + 1, null, legacy, 'not_a_person'],
  ])('approve: %s', (_name, amount, approvedBy, actor, expected) => {
    const check = checkApprove({ amountMicro: amount, thresholdMicro: T, approvedBy, actor });
    expect(check.ok ? 'ok' : check.reason).toBe(expected);
  });

  const actor = fc.oneof(
    fc.record({ kind: fc.constant('staff' as const), id: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ kind: fc.constant('token' as const), id: fc.integer({ min: 1, max: 5 }) }),
    fc.constant(legacy),
  );

  it('a large request is never completed by one person alone, nor by automation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * T }), fc.integer({ min: 0, max: 10 * T }), fc.option(fc.integer({ min: 1, max: 5 })), actor, (amount, threshold, approvedBy, who) => {
        const check = checkComplete({ amountMicro: amount, thresholdMicro: threshold, approvedBy, actor: who });
        if (check.ok && amount > threshold) {
          expect(who.kind).toBe('staff');
          expect(approvedBy).not.toBeNull();
          expect(approvedBy).not.toBe(who.id);
        }
        if (amount <= threshold) expect(check.ok).toBe(true);
      }),
    );
  });

  it('whoever may approve a request cannot then complete it themselves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * T }), fc.integer({ min: 0, max: 10 * T }), actor, (amount, threshold, who) => {
        if (!checkApprove({ amountMicro: amount, thresholdMicro: threshold, approvedBy: null, actor: who }).ok) return;
        expect(checkComplete({ amountMicro: amount, thresholdMicro: threshold, approvedBy: who.id, actor: who })).toEqual({ ok: false, reason: 'approver_cannot_complete' });
      }),
    );
  });
});
