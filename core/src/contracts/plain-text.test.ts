import { describe, expect, it } from 'vitest';
import { plainText } from './common.ts';

describe('plainText', () => {
  const line = plainText(20);
  const long = plainText(200, { multiline: true });

  it('trims and keeps ordinary text in any script', () => {
    expect(line.parse('  spam site  ')).toBe('spam site');
    expect(line.parse('سبام — スパム')).toBe('سبام — スパム');
  });

  it.each([
    ['NUL', 'spam\u0000'],
    ['escape', 'a\u001b[31mred'],
    ['DEL', 'a\u007f'],
    ['C1', 'a\u0085b'],
    ['newline in a one-line text', 'a\nb'],
    ['tab in a one-line text', 'a\tb'],
  ])('refuses %s', (_name, value) => {
    const result = line.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('validation:control_characters');
  });

  it('lets long texts have line breaks and tabs, not NUL', () => {
    expect(long.parse('first line\r\n\tsecond line')).toBe('first line\r\n\tsecond line');
    expect(long.safeParse('a\nb\u0000').success).toBe(false);
  });

  it('counts length after trimming', () => {
    expect(line.safeParse('   ').success).toBe(false);
    expect(line.safeParse('x'.repeat(21)).success).toBe(false);
    expect(plainText(5, { min: 0 }).parse('')).toBe('');
  });
});
