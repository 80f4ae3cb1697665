import { z } from 'zod';
import { dayString } from './statistics.ts';
import { PAYOUT_PATHS } from './paths.ts';
import { CONVERTED_CURRENCIES, type ConvertedCurrency } from '../rules/payouts.ts';

/**
 * The exchange rates the payouts screen shows (docs/product.md#payouts): how many roubles and hryvnias
 * one US dollar is, by the Central Bank of Russia and the National Bank of Ukraine, each with its own date.
 * Decision 0100.
 */

/** GET /api/payouts/rates (under /api). */
export const EXCHANGE_RATES_PATH = PAYOUT_PATHS.exchangeRates;

/** The currencies quoted against 1 USD: those a payout is converted to (core CONVERTED_CURRENCIES). */
export const RATE_CURRENCIES = CONVERTED_CURRENCIES;
export type RateCurrency = ConvertedCurrency;

/**
 * Where a rate comes from: `cbr` (Central Bank of Russia's daily XML), `nbu` (National Bank of Ukraine), or `demo`
 * (a placeholder the demo seed stores while no real rate is known; never a real quote: show it as such).
 */
export const RATE_SOURCES = ['cbr', 'nbu', 'demo'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** A positive exact decimal as text, at most 10 decimals, e.g. `92.5058` (never a float). */
export const rateDecimal = z
  .string()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,10})?$/)
  .refine((value) => /[1-9]/.test(value), 'must be positive')
  .describe('units of the currency per 1 USD, exact decimal text');

export const exchangeRatesQuery = z.strictObject({});

export const exchangeRateRow = z.object({
  currency: z.enum(RATE_CURRENCIES),
  rate: rateDecimal,
  /** The day the rate is set for by its bank (the feed's own date), not the day it was fetched. */
  date: dayString,
  source: z.enum(RATE_SOURCES),
  /** When the cabinet first stored this value (ISO 8601). */
  fetched_at: z.iso.datetime(),
  /**
   * Whether a payout requested now is quoted at this rate (core payoutRateUsable): false when the rate is older than
   * the product settings allow, the bank's feed having stopped (decision 0150).
   */
  quotes_payouts: z.boolean(),
});
export type ExchangeRateRow = z.infer<typeof exchangeRateRow>;

/** The last known rate of each currency that has one (RUB, then UAH); a currency never known is absent. */
export const exchangeRatesAnswer = z.object({ rates: z.array(exchangeRateRow) });
export type ExchangeRatesAnswer = z.infer<typeof exchangeRatesAnswer>;
