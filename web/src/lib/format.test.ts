import { describe, expect, it } from 'vitest';
import { formatDate, formatMinorUnits, formatMoney, formatNumber, formatPercent, ltrIsolated } from './format.ts';

describe('formatting in the interface language', () => {
  it('formats micro-USD money per locale, rounded half-up', () => {
    expect(formatMoney(1_234_565, 2, 'en')).toBe('$1.23');
    expect(formatMoney(1_235_000, 2, 'en')).toBe('$1.24');
    expect(formatMoney(8_750, 4, 'en')).toBe('$0.0088');
    expect(formatMoney(1_500_000_000, 2, 'de')).toBe('1.500,00\u00a0$');
    expect(formatMoney(2_000_000, 2, 'ja')).toBe('$2.00');
    expect(formatMoney(2_000_000, 2, 'ar')).toMatch(/2[.,٫]00|٢٫٠٠/);
  });

  it('formats an amount of roubles or hryvnias kept in minor units, in the reader’s language', () => {
    expect(formatMinorUnits(349_672, 'RUB', 'en')).toBe('RUB\u00a03,496.72');
    expect(formatMinorUnits(349_672, 'RUB', 'ru')).toBe('3\u00a0496,72\u00a0₽');
    expect(formatMinorUnits(394_108, 'UAH', 'de')).toBe('3.941,08\u00a0UAH');
    expect(formatMinorUnits(5, 'RUB', 'en')).toBe('RUB\u00a00.05');
    expect(formatMinorUnits(349_672, 'RUB', 'ar')).toMatch(/\u2068RUB\u2069/);
  });

  it('keeps an equation left to right inside right-to-left text, and leaves it alone elsewhere', () => {
    expect(ltrIsolated('1 USD = 92.5 RUB', 'ar')).toBe('\u20661 USD = 92.5 RUB\u2069');
    for (const lang of ['en', 'de', 'ja', 'ru']) expect(ltrIsolated('1 USD = 92.5 RUB', lang)).toBe('1 USD = 92.5 RUB');
  });

  it('keeps a Latin currency sign whole in right-to-left text (an isolate around it), and only there', () => {
    const ar = formatMoney(2_000_000, 2, 'ar');
    expect(ar).toMatch(/\u2068[^\u2069]*\$[^\u2069]*\u2069/);
    expect(ar.replace(/[\u2068\u2069]/g, '')).toBe(new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(2));
    expect(formatMoney(2_000_000, 2, 'fr')).not.toMatch(/[\u2068\u2069]/);
  });

  it('formats numbers, percents and dates through Intl', () => {
    expect(formatNumber(1234567.5, {}, 'ru')).toBe('1\u00a0234\u00a0567,5');
    expect(formatPercent(0.125, 'fr')).toBe('12,5\u00a0%');
    expect(formatDate('2026-11-20T12:00:00Z', 'en')).toBe('Nov 20, 2026');
    expect(formatDate('2026-11-20T12:00:00Z', 'ja')).toBe('2026/11/20');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
