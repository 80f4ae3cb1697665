import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT } from '../product.ts';
import {
  activeCoolingOff,
  coolingOffAfter,
  COOLING_OFF_REASONS,
  isProtectedOperationAllowed,
  isSignInBlocked,
  normalizeSecurityCode,
  securityCodeProblem,
  securityFreeze,
  type CoolingOff,
  type CoolingOffReason,
} from './security.ts';

describe('security code', () => {
  it.each([
    ['', 'required'], ['abc', 'too_short'], ['abcd', null], ['x'.repeat(32), null], ['x'.repeat(33), 'too_long'], ['😀😀😀😀', null],
  ] as const)('%j → %s', (code, problem) => expect(securityCodeProblem(code)).toBe(problem));

  it('is compared without surrounding white space, in NFC', () => {
    expect(normalizeSecurityCode('  12 34\t')).toBe('12 34');
    expect(normalizeSecurityCode('cafe\u0301')).toBe(normalizeSecurityCode('caf\u00e9'));
  });

  it('the first code takes effect at once', () => {
    expect(securityFreeze(null, '2026-01-01T00:00:00Z')).toEqual({ frozen: false, changedAt: null, allowedAt: null });
  });
  it.each([
    ['2026-03-01T10:00:00Z', true],
    ['2026-03-16T09:59:59.999Z', true],
    ['2026-03-16T10:00:00Z', false],
    ['2026-04-01T00:00:00Z', false],
  ])('a change on 2026-03-01T10:00Z: frozen at %s is %s', (now, frozen) => {
    const f = securityFreeze('2026-03-01T10:00:00Z', now);
    expect(f.frozen).toBe(frozen);
    expect(f.allowedAt?.toISOString()).toBe('2026-03-16T10:00:00.000Z');
    expect(isProtectedOperationAllowed('2026-03-01T10:00:00Z', now)).toBe(!frozen);
  });
  it('frozen exactly for 15 days after any change', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: 0, max: 40 * 86_400_000 }), (changed, after) => {
        expect(securityFreeze(changed, new Date(changed.getTime() + after)).frozen).toBe(after < 15 * 86_400_000);
      }),
      { numRuns: 200 },
    );
  });
  it.each([
    [9, true, false], [10, true, true], [25, true, true], [10, false, false],
  ])('%i failures, limit on %s → blocked %s', (failures, on, blocked) => {
    expect(isSignInBlocked(failures, on)).toBe(blocked);
  });
});

describe('the cooling-off window for payout requests (decision 0177)', () => {
  const H = 3_600_000;
  const at = '2026-11-20T10:00:00.000Z';
  const running = (until: string, reason: CoolingOffReason = 'wallet_added'): CoolingOff => ({ until: new Date(until), reason });

  it.each([
    { why: 'none running: 48 hours from the change', current: null, expected: { until: '2026-11-22T10:00:00.000Z', reason: 'email_change' } },
    { why: 'one ending earlier: the new change sets the end and the reason', current: running('2026-11-21T00:00:00.000Z'), expected: { until: '2026-11-22T10:00:00.000Z', reason: 'email_change' } },
    { why: 'one ending later: kept as it is', current: running('2026-11-23T00:00:00.000Z'), expected: { until: '2026-11-23T00:00:00.000Z', reason: 'wallet_added' } },
    { why: 'one ending at the same instant: kept', current: running('2026-11-22T10:00:00.000Z'), expected: { until: '2026-11-22T10:00:00.000Z', reason: 'wallet_added' } },
  ])('$why', ({ current, expected }) => {
    const window = coolingOffAfter(current, 'email_change', at);
    expect({ until: window.until.toISOString(), reason: window.reason }).toEqual(expected);
  });

  it('follows the product setting', () => {
    expect(coolingOffAfter(null, 'password_reset', at, { ...DEFAULT_PRODUCT, payoutCoolingOffHours: 1 }).until.toISOString()).toBe('2026-11-20T11:00:00.000Z');
  });

  it.each([
    { now: '2026-11-22T09:59:59.999Z', held: true },
    { now: '2026-11-22T10:00:00.000Z', held: false },
    { now: '2026-11-25T00:00:00.000Z', held: false },
  ])('at $now requests are held: $held', ({ now, held }) => {
    const window = coolingOffAfter(null, 'security_code_off', at);
    expect(activeCoolingOff(window, now) !== null).toBe(held);
    expect(activeCoolingOff(null, now)).toBeNull();
  });

  it('never ends before any change it followed has had its full wait, whatever the order of the changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ offsetH: fc.integer({ min: 0, max: 500 }), reason: fc.constantFrom(...COOLING_OFF_REASONS) }), { minLength: 1, maxLength: 8 }),
        (changes) => {
          let window: CoolingOff | null = null;
          for (const c of changes) window = coolingOffAfter(window, c.reason, new Date(Date.parse(at) + c.offsetH * H));
          const latest = Math.max(...changes.map((c) => Date.parse(at) + c.offsetH * H));
          // It ends exactly one wait after the latest change, and names a change made then.
          expect(window!.until.getTime()).toBe(latest + DEFAULT_PRODUCT.payoutCoolingOffHours * H);
          expect(changes.some((c) => Date.parse(at) + c.offsetH * H === latest && c.reason === window!.reason)).toBe(true);
        },
      ),
    );
  });
});
