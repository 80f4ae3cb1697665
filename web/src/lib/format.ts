import {
  formatExchangeRate as formatRateIn,
  formatMinorUnits as formatMinor,
  formatMoney as formatMicroUsd,
  ltrIsolated as ltrIsolatedIn,
} from '@pc/core/money';
import { dateTimeFormat, numberFormat } from '@pc/core/intl';
import { requestLanguage } from './http.ts';

/**
 * Numbers, money and dates in the interface language, through Intl. Every screen formats through here.
 * The locale is the interface language (ar, de, en ...); Intl picks the regional defaults.
 */
export function currentLocale(): string {
  return requestLanguage();
}

/** Money arrives as integer micro-USD. */
export function formatMoney(micro: number, decimals = 2, locale = currentLocale()): string {
  return formatMicroUsd(micro, locale, decimals);
}

/** An amount of another currency in its minor units (a payout's roubles or hryvnias). */
export function formatMinorUnits(minor: number, currency: string, locale = currentLocale()): string {
  return formatMinor(minor, currency, locale);
}

/** Text that reads left to right in every language (an equation such as "1 USD = 92.5058 RUB"). */
export function ltrIsolated(text: string, locale = currentLocale()): string {
  return ltrIsolatedIn(text, locale);
}

/** A bank's exchange rate (exact decimal text) with exactly its own decimals. */
export function formatExchangeRate(rate: string, locale = currentLocale()): string {
  return formatRateIn(rate, locale);
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale = currentLocale()): string {
  return numberFormat(locale, options).format(value);
}

export function formatPercent(value: number, locale = currentLocale()): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value);
}

export function formatDate(iso: string | Date, locale = currentLocale(), options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, options).format(date);
}

export function formatDateTime(iso: string | Date, locale = currentLocale()): string {
  return formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The placeholder for a value that is not known (yet). */
export const NO_VALUE = '—';

/** A UTC calendar day (YYYY-MM-DD, or the day of an ISO moment) in the interface language. */
export function formatDay(day: string, locale = currentLocale(), dateStyle: 'medium' | 'long' = 'medium'): string {
  return formatDate(`${day.slice(0, 10)}T00:00:00Z`, locale, { dateStyle, timeZone: 'UTC' });
}

/**
 * A row's bucket as the partner reads it: a day, a week as its date range (Monday to Sunday), or a month.
 * Buckets are UTC calendar units named by their first day (YYYY-MM-DD). `short`: a month as a chart axis names it.
 */
export function formatBucket(first: string, grouping: 'day' | 'week' | 'month', locale = currentLocale(), short = false): string {
  const at = `${first}T00:00:00Z`;
  if (grouping === 'month') return formatDate(at, locale, { year: short ? '2-digit' : 'numeric', month: short ? 'short' : 'long', timeZone: 'UTC' });
  if (grouping === 'week') {
    const format = dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    return format.formatRange(new Date(at), new Date(Date.parse(at) + 6 * 86_400_000));
  }
  return formatDay(first, locale);
}
