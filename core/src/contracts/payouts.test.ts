import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_PAYOUT_MICRO, parsePayoutAmount } from './payouts.ts';

describe('parsePayoutAmount', () => {
  it('reads every amount from 1 to MAX_PAYOUT_MICRO, as a JSON integer or a string of digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PAYOUT_MICRO }), (n) => {
        expect(parsePayoutAmount(n)).toEqual({ ok: true, micro: n });
        expect(parsePayoutAmount(String(n))).toEqual({ ok: true, micro: n });
        expect(parsePayoutAmount(`000${n}`)).toEqual({ ok: true, micro: n });
      }),
    );
  });

  it('refuses anything else with a reason', () => {
    const cases: Array<[unknown, string]> = [
      [undefined, 'required'],
      [null, 'required'],
      ['', 'required'],
      ['abc', 'invalid'],
      ['12.5', 'invalid'],
      ['-5', 'invalid'],
      ['+5', 'invalid'],
      ['1e3', 'invalid'],
      [' 5', 'invalid'],
      ['0x10', 'invalid'],
      [1.5, 'invalid'],
      [Number.NaN, 'invalid'],
      [Number.POSITIVE_INFINITY, 'invalid'],
      [true, 'invalid'],
      [{}, 'invalid'],
      [0, 'not_positive'],
      [-0, 'not_positive'],
      [-5, 'not_positive'],
      ['0', 'not_positive'],
      ['000', 'not_positive'],
      [MAX_PAYOUT_MICRO + 1, 'too_large'],
      [1e20, 'too_large'],
      [String(MAX_PAYOUT_MICRO + 1), 'too_large'],
      ['9'.repeat(40), 'too_large'],
    ];
    for (const [value, problem] of cases) expect(parsePayoutAmount(value), String(value)).toEqual({ ok: false, problem });
  });

  it('never accepts a string that is not all digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parsePayoutAmount(s);
        if (r.ok) expect(s).toMatch(/^\d+$/);
      }),
    );
  });
});
