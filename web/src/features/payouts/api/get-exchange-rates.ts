import { PAYOUT_PATHS } from '@pc/core/contracts/paths';
import type { ExchangeRatesAnswer } from '@pc/core/contracts/exchange-rates';
import { readCall } from '../../../lib/read-call.ts';
import { PAYOUTS_SCOPE } from './keys.ts';

/** GET /api/payouts/rates: the last known USD rate of the Central Bank of Russia (RUB) and the National Bank of Ukraine (UAH). */
export const exchangeRates = readCall<ExchangeRatesAnswer>(PAYOUTS_SCOPE, PAYOUT_PATHS.exchangeRates);
export const getExchangeRates = exchangeRates.fetch;
export const exchangeRatesQueryOptions = exchangeRates.options;
export const useExchangeRates = () => exchangeRates.use({});
