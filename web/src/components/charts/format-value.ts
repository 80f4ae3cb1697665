import { currentLocale, formatMoney, formatNumber, NO_VALUE } from '../../lib/format.ts';
import { langDirection } from '../../lib/i18n.ts';
import type { ChartValueKind } from './types.ts';

/** A chart value as text: money arrives as micro-USD. */
export function formatChartValue(kind: ChartValueKind, value: number | null, compact = false): string {
  if (value === null) return NO_VALUE;
  if (kind === 'money') {
    if (compact) {
      const text = formatNumber(value / 1_000_000, {
        style: 'currency',
        currency: 'USD',
        notation: 'compact',
        maximumFractionDigits: 1,
      });
      // As formatMoney does: in right-to-left text an isolate keeps the Latin currency sign ("US$") whole.
      return langDirection(currentLocale()) === 'rtl'
        ? text.replace(/[A-Z]*\$/, (sign) => `\u2068${sign}\u2069`)
        : text;
    }
    return formatMoney(value);
  }
  if (kind === 'gb') return formatNumber(value, { maximumFractionDigits: 3 });
  return formatNumber(value, compact ? { notation: 'compact', maximumFractionDigits: 1 } : {});
}
