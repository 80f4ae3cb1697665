import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchPaymentId, receivedMicro, usdText } from './payout-export.ts';

describe('payout batch files', () => {
  it.each<[number, string]>([
    [0, '0.00'],
    [1, '0.00'],
    [4_999, '0.00'],
    [5_000, '0.01'],
    [10_000, '0.01'],
    [1_000_000, '1.00'],
    [97_000_000, '97.00'],
    [12_345_678, '12.35'],
    [1_234_567_890_123, '1234567.89'],
    [-5_000, '-0.01'],
  ])('%i micro-USD is %s', (micro, text) => expect(usdText(micro)).toBe(text));

  it('refuses a non-integer amount', () => expect(() => usdText(1.5)).toThrow(RangeError));

  it('pays the amount less the fee, never below zero', () => {
    expect(receivedMicro(100_000_000, 3_000_000)).toBe(97_000_000);
    expect(receivedMicro(1_000_000, 2_000_000)).toBe(0);
  });

  it('the text is within half a cent of the amount and reads back as it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (micro) => {
        const text = usdText(micro);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        const back = Number(text.replace('.', '')) * 10_000;
        expect(Math.abs(back - micro)).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it('payment ids are unique per batch and request', () => {
    expect(batchPaymentId(3, 42)).toBe('pc-3-42');
    expect(batchPaymentId(34, 2)).not.toBe(batchPaymentId(3, 42));
  });
});
