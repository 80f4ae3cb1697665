import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(numberFormat('de', { maximumFractionDigits: 2 }));
    expect(numberFormat('de', { maximumFractionDigits: 2 })).not.toBe(numberFormat('de', { maximumFractionDigits: 3 }));
    expect(numberFormat('de')).not.toBe(numberFormat('fr'));
    expect(dateTimeFormat('ja', { dateStyle: 'medium' })).toBe(dateTimeFormat('ja', { dateStyle: 'medium' }));
    expect(dateTimeFormat('ja', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('ja', { dateStyle: 'long' }));
  });

  it.each([
    ['en', { style: 'currency', currency: 'USD' }, 1234.5],
    ['de', { maximumFractionDigits: 2 }, 1234.567],
    ['ar', { style: 'percent' }, 0.125],
    ['ja', {}, 9876543],
  ] as const)('formats as a new Intl.NumberFormat would (%s)', (locale, options, value) => {
    expect(numberFormat(locale, options).format(value)).toBe(new Intl.NumberFormat(locale, options).format(value));
  });

  it.each([
    ['ru', { dateStyle: 'long', timeZone: 'UTC' }],
    ['tr', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }],
  ] as const)('formats dates as a new Intl.DateTimeFormat would (%s)', (locale, options) => {
    const at = new Date(Date.UTC(2026, 10, 29, 5, 30));
    expect(dateTimeFormat(locale, options).format(at)).toBe(new Intl.DateTimeFormat(locale, options).format(at));
  });
});
