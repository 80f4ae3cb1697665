import { describe, expect, it } from 'vitest';
import { decimalSeparator, parseUsdAmount } from './amount.ts';

const micro = (typed: string, decimal = '.') => {
  const parsed = parseUsdAmount(typed, decimal);
  return parsed.ok ? parsed.micro : parsed.problem;
};

describe('parseUsdAmount: dollars typed by a partner to micro-USD, without floats', () => {
  it('reads whole dollars and up to two decimals exactly', () => {
    expect(micro('100')).toBe(100_000_000);
    expect(micro('100.00')).toBe(100_000_000);
    expect(micro('45.50')).toBe(45_500_000);
    expect(micro('45.5')).toBe(45_500_000);
    expect(micro('0.01')).toBe(10_000);
    expect(micro('.5')).toBe(500_000);
    expect(micro('7.')).toBe(7_000_000);
    // 0.1 + 0.2 style float errors cannot happen: 1234567.89 is exactly this many micro-dollars.
    expect(micro('1234567.89')).toBe(1_234_567_890_000);
    expect(micro(' $ 40 ')).toBe(40_000_000);
  });

  it('refuses more than two decimals, nothing, zero, words and signs', () => {
    expect(micro('10.125')).toBe('decimals');
    expect(micro('0.001')).toBe('decimals');
    expect(micro('')).toBe('required');
    expect(micro('   ')).toBe('required');
    expect(micro('0')).toBe('notPositive');
    expect(micro('0.00')).toBe('notPositive');
    expect(micro('-5')).toBe('invalid');
    expect(micro('1e3')).toBe('invalid');
    expect(micro('ten')).toBe('invalid');
    expect(micro('.')).toBe('invalid');
    expect(micro('1.2.3')).toBe('invalid');
  });

  it('takes the separators of the language the partner writes in', () => {
    expect(micro('45,5')).toBe(45_500_000);
    expect(micro('1,000')).toBe(1_000_000_000);
    expect(micro('1,000.50')).toBe(1_000_500_000);
    expect(micro('1 000,50', ',')).toBe(1_000_500_000);
    expect(micro('1.000', ',')).toBe(1_000_000_000);
    expect(micro('1.000,5', ',')).toBe(1_000_500_000);
    expect(micro('12,345,678.9')).toBe(12_345_678_900_000);
    expect(micro('45.50', ',')).toBe(45_500_000);
    expect(micro('١٠٠٫٢٥', '٫')).toBe(100_250_000);
    expect(decimalSeparator('en')).toBe('.');
    expect(decimalSeparator('de')).toBe(',');
  });

  it('refuses amounts beyond what a safe integer of micro-USD holds', () => {
    expect(micro('9007199254.74')).toBe(9_007_199_254_740_000);
    expect(micro('9007199254.75')).toBe('tooLarge');
    expect(micro('99999999999999999999999')).toBe('tooLarge');
  });
});
