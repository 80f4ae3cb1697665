import { MICRO_PER_USD } from '@pc/core/money';

/** Why a typed amount is refused, as a key of payouts:request.amountErrors. */
export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'notPositive' | 'tooLarge';

export type ParsedAmount = { ok: true; micro: number } | { ok: false; problem: AmountProblem };

/** Decimals a payout amount may have (whole cents). */
export const AMOUNT_DECIMALS = 2;
const MICRO_PER_CENT = BigInt(MICRO_PER_USD / 10 ** AMOUNT_DECIMALS);
const MAX_MICRO = BigInt(Number.MAX_SAFE_INTEGER);

// Arabic-Indic and Eastern Arabic-Indic digits, as Arabic and Persian keyboards type them.
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const toAsciiDigit = (d: string) => String(d.codePointAt(0)! - (d >= '\u06F0' ? 0x06f0 : 0x0660));

/** The interface language's decimal separator ("." in English, "," in German). */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/**
 * Which of `.` and `,` separates the decimals: when both are typed, the last one; when one is typed several
 * times, neither (they group thousands); typed once, it is the decimal separator unless it is not the
 * language's and stands where a thousands separator would (`1,000` in English, `1.000` in German).
 */
function normalizeSeparators(text: string, localeDecimal: string): string | null {
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots && commas) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (text.split(decimal).length - 1 > 1) return null;
    return text.replaceAll(group, '').replace(decimal, '.');
  }
  const sep = dots ? '.' : commas ? ',' : '';
  if (!sep) return text;
  if (text.split(sep).length - 1 > 1)
    return /^\d{1,3}(?:[.,]\d{3})+$/.test(text) ? text.replaceAll(sep, '') : null;
  if (sep !== localeDecimal && /^\d{1,3}[.,]\d{3}$/.test(text)) return text.replace(sep, '');
  return text.replace(sep, '.');
}

/**
 * A USD amount as the partner types it (`45.50`, `45,5`, `1 000`, `1,000.50`, `٤٥٫٥`) to integer micro-USD, by
 * string arithmetic only: whole dollars and cents are read as separate digit strings, never through a float.
 * At most two decimals. Spaces and apostrophes between digit groups and a leading or trailing `$` are ignored.
 */
export function parseUsdAmount(typed: string, localeDecimal = '.'): ParsedAmount {
  const compact = typed
    .trim()
    .replace(ARABIC_DIGITS, toAsciiDigit)
    .replace(/[\s\u00a0\u202f'’\u066c]/g, '')
    .replace(/\u066b/g, '.')
    .replace(/^\$|\$$/g, '');
  if (compact === '') return { ok: false, problem: 'required' };
  if (!/^[\d.,]+$/.test(compact)) return { ok: false, problem: 'invalid' };
  const text = normalizeSeparators(compact, localeDecimal);
  const match = text === null ? null : /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[1] && !match[2])) return { ok: false, problem: 'invalid' };
  const [, dollars = '', cents = ''] = match;
  if (cents.length > AMOUNT_DECIMALS) return { ok: false, problem: 'decimals' };
  const whole = dollars.replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > String(MAX_MICRO).length) return { ok: false, problem: 'tooLarge' };
  const micro =
    BigInt(whole) * BigInt(MICRO_PER_USD) + BigInt(cents.padEnd(AMOUNT_DECIMALS, '0')) * MICRO_PER_CENT;
  if (micro > MAX_MICRO) return { ok: false, problem: 'tooLarge' };
  if (micro === 0n) return { ok: false, problem: 'notPositive' };
  return { ok: true, micro: Number(micro) };
}
