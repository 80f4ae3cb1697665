import { formatDateTime, formatDay, formatMoney, formatNumber } from '../../lib/format.ts';
import type { CellKind } from './types.ts';

const GIB = 1024 ** 3;

/** A cell's text in the interface language: counts and money through Intl, days as dates, sizes in MB/GB. */
export function formatCell(
  kind: CellKind,
  value: string | number | null | undefined,
  locale: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'count':
      return formatNumber(Number(value), {}, locale);
    case 'money':
      return formatMoney(Number(value), 2, locale);
    case 'day':
      return formatDay(String(value), locale);
    case 'datetime':
      return formatDateTime(String(value), locale);
    case 'gb':
      return formatNumber(Number(value), { maximumFractionDigits: 3 }, locale);
    case 'bytes':
      return formatBytes(Number(value), locale);
    default:
      return String(value);
  }
}

/** Bytes as MB or GB (2^20, 2^30) with Intl's unit names. */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes >= GIB)
    return formatNumber(bytes / GIB, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 2 }, locale);
  return formatNumber(
    bytes / 1024 ** 2,
    { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 },
    locale,
  );
}
