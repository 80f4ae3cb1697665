import { sql } from 'drizzle-orm';
import { dayKey, isDayKey, type RateCurrency, type RateSource } from '@pc/core';
import type { Database } from '../db/client.ts';
import { dayStr, str } from '../db/sql.ts';

/**
 * The stored exchange rates (table exchange_rates, decision 0100): units of RUB and UAH per 1 USD as exact decimal
 * text, one row per currency and the day the bank set the rate for. Written by the rate feeds job
 * (jobs/rate-feeds.ts) and, while nothing real is known, by the demo seed; read by the payouts screen.
 */

/** Decimals kept of a rate (a CBR quote per 10 or 100 units divided down to 1 USD keeps its exact digits). */
export const RATE_DECIMALS = 10;

export interface ExchangeRate {
  currency: RateCurrency;
  /** Exact decimal text, e.g. '92.5058'. */
  rate: string;
  /** The day the bank set the rate for, 'YYYY-MM-DD' (UTC calendar day). */
  date: string;
  source: RateSource;
  fetchedAt: Date;
}

/** What storing a rate did: a new day, a changed value (or a real quote over a demo one), or nothing. */
export type StoreOutcome = 'inserted' | 'updated' | 'unchanged';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `value / divisor` as exact decimal text with at most RATE_DECIMALS decimals (half-up beyond), trailing zeros
 * dropped: perUnit('92.5058', 1) = '92.5058', perUnit('3456.78', 100) = '34.5678'. Pure BigInt arithmetic; the
 * value is a plain decimal (digits, optionally one point and digits), the divisor a positive integer.
 */
export function perUnit(value: string, divisor: number): string {
  const m = DECIMAL.exec(value);
  if (!m) throw new Error(`not a decimal: ${value}`);
  if (!Number.isSafeInteger(divisor) || divisor < 1)
    throw new Error(`not a positive integer divisor: ${divisor}`);
  const frac = m[2] ?? '';
  const numerator = BigInt(m[1]! + frac) * 10n ** BigInt(RATE_DECIMALS);
  const denominator = 10n ** BigInt(frac.length) * BigInt(divisor);
  const scaled = (2n * numerator + denominator) / (2n * denominator);
  return formatScaled(scaled);
}

/** Normalizes decimal text (as PostgreSQL answers a numeric): '92.50580000' → '92.5058', '41.0' → '41'. */
export function normalizeDecimal(value: string): string {
  return perUnit(value, 1);
}

function formatScaled(scaled: bigint): string {
  const digits = scaled.toString().padStart(RATE_DECIMALS + 1, '0');
  const whole = digits.slice(0, -RATE_DECIMALS);
  const frac = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * Stores one rate, idempotent per (currency, date): the same value again changes nothing (the first fetch time
 * stays); a different value for that day (a bank's correction), or a real quote where only the demo placeholder
 * was, replaces it. Safe from several instances at once.
 */
export async function storeRate(
  database: Pick<Database, 'query'>,
  r: { currency: RateCurrency; rate: string; date: string; source: RateSource; fetchedAt: Date },
): Promise<StoreOutcome> {
  if (!isDayKey(r.date)) throw new Error(`not a day: ${r.date}`);
  const rate = normalizeDecimal(r.rate);
  const inserted = await database.query(sql`
    insert into exchange_rates (currency, rate_date, rate, source, fetched_at)
    values (${r.currency}, ${r.date}::date, ${rate}::numeric, ${r.source}, ${r.fetchedAt.toISOString()}::timestamptz)
    on conflict (currency, rate_date) do nothing
    returning 1 as one`);
  if (inserted.length) return 'inserted';
  const updated = await database.query(sql`
    update exchange_rates set rate = ${rate}::numeric, source = ${r.source}, fetched_at = ${r.fetchedAt.toISOString()}::timestamptz
    where currency = ${r.currency} and rate_date = ${r.date}::date
      and (rate <> ${rate}::numeric or source <> ${r.source})
      -- a demo placeholder never replaces a real quote
      and ${r.source} <> 'demo'
    returning 1 as one`);
  return updated.length ? 'updated' : 'unchanged';
}

function rowToRate(row: Record<string, unknown>): ExchangeRate {
  const fetched = row.fetched_at;
  return {
    currency: str(row.currency) as RateCurrency,
    rate: normalizeDecimal(str(row.rate)),
    date: dayStr(row.rate_date),
    source: str(row.source) as RateSource,
    fetchedAt: fetched instanceof Date ? fetched : new Date(str(fetched)),
  };
}

/**
 * The last known rate of each currency (RUB, then UAH), with its date: the latest day of a real quote (cbr, nbu);
 * the demo placeholder only while a currency has no real quote at all. A currency never stored is absent.
 */
export async function latestRates(database: Pick<Database, 'query'>): Promise<ExchangeRate[]> {
  const rows = await database.query(sql`
    select distinct on (currency) currency, rate::text as rate, rate_date::text as rate_date, source, fetched_at
    from exchange_rates
    order by currency, (source = 'demo'), rate_date desc`);
  return rows.map(rowToRate);
}

/** The last known rate of one currency (as latestRates), or null. */
export async function latestRate(
  database: Pick<Database, 'query'>,
  currency: RateCurrency,
): Promise<ExchangeRate | null> {
  return (await latestRates(database)).find((r) => r.currency === currency) ?? null;
}

/**
 * The demo placeholders: round figures, plainly not quotes (source `demo`), so a demo page shows a rate and a date
 * before any feed answered. Decision 0100.
 */
export const DEMO_RATES: Readonly<Record<RateCurrency, string>> = { RUB: '100', UAH: '40' };

/**
 * The demo seed's rates: for each currency with no rate at all, the DEMO_RATES placeholder dated today (UTC),
 * source `demo`. Idempotent; a currency with any stored rate is left alone. Answers the currencies seeded.
 */
export async function seedDemoRates(database: Pick<Database, 'query'>, now: Date): Promise<RateCurrency[]> {
  const known = new Set((await latestRates(database)).map((r) => r.currency));
  const seeded: RateCurrency[] = [];
  for (const [currency, rate] of Object.entries(DEMO_RATES) as Array<[RateCurrency, string]>) {
    if (known.has(currency)) continue;
    if (
      (await storeRate(database, { currency, rate, date: dayKey(now), source: 'demo', fetchedAt: now })) ===
      'inserted'
    )
      seeded.push(currency);
  }
  return seeded;
}
