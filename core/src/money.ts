import { numberFormat } from './intl.ts';
import { isLangCode, langDir } from './locales.ts';
/**
 * Money is integer micro-USD (1 USD = 1,000,000). It is carried as `number` while it is a safe integer
 * (up to 9 billion USD) and as bigint in the database. Rounding happens only here.
 */
export const MICRO_PER_USD = 1_000_000;

export type Micro = number;

export function assertMicro(value: number): Micro {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer micro-USD amount: ${value}`);
  return value;
}

/** Exact integer division rounding half away from zero: the one rounding rule for money. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const q = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** amount × numerator / denominator, exact, rounded half-up to a whole micro-dollar. */
export function mulDiv(amount: Micro, numerator: number, denominator: number): Micro {
  return Number(divRoundHalfUp(BigInt(amount) * BigInt(numerator), BigInt(denominator)));
}

/** A percentage given in basis points (1% = 100 bp) of an amount. */
export function percentOf(amount: Micro, basisPoints: number): Micro {
  return mulDiv(amount, basisPoints, 10_000);
}

export function usdToMicro(usd: string): Micro {
  const match = /^(-)?(\d+)(?:\.(\d{1,6}))?$/.exec(usd.trim());
  if (!match) throw new RangeError(`not a USD amount: ${usd}`);
  const micro = Number(match[2]) * MICRO_PER_USD + Number((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -micro : micro;
}

/** Display value rounded half-up to `decimals` (2 for amounts, 4 for per-download rates). */
export function microToDisplayNumber(micro: Micro, decimals = 2): number {
  const unit = 10 ** (6 - decimals);
  return Number(divRoundHalfUp(BigInt(micro), BigInt(unit))) / 10 ** decimals;
}

export function formatMoney(micro: Micro, locale: string, decimals = 2): string {
  return formatCurrency(microToDisplayNumber(micro, decimals), 'USD', locale, decimals);
}

/**
 * An amount of another currency kept in its minor units (kopecks of a payout in roubles, decision 0150), with
 * its sign in the reader's language: formatMinorUnits(349_672, 'RUB', 'en') = 'RUB 3,496.72'.
 */
export function formatMinorUnits(minor: number, currency: string, locale: string): string {
  return formatCurrency(minor / 100, currency, locale, 2);
}

function formatCurrency(value: number, currency: string, locale: string, decimals: number): string {
  const parts = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).formatToParts(value);
  // In right-to-left text the bidi algorithm splits a Latin currency sign ("US$" shows as "$US"); an isolate
  // (FSI … PDI) keeps it whole, and the amount still reads in the language's order.
  const rtl = isRtlLocale(locale);
  return parts.map((p) => (rtl && p.type === 'currency' ? `\u2068${p.value}\u2069` : p.value)).join('');
}

/** Whether a locale ('ar', 'ar-EG', 'en' …) is one of the interface's right-to-left languages. */
function isRtlLocale(locale: string): boolean {
  const lang = locale.split('-')[0]!.toLowerCase();
  return isLangCode(lang) && langDir(lang) === 'rtl';
}

/**
 * Text that reads left to right in every language, such as the equation "1 USD = 92.5058 RUB": in right-to-left
 * text a left-to-right isolate (LRI … PDI) keeps its order, where the bidi algorithm would move the "1" to the end.
 */
export function ltrIsolated(text: string, locale: string): string {
  return isRtlLocale(locale) ? `\u2066${text}\u2069` : text;
}

/**
 * A bank's exchange rate (exact decimal text, e.g. '92.5058') in the reader's language with exactly its own
 * decimals: '92,5058' in German, '41' for '41'. Display only; money is never computed from the result.
 */
export function formatExchangeRate(rate: string, locale: string): string {
  const decimals = rate.split('.')[1]?.length ?? 0;
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(rate));
}
