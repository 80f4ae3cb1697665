import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isProtectedOperationAllowed, isSignInBlocked, normalizeSecurityCode, securityCodeProblem, securityFreeze } from './security.ts';

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
